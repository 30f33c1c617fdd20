import WebSocket from 'ws';
import { type BenchServer, graphqlClient, sleep } from '../harness.js';
import { MINT, shellProtocol } from '../operations.js';

export interface SubscriberGaugeResult {
  subscriptions: number;
  sockets: number;
  /** Distinct (document, variables) groups: subscribers in one group share an execution per event. */
  groups: number;
  /** From the first socket opening until the gauge read `subscriptions`. */
  openMs: number;
  /** What `kairos_graphql_active_subscriptions` read with every subscription open. */
  gaugeOpen: number;
  /** Subscribers that received the event of one mint (its first step), and how long until the last did. */
  delivered: number;
  deliveryMs: number;
  /** After closing every socket: the gauge, and how long it took to get there. */
  gaugeAfterClose: number;
  closeMs: number;
  rssBeforeMb: number;
  rssOpenMb: number;
  heapUsedOpenMb: number;
}

const DOCUMENTS = [
  'subscription { memoryEvents { uri } }',
  'subscription { memoryEvents { uri type } }',
  'subscription { memoryEvents { uri version } }',
  'subscription { memoryEvents { uri space } }',
];

async function gauge(server: BenchServer): Promise<number> {
  const text = await fetch(`${server.baseUrl}/metrics`).then((response) => response.text());
  return Number(/^kairos_graphql_active_subscriptions (\d+)/m.exec(text)?.[1] ?? Number.NaN);
}

async function pollGauge(server: BenchServer, wanted: number, timeoutMs: number): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  let value = await gauge(server);
  while (value !== wanted && performance.now() < deadline) {
    await sleep(100);
    value = await gauge(server);
  }
  return value;
}

/**
 * The finding "the active-subscriptions gauge reads 0 with 50,000 subscribers open". Opens
 * `subscriptions` memoryEvents subscriptions over graphql-transport-ws, `perSocket` on each socket
 * (a socket per subscriber would be 50,000 file descriptors on each side), in four groups that
 * share executions; reads the gauge, sends one event to all of them, closes every socket and reads
 * the gauge again. The subscribers speak the protocol directly, as bench/lean-subscriber.ts does.
 */
export async function subscriberGauge(
  server: BenchServer,
  options: { subscriptions: number; perSocket: number },
): Promise<SubscriberGaugeResult> {
  const sockets: WebSocket[] = [];
  const received = new Uint8Array(options.subscriptions);
  let receivedCount = 0;
  let lastReceivedAt = 0;
  let errors = 0;
  let firstError = '';
  const before = await server.sample({ gc: true });
  const started = performance.now();
  try {
    let next = 0;
    const opening: Promise<void>[] = [];
    while (next < options.subscriptions) {
      const first = next;
      const count = Math.min(options.perSocket, options.subscriptions - next);
      next += count;
      const socket = new WebSocket(server.wsUrl, 'graphql-transport-ws');
      const number = sockets.push(socket);
      opening.push(
        new Promise<void>((resolve, reject) => {
          socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: {} })));
          socket.on('message', (raw: Buffer) => {
            const message = JSON.parse(raw.toString()) as { type: string; id?: string; payload?: unknown };
            if (message.type === 'connection_ack') {
              for (let index = first; index < first + count; index++) {
                socket.send(
                  JSON.stringify({ id: String(index), type: 'subscribe', payload: { query: DOCUMENTS[index % DOCUMENTS.length] } }),
                );
              }
              resolve();
            } else if (message.type === 'next') {
              const index = Number(message.id);
              if (received[index] === 0) {
                received[index] = 1;
                receivedCount++;
                lastReceivedAt = performance.now();
              }
            } else if (message.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
            else if (message.type === 'error') {
              errors++;
              firstError ||= JSON.stringify(message.payload).slice(0, 300);
            }
          });
          socket.on('error', reject);
          // Closed before its ack (graphql-ws gives connection_init 3 s): a figure would be wrong, so stop.
          socket.on('close', (code, reason) => reject(new Error(`socket ${number} closed: ${code} ${reason.toString()}`)));
        }),
      );
      // Ten sockets (a thousand subscriptions) at a time, and the next ten only once the server has
      // taken them (else their connection_init would wait behind them): bursts are not what is measured.
      if (sockets.length % 10 === 0) {
        await Promise.all(opening.slice(-10));
        await pollGauge(server, next, 120_000);
      }
    }
    await Promise.all(opening);
    const gaugeOpen = await pollGauge(server, options.subscriptions, 300_000);
    const openMs = performance.now() - started;
    const open = await server.sample({ gc: true });
    if (errors) throw new Error(`${errors} subscriptions refused: ${firstError}`);

    const http = graphqlClient(server.graphqlUrl, 1);
    const sentAt = performance.now();
    const minted = await http.post(JSON.stringify({ query: MINT, variables: { input: { markdown: shellProtocol(1) } } }));
    http.close();
    if (minted.errors) throw new Error(`mint: ${JSON.stringify(minted.errors)}`);
    const deliveryDeadline = performance.now() + 120_000;
    while (receivedCount < options.subscriptions && performance.now() < deliveryDeadline) await sleep(50);

    const closing = performance.now();
    await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<void>((resolve) => {
            if (socket.readyState === WebSocket.CLOSED) return resolve();
            socket.once('close', () => resolve());
            socket.close(1000);
          }),
      ),
    );
    const gaugeAfterClose = await pollGauge(server, 0, 120_000);
    return {
      subscriptions: options.subscriptions,
      sockets: sockets.length,
      groups: DOCUMENTS.length,
      openMs,
      gaugeOpen,
      delivered: receivedCount,
      deliveryMs: lastReceivedAt ? lastReceivedAt - sentAt : Number.NaN,
      gaugeAfterClose,
      closeMs: performance.now() - closing,
      rssBeforeMb: before.rssBytes / 1e6,
      rssOpenMb: open.rssBytes / 1e6,
      heapUsedOpenMb: open.heapUsedBytes / 1e6,
    };
  } finally {
    for (const socket of sockets) socket.terminate();
  }
}
