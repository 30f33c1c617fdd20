/**
 * Storage quotas: the bytes of memory text one space holds and one principal has written (in
 * every space), read from the sizes stored on the documents before a write adds to them. Over
 * either, the write is refused with QUOTA_EXCEEDED (`details.limit`: `space_bytes` or
 * `principal_bytes`) and nothing is written; 0 turns a quota off.
 * Writes racing each other in one process cannot pass a quota together: a write that passed
 * holds its growth (`QuotaHold`) until it has landed or failed, and every check counts what the
 * others hold. This costs no database command; across processes two writes checked at the same
 * moment can still pass by what they add together.
 * The stored totals are summed by the database (a scan of the space's or the principal's
 * documents: half a second at 100,000 protocols in one space), so each is reused for
 * STORED_TOTALS_TTL_MS, with what this process's writes add counted in as they end (a write that
 * failed is counted too until the next read: the quota errs towards refusing). A delete forgets
 * the totals it touched, so freed bytes count at once; another process's writes count within the TTL.
 */
import type { Viewer } from '../auth/viewer.js';
import type { SizeStatsStore } from '../store/size-stats-store.js';
import { RequestError } from './errors.js';

export interface StorageQuotaLimits {
  maxStoredBytesPerPrincipal: number;
  maxStoredBytesPerSpace: number;
}

/**
 * A write's growth counted against the quotas until it has landed or failed: `release()` it then
 * (its growth then counts as stored), or `cancel()` it when nothing was written (a dry run, a
 * refusal). Either again is harmless.
 */
export interface QuotaHold {
  release(): void;
  cancel(): void;
}

export const NO_HOLD: QuotaHold = { release: () => {}, cancel: () => {} };

/** One hold for several (the spaces one updateMemories touches). */
export function holdingAll(holds: readonly QuotaHold[]): QuotaHold {
  return { release: () => holds.forEach((hold) => hold.release()), cancel: () => holds.forEach((hold) => hold.cancel()) };
}

/** How long a stored total read from the database is reused. */
export const STORED_TOTALS_TTL_MS = 10_000;

export class StorageQuota {
  /** Bytes held by writes in flight, by `space:<id>` and `principal:<id>`. */
  private readonly held = new Map<string, number>();
  /** Stored totals read from the database, by the same keys, with what writes since have added. */
  private readonly stored = new Map<string, { bytes: number; readAt: number }>();
  /**
   * Per key, only ever growing: the bytes writes ending here have added, and how often the key's
   * total was forgotten. A read compares them before and after, so a write that lands or a delete
   * that frees while it is under way is neither lost nor undone by the read's older snapshot.
   */
  private readonly landed = new Map<string, number>();
  private readonly forgotten = new Map<string, number>();

  constructor(
    private readonly sizes: SizeStatsStore,
    private readonly limits: StorageQuotaLimits,
  ) {}

  /** Bytes of text a protocol holds now (what replacing or moving it counts). */
  async chainBytes(space: string, chainId: string): Promise<number> {
    return (await this.sizes.chainSizes([{ space, chainId }])).get(`${space}\u0000${chainId}`)?.textBytes ?? 0;
  }

  /**
   * Refuses a write that would bring `space` or the viewer over its quota. `adding`: bytes of
   * text it writes; `freeing`: bytes of text it replaces, in the space and of the viewer's own.
   * Passed, the write's growth is held until the hold is released.
   */
  check(viewer: Viewer, space: string, adding: number, freeing: { space: number; own: number } = { space: 0, own: 0 }): Promise<QuotaHold> {
    return this.checkGrowth(viewer, space, { space: adding - freeing.space, own: adding - freeing.own }, adding);
  }

  /** The same for a write that grows the space by `growth.space` bytes and what the viewer wrote by `growth.own`. */
  async checkGrowth(
    viewer: Viewer,
    space: string,
    growth: { space: number; own: number },
    adding = Math.max(growth.space, growth.own),
  ): Promise<QuotaHold> {
    const { maxStoredBytesPerSpace: spaceMax, maxStoredBytesPerPrincipal: principalMax } = this.limits;
    const checkSpace = spaceMax > 0 && growth.space > 0;
    const checkOwn = principalMax > 0 && growth.own > 0;
    if (!checkSpace && !checkOwn) return NO_HOLD;
    const spaceKey = `space:${space}`;
    const ownKey = `principal:${viewer.principalId}`;
    // What others hold is read and this write's growth added before the stored sizes are read: of
    // two writes racing, the later one counts the earlier either as held or as stored.
    const heldInSpace = checkSpace ? (this.held.get(spaceKey) ?? 0) : 0;
    const heldByPrincipal = checkOwn ? (this.held.get(ownKey) ?? 0) : 0;
    const hold = this.hold([
      ...(checkSpace ? [[spaceKey, growth.space] as const] : []),
      ...(checkOwn ? [[ownKey, growth.own] as const] : []),
    ]);
    try {
      const stored = await this.storedTotals(checkSpace ? space : null, checkOwn ? viewer.principalId : null);
      const inSpace = stored.space + heldInSpace;
      const byPrincipal = stored.createdBy + heldByPrincipal;
      if (checkSpace && inSpace + growth.space > spaceMax) {
        throw new RequestError(
          'QUOTA_EXCEEDED',
          `This write would bring space ${space} to ${inSpace + growth.space} bytes stored (text and attached files), over its quota of ${spaceMax}: delete what it no longer needs, or ask an operator to raise KAIROS_MAX_STORED_BYTES_PER_SPACE`,
          {
            limit: 'space_bytes',
            max: spaceMax,
            stored: inSpace,
            adding,
          },
        );
      }
      if (checkOwn && byPrincipal + growth.own > principalMax) {
        throw new RequestError(
          'QUOTA_EXCEEDED',
          `This write would bring what you have stored (text and attached files) to ${byPrincipal + growth.own} bytes, over your quota of ${principalMax}: delete what you no longer need, or ask an operator to raise KAIROS_MAX_STORED_BYTES_PER_PRINCIPAL`,
          {
            limit: 'principal_bytes',
            max: principalMax,
            stored: byPrincipal,
            adding,
          },
        );
      }
      return hold;
    } catch (error) {
      hold.cancel();
      throw error;
    }
  }

  /** Forgets the stored totals of these spaces and principals: bytes were freed there. */
  forget(spaces: Iterable<string>, principalIds: Iterable<string> = []): void {
    const keys = [...[...spaces].map((space) => `space:${space}`), ...[...principalIds].map((id) => `principal:${id}`)];
    for (const key of keys) {
      this.stored.delete(key);
      this.forgotten.set(key, (this.forgotten.get(key) ?? 0) + 1);
    }
  }

  /** The stored totals asked for (0 for one not asked), from the database when not read within the TTL. */
  private async storedTotals(space: string | null, principalId: string | null): Promise<{ space: number; createdBy: number }> {
    const now = Date.now();
    const fresh = (key: string) => {
      const entry = this.stored.get(key);
      return entry && now - entry.readAt < STORED_TOTALS_TTL_MS ? entry.bytes : null;
    };
    const inSpace = space === null ? 0 : fresh(`space:${space}`);
    const byPrincipal = principalId === null ? 0 : fresh(`principal:${principalId}`);
    if (inSpace !== null && byPrincipal !== null) return { space: inSpace, createdBy: byPrincipal };
    const spaceKey = space !== null && inSpace === null ? `space:${space}` : null;
    const ownKey = principalId !== null && byPrincipal === null ? `principal:${principalId}` : null;
    const before = (key: string | null) =>
      key === null ? null : { landed: this.landed.get(key) ?? 0, forgotten: this.forgotten.get(key) ?? 0 };
    const [spaceBefore, ownBefore] = [before(spaceKey), before(ownKey)];
    const read = await this.sizes.storedBytes({
      ...(spaceKey ? { space: space! } : {}),
      ...(ownKey ? { createdBy: principalId! } : {}),
    });
    return {
      space: inSpace ?? this.remember(spaceKey!, read.space, spaceBefore!, now),
      createdBy: byPrincipal ?? this.remember(ownKey!, read.createdBy, ownBefore!, now),
    };
  }

  /**
   * A total read from the database, with what writes ending during the read added (the read may
   * have seen some of them: counted twice until the next read, erring towards refusing). Kept
   * unless a delete freed bytes meanwhile or a later read has already been kept.
   */
  private remember(key: string, read: number, before: { landed: number; forgotten: number }, readAt: number): number {
    const bytes = read + (this.landed.get(key) ?? 0) - before.landed;
    const kept = this.stored.get(key);
    if ((this.forgotten.get(key) ?? 0) === before.forgotten && (!kept || kept.readAt < readAt)) this.stored.set(key, { bytes, readAt });
    return bytes;
  }

  /** `release()`: the write has ended, its growth counts as stored; `cancel()`: it was refused before writing. */
  private hold(entries: readonly (readonly [string, number])[]): QuotaHold {
    for (const [key, bytes] of entries) this.held.set(key, (this.held.get(key) ?? 0) + bytes);
    let ended = false;
    const end = (stored: boolean) => {
      if (ended) return;
      ended = true;
      for (const [key, bytes] of entries) {
        const left = (this.held.get(key) ?? 0) - bytes;
        if (left > 0) this.held.set(key, left);
        else this.held.delete(key);
        // What the write added is stored now (or it failed, and the next read from the database corrects it).
        if (!stored) continue;
        this.landed.set(key, (this.landed.get(key) ?? 0) + bytes);
        const total = this.stored.get(key);
        if (total) total.bytes += bytes;
      }
    };
    return { release: () => end(true), cancel: () => end(false) };
  }
}
