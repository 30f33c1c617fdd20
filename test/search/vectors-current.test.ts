/**
 * Vectors stay current: every write through the API (mint, update, delete, restore) leaves the
 * stored vectors and the in-process index in step before it answers, so a protocol is found by
 * meaning right away and is gone right after its deletion.
 */
import { describe, expect, it } from 'vitest';
import { BUILTIN_MODEL_ID } from '../../src/search/embeddings/builtin-provider.js';
import type { StepVectorRecord } from '../../src/store/vector-store.js';
import { useTestServer } from '../support/app.js';
import { RestoreMemoryDocument } from '../history/documents.js';
import { DeleteMemoriesDocument } from '../api/documents.js';
import { protocolMarkdown } from './corpus.js';
import { SearchMintDocument, SearchProtocolsDocument, SearchUpdateMemoriesDocument } from './documents.js';

const server = useTestServer();
const vectors = () => server.mongo().db(server.dbName).collection<StepVectorRecord>('memory_vectors');

const spec = {
  slug: 'office-cat',
  title: 'Look After the Office Cat',
  intro: 'Daily care.',
  triggers: '',
  steps: [
    {
      heading: 'Breakfast',
      text: 'Put wet food in the bowl at nine.',
      challenge: { type: 'comment', comment: { min_length: 5 }, required: true },
    },
    { heading: 'Litter', text: 'Empty the litter tray.', challenge: { type: 'comment', comment: { min_length: 5 }, required: true } },
  ],
};
// No word of this request is in the protocol: only meaning can find it.
const byMeaning = 'lunch for the dog';

async function matches(query: string): Promise<string[]> {
  const { search } = await server.query(SearchProtocolsDocument, { query });
  return search.choices.filter((choice) => choice.role === 'MATCH').map((choice) => choice.chainLabel);
}

describe('vectors stay current', () => {
  it('finds a protocol by meaning as soon as mint answered, and follows update, delete and restore', async () => {
    expect(await matches(byMeaning)).not.toContain(spec.title);
    const { mint } = await server.query(SearchMintDocument, { input: { markdown: protocolMarkdown(spec) } });
    expect(await matches(byMeaning)).toContain(spec.title);

    // Stored after the answer (search in this process already has them): settled before reading the collection.
    await server.running.services.semanticIndex.settled();
    const stored = await vectors().find({ chainId: mint.protocol.chainId }).toArray();
    expect(stored).toHaveLength(mint.protocol.stepUris.length);
    for (const record of stored) expect(record).toMatchObject({ model: BUILTIN_MODEL_ID, dimensions: 100, space: mint.protocol.space });
    expect(stored.every((record) => record.vector.length() === 400)).toBe(true);

    // An update changes what the protocol means.
    const stepTwo = mint.protocol.stepUris[1]!;
    const beforeUpdate = (await vectors().findOne({ _id: stepTwo.replace('kairos://mem/', '') }))!.updatedAt;
    const gardening = 'watering plants';
    expect(await matches(gardening)).not.toContain(spec.title);
    const updated = await server.query(SearchUpdateMemoriesDocument, {
      input: { uris: [stepTwo], updates: { text: 'Water the vegetable plants on the windowsill.' } },
    });
    expect(updated.updateMemories.results[0]!.status).toBe('UPDATED');
    await server.running.services.semanticIndex.settled();
    expect((await vectors().findOne({ _id: stepTwo.replace('kairos://mem/', '') }))!.updatedAt.getTime()).toBeGreaterThan(
      beforeUpdate.getTime(),
    );
    expect(await matches(gardening)).toContain(spec.title);

    // Deleted: its vectors go with it, and meaning no longer finds it.
    const deleted = await server.query(DeleteMemoriesDocument, { input: { uris: mint.protocol.stepUris } });
    expect(deleted.deleteMemories.results.every((result) => result.status === 'DELETED')).toBe(true);
    await server.running.services.semanticIndex.settled();
    expect(await vectors().countDocuments({ chainId: mint.protocol.chainId })).toBe(0);
    expect(await matches(byMeaning)).not.toContain(spec.title);

    // Restored: found again.
    for (const uri of mint.protocol.stepUris) {
      // The last live version: step two was updated once.
      const restored = await server.query(RestoreMemoryDocument, { input: { uri, version: uri === stepTwo ? 2 : 1 } });
      expect(restored.restoreMemory.results[0]!.status, uri).toBe('RESTORED');
    }
    await server.running.services.semanticIndex.settled();
    expect(await vectors().countDocuments({ chainId: mint.protocol.chainId })).toBe(mint.protocol.stepUris.length);
    expect(await matches(byMeaning)).toContain(spec.title);
  });
});
