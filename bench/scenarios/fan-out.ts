import { type BenchServer, graphqlClient, mb, percentile, sleep } from '../harness.js';
import { type LeanSubscriber, leanSubscribe } from '../lean-subscriber.js';
import { BEGIN, MINT, NEXT, RUN_PROGRESS, shellProtocol, shellSolution, type StepAnswer } from '../operations.js';

export interface FanOutResult {
  subscribers: number;
  events: number;
  deliveries: number;
  /** From sending the `next` that causes an event to each subscriber holding it, ms. */
  deliveryP50Ms: number;
  deliveryP99Ms: number;
  deliveryMaxMs: number;
  /** The `next` call alone (its HTTP answer), ms: the write that every delivery above includes. */
  nextP50Ms: number;
  /**
   * From an event's first delivery to each delivery of it, ms: what fanning one event out to
   * every subscriber costs, without the write before it.
   */
  spreadP50Ms: number;
  spreadP99Ms: number;
  /** The server's CPU time (user + system) while the events went out, per delivery, µs: steadier than latency on a shared machine. */
  serverCpuPerDeliveryMicros: number;
  /** Server RSS growth while the subscribers are connected, per 1,000 subscribers. */
  rssPerThousandMb: number;
  /** The same growth per subscriber, KB (each subscriber is one socket and one subscription). */
  rssPerSubscriberKb: number;
  rssBeforeMb: number;
  rssWithSubscribersMb: number;
  rssAfterCloseMb: number;
  /** V8 heap in use after a GC: before, with the subscribers, after they left (RSS rarely shrinks). */
  heapUsedMb: { before: number; withSubscribers: number; afterClose: number };
  missing: number;
}

/**
 * `subscribers` subscribers (one socket each, see lean-subscriber.ts) on one run's progress; the run then advances
 * one step at a time, spaced so each event's fan-out is measured on its own. The first advance
 * warms up (as every other scenario does) and is not measured: it is the first time the server's
 * delivery code runs for these subscribers.
 */
export async function fanOut(
  server: BenchServer,
  options: { subscribers: number; events: number; spacingMs: number; profileFile?: string },
): Promise<FanOutResult> {
  const http = graphqlClient(server.graphqlUrl, 4);
  const clients: LeanSubscriber[] = [];
  try {
    const { mint } = await http.query<{ mint: { protocol: { uri: string } } }>(MINT, {
      input: { markdown: shellProtocol(options.events + 2) },
    });
    let step = (await http.query<{ begin: StepAnswer }>(BEGIN, { input: { uri: mint.protocol.uri } })).begin;
    const runId = step.runId;

    const before = await server.sample({ gc: true });
    const sentAt = new Map<number, number>();
    const deliveries: number[] = [];
    const firstDelivery = new Map<number, number>();
    const spreads: number[] = [];
    const nextLatencies: number[] = [];
    let subscribed = 0;
    let subscriberErrors = 0;
    let allSubscribed = () => {};
    const everyoneSubscribed = new Promise<void>((resolve) => (allSubscribed = resolve));

    for (let index = 0; index < options.subscribers; index++) {
      const client = leanSubscribe(
        server.wsUrl,
        { query: RUN_PROGRESS, variables: { runId } },
        {
          next: (payload, now) => {
            const seq = (payload.data as { runProgress: { seq: number } } | undefined)?.runProgress.seq;
            if (seq === undefined) {
              if (subscriberErrors++ === 0) console.error('subscriber error:', JSON.stringify(payload.errors));
              return;
            }
            if (seq === 1) {
              if (++subscribed === options.subscribers) allSubscribed();
              return;
            }
            const sent = sentAt.get(seq);
            if (sent === undefined) return; // the warm-up event
            deliveries.push(now - sent);
            const first = firstDelivery.get(seq) ?? now;
            firstDelivery.set(seq, first);
            spreads.push(now - first);
          },
          error: (message) => {
            if (subscriberErrors++ === 0) console.error('subscriber error:', message);
          },
        },
      );
      clients.push(client);
      // Open the sockets in small groups, at most 200 handshakes unanswered: a burst of thousands is a different benchmark.
      if (index % 50 === 49) {
        await sleep(20);
        for (let waited = 0; index + 1 - subscribed > 200 && waited < 30_000; waited += 20) await sleep(20);
      }
    }
    // 10,000 handshakes take a while on a shared machine: the wait grows with the count.
    await Promise.race([everyoneSubscribed, sleep(Math.max(60_000, options.subscribers * 20))]);
    if (subscribed < options.subscribers)
      throw new Error(`only ${subscribed} of ${options.subscribers} subscribers got the replay (${subscriberErrors} errors)`);
    await sleep(500);
    const withSubscribers = await server.sample({ gc: true });

    // Each next proves one step and publishes one STEP_PROVEN event (seq 2, 3, …); seq 2 warms up.
    step = (
      await http.query<{ next: StepAnswer }>(NEXT, {
        input: { uri: step.currentStep!.uri, runId, solution: shellSolution(step.challenge!) },
      })
    ).next;
    await sleep(options.spacingMs * 2);
    const cpuBefore = (await server.sample()).cpuMicros;
    await server.profiled(options.profileFile, async () => {
      for (let event = 0; event < options.events; event++) {
        const sent = performance.now();
        sentAt.set(event + 3, sent);
        step = (
          await http.query<{ next: StepAnswer }>(NEXT, {
            input: { uri: step.currentStep!.uri, runId, solution: shellSolution(step.challenge!) },
          })
        ).next;
        nextLatencies.push(performance.now() - sent);
        await sleep(options.spacingMs);
      }
      const deadline = Date.now() + Math.max(10_000, options.subscribers * 5);
      while (deliveries.length < options.subscribers * options.events && Date.now() < deadline) await sleep(50);
    });

    const cpuDuringEvents = (await server.sample()).cpuMicros - cpuBefore;
    await Promise.all(clients.map((client) => client.close()));
    clients.length = 0;
    await sleep(1000);
    const afterClose = await server.sample({ gc: true });
    return {
      subscribers: options.subscribers,
      events: options.events,
      deliveries: deliveries.length,
      deliveryP50Ms: percentile(deliveries, 50),
      deliveryP99Ms: percentile(deliveries, 99),
      deliveryMaxMs: percentile(deliveries, 100),
      nextP50Ms: percentile(nextLatencies, 50),
      spreadP50Ms: percentile(spreads, 50),
      spreadP99Ms: percentile(spreads, 99),
      serverCpuPerDeliveryMicros: cpuDuringEvents / Math.max(1, deliveries.length),
      rssPerThousandMb: (mb(withSubscribers.rssBytes - before.rssBytes) * 1000) / options.subscribers,
      rssPerSubscriberKb: (withSubscribers.rssBytes - before.rssBytes) / 1024 / options.subscribers,
      rssBeforeMb: mb(before.rssBytes),
      rssWithSubscribersMb: mb(withSubscribers.rssBytes),
      rssAfterCloseMb: mb(afterClose.rssBytes),
      heapUsedMb: {
        before: mb(before.heapUsedBytes),
        withSubscribers: mb(withSubscribers.heapUsedBytes),
        afterClose: mb(afterClose.heapUsedBytes),
      },
      missing: options.subscribers * options.events - deliveries.length,
    };
  } finally {
    await Promise.all(clients.map((client) => client.close()));
    http.close();
  }
}
