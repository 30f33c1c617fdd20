import { withTextSize } from './stored-size.js';
import { indexedTextSet, withIndexedText, WITHOUT_INDEXED_TEXT } from './indexed-text.js';
import { randomUUID } from 'node:crypto';
import type { ClientSession, Collection, Filter } from 'mongodb';
import { MEMORY_SCHEMA_CONFIG_PATH } from '../proposals/intent-policy.js';
import { documentTitle } from '../proposals/markdown-sections.js';
import type { DocumentChange, DocumentSnapshot } from '../proposals/proposal-pipeline.js';
import type { ProjectCategory } from '../proposals/proposal-types.js';
import { changedFields, type MemoryHistoryStore, type VersionChange } from './memory-history-store.js';
import type { MemoryRecord, MemoryStore } from './memory-store.js';
import { isDuplicateKey } from './store-errors.js';
import { memoryUri } from '../model/kairos-uri.js';

/** A project-memory document about to be written: created when `expectedVersion` is null. */
export interface DocumentWrite {
  path: string;
  category: ProjectCategory;
  label: string;
  text: string;
  /** The version read before planning; the write only lands if the document is still there. */
  expectedVersion: number | null;
}

/** The documents a proposal reads, by path (null: absent), plus the schema config document. */
export interface DocumentsSnapshot {
  records: Map<string, MemoryRecord>;
  texts: DocumentSnapshot;
}

/** The writes a plan makes, each conditional on the version the snapshot read. */
export function documentWrites(changes: readonly DocumentChange[], snapshot: DocumentsSnapshot): DocumentWrite[] {
  return changes.map((change) => ({
    path: change.path,
    category: change.category,
    label: (change.path.endsWith('.md') ? documentTitle(change.after) : null) ?? change.path,
    text: change.after,
    expectedVersion: snapshot.records.get(change.path)?.version ?? null,
  }));
}

/** A document moved on between read and write: the caller re-reads and tries again. */
export class ConcurrentDocumentWriteError extends Error {
  constructor(readonly path: string) {
    super(`Document ${path} was changed by another write`);
    this.name = 'ConcurrentDocumentWriteError';
  }
}

export interface SearchHit {
  record: MemoryRecord;
  score: number;
}

/**
 * Project-memory documents (`decisions.md`, `modules/auth.md`…): memories with a `path`, in the
 * same `memories` collection as protocol steps. Every MongoDB call on them lives here; the
 * indexes (`unique_path_per_space`, `memory_text_v3`) are created by MemoryStore.
 */
export class ProjectMemoryStore {
  private readonly collection: Collection<MemoryRecord>;

  constructor(
    private readonly memories: MemoryStore,
    private readonly history: MemoryHistoryStore,
  ) {
    this.collection = memories.collection;
  }

  withTransaction<T>(work: (session: ClientSession) => Promise<T>): Promise<T> {
    return this.memories.withTransaction(work);
  }

  /** Creates the documents that are missing; existing ones are left alone. Idempotent. */
  async seed(
    space: string,
    documents: readonly { path: string; category: ProjectCategory; title: string }[],
    principalId: string,
    now: Date,
  ): Promise<MemoryRecord[]> {
    const created: MemoryRecord[] = [];
    for (const document of documents) {
      const id = randomUUID();
      const record = newDocumentRecord(
        id,
        space,
        document.path,
        document.category,
        document.title,
        `# ${document.title}\n`,
        principalId,
        now,
      );
      const { _id, path, space: _space, ...rest } = record;
      try {
        const result = await this.collection.updateOne(
          { space, path },
          { $setOnInsert: { _id, ...withIndexedText(withTextSize(rest)) } },
          { upsert: true },
        );
        if (result.upsertedCount === 1) created.push(record);
      } catch (error) {
        // Two first requests in one space race to seed: the unique index keeps one, which is all we want.
        if (!isDuplicateKey(error)) throw error;
      }
    }
    return created;
  }

  async findByPaths(space: string, paths: readonly string[], session?: ClientSession): Promise<MemoryRecord[]> {
    if (paths.length === 0) return [];
    return this.collection.find({ space, path: { $in: [...paths] } }, { session, projection: WITHOUT_INDEXED_TEXT }).toArray();
  }
  /** The documents at `paths` and the schema config document, by path; a missing one reads as null text. */
  async snapshot(space: string, paths: readonly string[], session?: ClientSession): Promise<DocumentsSnapshot> {
    const found = await this.findByPaths(space, [...new Set([...paths, MEMORY_SCHEMA_CONFIG_PATH])], session);
    const records = new Map(found.map((record) => [record.path!, record]));
    const texts = new Map<string, string | null>(paths.map((path) => [path, records.get(path)?.text ?? null]));
    texts.set(MEMORY_SCHEMA_CONFIG_PATH, records.get(MEMORY_SCHEMA_CONFIG_PATH)?.text ?? null);
    return { records, texts: texts as DocumentSnapshot };
  }

  /**
   * Writes every document or none (inside the caller's transaction), keeping each superseded
   * version in history in the same transaction; returns what was written.
   */
  async write(
    space: string,
    writes: readonly DocumentWrite[],
    why: Omit<VersionChange, 'fields'>,
    principalId: string,
    now: Date,
    session: ClientSession,
  ): Promise<{ record: MemoryRecord; created: boolean }[]> {
    const written: { record: MemoryRecord; created: boolean }[] = [];
    const superseded: MemoryRecord[] = [];
    for (const write of writes) {
      if (write.expectedVersion === null) {
        const record = newDocumentRecord(randomUUID(), space, write.path, write.category, write.label, write.text, principalId, now);
        record.change = { ...why, fields: [] };
        try {
          await this.collection.insertOne(withIndexedText(withTextSize(record)), { session });
        } catch (error) {
          if (isDuplicateKey(error)) throw new ConcurrentDocumentWriteError(write.path);
          throw error;
        }
        written.push({ record, created: true });
        continue;
      }
      const before = await this.collection.findOne(
        { space, path: write.path, version: write.expectedVersion },
        { session, projection: WITHOUT_INDEXED_TEXT },
      );
      if (!before) throw new ConcurrentDocumentWriteError(write.path);
      const change: VersionChange = { ...why, fields: changedFields(before, { ...before, text: write.text, label: write.label }) };
      const record = await this.collection.findOneAndUpdate(
        { _id: before._id, version: write.expectedVersion },
        {
          $set: {
            ...withTextSize({ text: write.text }),
            label: write.label,
            ...indexedTextSet({ text: write.text, label: write.label }),
            change,
            updatedAt: now,
            updatedBy: principalId,
          },
          $inc: { version: 1 },
        },
        { session, returnDocument: 'after', projection: WITHOUT_INDEXED_TEXT },
      );
      if (!record) throw new ConcurrentDocumentWriteError(write.path);
      superseded.push(before);
      written.push({ record, created: false });
    }
    await this.history.insert(this.history.archivedVersions(superseded, now), session);
    return written;
  }

  /** Documents matching any word of the query (MongoDB text search), best first. */
  async search(
    spaces: readonly string[],
    query: string,
    categories: readonly ProjectCategory[] | null,
    limit: number,
  ): Promise<SearchHit[]> {
    const filter: Filter<MemoryRecord> = { $text: { $search: query }, space: { $in: [...spaces] }, path: { $exists: true } };
    if (categories) filter.category = { $in: [...categories] };
    // Scores first, then the documents: the local engine reads a `$meta`-only projection as "only
    // _id and score", where MongoDB would return every field.
    const scored = (await this.collection
      .find(filter, { projection: { _id: 1, score: { $meta: 'textScore' } }, sort: { score: { $meta: 'textScore' } }, limit })
      .toArray()) as unknown as { _id: string; score: number }[];
    const records = await this.collection
      .find({ _id: { $in: scored.map((row) => row._id) } }, { projection: WITHOUT_INDEXED_TEXT })
      .toArray();
    const byId = new Map(records.map((record) => [record._id, record]));
    return scored.flatMap((row) => {
      const record = byId.get(row._id);
      return record ? [{ record, score: row.score }] : [];
    });
  }

  async listByCategory(spaces: readonly string[], categories: readonly ProjectCategory[]): Promise<MemoryRecord[]> {
    return this.collection
      .find(
        { space: { $in: [...spaces] }, path: { $exists: true }, category: { $in: [...categories] } },
        { sort: { path: 1 }, projection: WITHOUT_INDEXED_TEXT },
      )
      .toArray();
  }
}

function newDocumentRecord(
  id: string,
  space: string,
  path: string,
  category: ProjectCategory,
  label: string,
  text: string,
  principalId: string,
  now: Date,
): MemoryRecord & { path: string } {
  return {
    _id: id,
    uri: memoryUri(id),
    space,
    path,
    label,
    text,
    tags: [],
    category,
    chain: null,
    challenge: null,
    createdAt: now,
    createdBy: principalId,
    updatedAt: now,
    updatedBy: principalId,
    version: 1,
  };
}
