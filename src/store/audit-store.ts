import { randomUUID } from 'node:crypto';
import type { ClientSession, Collection, Db } from 'mongodb';
import type { ProposalStatus } from '../proposals/proposal-types.js';

export type AuditAction = 'PROPOSE' | 'APPLY' | 'REJECT' | 'EXPIRE';

/**
 * One proposal event: who, when, what and how it ended. Never any text the proposal carried
 * (rationale, content, sources): only codes, paths and counts, so a caught secret cannot land here.
 */
export interface AuditEntry {
  _id: string;
  at: Date;
  actor: string;
  action: AuditAction;
  space: string;
  stagingId: string | null;
  intent: string | null;
  files: string[];
  outcome: ProposalStatus;
  reason: string | null;
  findingCount: number;
}

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
