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
}

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
        const record = await this.changes.findOneAndUpdate({ _id: space }, { $inc: { seq: 1 }, $set: { updatedAt: now } }, { upsert: true, returnDocument: 'after' });
        return { space, seq: record?.seq ?? 1 };
      }),
    );
  }

  /** Stamps changed at or after `since` (every stamp without it). */
  async stamps(since: Date | null = null): Promise<SpaceStamp[]> {
    const records = await this.changes.find(since ? { updatedAt: { $gte: since } } : {}, { projection: { _id: 1, seq: 1 } }).toArray();
    return records.map((record) => ({ space: record._id, seq: record.seq }));
  }
}
