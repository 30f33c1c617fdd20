/**
 * Storage quotas: the bytes of memory text one space holds and one principal has written (in
 * every space), read from the sizes stored on the documents before a write adds to them. Over
 * either, the write is refused with QUOTA_EXCEEDED (`details.limit`: `space_bytes` or
 * `principal_bytes`) and nothing is written. Checked before each mint and `updateMemories`, so writes racing each
 * other can pass a quota by what they add together; 0 turns a quota off.
 */
import type { Viewer } from '../auth/viewer.js';
import type { SizeStatsStore } from '../store/size-stats-store.js';
import { RequestError } from './errors.js';

export interface StorageQuotaLimits {
  maxStoredBytesPerPrincipal: number;
  maxStoredBytesPerSpace: number;
}

export class StorageQuota {
  constructor(
    private readonly sizes: SizeStatsStore,
    private readonly limits: StorageQuotaLimits,
  ) {}

  /** Bytes of text a protocol holds now (what replacing it frees). */
  async chainBytes(space: string, chainId: string): Promise<number> {
    return (await this.sizes.chainSizes([{ space, chainId }])).get(`${space}\u0000${chainId}`)?.textBytes ?? 0;
  }

  /**
   * Refuses a write that would bring `space` or the viewer over its quota. `adding`: bytes of
   * text it writes; `freeing`: bytes of text it replaces, in the space and of the viewer's own.
   */
  async check(
    viewer: Viewer,
    space: string,
    adding: number,
    freeing: { space: number; own: number } = { space: 0, own: 0 },
  ): Promise<void> {
    await this.checkGrowth(viewer, space, { space: adding - freeing.space, own: adding - freeing.own }, adding);
  }

  /** The same for a write that grows the space by `growth.space` bytes and what the viewer wrote by `growth.own`. */
  async checkGrowth(
    viewer: Viewer,
    space: string,
    growth: { space: number; own: number },
    adding = Math.max(growth.space, growth.own),
  ): Promise<void> {
    const { maxStoredBytesPerSpace: spaceMax, maxStoredBytesPerPrincipal: principalMax } = this.limits;
    const checkSpace = spaceMax > 0 && growth.space > 0;
    const checkOwn = principalMax > 0 && growth.own > 0;
    if (!checkSpace && !checkOwn) return;
    const [inSpace, byPrincipal] = await Promise.all([
      checkSpace ? this.sizes.storedBytes({ space }) : 0,
      checkOwn ? this.sizes.storedBytes({ createdBy: viewer.principalId }) : 0,
    ]);
    if (checkSpace && inSpace + growth.space > spaceMax) {
      throw new RequestError(
        'QUOTA_EXCEEDED',
        `This write would bring space ${space} to ${inSpace + growth.space} bytes of text, over its quota of ${spaceMax}: delete what it no longer needs, or ask an operator to raise KAIROS_MAX_STORED_BYTES_PER_SPACE`,
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
        `This write would bring the text you have stored to ${byPrincipal + growth.own} bytes, over your quota of ${principalMax}: delete what you no longer need, or ask an operator to raise KAIROS_MAX_STORED_BYTES_PER_PRINCIPAL`,
        {
          limit: 'principal_bytes',
          max: principalMax,
          stored: byPrincipal,
          adding,
        },
      );
    }
  }
}
