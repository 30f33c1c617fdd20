/**
 * The database goes away in the middle of protocol runs (a TCP relay between the server and the
 * shared engine is cut), then comes back: calls fail fast with SERVICE_UNAVAILABLE, nothing is
 * half-written, and the same runs carry on.
 */
import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '../../src/observability/logger.js';
import { type RunningApp, buildApp } from '../../src/server.js';
import { MemoryDocument, MintDocument } from '../api/documents.js';
import { AttestDocument, BeginDocument, NextDocument } from '../api/run-documents.js';
import { errorCode } from '../support/app.js';
import { type GraphqlHttpClient, graphqlHttpClient } from '../support/graphql-http.js';
import { type TcpProxy, startTcpProxy } from '../support/tcp-proxy.js';
import { shellProtocol, shellSolution } from '../scale/protocols.js';

/** A hang guard, not a speed target: a call must come back, not wait for the engine. */
const HANG_GUARD_MS = 10_000;

const mongoUri = inject('mongoUri');
const dbName = `kairos_test_${randomUUID().slice(0, 8)}`;
const direct = new MongoClient(mongoUri);
const app = { stop: async () => {} } as { stop(): Promise<void> };
let proxy: TcpProxy;
let running: RunningApp;
let api: GraphqlHttpClient;

beforeAll(async () => {
  const engine = new URL(mongoUri.replace(/^mongodb:/, 'http:'));
  proxy = await startTcpProxy(engine.hostname, Number(engine.port || 27017));
  const built = buildApp({
    mongoUri: mongoUri.replace(`${engine.hostname}:${engine.port}`, `127.0.0.1:${proxy.port}`),
    config: { port: 0, host: '127.0.0.1', mongoDbName: dbName },
    log: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
  });
  app.stop = built.stop;
  running = await built.start();
  api = graphqlHttpClient(running.graphqlUrl);
});

afterAll(async () => {
  await app.stop();
  await proxy.close();
  await direct.db(dbName).dropDatabase();
  await direct.close();
});

/** What the database holds for a run, read past the relay. */
async function storedRun(runId: string) {
  const db = direct.db(dbName);
  const run = await db.collection('runs').findOne({ _id: runId as never });
  // Events and prompts are kept in the run's document.
  const events = (run?.events ?? []) as { seq: number }[];
  const prompts = (run?.prompts ?? []) as { _id: string; status: string }[];
  return {
    status: run?.status,
    version: run?.version,
    eventSeq: run?.eventSeq,
    proofs: run?.proofs?.length,
    events: events.map((event) => event.seq),
    prompts: prompts.map((prompt) => `${prompt._id}:${prompt.status}`),
  };
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

async function waitForHealth(expected: number): Promise<void> {
  let status = 0;
  for (let attempt = 0; attempt < 60 && status !== expected; attempt++) {
    status = (await fetch(`${running.baseUrl}/healthz`)).status;
    if (status !== expected) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(status).toBe(expected);
}

describe('the engine stops mid-run and comes back', () => {
  it('fails calls fast with SERVICE_UNAVAILABLE, writes nothing half-way, and continues the same runs', async () => {
    const { mint } = await api.query(MintDocument, { input: { markdown: shellProtocol(3) } });
    const runs = await Promise.all(
      [0, 1, 2].map(async () => {
        const { begin } = await api.query(BeginDocument, { input: { uri: mint.protocol.stepUris[0]! } });
        const { next } = await api.query(NextDocument, {
          input: { uri: begin.currentStep!.uri, runId: begin.runId, solution: shellSolution(begin.challenge!) },
        });
        expect(next.errorCode).toBeNull();
        return next;
      }),
    );
    const before = await Promise.all(runs.map((run) => storedRun(run.runId)));
    expect(before.every((run) => run.status === 'ACTIVE' && run.proofs === 1)).toBe(true);

    await proxy.cut();
    // Every kind of call at once: the pending step of each run, a new run, an attest, a read.
    const calls = await Promise.all([
      ...runs.map((run) =>
        timed(() =>
          api.request(NextDocument, { input: { uri: run.currentStep!.uri, runId: run.runId, solution: shellSolution(run.challenge!) } }),
        ),
      ),
      timed(() => api.request(BeginDocument, { input: { uri: mint.protocol.stepUris[0]! } })),
      timed(() =>
        api.request(AttestDocument, {
          input: { uri: mint.protocol.stepUris[2]!, runId: runs[0]!.runId, outcome: 'SUCCESS', message: 'too early' },
        }),
      ),
      timed(() => api.request(MemoryDocument, { uri: mint.protocol.stepUris[0]! })),
    ]);
    for (const call of calls) {
      expect(errorCode(call.value.errors)).toBe('SERVICE_UNAVAILABLE');
      expect(call.ms).toBeLessThan(HANG_GUARD_MS);
    }
    const health = await timed(() => fetch(`${running.baseUrl}/healthz`));
    expect(health.value.status).toBe(503);
    expect(health.ms).toBeLessThan(HANG_GUARD_MS);
    // Later calls find no open connection and wait for server selection: still bounded.
    const later = await timed(() =>
      api.request(NextDocument, {
        input: { uri: runs[1]!.currentStep!.uri, runId: runs[1]!.runId, solution: shellSolution(runs[1]!.challenge!) },
      }),
    );
    expect(errorCode(later.value.errors)).toBe('SERVICE_UNAVAILABLE');
    expect(later.ms).toBeLessThan(HANG_GUARD_MS);

    // Nothing the failed calls attempted reached the database.
    expect(await Promise.all(runs.map((run) => storedRun(run.runId)))).toEqual(before);
    expect(await direct.db(dbName).collection('runs').countDocuments()).toBe(runs.length);

    await proxy.restore();
    await waitForHealth(200);
    for (const run of runs) {
      // The same solution the failed call carried is accepted now.
      let step = (
        await api.query(NextDocument, { input: { uri: run.currentStep!.uri, runId: run.runId, solution: shellSolution(run.challenge!) } })
      ).next;
      expect(step.errorCode).toBeNull();
      step = (
        await api.query(NextDocument, {
          input: { uri: step.currentStep!.uri, runId: step.runId, solution: shellSolution(step.challenge!) },
        })
      ).next;
      expect(step.nextCall.operation).toBe('ATTEST');
      const { attest } = await api.query(AttestDocument, {
        input: { uri: step.nextCall.uri!, runId: run.runId, outcome: 'SUCCESS', message: 'after the outage' },
      });
      expect(attest.errorCode).toBeNull();
      expect(await storedRun(run.runId)).toMatchObject({ status: 'ATTESTED', proofs: 3, eventSeq: 6, events: [1, 2, 3, 4, 5, 6] });
    }
  });
});
