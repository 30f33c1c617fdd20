import type { Viewer } from '../auth/viewer.js';
import type { SizedKind, StoredSizeOracle } from '../model/response-sizes.js';
import type { SizeStatsStore } from '../store/size-stats-store.js';

/** How long one answer about stored sizes is reused: sizes change with writes, slowly. */
const CACHE_MS = 5_000;
const MAX_CACHED = 1_000;

/**
 * Upper bounds of what the big text fields can weigh for one viewer, from the sizes stored on the
 * documents; answers are cached a few seconds per (kind, spaces, count), so pricing costs at most
 * one aggregate per kind and viewer every few seconds.
 */
export class ResponseSizes implements StoredSizeOracle {
  private readonly cache = new Map<string, { at: number; bytes: Promise<number> }>();

  constructor(private readonly store: SizeStatsStore) {}

  largest(viewer: Viewer, kind: SizedKind, count: number): Promise<number> {
    const spaces = [...viewer.readableSpaces].sort();
    const key = `${kind}|${count}|${spaces.join(',')}`;
    const now = Date.now();
    const cached = this.cache.get(key);
    if (cached && now - cached.at < CACHE_MS) return cached.bytes;
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    const bytes = this.ask(spaces, kind, count);
    this.cache.set(key, { at: now, bytes });
    bytes.catch(() => this.cache.delete(key));
    return bytes;
  }

  private async ask(spaces: string[], kind: SizedKind, count: number): Promise<number> {
    switch (kind) {
      case 'MEMORY_TEXT':
        return this.store.largestMemoryTexts(spaces, count);
      case 'PROTOCOL':
        // A protocol rendered back is its steps' texts plus their headings and challenges: about a fifth more.
        return count * Math.ceil((await this.store.largestProtocol(spaces)) * 1.2);
      case 'RUN':
        return this.store.largestRuns(spaces, count);
      case 'ARTIFACT':
        // A binary file comes back as base64: 4 characters for every 3 bytes.
        return Math.ceil(((await this.store.largestArtifacts(spaces, count)) * 4) / 3);
    }
  }
}
