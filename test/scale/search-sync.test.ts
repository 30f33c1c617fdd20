/**
 * Search across server processes: three apps on one database.
 * A and B share Redis: what A writes, B finds by meaning (and stops finding once A deleted it)
 * after the change event crosses the bus. C has no Redis, so its writes never reach B as events:
 * B catches up through the stored change stamps. B is also told to use Atlas `$vectorSearch`,
 * which the local engine does not have: it must fall back to its in-process index, with no error.
 */
import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AppConfig } from '../../src/config.js';
import { createLogger } from '../../src/observability/logger.js';
import { type App, type RunningApp, buildApp } from '../../src/server.js';
import { DeleteMemoriesDocument } from '../api/documents.js';
import { type GraphqlHttpClient, graphqlHttpClient } from '../support/graphql-http.js';
import { protocolMarkdown, type ProtocolSpec } from '../search/corpus.js';
import { SearchMintDocument, SearchProtocolsDocument } from '../search/documents.js';

const mongoUri = inject('mongoUri');
const redis = inject('redis');
const dbName = `kairos_test_${randomUUID().slice(0, 8)}`;
const apps: App[] = [];
let a: GraphqlHttpClient;
let b: GraphqlHttpClient;
let c: GraphqlHttpClient;
let d: GraphqlHttpClient;
let runningC: RunningApp;
let runningB: RunningApp;
let runningD: RunningApp;

function start(config: Partial<AppConfig>): Promise<RunningApp> {
  const app = buildApp({
    mongoUri,
    config: { port: 0, host: '127.0.0.1', mongoDbName: dbName, ...config },
    log: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
  });
  apps.push(app);
  return app.start();
}

beforeAll(async () => {
  if ('missing' in redis)
    throw new Error(
      `The scale-out tests need Redis: ${redis.missing}. Set REDIS_URL or install redis-server (apt-get install redis-server).`,
    );
  // B's stamp check never fires by itself here: the test calls it, so the bus alone must carry A's writes.
  const [runningA, startedB, startedC, startedD] = await Promise.all([
    start({ redisUrl: redis.url }),
    start({ redisUrl: redis.url, vectorSearch: 'atlas', searchCatchUpMs: 3_600_000 }),
    start({ redisUrl: null }),
    // D ranks by words only: its lexical index follows the same events and stamps.
    start({ redisUrl: redis.url, embeddings: 'off', searchCatchUpMs: 3_600_000 }),
  ]);
  [runningB, runningC, runningD] = [startedB, startedC, startedD];
  [a, b, c, d] = [runningA, runningB, runningC, runningD].map((running) => graphqlHttpClient(running.graphqlUrl)) as [
    GraphqlHttpClient,
    GraphqlHttpClient,
    GraphqlHttpClient,
    GraphqlHttpClient,
  ];
  await Promise.all([runningA, runningB, runningC, runningD].map((running) => running.services.semanticIndex.lexicalBuilt));
}, 120_000);

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  const mongo = new MongoClient(mongoUri);
  await mongo.db(dbName).dropDatabase();
  await mongo.close();
});

const cat = (title: string, slug: string): ProtocolSpec => ({
  slug,
  title,
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
});
// No word of this request is in the protocols: only meaning finds them.
const byMeaning = 'lunch for the dog';

async function matches(client: GraphqlHttpClient, query = byMeaning): Promise<string[]> {
  const { search } = await client.query(SearchProtocolsDocument, { query });
  return search.choices.filter((choice) => choice.role === 'MATCH').map((choice) => choice.chainLabel);
}

/** Searches on `client` until `done` holds for its matches; a generous cap, no claim on speed. */
async function pollMatches(client: GraphqlHttpClient, done: (labels: string[]) => boolean, query = byMeaning): Promise<string[]> {
  let labels = await matches(client, query);
  for (let attempt = 0; !done(labels) && attempt < 200; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    labels = await matches(client, query);
  }
  return labels;
}

async function pollUntil(done: () => boolean): Promise<void> {
  for (let attempt = 0; !done() && attempt < 200; attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('search across server processes', () => {
  it('told to use Atlas vector search on an engine without it, B falls back to its in-process index', () => {
    expect(runningB.services.vectorSearch.mode).toBe('LOCAL');
    expect(runningB.services.vectorSearch.source).toBeNull();
  });

  it('a database vector search that fails leaves the search answered from the in-process index', async () => {
    const { mint } = await b.query(SearchMintDocument, {
      input: { markdown: protocolMarkdown(cat('Look After the Shop Cat', 'shop-cat')) },
    });
    let asked = 0;
    runningB.services.semanticIndex.useNearestSource({
      ready: true,
      async nearest() {
        asked++;
        throw new Error('index memory_vectors_semantic is not queryable');
      },
    });
    try {
      expect(await matches(b)).toContain('Look After the Shop Cat');
      expect(asked).toBeGreaterThan(0);
    } finally {
      runningB.services.semanticIndex.useNearestSource({ ready: false, nearest: async () => [] });
      await b.query(DeleteMemoriesDocument, { input: { uris: mint.protocol.stepUris } });
    }
  });

  it('finds by meaning on B what A minted, and not once A deleted it', async () => {
    const spec = cat('Look After the Office Cat', 'office-cat');
    expect(await matches(b)).not.toContain(spec.title);
    const { mint } = await a.query(SearchMintDocument, { input: { markdown: protocolMarkdown(spec) } });
    expect(await matches(a)).toContain(spec.title);
    expect(await pollMatches(b, (labels) => labels.includes(spec.title))).toContain(spec.title);
    expect(await pollMatches(d, (labels) => labels.includes(spec.title), 'office cat')).toContain(spec.title);

    const deleted = await a.query(DeleteMemoriesDocument, { input: { uris: mint.protocol.stepUris } });
    expect(deleted.deleteMemories.results.every((result) => result.status === 'DELETED')).toBe(true);
    expect(await pollMatches(b, (labels) => !labels.includes(spec.title))).not.toContain(spec.title);
    expect(await pollMatches(d, (labels) => !labels.includes(spec.title), 'office cat')).not.toContain(spec.title);
    await pollUntil(() => runningB.services.semanticIndex.headIdOf(mint.protocol.space, mint.protocol.chainId) === null);
    expect(runningB.services.semanticIndex.headIdOf(mint.protocol.space, mint.protocol.chainId)).toBeNull();
    expect((runningB.services.semanticIndex.allChains(mint.protocol.space, 10_000) ?? []).map((key) => key.chainId)).not.toContain(
      mint.protocol.chainId,
    );
  });

  it('catches up through the stored stamps with a write whose event never reached it, by meaning and by words', async () => {
    const spec = cat('Look After the Studio Cat', 'studio-cat');
    const syncs = [runningB.services.searchSync, runningD.services.searchSync];
    const checkTwice = async () => {
      const first = await Promise.all(syncs.map((sync) => sync.check()));
      const second = await Promise.all(syncs.map((sync) => sync.check()));
      return { first, second };
    };
    // What the starts left behind (C installed the built-in protocols too, unheard by B and D) is settled first.
    await checkTwice();
    const { mint } = await c.query(SearchMintDocument, { input: { markdown: protocolMarkdown(spec) } });
    expect(await matches(c)).toContain(spec.title);
    // C raises the stamp just after its answer: settled, so the checks below find it.
    await runningC.services.semanticIndex.settled();
    // No event: B and D do not know yet. The first check finds the space behind; a second one, still behind, re-reads it.
    expect(await matches(b)).not.toContain(spec.title);
    expect(await matches(d, 'studio cat')).not.toContain(spec.title);
    const { first, second } = await checkTwice();
    expect(first).toEqual([[], []]);
    expect(second).toEqual([[mint.protocol.space], [mint.protocol.space]]);
    expect(await matches(b)).toContain(spec.title);
    expect(await matches(d, 'studio cat')).toContain(spec.title);

    const { space, chainId } = mint.protocol;
    const held = () => ({
      lexicalB: runningB.services.semanticIndex.headIdOf(space, chainId) !== null,
      vectorsB: (runningB.services.semanticIndex.allChains(space, 10_000) ?? []).some((key) => key.chainId === chainId),
      lexicalD: runningD.services.semanticIndex.headIdOf(space, chainId) !== null,
    });
    expect(held()).toEqual({ lexicalB: true, vectorsB: true, lexicalD: true });

    await c.query(DeleteMemoriesDocument, { input: { uris: mint.protocol.stepUris } });
    await runningC.services.semanticIndex.settled();
    await checkTwice();
    expect(await matches(b)).not.toContain(spec.title);
    expect(await matches(d, 'studio cat')).not.toContain(spec.title);
    // Search checks heads against the database, so the answers above hold even for a stale index: the indexes must have let go too.
    expect(held()).toEqual({ lexicalB: false, vectorsB: false, lexicalD: false });
  });
});
