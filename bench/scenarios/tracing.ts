import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inSpan } from '../../src/observability/spans.js';
import { type BenchServer, closedLoop, type GraphqlClient, graphqlClient, type LatencySummary, summarize, timed } from '../harness.js';
import { BEGIN, MINT, NEXT, shellProtocol, shellSolution, type StepAnswer } from '../operations.js';

export interface TracingCost {
  /** `next` on the server without an OTLP endpoint (tracing off). */
  off: LatencySummary;
  /** `next` on a server exporting every span (OTEL_TRACES_SAMPLER=always_on) over OTLP/HTTP protobuf. */
  fullSampling: LatencySummary;
  /** fullSampling p50 / off p50. */
  fullSamplingRatio: number;
  /** What the tracing-off path adds to one `next` (one run span skipped), in microseconds, measured in this process. */
  offPathMicroseconds: number;
  /** offPathMicroseconds as a share of the off p50. */
  offPathShare: number;
  /** Spans the sink received, and OTLP request bytes. */
  exported: { requests: number; bytes: number };
}

/** An OTLP/HTTP endpoint that accepts and drops: what is measured is the server, not a collector. */
async function startSink(): Promise<{ endpoint: string; requests: number; bytes: number; close(): Promise<void> }> {
  const state = { requests: 0, bytes: 0 };
  const server = createServer((request, response) => {
    request.on('data', (chunk: Buffer) => (state.bytes += chunk.length));
    request.on('end', () => {
      state.requests++;
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get requests() {
      return state.requests;
    },
    get bytes() {
      return state.bytes;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** begin, then `next` through every step, timing each `next`. */
async function runSteps(client: GraphqlClient, headUri: string, record: (kind: string, ms: number) => void): Promise<void> {
  let step = (await client.query<{ begin: StepAnswer }>(BEGIN, { input: { uri: headUri } })).begin;
  while (step.nextCall.operation === 'NEXT') {
    const input = { uri: step.currentStep!.uri, runId: step.runId, solution: shellSolution(step.challenge!) };
    const [moved, ms] = await timed(() => client.query<{ next: StepAnswer }>(NEXT, { input }));
    if (moved.next.errorCode) throw new Error(`next answered ${moved.next.errorCode}`);
    record('next', ms);
    step = moved.next;
  }
}

/** Nanoseconds per call of the tracing-off `inSpan` minus a bare call of the same work. */
async function offPathNanoseconds(calls: number): Promise<number> {
  const work = async () => 1;
  const time = async (call: () => Promise<number>) => {
    const started = process.hrtime.bigint();
    for (let index = 0; index < calls; index++) await call();
    return Number(process.hrtime.bigint() - started) / calls;
  };
  const attributes = {
    'kairos.run.transition': 'next',
    'kairos.protocol.uri': 'kairos://mem/00000000-0000-0000-0000-000000000000',
    'kairos.run.id': 'run',
  };
  const spans: number[] = [];
  const bare: number[] = [];
  for (let round = 0; round < 5; round++) {
    bare.push(await time(work));
    spans.push(await time(() => inSpan('kairos.run next', attributes, work)));
  }
  const best = (values: number[]) => Math.min(...values);
  return Math.max(0, best(spans) - best(bare));
}

/**
 * The same `next` load on two server processes over one database, alternating in rounds so the
 * shared machine's load falls on both: one without an endpoint, one exporting every span.
 */
export async function tracingCost(
  off: BenchServer,
  startTraced: (env: Record<string, string>) => Promise<BenchServer>,
  options: { concurrency: number; warmupMs: number; durationMs: number; rounds?: number },
): Promise<TracingCost> {
  const sink = await startSink();
  const traced = await startTraced({
    OTEL_EXPORTER_OTLP_ENDPOINT: sink.endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
    OTEL_TRACES_SAMPLER: 'always_on',
  });
  const offClient = graphqlClient(off.graphqlUrl, options.concurrency);
  const tracedClient = graphqlClient(traced.graphqlUrl, options.concurrency);
  try {
    const mint = async (client: GraphqlClient) =>
      (await client.query<{ mint: { protocol: { uri: string } } }>(MINT, { input: { markdown: shellProtocol(5) } })).mint.protocol.uri;
    const heads = { off: [] as string[], traced: [] as string[] };
    for (let agent = 0; agent < options.concurrency; agent++) {
      heads.off.push(await mint(offClient));
      heads.traced.push(await mint(tracedClient));
    }
    const rounds = options.rounds ?? 4;
    const window = { workers: options.concurrency, warmupMs: options.warmupMs / rounds, durationMs: options.durationMs / rounds };
    const latencies = { off: [] as number[], traced: [] as number[] };
    const seconds = { off: 0, traced: 0 };
    for (let round = 0; round < rounds; round++) {
      for (const which of round % 2 === 0 ? (['off', 'traced'] as const) : (['traced', 'off'] as const)) {
        const client = which === 'off' ? offClient : tracedClient;
        const load = await closedLoop({ ...window, work: (worker, record) => runSteps(client, heads[which][worker]!, record) });
        if (load.errors > 0) throw new Error(`tracing (${which}): ${load.firstError}`);
        latencies[which].push(...(load.latencies.get('next') ?? []));
        seconds[which] += load.seconds;
      }
    }
    const offSummary = summarize(latencies.off, seconds.off);
    const tracedSummary = summarize(latencies.traced, seconds.traced);
    const offPathMicroseconds = (await offPathNanoseconds(200_000)) / 1_000;
    return {
      off: offSummary,
      fullSampling: tracedSummary,
      fullSamplingRatio: tracedSummary.p50Ms / offSummary.p50Ms,
      offPathMicroseconds,
      offPathShare: offPathMicroseconds / 1_000 / offSummary.p50Ms,
      exported: { requests: sink.requests, bytes: sink.bytes },
    };
  } finally {
    offClient.close();
    tracedClient.close();
    await traced.stop();
    await sink.close();
  }
}
