// Over 400 lines: every MongoDB call on `memories` and its indexes, one store per collection as the layers ask.
import {
  MongoServerError,
  type AnyBulkWriteOperation,
  type ClientSession,
  type Collection,
  type Db,
  type Filter,
  type MongoClient,
} from 'mongodb';
import type { Challenge } from '../protocol/challenge.js';
import type { PagePosition } from './page-position.js';
import type { ProjectCategory } from '../proposals/proposal-types.js';
import { translateDuplicateKey } from './store-errors.js';
import { withTextSize } from './stored-size.js';
import { indexedTextSet, withIndexedText, WITHOUT_INDEXED_TEXT, type IndexedText } from './indexed-text.js';

/** A protocol step, or a project-memory document (see src/proposals/intent-policy.ts for paths). */
export type MemoryCategory = 'PROTOCOL_STEP' | ProjectCategory;

/** Why a version of a memory exists. `CREATED` is version 1 of a minted step or a seeded document. */
export const VERSION_REASONS = [
  'CREATED',
  'UPDATE_MEMORIES',
  'DELETE_MEMORIES',
  'MINT_FORCE',
  'PROPOSAL_APPLIED',
  'RESTORE',
  'SPACE_MOVE',
] as const;
export type VersionReason = (typeof VERSION_REASONS)[number];

/** The parts of a memory a write can change. */
export const VERSIONED_FIELDS = ['TEXT', 'LABEL', 'TAGS', 'CHALLENGE', 'CHAIN_POSITION', 'SPACE'] as const;
export type VersionedField = (typeof VERSIONED_FIELDS)[number];

/** Who wrote the current state of a memory and why; kept on the memory so its next write can archive it. */
export interface VersionChange {
  reason: VersionReason;
  /** The proposal whose apply wrote this version (`PROPOSAL_APPLIED`), else null. */
  proposalId: string | null;
  fields: VersionedField[];
}

/** Where a protocol step sits in its chain. Every step of a chain carries the same chain fields. */
export interface ChainInfo {
  /** Random per mint: two protocols never share a chain id, even with the same title. */
  chainId: string;
  /** The protocol title (the document's H1). */
  label: string;
  /** The title lower-cased with white space collapsed: titles are unique per space. */
  titleKey: string;
  stepIndex: number;
  stepCount: number;
  slug: string;
  protocolVersion: string | null;
  /** The "Natural Language Triggers" section (v3) or the activation patterns section (v4), kept as metadata for search. */
  triggers: string | null;
  /** Minted from a KAIROS 4 adapter document: what v4 adds. Absent on v3 protocols. */
  adapter?: AdapterInfo | null;
}

/** The adapter-level parts of a KAIROS 4 document, the same on every step of its chain. */
export interface AdapterInfo {
  /** The `## Activation Patterns` items (list markers removed); searchable through `triggers`. */
  activationPatterns: string[];
  /** The `## Reward Signal` section's body (heading removed), or null. */
  rewardSignal: string | null;
  /** Every frontmatter key as written (strings, lists, maps), or null without frontmatter. */
  frontmatter: Record<string, unknown> | null;
}

export interface MemoryRecord {
  _id: string;
  uri: string;
  space: string;
  label: string;
  text: string;
  tags: string[];
  category: MemoryCategory;
  chain: ChainInfo | null;
  challenge: Challenge | null;
  createdAt: Date;
  createdBy: string;
  updatedAt: Date;
  updatedBy: string;
  /** Incremented on every write; updates are conditional on it. */
  version: number;
  /** Id of the batch call that last wrote this memory (tells a bulk write's matches apart). */
  writeId?: string;
  /** Project-memory documents only: the document path, unique per space (`decisions.md`). */
  path?: string;
  /** Built-in protocols only, on step 1: SHA-256 of the markdown file they were minted from. */
  sourceHash?: string;
  /** Why the current version was written (absent: version 1 of a mint or seed); archived with it. */
  change?: VersionChange;
  /** UTF-8 bytes of `text`, written with it (src/store/stored-size.ts); absent on memories written before 0.3 until the start-up backfill. */
  sizeBytes?: number;
  /** What the text index reads (src/store/indexed-text.ts); left out of every read. */
  indexedText?: IndexedText;
}

export interface ChainKey {
  space: string;
  chainId: string;
}

export interface MemoryListFilter {
  spaces: string[];
  category?: MemoryCategory;
  chainId?: string;
  tag?: string;
}

export interface SpaceSummary {
  space: string;
  memoryCount: number;
  protocols: { uri: string; chainId: string; label: string; slug: string; stepCount: number }[];
}

/** One field change of `updateMemories`, applied only if the memory is still at `expectedVersion`. */
export interface MemoryPatch {
  id: string;
  expectedVersion: number;
  set: Partial<Pick<MemoryRecord, 'text' | 'label' | 'tags' | 'challenge'>>;
  change: VersionChange;
  updatedAt: Date;
  updatedBy: string;
  /** The memory as read at `expectedVersion`: with it, listeners are told the edit as written and need not read it back. */
  read?: MemoryRecord;
}

/** One memory a patch wrote, as it now stands, and what changed in it. */
export interface MemoryEdit {
  memory: MemoryRecord;
  fields: VersionedField[];
}

/** What one committed write touched: whole chains, single memories by id (their chain may be gone), and edits as written. */
export interface MemoryWrite {
  chains: ChainKey[];
  memoryIds: string[];
  edits: MemoryEdit[];
}

/**
 * Told after every committed write of protocol steps, before the write answers (the search
 * index keeps its vectors in step this way). A listener must not throw: the write is done.
 */
export type MemoryWriteListener = (write: MemoryWrite) => Promise<void>;

export function chainKeyString(key: ChainKey): string {
  return `${key.space}\u0000${key.chainId}`;
}

/** The `memories` collection for protocol steps and their indexes (project documents: project-memory-store.ts; search: search-store.ts; quality counters: usage-store.ts). */
export class MemoryStore {
  readonly collection: Collection<MemoryRecord>;
  private readonly writeListeners: MemoryWriteListener[] = [];
  /** The writes of each open transaction, told to the listeners once it commits. */
  private readonly transactionWrites = new WeakMap<ClientSession, MemoryWrite>();

  constructor(
    db: Db,
    private readonly client: MongoClient,
  ) {
    this.collection = db.collection<MemoryRecord>('memories');
  }

  onWrite(listener: MemoryWriteListener): void {
    this.writeListeners.push(listener);
  }

  /** Inside a transaction: remembered until it commits; outside one: told now. */
  private async wrote(
    session: ClientSession | undefined,
    chains: readonly ChainKey[],
    memoryIds: readonly string[] = [],
    edits: readonly MemoryEdit[] = [],
  ): Promise<void> {
    const pending = session ? this.transactionWrites.get(session) : undefined;
    if (pending) {
      pending.chains.push(...chains);
      pending.memoryIds.push(...memoryIds);
      pending.edits.push(...edits);
      return;
    }
    await this.tell({ chains: [...chains], memoryIds: [...memoryIds], edits: [...edits] });
  }

  private async tell(write: MemoryWrite): Promise<void> {
    if (write.chains.length === 0 && write.memoryIds.length === 0 && write.edits.length === 0) return;
    const chains = new Map(write.chains.map((key) => [chainKeyString(key), key]));
    const deduplicated = { chains: [...chains.values()], memoryIds: [...new Set(write.memoryIds)], edits: write.edits };
    for (const listener of this.writeListeners) await listener(deduplicated);
  }

  async ensureIndexes(): Promise<void> {
    await this.dropSupersededTextIndexes();
    const headOnly = { 'chain.stepIndex': 1 };
    await this.collection.createIndexes([
      // Navigation inside a chain, and whole-chain loads for Protocol.steps.
      { key: { space: 1, 'chain.chainId': 1, 'chain.stepIndex': 1 }, name: 'chain_steps' },
      // Titles and slugs are unique per space; only heads carry the constraint.
      { key: { space: 1, 'chain.titleKey': 1 }, name: 'unique_title_per_space', unique: true, partialFilterExpression: headOnly },
      { key: { space: 1, 'chain.slug': 1 }, name: 'unique_slug_per_space', unique: true, partialFilterExpression: headOnly },
      // The `memories` connection: keyset pagination in creation order.
      { key: { space: 1, createdAt: 1, _id: 1 }, name: 'space_created' },
      { key: { space: 1, tags: 1 }, name: 'space_tags' },
      // Project-memory documents: one per path and space.
      { key: { space: 1, path: 1 }, name: 'unique_path_per_space', unique: true, partialFilterExpression: { path: { $exists: true } } },
      // The one text index a collection may have, shared by memoryContext and protocol search
      // (src/search/search-scoring.ts explains how these weights become scores). It reads the
      // normalised copy, never the raw text: src/store/indexed-text.ts says why.
      {
        key: { 'indexedText.title': 'text', 'indexedText.triggers': 'text', 'indexedText.label': 'text', 'indexedText.text': 'text' },
        name: 'memory_text_v3',
        weights: { 'indexedText.title': 10, 'indexedText.triggers': 5, 'indexedText.label': 3, 'indexedText.text': 1 },
      },
    ]);
  }

  /**
   * The text indexes of earlier versions (a second text index is refused): `memory_text` (label
   * and text, before protocol search) and `memory_text_v2` (the raw fields, before 0.3). Their
   * copies are backfilled at start (src/migrations/indexed-text.ts).
   */
  private async dropSupersededTextIndexes(): Promise<void> {
    for (const name of ['memory_text', 'memory_text_v2']) {
      try {
        await this.collection.dropIndex(name);
      } catch (error) {
        const missing = error instanceof MongoServerError && (error.codeName === 'IndexNotFound' || error.codeName === 'NamespaceNotFound');
        if (!missing) throw error;
      }
    }
  }

  async withTransaction<T>(work: (session: ClientSession) => Promise<T>): Promise<T> {
    const session = this.client.startSession();
    const writes: MemoryWrite = { chains: [], memoryIds: [], edits: [] };
    this.transactionWrites.set(session, writes);
    try {
      const result = await translateDuplicateKey(() => session.withTransaction(work));
      this.transactionWrites.delete(session);
      await this.tell(writes);
      return result;
    } finally {
      this.transactionWrites.delete(session);
      await session.endSession();
    }
  }

  async findByIds(ids: readonly string[], spaces: readonly string[], session?: ClientSession): Promise<MemoryRecord[]> {
    if (ids.length === 0) return [];
    // One batch for all of them: a getMore per 101 documents is a round trip each.
    return this.collection
      .find({ _id: { $in: [...ids] }, space: { $in: [...spaces] } }, { session, projection: WITHOUT_INDEXED_TEXT, batchSize: ids.length })
      .toArray();
  }

  /** All steps of the given chains, in step order, in one query. */
  async findChainSteps(keys: readonly ChainKey[], session?: ClientSession): Promise<MemoryRecord[]> {
    if (keys.length === 0) return [];
    const filter: Filter<MemoryRecord> =
      keys.length === 1
        ? { space: keys[0]!.space, 'chain.chainId': keys[0]!.chainId }
        : { $or: keys.map((key) => ({ space: key.space, 'chain.chainId': key.chainId })) };
    return this.collection.find(filter, { session, sort: { 'chain.stepIndex': 1 }, projection: WITHOUT_INDEXED_TEXT }).toArray();
  }

  async findHeadByTitleKey(space: string, titleKey: string, session?: ClientSession): Promise<MemoryRecord | null> {
    return this.collection.findOne(
      { space, 'chain.titleKey': titleKey, 'chain.stepIndex': 1 },
      { session, projection: WITHOUT_INDEXED_TEXT },
    );
  }

  async findHeadsBySlugs(spaces: readonly string[], slugs: readonly string[], session?: ClientSession): Promise<MemoryRecord[]> {
    if (slugs.length === 0) return [];
    return this.collection
      .find(
        { space: { $in: [...spaces] }, 'chain.slug': { $in: [...slugs] }, 'chain.stepIndex': 1 },
        { session, projection: WITHOUT_INDEXED_TEXT },
      )
      .toArray();
  }

  /** Step 1 of each given chain (KAIROS 4 adapter ids are chain ids). */
  async findHeadsByChainIds(spaces: readonly string[], chainIds: readonly string[], session?: ClientSession): Promise<MemoryRecord[]> {
    if (chainIds.length === 0) return [];
    return this.collection
      .find(
        { space: { $in: [...spaces] }, 'chain.chainId': { $in: [...chainIds] }, 'chain.stepIndex': 1 },
        { session, projection: WITHOUT_INDEXED_TEXT },
      )
      .toArray();
  }

  async insertMany(records: MemoryRecord[], session?: ClientSession): Promise<void> {
    await this.collection.insertMany(records.map(memoryDocument), { session });
    await this.wrote(session, chainKeysOf(records));
  }

  /** Deletes every step of a chain and returns them as they were (for their tombstones). */
  async deleteChain(key: ChainKey, session?: ClientSession): Promise<MemoryRecord[]> {
    const steps = await this.findChainSteps([key], session);
    await this.collection.deleteMany({ space: key.space, 'chain.chainId': key.chainId }, { session });
    await this.wrote(session, [key]);
    return steps;
  }

  /**
   * Applies all patches in one unordered bulk write and returns the ids that were written.
   * A patch whose memory changed since it was read (version moved on) is not applied.
   */
  async applyPatches(patches: readonly MemoryPatch[], writeId: string, session?: ClientSession): Promise<Set<string>> {
    if (patches.length === 0) return new Set();
    const operations: AnyBulkWriteOperation<MemoryRecord>[] = patches.map((patch) => ({
      updateOne: {
        filter: { _id: patch.id, version: patch.expectedVersion },
        update: {
          $set: {
            ...withTextSize(patch.set),
            ...indexedTextSet(patch.set),
            change: patch.change,
            updatedAt: patch.updatedAt,
            updatedBy: patch.updatedBy,
            writeId,
          },
          $inc: { version: 1 },
        },
      },
    }));
    const result = await this.collection.bulkWrite(operations, { ordered: false, session });
    const ids = patches.map((patch) => patch.id);
    // Counts do not say which filters missed; the write id marks the documents this call wrote.
    const written =
      result.matchedCount === patches.length
        ? new Set(ids)
        : new Set(
            (
              await this.collection
                .find({ _id: { $in: ids }, writeId }, { projection: { _id: 1 }, session, batchSize: ids.length })
                .toArray()
            ).map((doc) => doc._id),
          );
    const edits: MemoryEdit[] = [];
    const unread: string[] = [];
    for (const patch of patches) {
      if (!written.has(patch.id)) continue;
      if (!patch.read) unread.push(patch.id);
      else
        edits.push({
          memory: {
            ...patch.read,
            ...patch.set,
            change: patch.change,
            updatedAt: patch.updatedAt,
            updatedBy: patch.updatedBy,
            version: patch.expectedVersion + 1,
            writeId,
          },
          fields: patch.change.fields,
        });
    }
    await this.wrote(session, [], unread, edits);
    return written;
  }

  /**
   * Writes one memory's fields back only if it is still at `expectedVersion` (restore); returns
   * the record as written, or null when another write got there first.
   */
  async replaceContent(
    id: string,
    expectedVersion: number,
    set: Partial<Pick<MemoryRecord, 'text' | 'label' | 'tags' | 'challenge'>>,
    change: VersionChange,
    updatedAt: Date,
    updatedBy: string,
    session: ClientSession,
  ): Promise<MemoryRecord | null> {
    const record = await this.collection.findOneAndUpdate(
      { _id: id, version: expectedVersion },
      { $set: { ...withTextSize(set), ...indexedTextSet(set), change, updatedAt, updatedBy }, $inc: { version: 1 } },
      { session, returnDocument: 'after', projection: WITHOUT_INDEXED_TEXT },
    );
    await this.wrote(session, [], [id]);
    return record;
  }

  /**
   * Moves every step of a chain to another space (KAIROS 4 `tune` with `space`), inside the
   * caller's transaction; returns how many steps moved. Ids and URIs stay; each step gets a version.
   */
  async moveChain(
    key: ChainKey,
    target: string,
    change: VersionChange,
    updatedAt: Date,
    updatedBy: string,
    session: ClientSession,
  ): Promise<number> {
    const result = await this.collection.updateMany(
      { space: key.space, 'chain.chainId': key.chainId },
      { $set: { space: target, change, updatedAt, updatedBy }, $inc: { version: 1 } },
      { session },
    );
    await this.wrote(session, [key, { space: target, chainId: key.chainId }]);
    return result.modifiedCount;
  }

  /** Puts deleted memories back (restore), inside the caller's transaction. */
  async reinsert(records: MemoryRecord[], session: ClientSession): Promise<void> {
    await translateDuplicateKey(() => this.collection.insertMany(records.map(memoryDocument), { session }));
    await this.wrote(
      session,
      chainKeysOf(records),
      records.map((record) => record._id),
    );
  }

  async deleteByIds(ids: readonly string[], session: ClientSession): Promise<void> {
    await this.collection.deleteMany({ _id: { $in: [...ids] } }, { session });
    await this.wrote(session, [], ids);
  }

  /**
   * Renumbers the remaining steps 1..n in their current order and fixes every step's
   * stepCount. Updates run in ascending order so a step only ever moves into a free index.
   */
  async renumberChain(
    key: ChainKey,
    reason: VersionChange['reason'],
    updatedAt: Date,
    updatedBy: string,
    session: ClientSession,
  ): Promise<MemoryRecord[]> {
    const remaining = await this.findChainSteps([key], session);
    return this.placeSteps(remaining, reason, updatedAt, updatedBy, session);
  }

  /**
   * Gives `steps` the positions 1..n in the order given, writing only the steps whose position
   * changes; returns those steps as they were before. Ascending order so a step only ever moves
   * into a free index (callers inserting a step at the head write it after this).
   */
  async placeSteps(
    steps: readonly MemoryRecord[],
    reason: VersionChange['reason'],
    updatedAt: Date,
    updatedBy: string,
    session: ClientSession,
  ): Promise<MemoryRecord[]> {
    const stepCount = steps.length;
    const moved = steps.filter((step, position) => step.chain!.stepIndex !== position + 1 || step.chain!.stepCount !== stepCount);
    if (moved.length === 0) return [];
    const change: VersionChange = { reason, proposalId: null, fields: ['CHAIN_POSITION'] };
    const operations: AnyBulkWriteOperation<MemoryRecord>[] = moved.map((step) => ({
      updateOne: {
        filter: { _id: step._id },
        update: {
          $set: { 'chain.stepIndex': steps.indexOf(step) + 1, 'chain.stepCount': stepCount, change, updatedAt, updatedBy },
          $inc: { version: 1 },
        },
      },
    }));
    await this.collection.bulkWrite(operations, { ordered: true, session });
    await this.wrote(session, chainKeysOf(moved));
    return moved;
  }

  async listPage(filter: MemoryListFilter, after: PagePosition | null, limit: number): Promise<MemoryRecord[]> {
    const query: Filter<MemoryRecord> = { ...this.listFilter(filter) };
    if (after) {
      query.$or = [{ createdAt: { $gt: after.at } }, { createdAt: after.at, _id: { $gt: after.id } }];
    }
    return this.collection.find(query, { sort: { createdAt: 1, _id: 1 }, limit, projection: WITHOUT_INDEXED_TEXT }).toArray();
  }

  async count(filter: MemoryListFilter): Promise<number> {
    return this.collection.countDocuments(this.listFilter(filter));
  }

  /** Per space: how many memories, and every protocol head (title, slug, step count). */
  async spaceSummaries(spaces: readonly string[]): Promise<SpaceSummary[]> {
    const [counts, heads] = await Promise.all([
      this.collection
        .aggregate<{ _id: string; memoryCount: number }>([
          { $match: { space: { $in: [...spaces] } } },
          { $group: { _id: '$space', memoryCount: { $sum: 1 } } },
        ])
        .toArray(),
      this.collection
        .find(
          { space: { $in: [...spaces] }, 'chain.stepIndex': 1 },
          { projection: { space: 1, uri: 1, chain: 1 }, sort: { 'chain.label': 1 } },
        )
        .toArray(),
    ]);
    const countBySpace = new Map(counts.map((entry) => [entry._id, entry.memoryCount]));
    return spaces.map((space) => ({
      space,
      memoryCount: countBySpace.get(space) ?? 0,
      protocols: heads
        .filter((head) => head.space === space)
        .map((head) => ({
          uri: head.uri,
          chainId: head.chain!.chainId,
          label: head.chain!.label,
          slug: head.chain!.slug,
          stepCount: head.chain!.stepCount,
        })),
    }));
  }

  private listFilter(filter: MemoryListFilter): Filter<MemoryRecord> {
    const query: Filter<MemoryRecord> = { space: { $in: filter.spaces } };
    if (filter.category) query.category = filter.category;
    if (filter.chainId) query['chain.chainId'] = filter.chainId;
    if (filter.tag) query.tags = filter.tag;
    return query;
  }
}

/** A memory as every insert stores it: with its text size and the text index's copy. */
export function memoryDocument(record: MemoryRecord): MemoryRecord {
  return withIndexedText(withTextSize(record));
}

function chainKeysOf(records: readonly MemoryRecord[]): ChainKey[] {
  return records.flatMap((record) => (record.chain ? [{ space: record.space, chainId: record.chain.chainId }] : []));
}
