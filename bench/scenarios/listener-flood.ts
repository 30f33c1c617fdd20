import { request, type IncomingMessage } from 'node:http';
import type { MongoClient } from 'mongodb';
import WebSocket from 'ws';
import { type BenchServer, graphqlClient } from '../harness.js';
import { MINT } from '../operations.js';

export interface ListenerFloodResult {
  runEvents: number;
  /** `subscriptions/listen` requests naming the run `runsPerListen` times each, by a client that never reads. */
  listens: number;
  runsPerListen: number;
  /** How each listen ended up, read once the flood is over: still streaming, refused (QUOTA_EXCEEDED), cut off (SLOW_CONSUMER). */
  listensStreaming: number;
  listensRefused: number;
  listensCutOff: number;
  /** `runProgress(afterSeq: 0)` subscriptions on one WebSocket. */
  subscriptions: number;
  subscriptionsReplayed: number;
  subscriptionsRefused: number;
  worstHealthzMs: number;
  healthzProbes: number;
  longestLoopBlockMs: number;
  rssBeforeMb: number;
  peakRssMb: number;
}

const RUN_EVENTS = 600;
const LISTENS = 100;
const RUNS_PER_LISTEN = 8;
const SUBSCRIPTIONS = 400;
/** How long the flood stands (the listens stay open, unread) while /healthz is probed. */
const FLOOD_MS = 8_000;

/** The longest event-loop delay since the last scrape (prom-client resets its histogram on every scrape). */
async function loopBlockSinceLastScrape(server: BenchServer): Promise<number> {
  const text = await fetch(`${server.baseUrl}/metrics`).then((response) => response.text());
  const line = /^kairos_nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text);
  return line ? Number(line[1]) * 1000 : Number.NaN;
}

interface UnreadListen {
  response: IncomingMessage;
  /** What arrived once the bench reads it again. */
  text: string;
}

/** A listen that is sent and then not read until the flood is over. */
function unreadListen(server: BenchServer, uris: string[]): Promise<UnreadListen> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'subscriptions/listen',
    params: {
      notifications: { resourceSubscriptions: uris },
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  });
  const url = new URL(`${server.baseUrl}/mcp`);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'subscriptions/listen',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        const listen = { response, text: '' };
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (listen.text = (listen.text + chunk).slice(-4096)));
        response.on('error', () => {});
        response.pause();
        resolve(listen);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * Issue 32 §1: one principal replays a 600-event run's history over and over, by clients that
 * never read: 100 `subscriptions/listen` naming the run eight times each (`?after_seq=0..7`) and
 * one WebSocket with 400 `runProgress(afterSeq: 0)`. The per-principal caps refuse most of it
 * (QUOTA_EXCEEDED); reported: how many streamed, the worst /healthz and the longest loop block.
 */
export async function listenerFlood(
  server: BenchServer,
  options: { mongo: MongoClient; dbName: string; profileFile?: string },
): Promise<ListenerFloodResult> {
  const client = graphqlClient(server.graphqlUrl, 4);
  const sockets: WebSocket[] = [];
  const listens: UnreadListen[] = [];
  try {
    const minted = await client.post<{ mint: { protocol: { uri: string } } }>(
      JSON.stringify({
        query: MINT,
        variables: {
          input: {
            markdown: `# Listener flood ${Date.now()}\n\n## Check\n\nCheck it.\n\n\`\`\`json\n{"challenge": {"type": "comment"}}\n\`\`\`\n`,
          },
        },
      }),
    );
    if (minted.errors) throw new Error(`seeding: ${JSON.stringify(minted.errors)}`);
    const begun = await client.post<{ begin: { runId: string } }>(
      JSON.stringify({
        query: 'mutation($input: BeginInput!) { begin(input: $input) { runId } }',
        variables: { input: { uri: minted.data!.mint.protocol.uri } },
      }),
    );
    const runId = begun.data!.begin.runId;
    // The run's history lengthened in the database: what 600 events of a long run look like.
    const runs = options.mongo.db(options.dbName).collection<{ _id: string; events: { seq: number }[] }>('runs');
    const run = (await runs.findOne({ _id: runId }))!;
    const more = Array.from({ length: RUN_EVENTS - run.events.length }, (_, index) => ({
      ...run.events[0],
      seq: run.events.length + index + 1,
      message: 'step proven '.repeat(20),
    }));
    await runs.updateOne({ _id: runId }, { $push: { events: { $each: more } } });

    const before = await server.sample({ gc: true });
    let peakRss = before.rssBytes;
    await loopBlockSinceLastScrape(server);
    let worst = 0;
    let probes = 0;
    let stop = false;
    const probe = (async () => {
      while (!stop) {
        const started = performance.now();
        await fetch(`${server.baseUrl}/healthz`).then((response) => response.text());
        worst = Math.max(worst, performance.now() - started);
        probes++;
        peakRss = Math.max(peakRss, (await server.sample()).rssBytes);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();

    const uris = Array.from({ length: RUNS_PER_LISTEN }, (_, seq) => `kairos://run/${runId}?after_seq=${seq}`);
    const socket = new WebSocket(server.wsUrl, 'graphql-transport-ws');
    sockets.push(socket);
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
    await new Promise((resolve) => socket.once('message', resolve));
    const firstAnswer = new Map<string, string>();
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { id?: string; type: string; payload?: { errors?: unknown[] } };
      if (message.id && !firstAnswer.has(message.id))
        firstAnswer.set(message.id, message.type === 'error' || message.payload?.errors ? 'refused' : 'replayed');
    });
    await server.profiled(options.profileFile, async () => {
      const opened = Promise.all(Array.from({ length: LISTENS }, () => unreadListen(server, uris).then((listen) => listens.push(listen))));
      for (let id = 1; id <= SUBSCRIPTIONS; id++)
        socket.send(
          JSON.stringify({
            id: String(id),
            type: 'subscribe',
            payload: { query: `subscription { runProgress(runId: "${runId}", afterSeq: 0) { seq type message } }` },
          }),
        );
      await opened;
      await new Promise((resolve) => setTimeout(resolve, FLOOD_MS));
    });
    stop = true;
    await probe;
    const longestLoopBlockMs = await loopBlockSinceLastScrape(server);
    for (const listen of listens) listen.response.resume();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const refused = listens.filter((listen) => listen.text.includes('QUOTA_EXCEEDED')).length;
    const cutOff = listens.filter((listen) => listen.text.includes('SLOW_CONSUMER')).length;
    const answers = [...firstAnswer.values()];
    return {
      runEvents: RUN_EVENTS,
      listens: LISTENS,
      runsPerListen: RUNS_PER_LISTEN,
      listensStreaming: listens.length - refused - cutOff,
      listensRefused: refused,
      listensCutOff: cutOff,
      subscriptions: SUBSCRIPTIONS,
      subscriptionsReplayed: answers.filter((answer) => answer === 'replayed').length,
      subscriptionsRefused: answers.filter((answer) => answer === 'refused').length,
      worstHealthzMs: worst,
      healthzProbes: probes,
      longestLoopBlockMs,
      rssBeforeMb: before.rssBytes / 1e6,
      peakRssMb: peakRss / 1e6,
    };
  } finally {
    for (const listen of listens) listen.response.destroy();
    for (const socket of sockets) socket.terminate();
    client.close();
  }
}
