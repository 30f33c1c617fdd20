/**
 * Search after a write it could not follow (a database blip or an embeddings endpoint down right
 * after the commit). The lexical index: search falls back to the engine's text index, which is
 * always current, and the index is rebuilt in the background. The vectors: embedded again in the
 * background. Both used to wait for the next start.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REBUILD_FIRST_DELAY_MS } from '../../src/search/indexes/lexical-indexes.js';
import { VECTOR_REPAIR_FIRST_DELAY_MS } from '../../src/search/indexes/semantic-index.js';
import { VectorStore } from '../../src/store/vector-store.js';
import { useTestServer } from '../support/app.js';
import { protocolMarkdown } from './corpus.js';
import { SearchMintDocument, SearchProtocolsDocument } from './documents.js';

const server = useTestServer();

afterEach(() => {
  vi.restoreAllMocks();
});

const spec = (word: string) => ({
  slug: `${word}-ledger`,
  title: `Balance the ${word} ledger`,
  intro: `Reconcile the ${word} ledger at month end.`,
  triggers: '',
  steps: [{ heading: 'Reconcile', text: `Match every ${word} entry against the bank statement.` }],
});

describe('the lexical index after a failed update', () => {
  it('answers from the text index meanwhile and is rebuilt in the background', async () => {
    const index = server.running.services.semanticIndex;
    await index.lexicalBuilt;
    expect(index.lexicalReady).toBe(true);

    const stamps = () => server.mongo().db(server.dbName).collection<{ _id: string; seq: number }>('search_changes');
    const stampBefore = (await stamps().find().toArray()).reduce((sum, stamp) => sum + stamp.seq, 0);
    // The write commits; re-reading its steps for the index fails once.
    vi.spyOn(VectorStore.prototype, 'stepsOfChains').mockRejectedValueOnce(new Error('connection reset'));
    const minted = await server.query(SearchMintDocument, { input: { markdown: protocolMarkdown(spec('saffron')) } });
    expect(index.lexicalReady).toBe(false);
    // Other processes are still told (they re-read the chain themselves).
    expect((await stamps().find().toArray()).reduce((sum, stamp) => sum + stamp.seq, 0)).toBe(stampBefore + 1);
    const meanwhile = await server.query(SearchProtocolsDocument, { query: 'saffron ledger' });
    expect(meanwhile.search.choices[0]).toMatchObject({ uri: minted.mint.protocol.uri, role: 'MATCH' });

    const started = Date.now();
    while (!index.lexicalReady && Date.now() - started < REBUILD_FIRST_DELAY_MS + 15_000)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(index.lexicalReady).toBe(true);
    // The rebuilt index holds the write it missed, and follows the writes after it.
    const later = await server.query(SearchMintDocument, { input: { markdown: protocolMarkdown(spec('turbine')) } });
    expect(index.lexicalReady).toBe(true);
    for (const [query, uri] of [
      ['saffron ledger', minted.mint.protocol.uri],
      ['turbine ledger', later.mint.protocol.uri],
    ] as const) {
      const { search } = await server.query(SearchProtocolsDocument, { query });
      expect(search.choices[0], JSON.stringify(search.choices.slice(0, 3))).toMatchObject({ uri, role: 'MATCH' });
    }
  }, 40_000);
});

describe('search vectors a write could not store', () => {
  it('are stored in the background, and the protocol is found by its words meanwhile', async () => {
    const vectors = () => server.mongo().db(server.dbName).collection<{ chainId: string }>('memory_vectors');
    vi.spyOn(VectorStore.prototype, 'replaceChainVectors').mockRejectedValueOnce(new Error('embeddings endpoint unavailable'));
    const minted = await server.query(SearchMintDocument, { input: { markdown: protocolMarkdown(spec('pelican')) } });
    const chainId = minted.mint.protocol.chainId;
    expect(await vectors().countDocuments({ chainId })).toBe(0);
    const meanwhile = await server.query(SearchProtocolsDocument, { query: 'pelican ledger' });
    expect(meanwhile.search.choices[0]).toMatchObject({ uri: minted.mint.protocol.uri, role: 'MATCH' });

    const started = Date.now();
    while ((await vectors().countDocuments({ chainId })) === 0 && Date.now() - started < VECTOR_REPAIR_FIRST_DELAY_MS + 15_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await vectors().countDocuments({ chainId })).toBeGreaterThan(0);
  }, 40_000);
});
