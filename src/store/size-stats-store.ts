import type { AnyBulkWriteOperation, Collection, Db, Document } from 'mongodb';
import { jsonBytes, textBytes, UNKNOWN_SIZE_BYTES } from './stored-size.js';

/** How many documents one backfill batch reads and writes. */
const BACKFILL_BATCH = 200;
/** The most documents one size question sums (a larger `k` is priced by the smallest of them). */
const MAX_SUMMED = 5_000;

const storedSize = { $ifNull: ['$sizeBytes', UNKNOWN_SIZE_BYTES] };

/**
 * Questions about stored sizes, asked before a query runs (src/http/response-budget.ts), and the
 * backfill that gives documents written before sizes were kept their size.
 */
export class SizeStatsStore {
  private readonly memories: Collection<Document>;
  private readonly runs: Collection<Document>;
  private readonly artifacts: Collection<Document>;

  constructor(db: Db) {
    this.memories = db.collection('memories');
    this.runs = db.collection('runs');
    this.artifacts = db.collection('artifacts');
  }

  async ensureIndexes(): Promise<void> {
    await this.memories.createIndex({ space: 1, sizeBytes: -1 }, { name: 'space_size' });
    // The storage quota per principal sums what each one wrote.
    await this.memories.createIndex({ createdBy: 1, sizeBytes: -1 }, { name: 'creator_size' });
    await this.runs.createIndex({ space: 1, sizeBytes: -1 }, { name: 'space_size' });
  }

  /** Upper bound of the bytes of `count` memory texts in these spaces: the sum of the largest. */
  largestMemoryTexts(spaces: readonly string[], count: number): Promise<number> {
    return sumOfLargest(this.memories, { space: { $in: [...spaces] } }, count);
  }

  /** Upper bound of the bytes of `count` run records in these spaces. */
  largestRuns(spaces: readonly string[], count: number): Promise<number> {
    return sumOfLargest(this.runs, { space: { $in: [...spaces] } }, count);
  }

  /** Upper bound of the bytes of `count` attached files (any version, current or history) in these spaces. */
  largestArtifacts(spaces: readonly string[], count: number): Promise<number> {
    return sumOfLargest(this.artifacts, { space: { $in: [...spaces] } }, count, '$size');
  }

  /** The largest protocol in these spaces: the sum of its steps' texts. */
  async largestProtocol(spaces: readonly string[]): Promise<number> {
    const [largest] = await this.memories
      .aggregate<{ total: number }>([
        { $match: { space: { $in: [...spaces] }, 'chain.chainId': { $exists: true } } },
        { $group: { _id: '$chain.chainId', total: { $sum: storedSize } } },
        { $sort: { total: -1 } },
        { $limit: 1 },
      ])
      .toArray();
    return largest?.total ?? 0;
  }

  /**
   * Bytes stored in a space and by a principal (in every space), in one command: memory text, and
   * every stored version of the files attached to adapters (`artifacts`, their `size`: a replaced
   * or deleted version's bytes stay until its history is purged), each version charged to its
   * writer (`writtenBy`). A write's quota check asks both.
   */
  async storedBytes(owner: { space?: string; createdBy?: string }): Promise<{ space: number; createdBy: number }> {
    const branches = [
      ...(owner.space === undefined ? [] : [{ space: owner.space }]),
      ...(owner.createdBy === undefined ? [] : [{ createdBy: owner.createdBy }]),
    ];
    if (branches.length === 0) return { space: 0, createdBy: 0 };
    const fileBranches = [
      ...(owner.space === undefined ? [] : [{ space: owner.space }]),
      ...(owner.createdBy === undefined ? [] : [{ writtenBy: owner.createdBy }]),
    ];
    const sumWhere = (field: string, value: string | undefined) => ({
      $sum: value === undefined ? 0 : { $cond: [{ $eq: [`$${field}`, value] }, storedSize, 0] },
    });
    const [result] = await this.memories
      .aggregate<{ space: number; createdBy: number }>([
        { $match: branches.length === 1 ? branches[0]! : { $or: branches } },
        {
          $unionWith: {
            coll: 'artifacts',
            pipeline: [
              { $match: fileBranches.length === 1 ? fileBranches[0]! : { $or: fileBranches } },
              { $project: { space: 1, createdBy: '$writtenBy', sizeBytes: '$size' } },
            ],
          },
        },
        { $group: { _id: null, space: sumWhere('space', owner.space), createdBy: sumWhere('createdBy', owner.createdBy) } },
      ])
      .toArray();
    return { space: result?.space ?? 0, createdBy: result?.createdBy ?? 0 };
  }

  /** Per chain (`space\u0000chainId`): the stored bytes of its step texts and its step count, summed in the database. */
  async chainSizes(keys: readonly { space: string; chainId: string }[]): Promise<Map<string, { textBytes: number; steps: number }>> {
    const sizes = new Map<string, { textBytes: number; steps: number }>();
    if (keys.length === 0) return sizes;
    const rows = await this.memories
      .aggregate<{ _id: { space: string; chainId: string }; textBytes: number; steps: number }>([
        { $match: { $or: keys.map((key) => ({ space: key.space, 'chain.chainId': key.chainId })) } },
        { $group: { _id: { space: '$space', chainId: '$chain.chainId' }, textBytes: { $sum: storedSize }, steps: { $sum: 1 } } },
      ])
      .toArray();
    for (const row of rows) sizes.set(`${row._id.space}\u0000${row._id.chainId}`, { textBytes: row.textBytes, steps: row.steps });
    return sizes;
  }

  /** Gives memories and runs written before sizes were kept their size; returns how many it wrote. */
  async backfill(): Promise<number> {
    let written = 0;
    written += await backfillCollection(this.memories, { text: 1 }, (doc) => (typeof doc.text === 'string' ? textBytes(doc.text) : 0));
    written += await backfillCollection(this.runs, {}, (doc) => jsonBytes(doc));
    return written;
  }
}

async function sumOfLargest(
  collection: Collection<Document>,
  filter: Document,
  count: number,
  size: Document | string = storedSize,
): Promise<number> {
  if (count <= 0) return 0;
  const summed = Math.min(count, MAX_SUMMED);
  const [result] = await collection
    .aggregate<{ total: number; smallest: number; found: number }>([
      { $match: filter },
      { $project: { size } },
      { $sort: { size: -1 } },
      { $limit: summed },
      { $group: { _id: null, total: { $sum: '$size' }, smallest: { $min: '$size' }, found: { $sum: 1 } } },
    ])
    .toArray();
  if (!result) return 0;
  // Past the summed ones a repeated item (a nested list) can be any of them: price it as the smallest.
  return result.total + (result.found === summed ? (count - summed) * result.smallest : 0);
}

async function backfillCollection(
  collection: Collection<Document>,
  projection: Document,
  sizeOf: (doc: Document) => number,
): Promise<number> {
  let written = 0;
  for (;;) {
    const batch = await collection.find({ sizeBytes: { $exists: false } }, { projection, limit: BACKFILL_BATCH }).toArray();
    if (batch.length === 0) return written;
    const operations: AnyBulkWriteOperation<Document>[] = batch.map((doc) => ({
      updateOne: { filter: { _id: doc._id, sizeBytes: { $exists: false } }, update: { $set: { sizeBytes: sizeOf(doc) } } },
    }));
    await collection.bulkWrite(operations, { ordered: false });
    written += batch.length;
    if (batch.length < BACKFILL_BATCH) return written;
  }
}
