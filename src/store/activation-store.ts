import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from './store-errors.js';

/**
 * One `activate` sequence of one principal (KAIROS 4 `execution_id`): how many times it was
 * refined. Kept in the database so that every server process, and a restarted one, counts the
 * same sequence (stateless MCP, several processes behind one URL).
 */
export interface ActivationRecord {
  _id?: unknown;
  principalId: string;
  executionId: string;
  refinements: number;
  /** The last activate of the sequence; the TTL index removes the record an hour after it. */
  at: Date;
}

/** How long a sequence lives after its last activate. */
export const ACTIVATION_TTL_SECONDS = 60 * 60;

/** Every MongoDB call on `activations`. */
export class ActivationStore {
  private readonly activations: Collection<ActivationRecord>;

  constructor(db: Db) {
    this.activations = db.collection<ActivationRecord>('activations');
  }

  async ensureIndexes(): Promise<void> {
    await this.activations.createIndexes([
      // An execution id is counted per principal: another principal's use of the same id is its own sequence.
      { key: { principalId: 1, executionId: 1 }, name: 'principal_execution', unique: true },
      { key: { at: 1 }, name: 'activation_ttl', expireAfterSeconds: ACTIVATION_TTL_SECONDS },
    ]);
  }

  /**
   * Counts one refinement of a live sequence and returns its count, in one atomic write (two
   * processes refining at once each get their own count); null when the principal has no live
   * sequence with this id.
   */
  async refine(principalId: string, executionId: string, now: Date): Promise<number | null> {
    const liveSince = new Date(now.getTime() - ACTIVATION_TTL_SECONDS * 1000);
    const record = await this.activations.findOneAndUpdate(
      { principalId, executionId, at: { $gt: liveSince } },
      { $inc: { refinements: 1 }, $set: { at: now } },
      { returnDocument: 'after' },
    );
    return record ? record.refinements : null;
  }

  /** Starts a sequence under an id not yet used by this principal; false when it is taken (nothing written). */
  async startNew(principalId: string, executionId: string, now: Date): Promise<boolean> {
    try {
      await this.activations.insertOne({ principalId, executionId, refinements: 0, at: now });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  /** Starts (or restarts, when it had expired but was not yet removed) a sequence at zero refinements. */
  async start(principalId: string, executionId: string, now: Date): Promise<void> {
    const write = () => this.activations.updateOne({ principalId, executionId }, { $set: { refinements: 0, at: now } }, { upsert: true });
    try {
      await write();
    } catch (error) {
      // Two processes starting the same sequence at once: the unique index lets one insert; the other updates.
      if (!isDuplicateKey(error)) throw error;
      await write();
    }
  }
}
