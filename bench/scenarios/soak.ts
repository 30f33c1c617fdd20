import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { type BenchServer, graphqlClient, mb, sleep, slope } from '../harness.js';
import {
  ATTEST,
  BEGIN,
  MEMORIES_PAGE,
  MEMORY_EVENTS,
  MINT,
  NEXT,
  RUN_PROGRESS,
  plainProtocol,
  shellProtocol,
  shellSolution,
  type StepAnswer,
} from '../operations.js';

export interface SoakSample {
  atSeconds: number;
  rssMb: number;
  heapUsedMb: number;
  activeResources: number;
  activeHandles: number;
}

export interface SoakResult {
  seconds: number;
  runs: number;
  pages: number;
  memoryEventsSeen: number;
  errors: number;
  firstError: string | null;
  samples: SoakSample[];
  rss: { startMb: number; endMb: number; maxMb: number; slopeMbPerMin: number };
  heapUsed: { startMb: number; endMb: number; maxMb: number; slopeMbPerMin: number };
  activeHandles: { start: number; end: number; max: number; slopePerMin: number };
}

/**
 * Steady mixed load: agents run protocols (each run watched by a fresh graphql-ws client that
 * is closed after attest), readers page through memories, memory-event subscribers stay
 * connected while notes are edited. The server is sampled (after a GC) every few seconds.
 */
export async function soak(
  server: BenchServer,
  options: { seconds: number; warmupSeconds: number; sampleEverySeconds: number; agents: number },
): Promise<SoakResult> {
  const http = graphqlClient(server.graphqlUrl, options.agents + 4);
  const watchers = Array.from({ length: 20 }, () =>
    createClient({ url: server.wsUrl, webSocketImpl: WebSocket, retryAttempts: 0, lazy: false }),
  );
  let memoryEventsSeen = 0;
  for (const watcher of watchers) {
    watcher.subscribe(
      { query: MEMORY_EVENTS, variables: { space: 'personal' } },
      { next: () => memoryEventsSeen++, error: () => {}, complete: () => {} },
    );
  }
  let stopped = false;
  let runs = 0;
  let pages = 0;
  let errors = 0;
  let firstError: string | null = null;
  const guard = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      errors++;
      firstError ??= (error as Error).message.slice(0, 300);
      await sleep(100);
    }
  };
  try {
    const head = (await http.query<{ mint: { protocol: { uri: string } } }>(MINT, { input: { markdown: shellProtocol(5) } })).mint.protocol
      .uri;
    const notes = (await http.query<{ mint: { protocol: { stepUris: string[] } } }>(MINT, { input: { markdown: plainProtocol(20) } })).mint
      .protocol.stepUris;

    const agents = Array.from({ length: options.agents }, async () => {
      while (!stopped) {
        await guard(async () => {
          let step = (await http.query<{ begin: StepAnswer }>(BEGIN, { input: { uri: head } })).begin;
          const watcher = createClient({ url: server.wsUrl, webSocketImpl: WebSocket, retryAttempts: 0, lazy: false });
          try {
            watcher.subscribe(
              { query: RUN_PROGRESS, variables: { runId: step.runId } },
              { next: () => {}, error: () => {}, complete: () => {} },
            );
            while (step.nextCall.operation === 'NEXT') {
              step = (
                await http.query<{ next: StepAnswer }>(NEXT, {
                  input: { uri: step.currentStep!.uri, runId: step.runId, solution: shellSolution(step.challenge!) },
                })
              ).next;
            }
            await http.query(ATTEST, { input: { uri: step.nextCall.uri, runId: step.runId, outcome: 'SUCCESS', message: 'soak' } });
            runs++;
          } finally {
            await watcher.dispose();
          }
        });
      }
    });
    const readers = Array.from({ length: 2 }, async () => {
      while (!stopped) {
        await guard(async () => {
          await http.query(MEMORIES_PAGE, { first: 100 });
          pages++;
        });
      }
    });
    const editor = (async () => {
      for (let edit = 0; !stopped; edit++) {
        await guard(async () => {
          await http.query(`mutation($input: UpdateMemoriesInput!) { updateMemories(input: $input) { totalUpdated } }`, {
            input: { uris: notes, updates: { tags: [`soak-${edit % 10}`] } },
          });
        });
        await sleep(500);
      }
    })();

    await sleep(options.warmupSeconds * 1000);
    const started = performance.now();
    const samples: SoakSample[] = [];
    for (;;) {
      const sample = await server.sample({ gc: true });
      const atSeconds = (performance.now() - started) / 1000;
      samples.push({
        atSeconds,
        rssMb: mb(sample.rssBytes),
        heapUsedMb: mb(sample.heapUsedBytes),
        activeResources: sample.activeResources,
        activeHandles: sample.activeHandles,
      });
      if (atSeconds >= options.seconds) break;
      await sleep(Math.min(options.sampleEverySeconds * 1000, (options.seconds - atSeconds) * 1000 + 1));
    }
    stopped = true;
    await Promise.all([...agents, ...readers, editor]);

    const series = (pick: (sample: SoakSample) => number) => {
      const values = samples.map(pick);
      return {
        start: values[0]!,
        end: values[values.length - 1]!,
        max: Math.max(...values),
        perMin: slope(samples.map((sample) => [sample.atSeconds / 60, pick(sample)])),
      };
    };
    const rss = series((sample) => sample.rssMb);
    const heap = series((sample) => sample.heapUsedMb);
    const handles = series((sample) => sample.activeHandles);
    return {
      seconds: options.seconds,
      runs,
      pages,
      memoryEventsSeen,
      errors,
      firstError,
      samples,
      rss: { startMb: rss.start, endMb: rss.end, maxMb: rss.max, slopeMbPerMin: rss.perMin },
      heapUsed: { startMb: heap.start, endMb: heap.end, maxMb: heap.max, slopeMbPerMin: heap.perMin },
      activeHandles: { start: handles.start, end: handles.end, max: handles.max, slopePerMin: handles.perMin },
    };
  } finally {
    stopped = true;
    await Promise.all(watchers.map(async (watcher) => watcher.dispose()));
    http.close();
  }
}
