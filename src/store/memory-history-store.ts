import type { ClientSession, Collection, Db, Filter } from 'mongodb';
import {
  type MemoryRecord,
  VERSION_REASONS,
  VERSIONED_FIELDS,
  type VersionChange,
  type VersionedField,
  type VersionReason,
} from './memory-store.js';

// The lists live with the memory document that carries its `change`; history and its schema read them here.
export { VERSION_REASONS, VERSIONED_FIELDS, type VersionChange, type VersionedField, type VersionReason };

/** A memory's state as stored in history: everything needed to read or restore it. */
export type MemorySnapshot = Pick<
  MemoryRecord,
  'label' | 'text' | 'tags' | 'category' | 'chain' | 'challenge' | 'createdAt' | 'createdBy'
> & { path: string | null };

/**
 * One past version of a memory (`memory_versions`). The current version lives in `memories`;
 * this collection holds every version a write superseded, and a tombstone for each delete.
 */
export interface MemoryVersionRecord {
  /** `<memoryId>:<version>`: a version is archived once, so two racing writes cannot both archive it. */
  _id: string;
  memoryId: string;
  uri: string;
  space: string;
  version: number;
  state: MemorySnapshot;
  reason: VersionReason;
  proposalId: string | null;
  /** The fields that differ from the version before. */
  changedFields: VersionedField[];
  /** Who wrote this version, and when it became current. */
  principalId: string;
  at: Date;
  /** A tombstone: the memory was deleted at `at`; `state` is what it held. */
  deleted: boolean;
  /** Tombstones only: the id shared by every memory one delete call (or forced mint) removed. */
  deletionId: string | null;
  /** Tombstones only: set when the memory was restored, so it no longer lists as deleted. */
  restoredAt: Date | null;
  /** The TTL index removes the record after this; absent with KAIROS_HISTORY_DAYS=0 (kept forever). */
  expiresAt?: Date;
}

export function snapshotOf(record: MemoryRecord): MemorySnapshot {
  return {
    label: record.label,
    text: record.text,
    tags: record.tags,
    category: record.category,
    chain: record.chain,
    challenge: record.challenge,
    createdAt: record.createdAt,
    createdBy: record.createdBy,
    path: record.path ?? null,
  };
}

/** What a memory's current `change` says, with `CREATED` for memories written before history existed. */
export function changeOf(record: MemoryRecord): VersionChange {
  return record.change ?? { reason: 'CREATED', proposalId: null, fields: [] };
}

/** The fields in which two states differ. */
export function changedFields(
  before: Pick<MemoryRecord, 'label' | 'text' | 'tags' | 'challenge' | 'chain'>,
  after: Pick<MemoryRecord, 'label' | 'text' | 'tags' | 'challenge' | 'chain'>,
): VersionedField[] {
  const fields: VersionedField[] = [];
  if (before.text !== after.text) fields.push('TEXT');
  if (before.label !== after.label) fields.push('LABEL');
  if (JSON.stringify(before.tags) !== JSON.stringify(after.tags)) fields.push('TAGS');
  if (JSON.stringify(before.challenge ?? null) !== JSON.stringify(after.challenge ?? null)) fields.push('CHALLENGE');
  if (before.chain?.stepIndex !== after.chain?.stepIndex || before.chain?.stepCount !== after.chain?.stepCount)
    fields.push('CHAIN_POSITION');
  return fields;
}

/**
 * Every MongoDB call on `memory_versions`. Writers call `archive`/`bury` inside the transaction
 * of the write that supersedes a version, so history and memory never disagree.
 */
export class MemoryHistoryStore {
  readonly collection: Collection<MemoryVersionRecord>;

  constructor(
    db: Db,
    private readonly settings: {
      /** KAIROS_HISTORY_DAYS: 0 keeps versions forever. */
      retentionDays: number;
      /** KAIROS_HISTORY=off writes no history (only to measure what history costs). */
      enabled: boolean;
    },
  ) {
    this.collection = db.collection<MemoryVersionRecord>('memory_versions');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndexes([
      // Memory.versions, memory(uri, version): newest first per memory.
      { key: { memoryId: 1, version: -1 }, name: 'memory_versions_newest' },
      // protocol(uri, at) and whole-protocol restore: every version of a chain.
      { key: { space: 1, 'state.chain.chainId': 1 }, name: 'chain_versions' },
      // protocol(uri, at) and restore of a deleted protocol by kairos://adapter/<slug>.
      { key: { space: 1, 'state.chain.slug': 1 }, name: 'chain_slug_versions' },
      // deletedMemories: tombstones not restored, newest first.
      { key: { space: 1, deleted: 1, restoredAt: 1, at: -1, _id: 1 }, name: 'tombstones' },
      // Retention: the record goes when expiresAt passes; records without it stay.
      { key: { expiresAt: 1 }, name: 'history_retention', expireAfterSeconds: 0 },
    ]);
  }

  /** When a record written now stops being kept (undefined: forever). */
  expiryFrom(now: Date): Date | undefined {
    const days = this.settings.retentionDays;
    return days === 0 ? undefined : new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
  }

  get enabled(): boolean {
    return this.settings.enabled;
  }

  /** The versions these records hold now, about to be superseded by a write at `now`. */
  archivedVersions(records: readonly MemoryRecord[], now: Date): MemoryVersionRecord[] {
    return records.map((record) =>
      this.versionRecord(record, record.version, changeOf(record), record.updatedBy, record.updatedAt, now, null),
    );
  }

  /**
   * What deleting these records keeps: each one's last version, and a tombstone one version past
   * it holding the same state (who deleted it, when, why, and where it stood in its chain).
   */
  deletionRecords(
    records: readonly MemoryRecord[],
    reason: VersionReason,
    principalId: string,
    now: Date,
    deletionId: string,
  ): MemoryVersionRecord[] {
    const tombstones = records.map((record) =>
      this.versionRecord(record, record.version + 1, { reason, proposalId: null, fields: [] }, principalId, now, now, deletionId),
    );
    return [...this.archivedVersions(records, now), ...tombstones];
  }

  /** One insertMany for a whole batch, inside the caller's transaction. */
  async insert(versions: readonly MemoryVersionRecord[], session: ClientSession): Promise<void> {
    if (versions.length === 0 || !this.settings.enabled) return;
    await this.collection.insertMany([...versions], { session, ordered: false });
  }

  async markRestored(ids: readonly string[], at: Date, session: ClientSession): Promise<void> {
    if (ids.length === 0) return;
    await this.collection.updateMany({ _id: { $in: [...ids] } }, { $set: { restoredAt: at } }, { session });
  }

  async findVersion(memoryId: string, version: number, session?: ClientSession): Promise<MemoryVersionRecord | null> {
    return this.collection.findOne({ memoryId, version }, { session });
  }

  /** The newest record of a memory (its tombstone when it is deleted). */
  async findLatest(memoryId: string, session?: ClientSession): Promise<MemoryVersionRecord | null> {
    return this.collection.findOne({ memoryId }, { session, sort: { version: -1 } });
  }

  /** Versions below `beforeVersion`, newest first. */
  async listVersions(memoryId: string, beforeVersion: number, limit: number): Promise<MemoryVersionRecord[]> {
    return this.collection.find({ memoryId, version: { $lt: beforeVersion } }, { sort: { version: -1 }, limit }).toArray();
  }

  async countVersions(memoryId: string): Promise<number> {
    return this.collection.countDocuments({ memoryId });
  }

  /** Every archived version and tombstone of one chain. */
  async findChainVersions(space: string, chainId: string, session?: ClientSession): Promise<MemoryVersionRecord[]> {
    return this.collection.find({ space, 'state.chain.chainId': chainId }, { session }).toArray();
  }

  /** Every version and tombstone of a chain goes with it to its new space (its history is read where the chain lives). */
  async moveChainVersions(space: string, chainId: string, target: string, session: ClientSession): Promise<void> {
    if (!this.settings.enabled) return;
    await this.collection.updateMany({ space, 'state.chain.chainId': chainId }, { $set: { space: target } }, { session });
  }

  /** The newest archived record of a protocol's head (step 1) by chain id or slug, in those spaces (a deleted protocol's tombstone). */
  async findLatestHead(spaces: readonly string[], by: { chainId: string } | { slug: string }): Promise<MemoryVersionRecord | null> {
    const key = 'chainId' in by ? { 'state.chain.chainId': by.chainId } : { 'state.chain.slug': by.slug };
    return this.collection.findOne({ space: { $in: [...spaces] }, ...key, 'state.chain.stepIndex': 1 }, { sort: { at: -1 } });
  }

  /** Tombstones of one delete call in one chain (a protocol deleted whole comes back whole). */
  async findDeletion(space: string, chainId: string, deletionId: string, session?: ClientSession): Promise<MemoryVersionRecord[]> {
    return this.collection
      .find({ space, 'state.chain.chainId': chainId, deletionId, deleted: true }, { session, sort: { 'state.chain.stepIndex': 1 } })
      .toArray();
  }

  /** Deleted memories not restored since, newest deletion first. */
  async listDeleted(spaces: readonly string[], after: { at: Date; id: string } | null, limit: number): Promise<MemoryVersionRecord[]> {
    const query: Filter<MemoryVersionRecord> = { space: { $in: [...spaces] }, deleted: true, restoredAt: null };
    if (after) query.$or = [{ at: { $lt: after.at } }, { at: after.at, _id: { $gt: after.id } }];
    return this.collection.find(query, { sort: { at: -1, _id: 1 }, limit }).toArray();
  }

  async countDeleted(spaces: readonly string[]): Promise<number> {
    return this.collection.countDocuments({ space: { $in: [...spaces] }, deleted: true, restoredAt: null });
  }

  private versionRecord(
    record: MemoryRecord,
    version: number,
    change: VersionChange,
    principalId: string,
    at: Date,
    now: Date,
    deletionId: string | null,
  ): MemoryVersionRecord {
    const versionRecord: MemoryVersionRecord = {
      _id: `${record._id}:${version}`,
      memoryId: record._id,
      uri: record.uri,
      space: record.space,
      version,
      state: snapshotOf(record),
      reason: change.reason,
      proposalId: change.proposalId,
      changedFields: change.fields,
      principalId,
      at,
      deleted: deletionId !== null,
      deletionId,
      restoredAt: null,
    };
    const expiresAt = this.expiryFrom(now);
    if (expiresAt) versionRecord.expiresAt = expiresAt;
    return versionRecord;
  }
}
