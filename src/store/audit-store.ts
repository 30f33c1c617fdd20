import { randomUUID } from 'node:crypto';
import type { ClientSession, Collection, Db } from 'mongodb';
import type { AuditAction, AuditEntry } from '../proposals/proposal-audit.js';

export type { AuditAction, AuditEntry };

/** Every MongoDB call on the `audit` collection lives here. */
export class AuditStore {
  private readonly collection: Collection<AuditEntry>;

  constructor(db: Db) {
    this.collection = db.collection<AuditEntry>('audit');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndexes([
      { key: { space: 1, at: -1 }, name: 'space_at' },
      { key: { stagingId: 1 }, name: 'staging_id' },
    ]);
  }

  async record(entry: Omit<AuditEntry, '_id'>, session?: ClientSession): Promise<void> {
    await this.collection.insertOne({ _id: randomUUID(), ...entry }, { session });
  }
}
