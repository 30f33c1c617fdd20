/**
 * The storage quota's cached totals against the real engine: a total read while another write
 * lands must not lose that write, or one process lets writes pass its quota. The store is the
 * real one; only when its read answers is held back, to make the race happen every time.
 */
import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../src/auth/viewer.js';
import { StorageQuota } from '../../src/services/storage-quota.js';
import { SizeStatsStore } from '../../src/store/size-stats-store.js';
import { useTestDatabase } from '../support/database.js';

const { db } = useTestDatabase();
const viewer = { principalId: 'writer' } as Viewer;

/** The real store, whose next read's answer waits for `open()`, after the read itself has run. */
function heldBackStore() {
  const store = new SizeStatsStore(db);
  let gate: Promise<void> | null = null;
  let open = () => {};
  const read = store.storedBytes.bind(store);
  store.storedBytes = async (owner) => {
    const answer = await read(owner);
    const waiting = gate;
    gate = null;
    if (waiting) await waiting;
    return answer;
  };
  return {
    store,
    holdNextRead: () => {
      gate = new Promise<void>((resolve) => (open = resolve));
      return () => open();
    },
  };
}

const stored = (bytes: number) => db.collection('memories').insertOne({ space: 'team', createdBy: 'writer', sizeBytes: bytes });

describe('the storage quota, cached', () => {
  it('does not lose a write that lands while another check reads the total', async () => {
    const { store, holdNextRead } = heldBackStore();
    const quota = new StorageQuota(store, { maxStoredBytesPerSpace: 100, maxStoredBytesPerPrincipal: 0 });
    const open = holdNextRead();
    // X reads the total (0) and is held before answering; W checks, writes 60 bytes and ends meanwhile.
    const x = quota.check(viewer, 'team', 10);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const w = await quota.check(viewer, 'team', 60);
    await stored(60);
    w.release();
    open();
    const xHold = await x;
    await stored(10);
    xHold.release();
    // 70 bytes are stored: another 60 would bring the space to 130.
    await expect(quota.check(viewer, 'team', 60)).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect((await quota.check(viewer, 'team', 30)).release).toBeTypeOf('function');
  });
});
