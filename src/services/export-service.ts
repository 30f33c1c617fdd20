import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Viewer } from '../auth/viewer.js';
import { preferenceRows, rewardRows, sftRows, traceRows } from '../export/dataset-rows.js';
import {
  CONTENT_TYPES,
  DOWNLOAD_URL_TTL_MS,
  type ExportAdapter,
  type ExportDelivery,
  type ExportFormat,
  type ExportRun,
  SINGLE_ADAPTER_FORMATS,
} from '../export/export-model.js';
import { skillFiles, skillTree, skillZipEntries } from '../export/skill-bundle.js';
import { zipBytes, zipStream } from '../export/zip-writer.js';
import { INLINE_EXPORT_MAX_BYTES } from '../limits.js';
import { RequestError } from './errors.js';
import { type ExportSelection, exportAdapterOf, exportRunOf, selectAdapters } from './export-adapters.js';
import type { MemoryReader } from './memory-reader.js';
import type { RunService } from './run-service.js';

export const EXPORT_DOWNLOAD_PATH = '/export/download/';

/** Runs read per adapter for a dataset export, newest first. */
export const MAX_EXPORT_RUNS = 2_000;

export interface ExportResult {
  format: ExportFormat;
  contentType: string;
  /** The export itself (base64 when `contentEncoding` is BASE64); empty when `download` is set. */
  content: string;
  contentEncoding: 'BASE64' | null;
  adapterCount: number;
  /** Rows (JSON lines formats) or files (skill formats); 1 for markdown. */
  itemCount: number;
  /** SHA-256 of the bytes of an inline skill_zip. */
  bundleSha256: string | null;
  download: { url: string; expiresAt: string; filename: string } | null;
}

interface DownloadClaim {
  /** principal */
  p: string;
  /** the selection, as given */
  s: ExportSelection;
  /** expiry, ms since the epoch */
  x: number;
}

/**
 * Exports: adapters as markdown or skills, their runs as datasets. Reads go
 * through the caller's reader and run list, so an export never shows what the caller cannot read.
 * A skill_zip over `INLINE_EXPORT_MAX_BYTES` is not built for the answer: the caller gets a URL
 * with a signed, short-lived token, and the download (same principal, spaces checked again)
 * streams the archive skill by skill.
 */
export class ExportService {
  private readonly secret: Buffer;
  private readonly inlineMaxBytes: number;

  constructor(
    private readonly runs: RunService,
    settings: { secret: string | null; inlineMaxBytes?: number },
  ) {
    this.inlineMaxBytes = settings.inlineMaxBytes ?? INLINE_EXPORT_MAX_BYTES;
    // Without KAIROS_SECRET a download URL works only on the process that issued it.
    this.secret = settings.secret ? createHash('sha256').update(`export-download|${settings.secret}`).digest() : randomBytes(32);
  }

  async export(
    viewer: Viewer,
    reader: MemoryReader,
    selection: ExportSelection,
    format: ExportFormat,
    options: { delivery?: ExportDelivery | null; includeReward?: boolean | null; now?: Date } = {},
  ): Promise<ExportResult> {
    const now = options.now ?? new Date();
    if (SINGLE_ADAPTER_FORMATS.includes(format) && !selection.uri) {
      throw new RequestError('BAD_USER_INPUT', `Format ${format} takes a single uri, not adapters or allAdapters`);
    }
    if (options.delivery && format !== 'SKILL_ZIP') throw new RequestError('BAD_USER_INPUT', 'delivery is only valid with format SKILL_ZIP');
    const adapters = (await selectAdapters(viewer, reader, selection)).map(exportAdapterOf);
    const base = { format, contentType: CONTENT_TYPES[format], contentEncoding: null, adapterCount: adapters.length, bundleSha256: null, download: null };
    switch (format) {
      case 'MARKDOWN':
        return { ...base, content: adapters[0]!.markdown, itemCount: 1 };
      case 'SKILL_TREE':
        return { ...base, content: skillTree(adapters), itemCount: adapters.reduce((sum, adapter) => sum + skillFiles(adapter).length, 0) };
      case 'SKILL_ZIP':
        return this.skillZip(viewer, selection, adapters, options.delivery ?? null, now);
      default: {
        const runs = await this.runsOf(viewer, adapters[0]!);
        const content = datasetRows(format, adapters[0]!, runs, options.includeReward ?? true);
        return { ...base, content, itemCount: content === '' ? 0 : content.split('\n').length - 1 };
      }
    }
  }

  /** The archive behind a download token, streamed; FORBIDDEN for another principal, NOT_FOUND once expired or forged. */
  async download(viewer: Viewer, reader: MemoryReader, token: string, now = new Date()): Promise<{ filename: string; body: AsyncGenerator<Buffer> }> {
    const claim = this.verify(token);
    if (!claim || claim.x < now.getTime()) throw new RequestError('NOT_FOUND', 'This download link is unknown or has expired; export again');
    if (claim.p !== viewer.principalId) throw new RequestError('FORBIDDEN', 'This download link belongs to another principal');
    const adapters = (await selectAdapters(viewer, reader, claim.s)).map(exportAdapterOf);
    return { filename: bundleName(adapters), body: zipStream(adapters.flatMap(skillZipEntries)) };
  }

  /**
   * Inline when asked (INLINE_BASE64) or, without `delivery`, when it fits; the URL when asked
   * (DOWNLOAD_REF) or when it does not fit. Inline is never sent over the limit: asked for, it
   * answers RESPONSE_TOO_LARGE instead.
   */
  private async skillZip(viewer: Viewer, selection: ExportSelection, adapters: ExportAdapter[], delivery: ExportDelivery | null, now: Date): Promise<ExportResult> {
    const entries = adapters.flatMap(skillZipEntries);
    const files = entries.filter((entry) => !entry.path.endsWith('/')).length;
    const base = { format: 'SKILL_ZIP' as const, contentType: CONTENT_TYPES.SKILL_ZIP, adapterCount: adapters.length, itemCount: files };
    // The uncompressed size bounds the archive's (plus headers): decide before building anything.
    const rawSize = entries.reduce((sum, entry) => sum + entry.data.length + 2 * entry.path.length + 100, 0);
    if (delivery !== 'DOWNLOAD_REF' && rawSize <= this.inlineMaxBytes) {
      const bytes = await zipBytes(entries);
      if (bytes.length <= this.inlineMaxBytes) {
        return { ...base, content: bytes.toString('base64'), contentEncoding: 'BASE64', bundleSha256: createHash('sha256').update(bytes).digest('hex'), download: null };
      }
    }
    if (delivery === 'INLINE_BASE64') {
      throw new RequestError('RESPONSE_TOO_LARGE', `The skill_zip is over the inline limit of ${this.inlineMaxBytes} bytes: ask for delivery DOWNLOAD_REF (or omit delivery)`, {
        field: 'content',
        limit: this.inlineMaxBytes,
      });
    }
    const expiresAt = new Date(now.getTime() + DOWNLOAD_URL_TTL_MS);
    const token = this.sign({ p: viewer.principalId, s: normalised(selection), x: expiresAt.getTime() });
    return { ...base, content: '', contentEncoding: null, bundleSha256: null, download: { url: `${EXPORT_DOWNLOAD_PATH}${token}`, expiresAt: expiresAt.toISOString(), filename: bundleName(adapters) } };
  }

  private async runsOf(viewer: Viewer, adapter: ExportAdapter): Promise<ExportRun[]> {
    const runs: ExportRun[] = [];
    let after: string | null = null;
    while (runs.length < MAX_EXPORT_RUNS) {
      // Every readable space: runs stay where they began, so a moved adapter's earlier runs (and a built-in's, run in personal spaces) are elsewhere.
      const page = await this.runs.listRuns(viewer, { chainId: adapter.id, first: 500, after });
      runs.push(...page.records.map(exportRunOf));
      if (!page.hasNextPage || page.cursors.length === 0) break;
      after = page.cursors[page.cursors.length - 1]!;
    }
    // Oldest first, so rows read as history.
    return runs.slice(0, MAX_EXPORT_RUNS).reverse();
  }

  private sign(claim: DownloadClaim): string {
    const body = Buffer.from(JSON.stringify(claim)).toString('base64url');
    return `${body}.${createHmac('sha256', this.secret).update(body).digest('base64url')}`;
  }

  private verify(token: string): DownloadClaim | null {
    if (token.length > 8_192) return null;
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return null;
    const expected = createHmac('sha256', this.secret).update(body).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as DownloadClaim;
    } catch {
      return null;
    }
  }
}

function normalised(selection: ExportSelection): ExportSelection {
  return { uri: selection.uri ?? null, adapters: selection.adapters ? [...selection.adapters] : null, allAdapters: selection.allAdapters ?? null, spaceName: selection.spaceName ?? null };
}

function bundleName(adapters: readonly ExportAdapter[]): string {
  return adapters.length === 1 ? `${adapters[0]!.slug}.zip` : 'kairos-skills.zip';
}

function datasetRows(format: ExportFormat, adapter: ExportAdapter, runs: readonly ExportRun[], includeReward: boolean): string {
  if (format === 'TRACE_JSONL') return traceRows(adapter, runs);
  if (format === 'REWARD_JSONL') return rewardRows(adapter, runs);
  if (format === 'SFT_JSONL') return sftRows(adapter, runs, { includeReward });
  return preferenceRows(adapter, runs);
}
