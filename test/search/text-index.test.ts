import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/memory-store.js';
import { useTestDatabase } from '../support/database.js';

const { client, db } = useTestDatabase();

/**
 * The engine behaviour src/search/search-scoring.ts builds its normalisation on. If the engine
 * changes how it scores, these fail before the search thresholds silently drift.
 */
describe('the memories text index', () => {
  it('replaces the earlier memory_text index with memory_text_v2', async () => {
    const memories = db.collection('memories');
    await memories.createIndex({ label: 'text', text: 'text' }, { name: 'memory_text', weights: { label: 10, text: 1 } });
    await new MemoryStore(db, client).ensureIndexes();
    const textIndexes = (await memories.indexes()).filter((index) => index.key._fts === 'text');
    expect(textIndexes.map((index) => [index.name, index.weights])).toEqual([
      ['memory_text_v2', { 'chain.label': 10, 'chain.triggers': 5, label: 3, text: 1 }],
    ]);
    // Idempotent on the next start.
    await new MemoryStore(db, client).ensureIndexes();
  });

  it('scores each matching token by its field weight over the largest weight, without IDF', async () => {
    const memories = db.collection<{ _id: string; label: string; text: string; chain?: { label: string; triggers?: string } }>('memories');
    await memories.insertMany([
      { _id: 'title', label: 'x', text: 'y', chain: { label: 'Deploy the Service' } },
      { _id: 'triggers', label: 'x', text: 'y', chain: { label: 'z', triggers: 'say deploy' } },
      { _id: 'label', label: 'Deploy', text: 'y' },
      { _id: 'text', label: 'x', text: 'we deploy' },
      { _id: 'text-twice', label: 'x', text: 'deploy and deploying' },
      { _id: 'everywhere', label: 'Deploy', text: 'deploy', chain: { label: 'Deploy', triggers: 'deploy' } },
    ]);
    const rows = await memories
      .find({ $text: { $search: 'deploying' } }, { projection: { score: { $meta: 'textScore' } } })
      .toArray();
    const scores = Object.fromEntries(rows.map((row) => [row._id, Math.round((row as unknown as { score: number }).score * 1000) / 1000]));
    expect(scores).toEqual({ title: 1, triggers: 0.5, label: 0.3, text: 0.1, 'text-twice': 0.2, everywhere: 1.9 });
  });
});
