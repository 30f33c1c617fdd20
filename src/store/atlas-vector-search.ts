import { Binary, type Collection, type Db, type Document } from 'mongodb';
import { type StepVectorRecord, toFloat32 } from './vector-store.js';

/**
 * MongoDB Atlas Vector Search over the stored step vectors. Where the deployment
 * has search indexes (`listSearchIndexes` answers), the server creates a `vectorSearch` index on
 * `memory_vectors` and nearest-vector candidates come from a `$vectorSearch` stage; until that
 * index is queryable, or if a query fails, they come from the in-process index. Atlas indexes
 * only BSON vectors (binary subtype 9), so each vector is also written as one (`embedding`).
 * Not run against a real Atlas here: the pure builders below are unit-tested, and detection and
 * fallback are tested on the local engine (docs/search.md).
 */

export const VECTOR_SEARCH_INDEX_NAME = 'memory_vectors_semantic';
export const VECTOR_SEARCH_PATH = 'embedding';
/** Step hits asked per protocol wanted (a protocol's steps are near each other). */
const STEP_HITS_PER_CHAIN = 4;
/** Atlas's ceiling on `numCandidates`. */
const MAX_CANDIDATES = 10_000;
/** Candidates scanned per hit asked (Atlas advises 10 to 20). */
const CANDIDATES_PER_HIT = 15;

/** The `createSearchIndex` description: cosine over `embedding`, filterable by space and model. */
export function vectorSearchIndexDescription(dimensions: number): { name: string; type: 'vectorSearch'; definition: Document } {
  return {
    name: VECTOR_SEARCH_INDEX_NAME,
    type: 'vectorSearch',
    definition: {
      fields: [
        { type: 'vector', path: VECTOR_SEARCH_PATH, numDimensions: dimensions, similarity: 'cosine' },
        { type: 'filter', path: 'space' },
        { type: 'filter', path: 'model' },
      ],
    },
  };
}

/** The aggregation that asks one space for the steps nearest `query`, best first, with their cosine score (0..1). */
export function vectorSearchPipeline(query: Float32Array, space: string, model: string, chainLimit: number): Document[] {
  const limit = Math.max(1, Math.min(MAX_CANDIDATES, chainLimit * STEP_HITS_PER_CHAIN));
  return [
    {
      $vectorSearch: {
        index: VECTOR_SEARCH_INDEX_NAME,
        path: VECTOR_SEARCH_PATH,
        queryVector: Array.from(query),
        numCandidates: Math.min(MAX_CANDIDATES, Math.max(100, limit * CANDIDATES_PER_HIT)),
        limit,
        filter: { $and: [{ space: { $eq: space } }, { model: { $eq: model } }] },
      },
    },
    { $project: { _id: 1, chainId: 1, score: { $meta: 'vectorSearchScore' } } },
  ];
}

export interface VectorSearchRow {
  _id: string;
  chainId: string;
  /** Atlas's cosine score, (1 + cosine) / 2. */
  score: number;
}

export interface NearestChain {
  space: string;
  chainId: string;
  memoryId: string;
  /** Cosine similarity (-1..1), as the in-process index answers it. */
  similarity: number;
}

/** The best step per protocol, best protocols first, at most `limit`. */
export function nearestChainsOf(rows: readonly VectorSearchRow[], space: string, limit: number): NearestChain[] {
  const best = new Map<string, NearestChain>();
  for (const row of rows) {
    const similarity = 2 * row.score - 1;
    const held = best.get(row.chainId);
    if (!held || similarity > held.similarity) best.set(row.chainId, { space, chainId: row.chainId, memoryId: row._id, similarity });
  }
  return [...best.values()].sort((a, b) => b.similarity - a.similarity || (a.chainId < b.chainId ? -1 : 1)).slice(0, limit);
}

/** What a `listSearchIndexes` entry says about our index: absent, to be rebuilt for other dimensions, or how far along. */
export function vectorIndexStatus(
  entries: readonly Document[],
  dimensions: number,
): 'MISSING' | 'OTHER_DIMENSIONS' | 'QUERYABLE' | 'BUILDING' {
  const entry = entries.find((candidate) => candidate.name === VECTOR_SEARCH_INDEX_NAME);
  if (!entry) return 'MISSING';
  const definition = (entry.latestDefinition ?? entry.definition) as { fields?: { type?: string; numDimensions?: number }[] } | undefined;
  const vectorField = definition?.fields?.find((field) => field.type === 'vector');
  if (vectorField && vectorField.numDimensions !== dimensions) return 'OTHER_DIMENSIONS';
  return entry.queryable === true ? 'QUERYABLE' : 'BUILDING';
}

export class AtlasVectorSearch {
  private readonly vectors: Collection<StepVectorRecord>;

  constructor(db: Db) {
    this.vectors = db.collection<StepVectorRecord>('memory_vectors');
  }

  /** The search indexes of `memory_vectors`; throws where the deployment has none (a plain mongod, the local engine). */
  async listIndexes(): Promise<Document[]> {
    return this.vectors.listSearchIndexes().toArray();
  }

  /** Creates the vector index, or redefines it for another dimension count; answers its status. */
  async ensureIndex(dimensions: number): Promise<'QUERYABLE' | 'BUILDING'> {
    const status = vectorIndexStatus(await this.listIndexes(), dimensions);
    const description = vectorSearchIndexDescription(dimensions);
    if (status === 'MISSING') await this.vectors.createSearchIndex(description);
    else if (status === 'OTHER_DIMENSIONS') await this.vectors.updateSearchIndex(VECTOR_SEARCH_INDEX_NAME, description.definition);
    return status === 'QUERYABLE' ? status : 'BUILDING';
  }

  async queryable(dimensions: number): Promise<boolean> {
    return vectorIndexStatus(await this.listIndexes(), dimensions) === 'QUERYABLE';
  }

  /** The `limit` nearest protocols per space (best step each). */
  async nearest(query: Float32Array, spaces: readonly string[], limit: number, model: string): Promise<NearestChain[]> {
    const perSpace = await Promise.all(
      spaces.map(async (space) =>
        nearestChainsOf(
          await this.vectors.aggregate<VectorSearchRow>(vectorSearchPipeline(query, space, model, limit)).toArray(),
          space,
          limit,
        ),
      ),
    );
    return perSpace.flat();
  }

  /** Writes the BSON vector of stored vectors that lack one (written before this path was on); answers how many. */
  async fillSearchVectors(model: string, batchSize = 1_000): Promise<number> {
    let filled = 0;
    for (;;) {
      const batch = await this.vectors
        .find({ model, [VECTOR_SEARCH_PATH]: { $exists: false } }, { projection: { _id: 1, vector: 1 }, limit: batchSize })
        .toArray();
      if (batch.length === 0) return filled;
      await this.vectors.bulkWrite(
        batch.map((record) => ({
          updateOne: {
            filter: { _id: record._id },
            update: { $set: { [VECTOR_SEARCH_PATH]: Binary.fromFloat32Array(toFloat32(record.vector)) } },
          },
        })),
        { ordered: false },
      );
      filled += batch.length;
    }
  }
}
