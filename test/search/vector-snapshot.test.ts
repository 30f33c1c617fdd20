/**
 * The local snapshot of the search vectors at start-up: a start after the first reads the
 * file and then only what the database changed since; a snapshot of another database, a cut or
 * foreign file, or one that disagrees with the database is never what search answers from.
 */
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalise, type EmbeddingProvider } from '../../src/search/embeddings/provider.js';
import { decodeSnapshot, encodeSnapshot, readSnapshot, snapshotPath } from '../../src/search/vector-snapshot.js';
import { SpaceVectorIndex } from '../../src/search/vector-index.js';
import { SemanticIndex } from '../../src/search/indexes/semantic-index.js';
import type { MemoryRecord } from '../../src/store/memory-store.js';
import { VectorStore, type StepVectorRecord } from '../../src/store/vector-store.js';
import { useTestDatabase } from '../support/database.js';

/** Deterministic vectors from letter counts: enough to tell texts apart, no model needed. */
class LetterProvider implements EmbeddingProvider {
  readonly kind = 'openai' as const;
  readonly modelId = 'test:letters-26';
  readonly dimensions = 26;
  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    return texts.map((text) => {
      const vector = new Float32Array(26);
      for (const char of text.toLowerCase()) if (char >= 'a' && char <= 'z') vector[char.charCodeAt(0) - 97]! += 1;
      return normalise(vector);
    });
  }
}

const quiet = { info: () => {}, warn: () => {} };
const { db } = useTestDatabase();

function step(space: string, chainId: string, index: number, label: string, text: string): MemoryRecord {
  const id = `${chainId}-${index}`;
  const now = new Date();
  return {
    _id: id,
    uri: `kairos://mem/${id}`,
    space,
    label,
    text,
    tags: [],
    category: 'PROTOCOL_STEP',
    chain: {
      chainId,
      label: `Protocol ${chainId}`,
      titleKey: `protocol ${chainId}`,
      stepIndex: index,
      stepCount: 2,
      slug: chainId,
      protocolVersion: null,
      triggers: null,
    },
    challenge: null,
    createdAt: now,
    createdBy: 'test',
    updatedAt: now,
    updatedBy: 'test',
    version: 1,
  };
}

async function startIndex(dir: string): Promise<SemanticIndex> {
  const index = new SemanticIndex(new VectorStore(db), new LetterProvider(), quiet, { snapshotDir: dir, snapshotMinVectors: 1 });
  await index.start();
  await index.backfilled;
  await index.lexicalBuilt;
  return index;
}

const nearestIds = async (index: SemanticIndex, text: string) => {
  const [query] = await new LetterProvider().embed([text]);
  return index
    .nearest(query!, ['user:a', 'user:b'], 10)
    .map((hit) => `${hit.space}/${hit.chainId}/${hit.memoryId}/${hit.similarity.toFixed(6)}`);
};

describe('the local snapshot of the search vectors', () => {
  it('is written after the first start, read at the next, and follows what the database changed meanwhile', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kvs-'));
    await db
      .collection<MemoryRecord>('memories')
      .insertMany([
        step('user:a', 'alpha', 1, 'Zebra crossing', 'zzz zebra'),
        step('user:a', 'alpha', 2, 'Quiet', 'qqq quiet'),
        step('user:a', 'bravo', 1, 'Yellow yak', 'yyy yak'),
        step('user:b', 'charlie', 1, 'Xylophone', 'xxx xylophone'),
      ]);
    const first = await startIndex(dir);
    expect(first.vectorSource).toBe('ENGINE');
    expect(first.size).toBe(4);
    await first.close();
    expect((await readdir(dir)).filter((name) => name.endsWith('.kvs'))).toHaveLength(1);

    const second = await startIndex(dir);
    expect(second.vectorSource).toBe('SNAPSHOT');
    expect(second.size).toBe(4);
    expect(await nearestIds(second, 'zebra quiet')).toEqual(await nearestIds(first, 'zebra quiet'));
    await second.close();

    // Another process changes the stored vectors: one deleted, one rewritten with another chain.
    const vectors = db.collection<StepVectorRecord>('memory_vectors');
    await vectors.deleteOne({ _id: 'bravo-1' });
    await db.collection<MemoryRecord>('memories').deleteOne({ _id: 'bravo-1' });
    const store = new VectorStore(db);
    const [moved] = await new LetterProvider().embed(['kkk kangaroo']);
    await store.upsertVectors([{ memoryId: 'charlie-1', space: 'user:b', chainId: 'delta', vector: moved! }], 'test:letters-26');

    const third = new SemanticIndex(store, new LetterProvider(), quiet, { snapshotDir: dir, snapshotMinVectors: 1 });
    await third.start();
    expect(third.vectorSource).toBe('SNAPSHOT');
    expect(third.size).toBe(3);
    const hits = await nearestIds(third, 'kkk kangaroo');
    expect(hits).toContain('user:b/delta/charlie-1/1.000000');
    expect(hits.some((hit) => hit.includes('bravo'))).toBe(false);
    await third.close();
    await third.lexicalBuilt;
  });

  it('is not used for another database, nor when it is cut short', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kvs-'));
    const state = db.collection<{ _id: string; instanceId?: string }>('search_state');
    const before = (await state.findOne({ _id: 'embeddings' }))?.instanceId;
    // This database is now another one as far as snapshots go.
    await state.updateOne({ _id: 'embeddings' }, { $unset: { instanceId: '' } });
    const first = await startIndex(dir);
    const instanceId = (await state.findOne({ _id: 'embeddings' }))!.instanceId!;
    expect(instanceId).not.toBe(before);
    await first.close();

    const file = snapshotPath(dir, instanceId);
    const snapshot = (await readSnapshot(dir, instanceId))!;
    expect(snapshot.header.instanceId).toBe(instanceId);
    await writeFile(file, encodeSnapshot(snapshot).subarray(0, 100));
    const cut = await startIndex(dir);
    expect(cut.vectorSource).toBe('ENGINE');
    await cut.close();
  });
});

describe('the snapshot file', () => {
  it('round-trips every space, vector and word', () => {
    const index = new SpaceVectorIndex(2);
    index.upsert('m1', 'c1', normalise(Float32Array.of(1, 0)), { rows: Int32Array.of(5, 9), weights: Float32Array.of(1, 0.5) });
    index.upsert('m2', 'c1', normalise(Float32Array.of(0, 1)));
    index.upsert('m3', 'c2', normalise(Float32Array.of(1, 1)), { rows: Int32Array.of(7), weights: Float32Array.of(0.8) });
    index.remove('m1');
    const header = { instanceId: 'abc', model: 'm', dimensions: 2, syncedAt: 123 };
    const emptied = new SpaceVectorIndex(2);
    emptied.upsert('gone', 'g', normalise(Float32Array.of(1, 0)));
    emptied.remove('gone');
    const decoded = decodeSnapshot(
      encodeSnapshot({
        header,
        spaces: [
          { space: 'user:empty', rows: emptied.export() },
          { space: 'user:x', rows: index.export() },
        ],
      }),
    );
    expect(decoded.spaces.map((space) => [space.space, space.rows.memoryIds.length])).toEqual([
      ['user:empty', 0],
      ['user:x', 2],
    ]);
    expect(decoded.header).toEqual(header);
    const copy = SpaceVectorIndex.fromRows(2, decoded.spaces[1]!.rows);
    expect(copy.size).toBe(2);
    expect(copy.search(normalise(Float32Array.of(1, 1)), 5)).toEqual(index.search(normalise(Float32Array.of(1, 1)), 5));
    expect(copy.termsOfChain('c2').map((terms) => [...terms.rows])).toEqual([[7]]);
    expect(copy.termsOfChain('c1')).toEqual([]);
  });

  it('refuses a file that is not a snapshot', () => {
    expect(() => decodeSnapshot(Buffer.from('KWV1 not this'))).toThrow(/bad magic/);
  });
});

describe('the words of the steps (one arena per space)', () => {
  it('keeps each step its own words through replacements, removals and compactions', () => {
    const index = new SpaceVectorIndex(2);
    const unit = normalise(Float32Array.of(1, 0));
    const words = (n: number) => ({
      rows: Int32Array.from({ length: 50 }, (_, i) => n * 1000 + i),
      weights: Float32Array.from({ length: 50 }, () => n / 100),
    });
    for (let round = 0; round < 40; round++) {
      for (let step = 0; step < 30; step++) index.upsert(`m${step}`, `c${step % 7}`, unit, words(round * 100 + step));
      index.remove(`m${round % 30}`);
    }
    const copy = SpaceVectorIndex.fromRows(
      2,
      decodeSnapshot(
        encodeSnapshot({
          header: { instanceId: 'x', model: 'm', dimensions: 2, syncedAt: 0 },
          spaces: [{ space: 's', rows: index.export() }],
        }),
      ).spaces[0]!.rows,
    );
    copy.upsert('m1', 'c1', unit, words(7));
    for (const chain of ['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6']) {
      for (const terms of [...index.termsOfChain(chain), ...copy.termsOfChain(chain)]) {
        const n = Math.floor(terms.rows[0]! / 1000);
        expect([...terms.rows]).toEqual(words(n).rows.length ? [...words(n).rows] : []);
        expect(terms.weights[0]).toBeCloseTo(n / 100, 5);
      }
    }
    expect(copy.termsOfChain('c1').some((terms) => terms.rows[0] === 7000)).toBe(true);
  });
});
