import { randomUUID } from 'node:crypto';
import { Binary, type Collection, type Db } from 'mongodb';
import type { ChainKey, MemoryRecord } from './memory-store.js';
import type { StepTerms } from '../search/embeddings/provider.js';
import type { LexicalStep } from '../search/lexical-index.js';

/**
 * The time limit of the two whole-collection reads made at start (a scan of every step, or every
 * vector): longer than a request's (KAIROS_DB_MAX_TIME_MS), still bounded.
 */
const STARTUP_SCAN_MAX_TIME_MS = 5 * 60_000;

/**
 * One protocol step's search vector, in a side collection rather than on the memory: a memory's
 * versions are archived whole by the history store, and a vector per version would triple its
 * size; a re-index also rewrites vectors without touching the memory's version.
 */
export interface StepVectorRecord {
  /** The memory id of the step. */
  _id: string;
  space: string;
  chainId: string;
  /** `EmbeddingProvider.modelId` of the model that made it. */
  model: string;
  dimensions: number;
  /** float32, little-endian (an older document holding an array of numbers is still read). */
  vector: Binary;
  /** Built-in provider only: the step's vocabulary rows (int32) then their field weights (float32). */
  terms?: Binary;
  /** The same vector as a BSON vector (subtype 9), for Atlas `$vectorSearch`: written only where it is used (atlas-vector-store.ts). */
  embedding?: Binary;
  updatedAt: Date;
}

/** The model the stored vectors were made with (one document, `_id: 'embeddings'`). */
export interface EmbeddingStateRecord {
  _id: 'embeddings';
  model: string;
  dimensions: number;
  /** False while a re-index with this model is under way. */
  complete: boolean;
  /** Random, set once per database: names its local snapshot of the vectors (src/search/vector-snapshot.ts). */
  instanceId?: string;
  updatedAt: Date;
}

export interface StepVector {
  memoryId: string;
  space: string;
  chainId: string;
  vector: Float32Array;
  terms?: StepTerms;
}

/** The steps search embeds, with only the fields it reads. */
export type EmbeddableStep = Pick<MemoryRecord, '_id' | 'space' | 'label' | 'text' | 'chain'> & Partial<Pick<MemoryRecord, 'uri' | 'tags'>>;

export class VectorStore {
  private readonly vectors: Collection<StepVectorRecord>;
  private readonly state: Collection<EmbeddingStateRecord>;
  private readonly memories: Collection<MemoryRecord>;
  /** Also write each vector as a BSON vector for Atlas `$vectorSearch` (set when that path is on). */
  writeSearchVectors = false;

  constructor(db: Db) {
    this.vectors = db.collection<StepVectorRecord>('memory_vectors');
    this.state = db.collection<EmbeddingStateRecord>('search_state');
    this.memories = db.collection<MemoryRecord>('memories');
  }

  async ensureIndexes(): Promise<void> {
    await this.vectors.createIndexes([
      { key: { space: 1, chainId: 1 }, name: 'vectors_by_chain' },
      { key: { model: 1 }, name: 'vectors_by_model' },
      // The vectors written since a local snapshot was taken (a start reads only those).
      { key: { model: 1, updatedAt: 1 }, name: 'vectors_by_model_updated' },
    ]);
  }

  /** This database's snapshot id (`search_state.instanceId`), set on first ask. */
  async instanceId(): Promise<string> {
    await this.state
      .updateOne({ _id: 'embeddings', instanceId: { $exists: false } }, { $set: { instanceId: randomUUID() } })
      .catch(() => {});
    const state = await this.state.findOne({ _id: 'embeddings' }, { projection: { instanceId: 1 } });
    if (!state?.instanceId) throw new Error('search_state has no instance id');
    return state.instanceId;
  }

  async readState(): Promise<EmbeddingStateRecord | null> {
    return this.state.findOne({ _id: 'embeddings' });
  }

  async writeState(model: string, dimensions: number, complete: boolean): Promise<void> {
    await this.state.updateOne({ _id: 'embeddings' }, { $set: { model, dimensions, complete, updatedAt: new Date() } }, { upsert: true });
  }

  /** Every vector made by `model` (or only those updated after `since`), in batches (the index is rebuilt from them at start). */
  async *vectorsOfModel(model: string, batchSize = 5_000, since?: Date): AsyncGenerator<StepVector[]> {
    const cursor = this.vectors.find(since ? { model, updatedAt: { $gt: since } } : { model }, {
      batchSize,
      maxTimeMS: STARTUP_SCAN_MAX_TIME_MS,
      projection: { _id: 1, space: 1, chainId: 1, vector: 1, terms: 1 },
    });
    let batch: StepVector[] = [];
    for await (const record of cursor) {
      batch.push(toStepVector(record));
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  }

  /** Every protocol step with the fields the lexical index reads, in batches (built at start). */
  async *lexicalSteps(batchSize = 5_000): AsyncGenerator<(LexicalStep & { space: string })[]> {
    const cursor = this.memories.find(
      { category: 'PROTOCOL_STEP' },
      {
        batchSize,
        maxTimeMS: STARTUP_SCAN_MAX_TIME_MS,
        projection: {
          _id: 1,
          space: 1,
          uri: 1,
          tags: 1,
          label: 1,
          text: 1,
          'chain.chainId': 1,
          'chain.label': 1,
          'chain.triggers': 1,
          'chain.stepIndex': 1,
          'chain.slug': 1,
          'chain.protocolVersion': 1,
        },
      },
    );
    let batch: (LexicalStep & { space: string })[] = [];
    for await (const record of cursor) {
      if (!record.chain) continue;
      batch.push({
        memoryId: record._id,
        space: record.space,
        uri: record.uri,
        tags: record.tags ?? [],
        label: record.label ?? '',
        text: record.text ?? '',
        chain: record.chain,
      });
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  }

  async countOfModel(model: string): Promise<number> {
    return this.vectors.countDocuments({ model });
  }

  /** The memory ids of every vector of `model` (a snapshot check when vectors were deleted meanwhile). */
  async idsOfModel(model: string): Promise<Set<string>> {
    const ids = new Set<string>();
    for await (const record of this.vectors.find({ model }, { projection: { _id: 1 }, batchSize: 10_000 })) ids.add(record._id);
    return ids;
  }

  async countProtocolSteps(): Promise<number> {
    return this.memories.countDocuments({ category: 'PROTOCOL_STEP' });
  }

  /** The current steps of the given chains (all spaces' chains in one query). */
  async stepsOfChains(keys: readonly ChainKey[]): Promise<EmbeddableStep[]> {
    if (keys.length === 0) return [];
    return this.memories
      .find(
        { category: 'PROTOCOL_STEP', $or: keys.map((key) => ({ space: key.space, 'chain.chainId': key.chainId })) },
        { projection: STEP_PROJECTION },
      )
      .toArray();
  }

  /** Chains of the given memories, from the memories and from their stored vectors (a deleted memory keeps only the latter). */
  async chainsOfMemories(ids: readonly string[]): Promise<ChainKey[]> {
    if (ids.length === 0) return [];
    const [live, vectors] = await Promise.all([
      this.memories.find({ _id: { $in: [...ids] }, category: 'PROTOCOL_STEP' }, { projection: { space: 1, chain: 1 } }).toArray(),
      this.vectors.find({ _id: { $in: [...ids] } }, { projection: { space: 1, chainId: 1 } }).toArray(),
    ]);
    return [
      ...live.flatMap((memory) => (memory.chain ? [{ space: memory.space, chainId: memory.chain.chainId }] : [])),
      ...vectors.map((vector) => ({ space: vector.space, chainId: vector.chainId })),
    ];
  }

  /** Protocol steps in `_id` order after `afterId`, for re-indexing in pages. */
  async stepsPage(afterId: string | null, limit: number): Promise<EmbeddableStep[]> {
    return this.memories
      .find(
        { category: 'PROTOCOL_STEP', ...(afterId ? { _id: { $gt: afterId } } : {}) },
        { projection: STEP_PROJECTION, sort: { _id: 1 }, limit },
      )
      .toArray();
  }

  /** Steps that have no vector of `model` yet (a start after an upgrade, or after a failed embed). */
  async stepsWithoutVector(model: string, limit: number): Promise<EmbeddableStep[]> {
    return this.memories
      .aggregate<EmbeddableStep>([
        { $match: { category: 'PROTOCOL_STEP' } },
        { $lookup: { from: this.vectors.collectionName, localField: '_id', foreignField: '_id', as: 'stored' } },
        { $match: { $or: [{ stored: { $size: 0 } }, { 'stored.model': { $ne: model } }] } },
        { $limit: limit },
        { $project: STEP_PROJECTION },
      ])
      .toArray();
  }

  /** Makes the stored vectors of `chains` exactly `vectors`: upserts these, deletes the chains' others. */
  async replaceChainVectors(chains: readonly ChainKey[], vectors: readonly StepVector[], model: string): Promise<void> {
    const now = new Date();
    if (vectors.length) {
      await this.vectors.bulkWrite(
        vectors.map((entry) => ({
          replaceOne: {
            filter: { _id: entry.memoryId },
            replacement: this.vectorDocument(entry, model, now),
            upsert: true,
          },
        })),
        { ordered: false },
      );
    }
    if (chains.length) {
      const keep = vectors.map((entry) => entry.memoryId);
      await this.vectors.deleteMany({ $or: chains.map((key) => ({ space: key.space, chainId: key.chainId })), _id: { $nin: keep } });
    }
  }

  /** The stored document of one step's vector, as every write of vectors makes it. */
  vectorDocument(entry: StepVector, model: string, updatedAt: Date): Omit<StepVectorRecord, '_id'> {
    return {
      space: entry.space,
      chainId: entry.chainId,
      model,
      dimensions: entry.vector.length,
      vector: fromFloat32(entry.vector),
      ...(entry.terms ? { terms: encodeTerms(entry.terms) } : {}),
      ...(this.writeSearchVectors ? { embedding: Binary.fromFloat32Array(entry.vector) } : {}),
      updatedAt,
    };
  }

  /** Writes vectors made by a re-index (no deletes: a re-index only ever overwrites). */
  async upsertVectors(vectors: readonly StepVector[], model: string): Promise<void> {
    await this.replaceChainVectors([], vectors, model);
  }

  /** Drops vectors whose memory is gone and vectors of other models (after a re-index). */
  async deleteOrphansAndOtherModels(model: string): Promise<number> {
    const otherModels = await this.vectors.deleteMany({ model: { $ne: model } });
    const orphans = await this.vectors
      .aggregate<{ _id: string }>([
        { $lookup: { from: this.memories.collectionName, localField: '_id', foreignField: '_id', as: 'memory' } },
        { $match: { memory: { $size: 0 } } },
        { $project: { _id: 1 } },
      ])
      .toArray();
    if (orphans.length) await this.vectors.deleteMany({ _id: { $in: orphans.map((orphan) => orphan._id) } });
    return otherModels.deletedCount + orphans.length;
  }

  /** The stored vectors of `model` for the given chains (another process wrote them; this one re-reads them). */
  async vectorsOfChains(keys: readonly ChainKey[], model: string): Promise<StepVector[]> {
    if (keys.length === 0) return [];
    const records = await this.vectors
      .find(
        { model, $or: keys.map((key) => ({ space: key.space, chainId: key.chainId })) },
        { projection: { _id: 1, space: 1, chainId: 1, vector: 1, terms: 1 } },
      )
      .toArray();
    return records.map(toStepVector);
  }

  /** Chain ids of a space: its protocol steps' and its stored vectors' (a re-read after a missed change). */
  async chainIdsOfSpace(space: string): Promise<string[]> {
    const [live, vectors] = await Promise.all([
      this.memories.distinct('chain.chainId', { space, category: 'PROTOCOL_STEP' }),
      this.vectors.distinct('chainId', { space }),
    ]);
    return [...new Set([...live, ...vectors].filter((id): id is string => typeof id === 'string'))];
  }

  /** Spaces that hold vectors (a re-index raises their change stamps). */
  async spacesWithVectors(): Promise<string[]> {
    return (await this.vectors.distinct('space')).filter((space): space is string => typeof space === 'string');
  }
}

function toStepVector(record: Pick<StepVectorRecord, '_id' | 'space' | 'chainId' | 'vector' | 'terms'>): StepVector {
  return {
    memoryId: record._id,
    space: record.space,
    chainId: record.chainId,
    vector: toFloat32(record.vector as Binary | number[]),
    ...(record.terms ? { terms: decodeTerms(record.terms) } : {}),
  };
}

const STEP_PROJECTION = { _id: 1, space: 1, uri: 1, tags: 1, label: 1, text: 1, chain: 1 } as const;

function fromFloat32(vector: Float32Array): Binary {
  return new Binary(Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength));
}

/** float32 bytes; an array of numbers (a document written before vectors were binary) is read too. */
export function toFloat32(vector: Binary | number[]): Float32Array {
  return Array.isArray(vector) ? Float32Array.from(vector) : new Float32Array(copyBytes(vector).buffer);
}

function encodeTerms(terms: StepTerms): Binary {
  const bytes = Buffer.alloc(terms.rows.length * 8);
  Buffer.from(terms.rows.buffer, terms.rows.byteOffset, terms.rows.byteLength).copy(bytes, 0);
  Buffer.from(terms.weights.buffer, terms.weights.byteOffset, terms.weights.byteLength).copy(bytes, terms.rows.length * 4);
  return new Binary(bytes);
}

function decodeTerms(binary: Binary): StepTerms {
  const bytes = copyBytes(binary);
  const count = bytes.length / 8;
  return { rows: new Int32Array(bytes.buffer, 0, count), weights: new Float32Array(bytes.buffer, count * 4, count) };
}

/** An aligned copy (typed arrays need their offset aligned; a driver buffer's may not be). */
function copyBytes(binary: Binary): Uint8Array {
  const copy = new Uint8Array(binary.buffer.length);
  copy.set(binary.buffer);
  return copy;
}
