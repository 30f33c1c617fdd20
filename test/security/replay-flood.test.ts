/**
 * Replays and listens that cannot hold the server: one principal replaying a long run's history
 * over and over (graphql-ws, MCP `subscriptions/listen`), by a client that never reads, meets
 * per-principal caps answered with QUOTA_EXCEEDED and its limit, and a listen whose reader stalls
 * stops writing and ends with SLOW_CONSUMER, as graphql-ws and SSE streams do. Auth on, real engine.
 */
import { request } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { CommandStartedEvent, CommandSucceededEvent } from 'mongodb';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunEvent } from '../../src/model/run-records.js';
import { useTestServer } from '../support/app.js';
import { shellProtocol } from '../scale/protocols.js';

const REPLAYED_PER_MINUTE = 6_000;
const SUBSCRIPTIONS_PER_PRINCIPAL = 30;
const LISTENS_PER_PRINCIPAL = 4;
const server = useTestServer({
  authEnabled: true,
  rateLimitPerMinute: 0,
  maxBufferedBytes: 64 * 1024,
  maxReplayedEventsPerMinute: REPLAYED_PER_MINUTE,
  maxSubscriptionsPerPrincipal: SUBSCRIPTIONS_PER_PRINCIPAL,
  maxListensPerPrincipal: LISTENS_PER_PRINCIPAL,
});

interface Principal {
  id: string;
  token: string;
}

async function gql(token: string, query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const response = await fetch(server.running.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return response.json();
}

let adminToken: string | null = null;
let names = 0;
async function principal(): Promise<Principal> {
  adminToken ??= (
    await server.running.services.auth.bootstrap({
      name: 'flood-admin',
      role: 'ADMIN',
      groups: [],
      tokenName: 'test',
      expiresInSeconds: null,
    })
  ).token;
  const created = await gql(adminToken, 'mutation($input: CreatePrincipalInput!) { createPrincipal(input: $input) { principal { id } } }', {
    input: { name: `flood-${++names}`, role: 'AGENT', groups: [] },
  });
  const id = created.data.createPrincipal.principal.id as string;
  const issued = await gql(adminToken, 'mutation($input: CreateTokenInput!) { createToken(input: $input) { token } }', {
    input: { principalId: id, name: 'test' },
  });
  return { id, token: issued.data.createToken.token };
}

/** A run of `who`'s with `count` events in all: begun through the API, its history then lengthened in the database. */
async function runWithEvents(who: Principal, count: number, messageBytes = 0): Promise<string> {
  const minted = await gql(who.token, 'mutation($m: String!) { mint(input: { markdown: $m }) { protocol { uri } } }', {
    m: shellProtocol(1),
  });
  const begun = await gql(who.token, 'mutation($uri: String) { begin(input: { uri: $uri }) { runId } }', {
    uri: minted.data.mint.protocol.uri,
  });
  const runId = begun.data.begin.runId as string;
  const runs = server.mongo().db(server.dbName).collection<{ _id: string; events: { seq: number }[] }>('runs');
  const run = (await runs.findOne({ _id: runId }))!;
  const first = run.events[0]!;
  const more = Array.from({ length: count - run.events.length }, (_, index) => ({
    ...first,
    seq: run.events.length + index + 1,
    message: 'x'.repeat(messageBytes),
  }));
  await runs.updateOne({ _id: runId }, { $push: { events: { $each: more } } });
  return runId;
}

/** A raw graphql-ws connection: subscribes, and records the first message each operation answered. */
async function socketOf(who: Principal) {
  const socket = new WebSocket(server.running.wsUrl, 'graphql-transport-ws');
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${who.token}` } }));
  await new Promise((resolve) => socket.once('message', resolve));
  const first = new Map<string, any>();
  const delivered = new Map<string, number>();
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw));
    if (!message.id) return;
    if (!first.has(message.id)) first.set(message.id, message);
    if (message.type === 'next' && !message.payload.errors) delivered.set(message.id, (delivered.get(message.id) ?? 0) + 1);
  });
  return {
    socket,
    first,
    delivered,
    subscribe(id: string, query: string) {
      socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query } }));
    },
    close: () => new Promise((resolve) => (socket.once('close', resolve), socket.close())),
  };
}

/** The code a first message carries when it is a refusal (an `error` message or a `next` with errors). */
function refusalOf(message: any): { code: string; limit?: number } | null {
  const error = message.type === 'error' ? message.payload[0] : message.payload?.errors?.[0];
  return error ? { code: error.extensions?.code, limit: error.extensions?.details?.limit } : null;
}

describe('replays on one socket', () => {
  it('400 runProgress(afterSeq: 0) of a 600-event run: replays past the per-minute budget are refused with QUOTA_EXCEEDED and the limit', async () => {
    const flooder = await principal();
    const runId = await runWithEvents(flooder, 600);
    const ws = await socketOf(flooder);
    const started = Date.now();
    for (let id = 1; id <= 400; id++)
      ws.subscribe(String(id), `subscription { runProgress(runId: "${runId}", afterSeq: 0) { seq message } }`);
    await expect.poll(() => ws.first.size, { timeout: 60_000 }).toBe(400);
    // The budget refills evenly over the minute: what a slow machine took meanwhile is allowed too.
    const minutes = (Date.now() - started) / 60_000;

    const answers = [...ws.first.values()];
    const refusals = answers.map(refusalOf).filter((refusal) => refusal !== null);
    const replayed = answers.length - refusals.length;
    // 6,000 events a minute is ten replays of 600 at once.
    expect(replayed).toBeLessThanOrEqual(Math.floor((REPLAYED_PER_MINUTE * (1 + minutes)) / 600));
    expect(replayed).toBeGreaterThan(0);
    expect(new Set(refusals.map((refusal) => refusal.code))).toEqual(new Set(['QUOTA_EXCEEDED']));
    expect(refusals.some((refusal) => refusal.limit === REPLAYED_PER_MINUTE)).toBe(true);
    await expect.poll(() => [...ws.delivered.values()].reduce((sum, count) => sum + count, 0), { timeout: 60_000 }).toBe(replayed * 600);

    // Another principal's budget is its own.
    const other = await principal();
    const otherRun = await runWithEvents(other, 50);
    const otherWs = await socketOf(other);
    otherWs.subscribe('a', `subscription { runProgress(runId: "${otherRun}", afterSeq: 0) { seq } }`);
    await expect.poll(() => otherWs.delivered.get('a') ?? 0, { timeout: 15_000 }).toBe(50);
    await Promise.all([ws.close(), otherWs.close()]);
  }, 120_000);
});

describe('one token, many sockets', () => {
  it('caps the subscriptions a principal holds open across every socket, and frees a place when one ends', async () => {
    const who = await principal();
    const sockets = await Promise.all(Array.from({ length: 4 }, () => socketOf(who)));
    sockets.forEach((ws, index) => {
      for (let id = 1; id <= 10; id++) ws.subscribe(`${index}-${id}`, 'subscription { runEvents { type runId } }');
    });
    // Live-only subscriptions answer nothing while they stand: only the refused ones answer at once.
    await expect
      .poll(() => sockets.reduce((sum, ws) => sum + ws.first.size, 0), { timeout: 15_000 })
      .toBe(40 - SUBSCRIPTIONS_PER_PRINCIPAL);
    const refusals = sockets.flatMap((ws) => [...ws.first.values()].map(refusalOf));
    expect(refusals.every((refusal) => refusal?.code === 'QUOTA_EXCEEDED' && refusal.limit === SUBSCRIPTIONS_PER_PRINCIPAL)).toBe(true);

    await sockets[0]!.close();
    const runId = await runWithEvents(who, 3);
    sockets[1]!.subscribe('again', `subscription { runProgress(runId: "${runId}", afterSeq: 0) { seq } }`);
    await expect.poll(() => sockets[1]!.delivered.get('again') ?? 0, { timeout: 15_000 }).toBe(3);
    await Promise.all(sockets.slice(1).map((ws) => ws.close()));
  });
});

/** A `subscriptions/listen` POST whose answer the client reads or not, as the test decides. */
function listen(who: Principal, uris: string[]) {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 9,
    method: 'subscriptions/listen',
    params: {
      notifications: { resourceSubscriptions: uris },
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  });
  const url = new URL(server.running.mcpUrl);
  let text = '';
  let paused = true;
  const ended = new Promise<void>((resolve) => {
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${who.token}`,
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'subscriptions/listen',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        stream.response = response;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', resolve);
        // A stream the test destroys ends too.
        response.on('close', resolve);
        response.on('error', () => resolve());
        if (paused) response.pause();
      },
    );
    outgoing.on('error', () => resolve());
    outgoing.end(body);
  });
  const stream = {
    response: null as import('node:http').IncomingMessage | null,
    ended,
    text: () => text,
    /** The JSON-RPC messages received so far. */
    messages: () => [...text.matchAll(/^data: (.*)$/gm)].map((match) => JSON.parse(match[1]!)),
    read() {
      paused = false;
      stream.response?.resume();
    },
    destroy: () => stream.response?.destroy(),
  };
  return stream;
}

describe('subscriptions/listen by a client that never reads', () => {
  it('caps the listens a principal holds open with QUOTA_EXCEEDED and its limit', async () => {
    const who = await principal();
    const runId = await runWithEvents(who, 5);
    const listens = Array.from({ length: LISTENS_PER_PRINCIPAL + 2 }, () => listen(who, [`kairos://run/${runId}`]));
    await expect.poll(() => listens.filter((one) => one.response !== null).length, { timeout: 15_000 }).toBe(listens.length);
    const refused = listens.filter((one) => one.response!.headers['content-type']?.startsWith('application/json'));
    expect(refused).toHaveLength(2);
    for (const one of refused) {
      one.read();
      await one.ended;
      expect(JSON.parse(one.text())).toMatchObject({ id: 9, error: { data: { code: 'QUOTA_EXCEEDED', limit: LISTENS_PER_PRINCIPAL } } });
    }
    for (const one of listens) one.destroy();
    // A listen that ended frees its place.
    await expect
      .poll(
        async () => {
          const again = listen(who, [`kairos://run/${runId}`]);
          await new Promise((resolve) => setTimeout(resolve, 200));
          const streaming = again.response?.headers['content-type']?.startsWith('text/event-stream') ?? false;
          again.destroy();
          return streaming;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
  });

  it('ends a listen whose reader stalls with SLOW_CONSUMER once its unsent notifications pass the buffered-bytes budget', async () => {
    const who = await principal();
    // 600 events of 8 KB (each sent twice in a notification): far more than the kernel's socket
    // buffers and the 64 KB budget hold for a reader that stopped.
    const runId = await runWithEvents(who, 600, 8 * 1024);
    const stalled = listen(who, [`kairos://run/${runId}?after_seq=0`]);
    await expect.poll(() => stalled.response !== null, { timeout: 15_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    stalled.read();
    // A listen that kept everything in memory would still be open, sending.
    const outcome = await Promise.race([
      stalled.ended.then(() => 'ended'),
      new Promise((resolve) => setTimeout(() => resolve('still open'), 10_000)),
    ]);
    expect(outcome).toBe('ended');
    const messages = stalled.messages();
    expect(messages.at(-1)).toMatchObject({ id: 9, error: { data: { code: 'SLOW_CONSUMER' } } });
    // What it did send came in order, from the start, and a later listen resumes after it.
    const seqs = messages
      .filter((message) => message.method === 'notifications/resources/updated')
      .map((message) => message.params.event?.seq)
      .filter((seq) => seq !== undefined);
    expect(seqs.slice(0, 3)).toEqual([1, 2, 3]);
    expect(seqs.length).toBeLessThan(600);
    const resumed = listen(who, [`kairos://run/${runId}?after_seq=${seqs.at(-1)}`]);
    resumed.read();
    await expect.poll(() => resumed.messages().filter((message) => message.params?.event).length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(resumed.messages().find((message) => message.params?.event)?.params.event.seq).toBe(seqs.at(-1) + 1);
    resumed.destroy();
  });
});

describe('a listen reads the history from the database a slice at a time', () => {
  it('a 600-event run replays completely and in order, read in slices of at most 64 events', async () => {
    const who = await principal();
    const runId = await runWithEvents(who, 600);
    const sliceSizes: number[] = [];
    const reads = new Set<number>();
    const pipelines: string[] = [];
    const started = (event: CommandStartedEvent) => {
      if (event.commandName === 'aggregate' && event.command.aggregate === 'runs' && JSON.stringify(event.command).includes(runId)) {
        reads.add(event.requestId);
        pipelines.push(JSON.stringify(event.command.pipeline));
      }
    };
    const succeeded = (event: CommandSucceededEvent) => {
      if (reads.has(event.requestId)) sliceSizes.push((event.reply as any).cursor.firstBatch[0]?.events.length ?? 0);
    };
    const client = server.running.mongoClient;
    client.on('commandStarted', started).on('commandSucceeded', succeeded);
    try {
      const stream = listen(who, [`kairos://run/${runId}?after_seq=0`]);
      stream.read();
      const seqsOf = () =>
        stream
          .messages()
          .map((message) => message.params?.event?.seq)
          .filter((seq) => seq !== undefined);
      await expect.poll(() => seqsOf().length, { timeout: 30_000 }).toBe(600);
      expect(seqsOf()).toEqual(Array.from({ length: 600 }, (_, index) => index + 1));
      stream.destroy();
    } finally {
      client.off('commandStarted', started).off('commandSucceeded', succeeded);
    }
    // No whole history in one read: ten reads of 64 or fewer make the 600.
    expect(sliceSizes.length).toBeGreaterThanOrEqual(10);
    expect(Math.max(...sliceSizes)).toBeLessThanOrEqual(64);
    expect(sliceSizes.reduce((sum, size) => sum + size, 0)).toBe(600);
    // Only the first read looks through the whole history; the next slices are read by position.
    expect(pipelines.slice(1).filter((pipeline) => pipeline.includes('$filter'))).toEqual([]);
  });
});

describe('a replay lets the event loop serve others', () => {
  it('hands a 600-event replay out in slices, a turn of the loop between them', async () => {
    const { replayThenLive } = await import('../../src/events/replay-then-live.js');
    const { createEventBus } = await import('../../src/events/event-bus.js');
    const bus = await createEventBus();
    const replay = Array.from({ length: 600 }, (_, index) => ({ seq: index + 1 }) as RunEvent);
    const stream = replayThenLive<RunEvent>(async () => ({ replay, live: bus.subscribe('run', randomUUID()), replayed: () => false }));
    await stream.next();
    let turnedAfter: number | null = null;
    let read = 1;
    setImmediate(() => (turnedAfter = read));
    while (read < 600) {
      await stream.next();
      read++;
    }
    expect(turnedAfter).not.toBeNull();
    expect(turnedAfter!).toBeLessThan(600);
    await stream.return!();
    await bus.close();
  });
});
