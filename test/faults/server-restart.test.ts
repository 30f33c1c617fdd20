/**
 * A server process stops and a new one starts on the same port: a graphql-ws client that
 * retries reconnects by itself and, resubscribing with the last `seq` it saw as `afterSeq`,
 * gets exactly the events it missed, then the live ones.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from 'graphql-ws';
import { print } from 'graphql';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { createLogger } from '../../src/observability/logger.js';
import { buildApp } from '../../src/server.js';
import { MintDocument } from '../api/documents.js';
import { AttestDocument, BeginDocument, NextDocument, RunProgressDocument } from '../api/run-documents.js';
import type { RunProgressSubscription, RunProgressSubscriptionVariables } from '../../src/generated/graphql.js';
import { graphqlHttpClient } from '../support/graphql-http.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';
import { shellProtocol, shellSolution } from '../scale/protocols.js';

const mongoUri = inject('mongoUri');
const dbName = `kairos_test_${randomUUID().slice(0, 8)}`;
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  const mongo = new MongoClient(mongoUri);
  await mongo.db(dbName).dropDatabase();
  await mongo.close();
});

async function started(server: Promise<ServerProcess>): Promise<ServerProcess> {
  const running = await server;
  cleanups.push(() => running.stop());
  return running;
}

describe('a server process restarts under a subscriber', () => {
  it('reconnects and resumes runProgress with afterSeq: every event exactly once, none lost', async () => {
    const first = await started(startServerProcess({ mongoUri, dbName }));
    const api = graphqlHttpClient(first.graphqlUrl);
    const { mint } = await api.query(MintDocument, { input: { markdown: shellProtocol(4) } });
    let step = (await api.query(BeginDocument, { input: { uri: mint.protocol.stepUris[0]! } })).begin;
    const runId = step.runId;

    // The client keeps the last seq in the variables it resubscribes with after a reconnect.
    const variables: RunProgressSubscriptionVariables = { runId, afterSeq: 0 };
    const received: number[] = [];
    let connections = 0;
    const failures: unknown[] = [];
    const client = createClient({
      url: first.wsUrl,
      webSocketImpl: WebSocket,
      lazy: false,
      retryAttempts: 100,
      // While no process listens the connect fails with an error event, not a close event:
      // graphql-ws retries only close events unless told otherwise.
      shouldRetry: () => true,
      retryWait: () => new Promise((resolve) => setTimeout(resolve, 100)),
      on: { connected: () => connections++ },
    });
    cleanups.push(async () => client.dispose());
    let notify = () => {};
    const until = (count: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${received.length} of ${count} events arrived: ${received.join(', ')}`)),
          20_000,
        );
        notify = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          resolve();
        };
        notify();
      });
    client.subscribe<RunProgressSubscription>(
      { query: print(RunProgressDocument), variables },
      {
        next: ({ data }) => {
          received.push(data!.runProgress.seq);
          variables.afterSeq = data!.runProgress.seq;
          notify();
        },
        error: (error) => failures.push(error),
        complete: () => {},
      },
    );

    const advance = async (graphqlUrl: string) => {
      step = (
        await graphqlHttpClient(graphqlUrl).query(NextDocument, {
          input: { uri: step.currentStep!.uri, runId, solution: shellSolution(step.challenge!) },
        })
      ).next;
      expect(step.errorCode).toBeNull();
    };
    await advance(first.graphqlUrl);
    await until(2);

    await first.stop();
    // While the subscriber's server is gone, the run moves on through another server on the same database.
    const other = buildApp({ mongoUri, config: { port: 0, host: '127.0.0.1', mongoDbName: dbName }, log: createLogger('silent') });
    const otherUrl = (await other.start()).graphqlUrl;
    cleanups.push(() => other.stop());
    await advance(otherUrl);
    await advance(otherUrl);

    // A new process on the same port: the client finds it on its own.
    const second = await started(startServerProcess({ mongoUri, dbName, port: first.port }));
    await until(4);
    expect(connections).toBe(2);
    await advance(second.graphqlUrl);
    expect(step.nextCall.operation).toBe('ATTEST');
    await graphqlHttpClient(second.graphqlUrl).query(AttestDocument, {
      input: { uri: step.nextCall.uri!, runId, outcome: 'SUCCESS', message: 'done' },
    });

    await until(7);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // STARTED, 4 × STEP_PROVEN, COMPLETED, ATTESTED: each once, in order, across the restart.
    await client.dispose();
    expect(received).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(failures).toEqual([]);
  }, 60_000);
});
