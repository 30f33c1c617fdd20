/**
 * Search by intent on a labelled set (34 runbooks, 46 requests phrased unlike the titles, a
 * tuning half and a held-out half): recall@1/@3 and MRR printed per provider, lexical-only
 * beside them. Each provider gets its own server and database with the same library.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
import { startEmbeddingsServer, type EmbeddingsTestServer } from '../support/embeddings-server.js';
import { evaluate, FIGURES_HEADER, figuresRow, mintIntentLibrary, type RankingFigures } from './intent-evaluation.js';
import { INTENT_PROTOCOLS } from './intent-corpus.js';
import { HELD_OUT_QUERIES, TUNING_QUERIES } from './intent-queries.js';
import { COLD_START_QUERIES } from './cold-start-queries.js';
import { SearchProtocolsDocument } from './documents.js';

const embeddings: EmbeddingsTestServer = await startEmbeddingsServer();

const builtin = useTestServer();
const lexical = useTestServer({ embeddings: 'off' });
const openai = useTestServer({
  embeddings: 'openai',
  embeddingsModel: 'test-hash-64',
  embeddingsKey: 'test-key',
  embeddingsUrl: embeddings.url,
});

const slugs = new Map<string, Map<string, string>>();
const figures = new Map<string, { tuning: RankingFigures; heldOut: RankingFigures; coldStart: RankingFigures }>();

afterAll(async () => {
  await embeddings?.close();
});

const providers = [
  ['builtin', builtin],
  ['lexical only', lexical],
  ['openai (test server)', openai],
] as const;

describe('search by intent on the labelled set', () => {
  beforeAll(async () => {
    for (const [name, server] of providers) {
      slugs.set(name, await mintIntentLibrary(server));
      figures.set(name, {
        tuning: await evaluate(server, slugs.get(name)!, TUNING_QUERIES),
        heldOut: await evaluate(server, slugs.get(name)!, HELD_OUT_QUERIES),
        coldStart: await evaluate(server, slugs.get(name)!, COLD_START_QUERIES),
      });
    }
    const rows = [...figures].flatMap(([name, f]) => [
      figuresRow(name, 'tuning', f.tuning),
      figuresRow(name, 'held-out', f.heldOut),
      figuresRow(name, 'cold-start', f.coldStart),
    ]);
    console.log(`search by intent: ${INTENT_PROTOCOLS.length} protocols\n${FIGURES_HEADER}\n${rows.join('\n')}`);
    const json = Object.fromEntries(
      [...figures].map(([name, f]) => [
        name,
        Object.fromEntries(
          Object.entries(f).map(([split, r]) => [
            split,
            { queries: r.queries, recallAt1: r.recallAt1, recallAt3: r.recallAt3, mrr: r.mrr, matched: r.matched },
          ]),
        ),
      ]),
    );
    console.log(`search by intent (JSON): ${JSON.stringify(json)}`);
    if (process.env.SEARCH_QUALITY_DETAIL)
      for (const [name, f] of figures)
        console.log(`${name} misses:\n  ${[...f.tuning.misses, ...f.heldOut.misses, ...f.coldStart.misses].join('\n  ')}`);
  }, 300_000);

  it('has a labelled set of at least 40 requests over at least 30 protocols', () => {
    expect(TUNING_QUERIES.length + HELD_OUT_QUERIES.length).toBeGreaterThanOrEqual(40);
    expect(INTENT_PROTOCOLS.length).toBeGreaterThanOrEqual(30);
    const expected = new Set([...TUNING_QUERIES, ...HELD_OUT_QUERIES].map((q) => q.expected));
    for (const slug of expected)
      expect(
        INTENT_PROTOCOLS.some((p) => p.slug === slug),
        slug,
      ).toBe(true);
  });

  it('has a cold-start set of at least 40 requests, each for a protocol of the library', () => {
    expect(COLD_START_QUERIES.length).toBeGreaterThanOrEqual(40);
    for (const labelled of COLD_START_QUERIES)
      expect(
        INTENT_PROTOCOLS.some((p) => p.slug === labelled.expected),
        labelled.expected,
      ).toBe(true);
  });

  it('the built-in provider finds more of what people mean than the words alone, on both halves', () => {
    const ours = figures.get('builtin')!;
    const words = figures.get('lexical only')!;
    expect(ours.tuning.recallAt3).toBeGreaterThan(words.tuning.recallAt3);
    expect(ours.heldOut.recallAt3).toBeGreaterThan(words.heldOut.recallAt3);
    expect(ours.heldOut.mrr).toBeGreaterThan(words.heldOut.mrr);
  });

  it('the OpenAI-compatible provider was asked for vectors with the model and key, and ranks', () => {
    const requests = embeddings.requests;
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((request) => request.model === 'test-hash-64' && request.authorization === 'Bearer test-key')).toBe(true);
    expect(figures.get('openai (test server)')!.heldOut.matched).toBeGreaterThan(0);
  });

  it('keeps an exact title on top with every provider', async () => {
    for (const [name, server] of providers) {
      for (const spec of INTENT_PROTOCOLS) {
        const { search } = await server.query(SearchProtocolsDocument, { query: spec.title });
        expect(slugs.get(name)!.get(search.choices[0]!.uri), `${name}: ${spec.title}`).toBe(spec.slug);
      }
    }
  });
});
