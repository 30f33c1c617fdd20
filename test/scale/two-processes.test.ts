/**
 * Two real server processes behind one database and one Redis: whatever process a call lands
 * on, subscribers on the other see it, and runs advance exactly once per step.
 */
import { randomUUID } from 'node:crypto';
import { type Client, createClient } from 'graphql-ws';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { MemoryEventsDocument, MintDocument, UpdateMemoriesDocument } from '../api/documents.js';
import {
  AnswerPromptDocument,
  AttestDocument,
  BeginDocument,
  ChallengePromptsDocument,
  NextDocument,
  RunProgressDocument,
} from '../api/run-documents.js';
import { collect } from '../support/app.js';
import { type GraphqlHttpClient, graphqlHttpClient } from '../support/graphql-http.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';
import { promptProtocol, shellProtocol, shellSolution } from './protocols.js';

const mongoUri = inject('mongoUri');
const redis = inject('redis');
const dbName = `kairos_test_${randomUUID().slice(0, 8)}`;
const processes: ServerProcess[] = [];
const wsClients: Client[] = [];
let a: GraphqlHttpClient;
let b: GraphqlHttpClient;

beforeAll(async () => {
  if ('missing' in redis) {
    throw new Error(
      `The scale-out tests need Redis: ${redis.missing}. Set REDIS_URL or install redis-server (apt-get install redis-server).`,
    );
  }
  processes.push(...(await Promise.all([0, 1].map(() => startServerProcess({ mongoUri, dbName, redisUrl: redis.url })))));
  [a, b] = processes.map((server) => graphqlHttpClient(server.graphqlUrl)) as [GraphqlHttpClient, GraphqlHttpClient];
}, 120_000);

afterAll(async () => {
  await Promise.all(wsClients.map(async (client) => client.dispose()));
  await Promise.all(processes.map((server) => server.stop()));
  const mongo = new MongoClient(mongoUri);
  await mongo.db(dbName).dropDatabase();
  await mongo.close();
});

function wsClientOn(server: ServerProcess): Client {
  const client = createClient({ url: server.wsUrl, webSocketImpl: WebSocket, retryAttempts: 0, lazy: false });
  wsClients.push(client);
  return client;
}

describe('two server processes behind one MongoDB and one Redis', () => {
  it('delivers memoryEvents, challengePrompts and runProgress on A for writes made on B', async () => {
    const [processA] = processes as [ServerProcess, ServerProcess];
    // memoryEvents has no replay: write a probe on B until A shows the subscription is live.
    const probe = (await b.query(MintDocument, { input: { markdown: shellProtocol(1) } })).mint.protocol.stepUris[0]!;
    const memoryEvents = collect(wsClientOn(processA), MemoryEventsDocument, { space: 'personal' });
    for (let attempt = 0; memoryEvents.events.length === 0 && attempt < 100; attempt++) {
      await b.query(UpdateMemoriesDocument, { input: { uris: [probe], updates: { tags: [`probe-${attempt}`] } } });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const prompts = collect(wsClientOn(processA), ChallengePromptsDocument, { space: 'personal' });
    const { mint } = await b.query(MintDocument, { input: { markdown: promptProtocol() } });
    const minted = await memoryEvents.until(2, { where: (event) => event.memoryEvents.uri !== probe });
    expect(minted.map((event) => [event.memoryEvents.type, event.memoryEvents.uri])).toEqual(
      mint.protocol.stepUris.map((uri) => ['MINTED', uri]),
    );
    memoryEvents.stop();

    const { begin } = await b.query(BeginDocument, { input: { uri: mint.protocol.stepUris[0]! } });
    const promptId = begin.challenge!.promptId!;
    const [issued] = await prompts.until(1, { where: (event) => event.challengePrompts.promptId === promptId });
    expect(issued!.challengePrompts).toMatchObject({ runId: begin.runId, status: 'OPEN' });

    // Subscribed on A after begin on B: the stored events first, then the live ones from B.
    const progress = collect(wsClientOn(processA), RunProgressDocument, { runId: begin.runId });
    await progress.until(2);
    await b.query(AnswerPromptDocument, { input: { promptId, confirmation: 'Approved' } });
    const [, answered] = await prompts.until(2, { where: (event) => event.challengePrompts.promptId === promptId });
    expect(answered!.challengePrompts.status).toBe('ANSWERED');
    prompts.stop();
    await b.query(AttestDocument, {
      input: { uri: mint.protocol.stepUris[1]!, runId: begin.runId, outcome: 'SUCCESS', message: 'released' },
    });

    const events = await progress.until(6);
    await new Promise((resolve) => setTimeout(resolve, 200));
    progress.stop();
    expect(events.map((event) => [event.runProgress.seq, event.runProgress.type])).toEqual([
      [1, 'STARTED'],
      [2, 'PROMPT_ISSUED'],
      [3, 'PROMPT_ANSWERED'],
      [4, 'STEP_PROVEN'],
      [5, 'COMPLETED'],
      [6, 'ATTESTED'],
    ]);
    expect(progress.events).toHaveLength(6);
  });

  it('lets 20 agents alternate between the processes on every call and records exactly one proof per step', async () => {
    const steps = 4;
    const { mint } = await a.query(MintDocument, { input: { markdown: shellProtocol(steps) } });
    const servers = [a, b];
    const agents = Array.from({ length: 20 }, async (_, agent) => {
      // Agent n starts on process n % 2 and switches process on every call.
      const on = (call: number) => servers[(agent + call) % 2]!;
      let step = (await on(0).query(BeginDocument, { input: { uri: mint.protocol.stepUris[0]! } })).begin;
      for (let call = 1; step.nextCall.operation === 'NEXT'; call++) {
        step = (
          await on(call).query(NextDocument, {
            input: { uri: step.currentStep!.uri, runId: step.runId, solution: shellSolution(step.challenge!) },
          })
        ).next;
        expect(step.errorCode).toBeNull();
      }
      const { attest } = await on(steps + 1).query(AttestDocument, {
        input: { uri: step.nextCall.uri!, runId: step.runId, outcome: 'SUCCESS', message: `agent ${agent}` },
      });
      expect(attest.errorCode).toBeNull();
      return step.runId;
    });
    const runIds = await Promise.all(agents);
    expect(new Set(runIds).size).toBe(20);

    const mongo = new MongoClient(mongoUri);
    try {
      const db = mongo.db(dbName);
      const runs = await db
        .collection('runs')
        .find({ _id: { $in: runIds as never[] } })
        .toArray();
      expect(runs).toHaveLength(20);
      for (const run of runs) {
        expect(run.status).toBe('ATTESTED');
        const proofs = run.proofs as { settled: boolean; record: { stepIndex: number } }[];
        expect(proofs.filter((proof) => proof.settled).map((proof) => proof.record.stepIndex)).toEqual([1, 2, 3, 4]);
        expect(proofs).toHaveLength(steps);
      }
      // The event log of every run is 1..n with no gap and no duplicate.
      // Events are kept in their run's document, in the order they were written.
      for (const run of runs) {
        const seqs = (run.events as { seq: number }[]).map((event) => event.seq);
        expect(seqs).toEqual(Array.from({ length: steps + 3 }, (_, index) => index + 1));
      }
      // Usage is counted per run space (memory_usage), never in the protocol's own document.
      const headId = mint.protocol.stepUris[0]!.split('/').at(-1);
      const usage = await db.collection('memory_usage').find({ memoryId: headId }).toArray();
      expect(usage.reduce((sum, row) => sum + (row.proofs?.successes ?? 0), 0)).toBe(20);
    } finally {
      await mongo.close();
    }
  });
});
