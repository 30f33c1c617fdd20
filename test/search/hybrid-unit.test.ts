/** Pure parts of hybrid search: fusion, the exact vector index, the word-vector file, the progress bar. */
import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { progressBar } from '../../src/cli/reindex.js';
import { normalise } from '../../src/search/embeddings/provider.js';
import { convertWinkJson, decodeWordVectors } from '../../src/search/embeddings/word-vector-file.js';
import { DENSE_CALIBRATION, denseRelevance, hybridScore } from '../../src/search/hybrid-scoring.js';
import { SpaceVectorIndex, annMinVectorsFor } from '../../src/search/vector-index.js';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

describe('hybridScore', () => {
  it('is never below either part, reaches 1 only when one part does, and keeps the attest boost', () => {
    expect(hybridScore({ lexical: 0.4, dense: 0.5, attestBoost: 0 })).toBe(0.7);
    expect(hybridScore({ lexical: 0.4, dense: 0, attestBoost: 0 })).toBe(0.4);
    expect(hybridScore({ lexical: 0, dense: 0.45, attestBoost: 0.08 })).toBe(0.53);
    expect(hybridScore({ lexical: 1, dense: 0.2, attestBoost: 0.08 })).toBe(1);
    expect(hybridScore({ lexical: 0.99, dense: 0.99, attestBoost: 0 })).toBeLessThan(1);
  });

  it('maps a sentence-model cosine linearly between its floor and ceiling', () => {
    const calibration = DENSE_CALIBRATION.openai;
    expect(denseRelevance(calibration.floor - 0.1, calibration)).toBe(0);
    expect(denseRelevance(calibration.ceil + 0.1, calibration)).toBe(calibration.weight);
    expect(denseRelevance((calibration.floor + calibration.ceil) / 2, calibration)).toBeCloseTo(calibration.weight / 2, 6);
  });
});

describe('SpaceVectorIndex (exact)', () => {
  const unit = (...values: number[]) => normalise(Float32Array.from(values));
  it('keeps the best step per protocol, follows upserts and removals', () => {
    const index = new SpaceVectorIndex(2);
    index.upsert('a1', 'A', unit(1, 0));
    index.upsert('a2', 'A', unit(0.6, 0.8));
    index.upsert('b1', 'B', unit(0, 1));
    expect(index.search(unit(1, 0), 5).map((hit) => [hit.chainId, hit.memoryId])).toEqual([
      ['A', 'a1'],
      ['B', 'b1'],
    ]);
    index.remove('a1');
    expect(index.search(unit(1, 0), 5)[0]).toMatchObject({ chainId: 'A', memoryId: 'a2' });
    index.upsert('b1', 'B', unit(1, 0));
    expect(index.search(unit(1, 0), 1)[0]).toMatchObject({ chainId: 'B', similarity: expect.closeTo(1, 5) });
    expect(index.memoriesOfChain('A')).toEqual(['a2']);
    expect(index.size).toBe(2);
    expect(() => index.upsert('c', 'C', unit(1, 0, 0))).toThrow(/3 dimensions, the index 2/);
  });

  it('reads the whole matrix once when steps of a few protocols crowd out the ones wanted', () => {
    const usearch = createRequire(import.meta.url)('usearch') as { exactSearch: (...args: unknown[]) => unknown };
    const exactSearch = vi.spyOn(usearch, 'exactSearch');
    try {
      const index = new SpaceVectorIndex(4);
      // 600 steps of one protocol nearest the query, then 9 protocols of one step each, farther away.
      for (let i = 0; i < 600; i++) index.upsert(`near${i}`, 'NEAR', unit(1, 0.001 * (i % 7), 0, 0));
      for (let i = 0; i < 9; i++) index.upsert(`far${i}`, `FAR${i}`, unit(1, 0.1 * (i + 1), 0.5, 0));
      const hits = index.search(unit(1, 0, 0, 0), 5);
      expect(hits.map((hit) => hit.chainId)).toEqual(['NEAR', 'FAR0', 'FAR1', 'FAR2', 'FAR3']);
      expect(hits[0]!.similarity).toBeCloseTo(1, 5);
      expect(exactSearch).toHaveBeenCalledTimes(1);
    } finally {
      exactSearch.mockRestore();
    }
  });

  it('switches to the graph by the size of the matrix: steps times dimensions', () => {
    expect(annMinVectorsFor(100)).toBe(1_000_000);
    expect(annMinVectorsFor(1536)).toBe(65_105);
    expect(annMinVectorsFor(1536) * 1536).toBeLessThan(annMinVectorsFor(100) * 100 + 1536);
  });

  it('answers from the HNSW graph above its threshold, with the same best protocol', () => {
    const index = new SpaceVectorIndex(8, 100);
    for (let i = 0; i < 300; i++)
      index.upsert(`m${i}`, `c${i % 50}`, normalise(Float32Array.from({ length: 8 }, (_, d) => Math.sin(i * 7 + d * 3))));
    expect(index.usesAnn).toBe(true);
    const query = normalise(Float32Array.from({ length: 8 }, (_, d) => Math.sin(42 * 7 + d * 3)));
    expect(index.search(query, 3)[0]).toMatchObject({ chainId: 'c42', memoryId: 'm42' });
  });
});

describe('the word-vector file', () => {
  it('converts the package JSON layout to int8 rows in frequency order, keeping only plain words', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kwv-'));
    const json = JSON.stringify({
      precision: 8,
      words: ['the', 'Cat', 'disk'],
      vectors: { the: [0.5, -1, 1.118, 0], Cat: [1, 1, 1.41, 1], disk: [0.25, 0.5, 0.559, 2] },
      unkVector: [0, 0],
    });
    const file = path.join(dir, 'vectors.json');
    await writeFile(file, json);
    const words = decodeWordVectors(await convertWinkJson(file, 10));
    expect(words.dimensions).toBe(2);
    expect([...words.rows.keys()]).toEqual(['the', 'disk']);
    expect(words.quantised[0]! * words.scales[0]!).toBeCloseTo(0.5, 2);
    expect(words.quantised[1]! * words.scales[0]!).toBeCloseTo(-1, 2);
    expect(() => decodeWordVectors(Buffer.from('nope'))).toThrow(/bad magic/);
  });
});

describe('progressBar', () => {
  it('draws the share done', () => {
    expect(progressBar(0, 10)).toBe(`[${'-'.repeat(30)}]   0% 0/10 steps`);
    expect(progressBar(5, 10)).toBe(`[${'#'.repeat(15)}${'-'.repeat(15)}]  50% 5/10 steps`);
    expect(progressBar(0, 0)).toBe(`[${'#'.repeat(30)}] 100% 0/0 steps`);
  });
});
