/**
 * What every scenario needs: the engine and the server as child processes (so the server's RSS
 * is its own), a keep-alive HTTP client, a closed-loop load runner and percentiles.
 * Traffic goes to 127.0.0.1 only; every loop is bounded by time and by count.
 */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { startServerProcess, stopProcess } from '../test/support/server-process.js';
import type { ProbeSample } from './server-probe.js';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- engine

export interface Engine {
  uri: string;
  stop(): Promise<void>;
}

/** MONGODB_URI if set; else `npm run engine -- start` in a child, so its wire adapter has its own CPU time. */
export async function startEngine(): Promise<Engine> {
  if (process.env.MONGODB_URI) return { uri: process.env.MONGODB_URI, stop: async () => {} };
  const child = spawn(process.execPath, ['--import', 'tsx', 'engine/cli.ts', 'start'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const uri = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`engine did not start in 5 min:\n${errors}`)), 300_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((candidate) => candidate.startsWith('mongodb://'));
      if (line) {
        clearTimeout(timer);
        resolve(line.trim());
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`engine exited with ${code}:\n${errors}`));
    });
  });
  // The engine stops its database cleanly: give it longer than a server.
  return { uri, stop: () => stopProcess(child, 15_000) };
}

// ---------------------------------------------------------------- server

export interface BenchServer {
  pid: number;
  baseUrl: string;
  graphqlUrl: string;
  wsUrl: string;
  /** RSS, heap, open resources and database commands counted since the last reset, from inside the server. */
  sample(options?: { gc?: boolean; resetCommands?: boolean }): Promise<ProbeSample>;
  /** Resolves once the work that trails the writes answered so far (stored vectors, change stamps) is done. */
  settle(): Promise<void>;
  /** Profiles the server's CPU while `work` runs, if a file is given (bench --profile). */
  profiled<T>(file: string | undefined, work: () => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

/** `src/main.ts` as deployed (the tests' server process), plus the probe; LOG_LEVEL=warn so logging is not what is measured. */
export async function startServer(options: {
  mongoUri: string;
  dbName: string;
  env?: Record<string, string>;
  preload?: string[];
}): Promise<BenchServer> {
  const server = await startServerProcess({
    mongoUri: options.mongoUri,
    dbName: options.dbName,
    // A preload runs before the probe, which imports the driver (the tracing one must patch it first).
    nodeArgs: ['--expose-gc', ...(options.preload ?? []).flatMap((module) => ['--import', module]), '--import', './bench/server-probe.ts'],
    ipc: true,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // One principal sends all the load: limits stay in the pipeline but too high to trip.
      KAIROS_RATE_LIMIT_PER_MINUTE: '1000000000',
      KAIROS_MAX_CONCURRENT_PER_PRINCIPAL: '1000000',
      // The gauge and fan-out open thousands of subscriptions as that one principal.
      KAIROS_MAX_SUBSCRIPTIONS_PER_PRINCIPAL: '1000000',
      ...options.env,
    },
  });
  const { child } = server;
  return {
    pid: server.pid,
    baseUrl: server.baseUrl,
    graphqlUrl: server.graphqlUrl,
    wsUrl: server.wsUrl,
    sample(sampleOptions = {}) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('server probe did not answer')), 10_000);
        const onMessage = (message: { type: string; sample: ProbeSample }) => {
          if (message.type !== 'sample') return;
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve(message.sample);
        };
        child.on('message', onMessage);
        child.send({ type: 'sample', ...sampleOptions });
      });
    },
    settle() {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('server probe did not settle')), 60_000);
        const onMessage = (message: { type: string }) => {
          if (message.type !== 'settled') return;
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve();
        };
        child.on('message', onMessage);
        child.send({ type: 'settle' });
      });
    },
    async profiled(file, work) {
      if (!file) return work();
      const ask = (action: 'start' | 'stop') =>
        new Promise<void>((resolve) => {
          const onMessage = (message: { type: string }) => {
            if (message.type !== 'profile') return;
            child.off('message', onMessage);
            resolve();
          };
          child.on('message', onMessage);
          child.send({ type: 'profile', action, file });
        });
      await ask('start');
      try {
        return await work();
      } finally {
        await ask('stop');
      }
    },
    async stop() {
      await server.stop();
      const output = server.output().trim();
      if (output) console.error(`server output:\n${output.split('\n').slice(-20).join('\n')}`);
    },
  };
}

// ---------------------------------------------------------------- HTTP

export interface GraphqlResponse<T = Record<string, any>> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** GraphQL over keep-alive HTTP/1.1 with at most `sockets` connections: lighter on the shared CPU than fetch. */
export function graphqlClient(graphqlUrl: string, sockets: number) {
  const url = new URL(graphqlUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  function post<T = Record<string, any>>(body: string): Promise<GraphqlResponse<T>> {
    return new Promise((resolve, reject) => {
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            try {
              resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as GraphqlResponse<T>);
            } catch (error) {
              reject(error);
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }
  return {
    post,
    async query<T = Record<string, any>>(query: string, variables?: Record<string, unknown>): Promise<T> {
      const result = await post<T>(JSON.stringify({ query, variables }));
      if (result.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(result.errors)}`);
      return result.data!;
    },
    close: () => agent.destroy(),
  };
}

export type GraphqlClient = ReturnType<typeof graphqlClient>;

// ---------------------------------------------------------------- load

export interface LoadResult {
  seconds: number;
  /** Latencies in ms per operation kind, measured window only. */
  latencies: Map<string, number[]>;
  errors: number;
  firstError: string | null;
}

/**
 * `workers` loops, each awaiting its own operation (closed loop): a warm-up that is not recorded,
 * then the measured window. Stops by itself at the end of the window or after `maxOps` operations.
 */
export async function closedLoop(options: {
  workers: number;
  warmupMs: number;
  durationMs: number;
  maxOps?: number;
  work: (worker: number, record: (kind: string, ms: number) => void) => Promise<void>;
}): Promise<LoadResult> {
  const latencies = new Map<string, number[]>();
  let measuring = false;
  let stopped = false;
  let ops = 0;
  let errors = 0;
  let firstError: string | null = null;
  const maxOps = options.maxOps ?? 5_000_000;
  const record = (kind: string, ms: number) => {
    if (!measuring || stopped) return;
    let list = latencies.get(kind);
    if (!list) latencies.set(kind, (list = []));
    list.push(ms);
    if (++ops >= maxOps) stopped = true;
  };
  const workers = Array.from({ length: options.workers }, async (_, worker) => {
    while (!stopped) {
      try {
        await options.work(worker, record);
      } catch (error) {
        errors++;
        firstError ??= (error as Error).message.slice(0, 500);
        if (errors > 100) stopped = true;
      }
    }
  });
  await sleep(options.warmupMs);
  measuring = true;
  const started = performance.now();
  const end = started + options.durationMs;
  while (!stopped && performance.now() < end) await sleep(Math.min(50, Math.max(1, end - performance.now())));
  const seconds = (performance.now() - started) / 1000;
  stopped = true;
  await Promise.all(workers);
  return { seconds, latencies, errors, firstError };
}

/** Times one awaited call. */
export async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
}

// ---------------------------------------------------------------- statistics

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

export interface LatencySummary {
  count: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export function summarize(values: readonly number[], seconds: number): LatencySummary {
  return { count: values.length, perSecond: values.length / seconds, p50Ms: median(values), p99Ms: percentile(values, 99) };
}

/** Least-squares slope of y over x. */
export function slope(points: readonly [number, number][]): number {
  const n = points.length;
  if (n < 2) return 0;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const numerator = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
  const denominator = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  return denominator === 0 ? 0 : numerator / denominator;
}

export const mb = (bytes: number) => bytes / (1024 * 1024);
