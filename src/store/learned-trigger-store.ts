import type { ClientSession, Collection, Db } from 'mongodb';
import type { TriggerCredit } from '../search/learned-triggers.js';

/**
 * A search request of one principal, kept only as long as a run begun after it can still be taken
 * to follow from it (the TTL index removes it).
 */
export interface SearchRequestRecord {
  principalId: string;
  /** The request as searched (prepared: footer URIs and ids removed). */
  text: string;
  /** The spaces it searched: only a protocol of one of them may learn it (absent on requests kept before this field). */
  spaces?: string[];
  /** The KAIROS 4 `activate` sequence it belongs to (null for another search). */
  executionId: string | null;
  at: Date;
}

/** How long a request is kept: the ten minutes a run may follow it, and a margin. */
export const SEARCH_REQUEST_TTL_SECONDS = 15 * 60;

/** A learned trigger of one protocol (its chain), in the protocol's space. */
export interface LearnedTriggerRecord {
  _id: string;
  space: string;
  chainId: string;
  text: string;
  /** The request's terms (src/search/search-query.ts), sorted: what a search matches. */
  terms: string[];
  credits: TriggerCredit[];
  learnedAt: Date;
  updatedAt: Date;
  /** Every write is conditional on it (two runs succeeding at once both count). */
  version: number;
  /** Set when someone removed it: search no longer uses it; kept as history until `expiresAt`. */
  removedAt: Date | null;
  removedBy: string | null;
  /** When the TTL index deletes a removed trigger (absent: kept). */
  expiresAt?: Date;
}

/** Every MongoDB call on `search_requests` and `learned_triggers`. */
export class LearnedTriggerStore {
  private readonly requests: Collection<SearchRequestRecord>;
  private readonly triggers: Collection<LearnedTriggerRecord>;

  constructor(db: Db) {
    this.requests = db.collection<SearchRequestRecord>('search_requests');
    this.triggers = db.collection<LearnedTriggerRecord>('learned_triggers');
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([
      this.requests.createIndexes([
        { key: { principalId: 1, at: -1 }, name: 'requests_by_principal' },
        { key: { at: 1 }, name: 'requests_ttl', expireAfterSeconds: SEARCH_REQUEST_TTL_SECONDS },
      ]),
      this.triggers.createIndexes([
        { key: { space: 1, terms: 1 }, name: 'triggers_by_term' },
        { key: { space: 1, chainId: 1 }, name: 'triggers_by_protocol' },
        // A search reads the most recently reinforced live triggers of its terms, a space listing the oldest:
        // both in index order, so neither sorts every trigger it finds before cutting.
        { key: { space: 1, removedAt: 1, terms: 1, updatedAt: -1 }, name: 'live_triggers_by_term_recent' },
        { key: { space: 1, removedAt: 1, learnedAt: 1, _id: 1 }, name: 'live_triggers_by_age' },
        { key: { expiresAt: 1 }, name: 'removed_triggers_ttl', expireAfterSeconds: 0 },
      ]),
    ]);
  }

  async recordRequest(request: SearchRequestRecord): Promise<void> {
    await this.requests.insertOne({ ...request });
  }

  /** The principal's latest request in [from, to]. */
  async latestRequest(principalId: string, from: Date, to: Date): Promise<SearchRequestRecord | null> {
    return this.requests.findOne({ principalId, at: { $gte: from, $lte: to } }, { sort: { at: -1 } });
  }

  /** The principal's requests of one activate sequence in [from, to], latest first. */
  async requestsOfExecution(principalId: string, executionId: string, from: Date, to: Date, limit: number): Promise<SearchRequestRecord[]> {
    return this.requests.find({ principalId, executionId, at: { $gte: from, $lte: to } }, { sort: { at: -1 }, limit }).toArray();
  }

  /**
   * Live triggers in these spaces sharing at least one of the terms; past `limit`, the most recently
   * reinforced (a credit fades with the age of its last success), then by id, whatever order they
   * were stored in.
   */
  async matching(spaces: readonly string[], terms: readonly string[], limit: number): Promise<LearnedTriggerRecord[]> {
    if (spaces.length === 0 || terms.length === 0) return [];
    return this.triggers
      .find(
        { space: { $in: [...spaces] }, terms: { $in: [...terms] }, removedAt: null },
        { projection: { _id: 1, space: 1, chainId: 1, text: 1, terms: 1, credits: 1 }, sort: { updatedAt: -1, _id: 1 }, limit },
      )
      .toArray();
  }

  async triggersOf(space: string, chainId: string, includeRemoved: boolean): Promise<LearnedTriggerRecord[]> {
    return this.triggers.find({ space, chainId, ...(includeRemoved ? {} : { removedAt: null }) }, { sort: { learnedAt: 1 } }).toArray();
  }

  /** The oldest `limit` live triggers of one space's protocols, oldest first, without their terms (a listing of the space). */
  async liveInSpace(space: string, limit: number): Promise<Omit<LearnedTriggerRecord, 'terms'>[]> {
    return this.triggers.find({ space, removedAt: null }, { projection: { terms: 0 }, sort: { learnedAt: 1, _id: 1 }, limit }).toArray();
  }

  async byId(id: string): Promise<LearnedTriggerRecord | null> {
    return this.triggers.findOne({ _id: id });
  }

  async insert(trigger: LearnedTriggerRecord): Promise<void> {
    await this.triggers.insertOne(trigger);
  }

  /** Writes a trigger's credits and text if nobody changed it since it was read; false when someone did. */
  async updateCredits(
    trigger: LearnedTriggerRecord,
    change: { credits: TriggerCredit[]; text: string; terms: string[]; now: Date },
  ): Promise<boolean> {
    const result = await this.triggers.updateOne(
      { _id: trigger._id, version: trigger.version, removedAt: null },
      { $set: { credits: change.credits, text: change.text, terms: change.terms, updatedAt: change.now }, $inc: { version: 1 } },
    );
    return result.modifiedCount === 1;
  }

  async deleteMany(ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.triggers.deleteMany({ _id: { $in: [...ids] } });
  }

  /** Marks a live trigger removed (kept until `expiresAt`, or deleted at once when that is now); false when it was not live. */
  async remove(id: string, by: string, now: Date, expiresAt: Date | null): Promise<boolean> {
    const result = await this.triggers.updateOne(
      { _id: id, removedAt: null },
      { $set: { removedAt: now, removedBy: by, updatedAt: now, ...(expiresAt ? { expiresAt } : {}) }, $inc: { version: 1 } },
    );
    return result.modifiedCount === 1;
  }

  /**
   * Marks every live trigger of these protocols removed, as `remove` does one (in the transaction
   * that deletes them): search stops using them; history keeps them until `expiresAt`.
   */
  async removeProtocols(
    protocols: readonly { space: string; chainId: string }[],
    by: string,
    now: Date,
    expiresAt: Date | null,
    session: ClientSession,
  ): Promise<void> {
    if (protocols.length === 0) return;
    await this.triggers.updateMany(
      { $or: protocols.map(({ space, chainId }) => ({ space, chainId })), removedAt: null },
      { $set: { removedAt: now, removedBy: by, updatedAt: now, ...(expiresAt ? { expiresAt } : {}) }, $inc: { version: 1 } },
      { session },
    );
  }

  /** Moves a protocol's triggers with it to another space (in the move's transaction). */
  async moveProtocol(chainId: string, from: string, to: string, session: ClientSession): Promise<void> {
    await this.triggers.updateMany({ space: from, chainId }, { $set: { space: to } }, { session });
  }
}
