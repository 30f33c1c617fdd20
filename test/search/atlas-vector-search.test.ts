/**
 * The Atlas `$vectorSearch` path, as far as it can be checked without Atlas: the index
 * definition and the pipeline the store sends, how its answers become protocol hits, how an index
 * listing is read, and the choice of path. Detection and fallback on the local engine are tested
 * in test/scale/search-sync.test.ts; nothing here has run against a real Atlas.
 */
import { describe, expect, it } from 'vitest';
import {
  AtlasVectorSearch,
  nearestChainsOf,
  VECTOR_SEARCH_INDEX_NAME,
  vectorIndexStatus,
  vectorSearchIndexDescription,
  vectorSearchPipeline,
} from '../../src/store/atlas-vector-search.js';
import { AtlasVectorSource, detectVectorSearch } from '../../src/search/indexes/atlas-vector-source.js';
import { useTestDatabase } from '../support/database.js';

const { db } = useTestDatabase();

describe('Atlas vector search definitions', () => {
  it('defines a cosine vector index over the BSON vectors, filterable by space and model', () => {
    expect(vectorSearchIndexDescription(384)).toEqual({
      name: VECTOR_SEARCH_INDEX_NAME,
      type: 'vectorSearch',
      definition: {
        fields: [
          { type: 'vector', path: 'embedding', numDimensions: 384, similarity: 'cosine' },
          { type: 'filter', path: 'space' },
          { type: 'filter', path: 'model' },
        ],
      },
    });
  });

  it('asks one space and one model, with enough step hits and candidates for the protocols wanted', () => {
    const [stage, project] = vectorSearchPipeline(Float32Array.from([0.5, -0.25]), 'user:ana', 'builtin/wink-100d', 40);
    expect(stage).toEqual({
      $vectorSearch: {
        index: VECTOR_SEARCH_INDEX_NAME,
        path: 'embedding',
        queryVector: [0.5, -0.25],
        numCandidates: 2400,
        limit: 160,
        filter: { $and: [{ space: { $eq: 'user:ana' } }, { model: { $eq: 'builtin/wink-100d' } }] },
      },
    });
    expect(project).toEqual({ $project: { _id: 1, chainId: 1, score: { $meta: 'vectorSearchScore' } } });
    // Atlas caps numCandidates at 10,000.
    const huge = vectorSearchPipeline(Float32Array.from([1]), 's', 'm', 5_000)[0] as {
      $vectorSearch: { numCandidates: number; limit: number };
    };
    expect(huge.$vectorSearch).toMatchObject({ numCandidates: 10_000, limit: 10_000 });
  });

  it('keeps the best step per protocol, turns Atlas scores back into cosines, best first', () => {
    const hits = nearestChainsOf(
      [
        { _id: 'm1', chainId: 'c1', score: 0.9 },
        { _id: 'm2', chainId: 'c2', score: 0.95 },
        { _id: 'm3', chainId: 'c1', score: 0.99 },
        { _id: 'm4', chainId: 'c3', score: 0.5 },
      ],
      'team',
      2,
    );
    expect(hits.map((hit) => [hit.chainId, hit.memoryId, hit.space])).toEqual([
      ['c1', 'm3', 'team'],
      ['c2', 'm2', 'team'],
    ]);
    expect(hits[0]!.similarity).toBeCloseTo(0.98);
  });

  it('reads an index listing: missing, built for other dimensions, building, queryable', () => {
    const entry = (numDimensions: number, queryable: boolean) => ({
      name: VECTOR_SEARCH_INDEX_NAME,
      queryable,
      latestDefinition: vectorSearchIndexDescription(numDimensions).definition,
    });
    expect(vectorIndexStatus([], 100)).toBe('MISSING');
    expect(vectorIndexStatus([{ name: 'other', queryable: true }], 100)).toBe('MISSING');
    expect(vectorIndexStatus([entry(384, true)], 100)).toBe('OTHER_DIMENSIONS');
    expect(vectorIndexStatus([entry(100, false)], 100)).toBe('BUILDING');
    expect(vectorIndexStatus([entry(100, true)], 100)).toBe('QUERYABLE');
  });
});

describe('choosing the vector search path', () => {
  const listing = (works: boolean) => ({
    asked: 0,
    async listIndexes() {
      this.asked++;
      if (!works) throw new Error('$listSearchIndexes stage is not enabled');
      return [];
    },
  });

  it('local never asks the deployment', async () => {
    const store = listing(true);
    expect(await detectVectorSearch('local', store)).toMatchObject({ mode: 'LOCAL' });
    expect(store.asked).toBe(0);
  });

  it('auto and atlas use Atlas where search indexes are listed, else stay local and say why', async () => {
    for (const setting of ['auto', 'atlas'] as const) {
      expect(await detectVectorSearch(setting, listing(true))).toMatchObject({ mode: 'ATLAS' });
      const without = await detectVectorSearch(setting, listing(false));
      expect(without.mode).toBe('LOCAL');
      expect(without.reason).toContain('not enabled');
    }
  });
});

describe('the Atlas vector source when a query fails', () => {
  it('stops answering (ready false) after a failed $vectorSearch, so searches do not each wait on it', async () => {
    // The local engine has no $vectorSearch: a real failure. Atlas is taken to have said the index was queryable.
    const atlas = new AtlasVectorSearch(db);
    const source = new AtlasVectorSource(
      {
        listIndexes: () => atlas.listIndexes(),
        ensureIndex: async () => 'QUERYABLE',
        queryable: (dimensions) => atlas.queryable(dimensions),
        nearest: (...args) => atlas.nearest(...args),
        fillSearchVectors: async () => 0,
      },
      2,
      { warn: () => {}, info: () => {} },
    );
    await source.start('builtin/test');
    expect(source.ready).toBe(true);
    await expect(source.nearest(Float32Array.from([1, 0]), ['personal'], 5, 'builtin/test')).rejects.toThrow();
    expect(source.ready).toBe(false);
    source.stop();
  });
});
