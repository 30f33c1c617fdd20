/**
 * Starts the real server (HTTP + graphql-ws on one port) against the real engine that the
 * global setup started, in a database of its own, and talks to it like a client would.
 */
import { randomUUID } from 'node:crypto';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print, type GraphQLFormattedError } from 'graphql';
import { type Client, createClient } from 'graphql-ws';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, inject } from 'vitest';
import WebSocket from 'ws';
import { createLogger, type Logger } from '../../src/observability/logger.js';
import type { AppConfig } from '../../src/config.js';
import { type RunningApp, buildApp } from '../../src/server.js';
import { type GraphqlHttpClient, graphqlHttpClient } from './graphql-http.js';

/** `request` and `query` talk HTTP to the server of this file (graphql-http.ts). */
export interface TestServer extends GraphqlHttpClient {
  running: RunningApp;
  dbName: string;
  mongoUri: string;
  /** A graphql-ws client; `connectionParams` carries the token when auth is on. */
  wsClient(connectionParams?: Record<string, unknown>): Client;
  /** A driver connection to this test's database, for asserting what was stored. */
  mongo(): MongoClient;
}

/** Call at the top level of a test file: starts one server for the file and stops it after. */
export function useTestServer(config: Partial<AppConfig> = {}, options: { log?: Logger } = {}): TestServer {
  const dbName = `kairos_test_${randomUUID().slice(0, 8)}`;
  const mongoUri = inject('mongoUri');
  const app = buildApp({
    mongoUri,
    monitorCommands: true,
    config: { port: 0, host: '127.0.0.1', mongoDbName: dbName, ...config },
    log: options.log ?? createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
  });
  const clients: Client[] = [];
  let mongoClient: MongoClient | null = null;
  let running: RunningApp | null = null;
  let httpClient: GraphqlHttpClient | null = null;
  // The port is known only once the server started.
  const http = () => (httpClient ??= graphqlHttpClient(server.running.graphqlUrl));

  beforeAll(async () => {
    running = await app.start();
  });
  afterAll(async () => {
    await Promise.all(clients.map(async (client) => client.dispose()));
    // Every file's database goes, whether or not the file looked into it.
    await server.mongo().db(dbName).dropDatabase();
    await mongoClient?.close();
    await app.stop();
  });

  const server: TestServer = {
    get running() {
      if (!running) throw new Error('server not started yet');
      return running;
    },
    dbName,
    mongoUri,
    request: (document, variables, headers) => http().request(document, variables, headers),
    query: (document, variables) => http().query(document, variables),
    wsClient(connectionParams) {
      // Tests observe closes through the client's 'closed' event; the default handler only prints them.
      const client = createClient({
        url: server.running.wsUrl,
        webSocketImpl: WebSocket,
        retryAttempts: 0,
        lazy: false,
        connectionParams,
        onNonLazyError: () => {},
      });
      clients.push(client);
      return client;
    },
    mongo() {
      mongoClient ??= new MongoClient(mongoUri);
      return mongoClient;
    },
  };
  return server;
}

/** The first GraphQL error's `extensions.code`, for asserting refusals. */
export function errorCode(errors: readonly GraphQLFormattedError[] | undefined): unknown {
  return errors?.[0]?.extensions?.code;
}

/** Collects a subscription's events until `count` arrived (or the timeout hits). */
export function collect<T, TVariables extends Record<string, unknown>>(
  client: Client,
  document: TypedDocumentNode<T, TVariables>,
  variables: TVariables,
): { events: T[]; until(count: number, options?: { timeoutMs?: number; where?: (event: T) => boolean }): Promise<T[]>; stop(): void } {
  const events: T[] = [];
  let notify: () => void = () => {};
  const iterator = client.iterate<T>({ query: print(document), variables });
  let stopped = false;
  const done = (async () => {
    for await (const result of iterator) {
      if (result.errors) throw new Error(JSON.stringify(result.errors));
      events.push(result.data as T);
      notify();
      if (stopped) break;
    }
  })();
  // A subscription the server ends (a closed socket, an error) just stops collecting.
  done.catch(() => {});
  return {
    events,
    until(count, { timeoutMs = 5_000, where = () => true } = {}) {
      return new Promise((resolve, reject) => {
        const matching = () => events.filter(where);
        const timer = setTimeout(() => reject(new Error(`only ${matching().length} of ${count} events arrived`)), timeoutMs);
        notify = () => {
          if (matching().length >= count) {
            clearTimeout(timer);
            resolve(matching().slice(0, count));
          }
        };
        notify();
      });
    },
    stop() {
      stopped = true;
      void iterator.return?.();
    },
  };
}
