/**
 * No database operation runs unbounded. The `'_a'.repeat(100000)` insert that kept
 * the engine at 100% CPU for minutes on 0.2.0 (the text index) comes back bounded: on the engine,
 * PostgreSQL's statement_timeout stops it (MaxTimeMSExpired, code 50), which the server answers
 * as DATABASE_TIMEOUT. A wire adapter of this file's own, with a short
 * statement timeout, in front of the shared engine's PostgreSQL (the shared adapter predates the
 * timeout, and this test must not keep it busy).
 */
import { randomUUID } from 'node:crypto';
import { MongoClient, MongoServerError } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { documentDbStatus } from '../../engine/documentdb/documentdb-engine.js';
import { startEngineWire } from '../../engine/resolve-database.js';
import { buildApp, type RunningApp } from '../../src/server.js';
import { createLogger } from '../../src/observability/logger.js';

const STATEMENT_TIMEOUT_MS = 2_000;
let engine: Awaited<ReturnType<typeof startEngineWire>> | null = null;
let uri = '';
const dbName = `kairos_test_${randomUUID().slice(0, 8)}`;
let missing: string | null = null;

beforeAll(async () => {
  const status = await documentDbStatus();
  if (!status.pgPort) {
    // Only the local engine has a statement timeout of its own; a real MongoDB answers maxTimeMS itself.
    missing = `no local DocumentDB engine running (tests use ${inject('mongoUri')})`;
    uri = inject('mongoUri');
    return;
  }
  engine = await startEngineWire(status.pgPort, { log: () => {}, statementTimeoutMs: STATEMENT_TIMEOUT_MS });
  uri = `mongodb://127.0.0.1:${engine.wire.port}/?directConnection=true`;
});
afterAll(async () => {
  const client = new MongoClient(uri);
  await client
    .db(dbName)
    .dropDatabase()
    .catch(() => {});
  await client.close();
  await engine?.wire.close();
  await engine?.pool.end();
});

describe('time limits on the database', () => {
  it("the engine stops the '_a' insert under a text index within its statement timeout", async () => {
    if (missing) return console.log(`[timeout] skipped the engine part: ${missing}`);
    const client = new MongoClient(uri);
    try {
      const memories = client.db(dbName).collection('hostile');
      await memories.createIndex({ text: 'text' });
      const started = performance.now();
      const outcome = await memories.insertOne({ text: '_a'.repeat(100_000) }).then(
        () => 'inserted',
        (error: unknown) => error,
      );
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `[timeout] '_a'.repeat(100000) insert: ${outcome === 'inserted' ? 'inserted' : `refused (${(outcome as MongoServerError).codeName})`} after ${seconds.toFixed(1)} s`,
      );
      if (outcome !== 'inserted') {
        expect(outcome).toBeInstanceOf(MongoServerError);
        expect((outcome as MongoServerError).code).toBe(50);
      }
    } finally {
      await client.close();
    }
  }, 60_000);

  it('an update whose write runs over the time limit answers DATABASE_TIMEOUT and writes nothing', async () => {
    if (missing) return console.log(`[timeout] skipped: ${missing}`);
    const app = buildApp({ mongoUri: uri, config: { port: 0, host: '127.0.0.1', mongoDbName: dbName }, log: createLogger('silent') });
    try {
      const running: RunningApp = await app.start();
      const post = async (query: string, variables: Record<string, unknown>) =>
        (await (
          await fetch(running.graphqlUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query, variables }),
          })
        ).json()) as {
          data?: any;
          errors?: { extensions?: { code?: string } }[];
        };
      const minted = await post('mutation($input: MintInput!) { mint(input: $input) { protocol { uri } } }', {
        input: { markdown: '# Underscores\n\n## Step\n\nShort for now.\n' },
      });
      const uri = minted.data.mint.protocol.uri as string;
      // Set as text (no markdown parsing): only the database's work on it is slow.
      const started = performance.now();
      const body = await post(
        'mutation($input: UpdateMemoriesInput!) { updateMemories(input: $input) { totalUpdated results { status message } } }',
        {
          input: { uris: [uri], updates: { text: '_a'.repeat(100_000) } },
        },
      );
      const seconds = (performance.now() - started) / 1000;
      const code = body.errors?.[0]?.extensions?.code ?? body.data?.updateMemories?.results?.[0]?.status ?? 'none';
      console.log(`[timeout] update of a step to '_a'.repeat(100000): ${code} after ${seconds.toFixed(1)} s`);
      // Either the engine was quick enough, or the limit answered with its own code: never a hang or a masked error.
      if (body.errors) expect(code).toBe('DATABASE_TIMEOUT');
      const stored = await running.mongoClient
        .db(dbName)
        .collection('memories')
        .findOne({ uri }, { projection: { text: 1 }, timeoutMS: 10_000 });
      expect(stored?.text.startsWith('_a_a')).toBe(!body.errors);
    } finally {
      await app.stop();
    }
  }, 120_000);
});
