import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/memory-store.js';
import { INDEXED_TEXT_VERSION, withIndexedText } from '../../src/store/indexed-text.js';
import { backfillIndexedText } from '../../src/migrations/indexed-text.js';
import { useTestDatabase } from '../support/database.js';

const { client, db } = useTestDatabase();

/**
 * The engine behaviour src/search/search-scoring.ts builds its normalisation on. If the engine
 * changes how it scores, these fail before the search thresholds silently drift.
 */
describe('the memories text index', () => {
  it.each(['memory_text', 'memory_text_v2'])(
    'replaces the earlier %s index with memory_text_v3 over the normalised copy',
    async (earlier) => {
      const memories = db.collection('memories');
      await memories.dropIndexes();
      await memories.createIndex({ label: 'text', text: 'text' }, { name: earlier, weights: { label: 10, text: 1 } });
      await new MemoryStore(db, client).ensureIndexes();
      const textIndexes = (await memories.indexes()).filter((index) => index.key._fts === 'text');
      expect(textIndexes.map((index) => [index.name, index.weights])).toEqual([
        ['memory_text_v3', { 'indexedText.title': 10, 'indexedText.triggers': 5, 'indexedText.label': 3, 'indexedText.text': 1 }],
      ]);
      // Idempotent on the next start.
      await new MemoryStore(db, client).ensureIndexes();
    },
  );

  it('scores each matching token by its field weight over the largest weight, without IDF', async () => {
    const memories = db.collection<{ _id: string }>('memories');
    await memories.deleteMany({});
    await memories.insertMany(
      [
        { _id: 'title', label: 'x', text: 'y', chain: { label: 'Deploy the Service' } },
        { _id: 'triggers', label: 'x', text: 'y', chain: { label: 'z', triggers: 'say deploy' } },
        { _id: 'label', label: 'Deploy', text: 'y' },
        { _id: 'text', label: 'x', text: 'we deploy' },
        { _id: 'text-twice', label: 'x', text: 'deploy and deploying' },
        { _id: 'everywhere', label: 'Deploy', text: 'deploy', chain: { label: 'Deploy', triggers: 'deploy' } },
      ].map((memory) => withIndexedText({ ...memory, chain: memory.chain ? { triggers: null, ...memory.chain } : null })),
    );
    const rows = await memories.find({ $text: { $search: 'deploying' } }, { projection: { score: { $meta: 'textScore' } } }).toArray();
    const scores = Object.fromEntries(rows.map((row) => [row._id, Math.round((row as unknown as { score: number }).score * 1000) / 1000]));
    expect(scores).toEqual({ title: 1, triggers: 0.5, label: 0.3, text: 0.1, 'text-twice': 0.2, everywhere: 1.9 });
  });

  it('gives memories written before 0.3 their copy at start, after which $text finds them', async () => {
    const memories = db.collection<{
      _id: string;
      version: number;
      label: string;
      text: string;
      chain: { label: string; triggers: string | null } | null;
    }>('memories');
    await memories.deleteMany({});
    await new MemoryStore(db, client).ensureIndexes();
    await memories.insertMany([
      {
        _id: 'old-step',
        version: 3,
        label: 'Step',
        text: 'run the_migration_script now',
        chain: { label: 'Upgrade', triggers: 'when upgrading' },
      },
      { _id: 'old-document', version: 1, label: 'Decisions', text: 'we chose postgres', chain: null },
    ]);
    const found = async (search: string) =>
      (await memories.find({ $text: { $search: search } }, { projection: { _id: 1 } }).toArray()).map((row) => row._id).sort();
    expect(await found('migration upgrading postgres')).toEqual([]);
    expect(await backfillIndexedText(db)).toBe(2);
    expect(await found('migration')).toEqual(['old-step']);
    expect(await found('upgrading postgres')).toEqual(['old-document', 'old-step']);
    // Done once: the next start writes nothing.
    expect(await backfillIndexedText(db)).toBe(0);
    // And looks no more: a marker records the pass that left nothing behind.
    expect(await db.collection('migrations').findOne({ _id: `indexed-text-v${INDEXED_TEXT_VERSION}` as never })).toMatchObject({
      written: 2,
    });
    await memories.updateOne({ _id: 'old-step' as never }, { $unset: { indexedText: '' } });
    expect(await backfillIndexedText(db)).toBe(0);
  });
});
