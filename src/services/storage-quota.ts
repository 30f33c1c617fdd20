/**
 * Storage quotas: the bytes of memory text one space holds and one principal has written (in
 * every space), read from the sizes stored on the documents before a write adds to them. Over
 * either, the write is refused with QUOTA_EXCEEDED (`details.limit`: `space_bytes` or
 * `principal_bytes`) and nothing is written. Checked before each write, so writes racing each
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
  async check(viewer: Viewer, space: string, adding: number, freeing: { space: number; own: number } = { space: 0, own: 0 }): Promise<void> {
    const { maxStoredBytesPerSpace: spaceMax, maxStoredBytesPerPrincipal: principalMax } = this.limits;
    if (adding <= 0 || (spaceMax <= 0 && principalMax <= 0)) return;
    const [inSpace, byPrincipal] = await Promise.all([
      spaceMax > 0 ? this.sizes.storedBytes({ space }) : 0,
      principalMax > 0 ? this.sizes.storedBytes({ createdBy: viewer.principalId }) : 0,
    ]);
    if (spaceMax > 0 && inSpace - freeing.space + adding > spaceMax) {
      throw new RequestError('QUOTA_EXCEEDED', `This write would bring space ${space} to ${inSpace - freeing.space + adding} bytes of text, over its quota of ${spaceMax}: delete what it no longer needs, or ask an operator to raise KAIROS_MAX_STORED_BYTES_PER_SPACE`, {
        limit: 'space_bytes',
        max: spaceMax,
        stored: inSpace,
        adding,
      });
    }
    if (principalMax > 0 && byPrincipal - freeing.own + adding > principalMax) {
      throw new RequestError('QUOTA_EXCEEDED', `This write would bring the text you have stored to ${byPrincipal - freeing.own + adding} bytes, over your quota of ${principalMax}: delete what you no longer need, or ask an operator to raise KAIROS_MAX_STORED_BYTES_PER_PRINCIPAL`, {
        limit: 'principal_bytes',
        max: principalMax,
        stored: byPrincipal,
        adding,
      });
    }
  }
}
