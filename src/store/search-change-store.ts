import type { Collection, Db } from 'mongodb';

/**
 * One stamp per space, raised by every write of searchable content (after its vectors are
 * stored). Server processes compare the stamps with the changes they have heard of on the event
 * bus: a space whose stamp is ahead (a missed event, a Redis blip, a `reindex` run from the CLI)
 * is re-read from the database (src/search/indexes/search-index-sync.ts).
 */
export interface SearchChangeRecord {
  /** The space. */
  _id: string;
  seq: number;
  updatedAt: Date;
  /** The latest changes by stamp (at most RECENT_CHANGES): which chains each changed, null for "the whole space". */
  recent?: RecentChange[];
}

export interface RecentChange {
  seq: number;
  chainIds: string[] | null;
}

/** Changes kept per space for processes that poll (no event bus between them). */
export const RECENT_CHANGES = 50;

export interface SpaceStamp {
  space: string;
  seq: number;
}

export class SearchChangeStore {
  private readonly changes: Collection<SearchChangeRecord>;

  constructor(db: Db) {
    this.changes = db.collection<SearchChangeRecord>('search_changes');
  }

  async ensureIndexes(): Promise<void> {
    await this.changes.createIndex({ updatedAt: 1 }, { name: 'changes_by_time' });
  }

  /** Raises the stamp of each space by one; answers the new stamps. */
  async bump(spaces: readonly string[]): Promise<SpaceStamp[]> {
    const now = new Date();
    return Promise.all(
      [...new Set(spaces)].map(async (space) => {
        const record = await this.changes.findOneAndUpdate(
          { _id: space },
          { $inc: { seq: 1 }, $set: { updatedAt: now } },
          { upsert: true, returnDocument: 'after' },
        );
        return { space, seq: record?.seq ?? 1 };
      }),
    );
  }

  /**
   * Notes which chains the change with this stamp touched, so a process that polls re-reads those
   * chains, not the space. Written after the stamp: a poller that sees the stamp first waits.
   */
  async noteChange(space: string, seq: number, chainIds: readonly string[] | null): Promise<void> {
    await this.changes.updateOne(
      { _id: space },
      { $push: { recent: { $each: [{ seq, chainIds: chainIds ? [...chainIds] : null }], $slice: -RECENT_CHANGES } } },
    );
  }

  /** The recent changes of these spaces. */
  async recentChanges(spaces: readonly string[]): Promise<Map<string, RecentChange[]>> {
    const records = await this.changes.find({ _id: { $in: [...spaces] } }, { projection: { _id: 1, recent: 1 } }).toArray();
    return new Map(records.map((record) => [record._id, record.recent ?? []]));
  }

  /** Stamps changed at or after `since` (every stamp without it). */
  async stamps(since: Date | null = null): Promise<SpaceStamp[]> {
    const records = await this.changes.find(since ? { updatedAt: { $gte: since } } : {}, { projection: { _id: 1, seq: 1 } }).toArray();
    return records.map((record) => ({ space: record._id, seq: record.seq }));
  }
}
