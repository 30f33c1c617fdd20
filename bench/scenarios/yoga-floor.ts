import { spawn } from 'node:child_process';
import type { Db, Document } from 'mongodb';
import { freeLoopbackPort } from '../../test/support/free-port.js';
import { stopProcess } from '../../test/support/server-process.js';
import {
  type BenchServer,
  closedLoop,
  type GraphqlClient,
  graphqlClient,
  type LatencySummary,
  repoRoot,
  summarize,
  timed,
} from '../harness.js';
import { BEGIN, MINT, NEXT, shellProtocol, shellSolution, type StepAnswer } from '../operations.js';
import { STEPS_PER_RUN } from './protocol-runs.js';

export interface YogaFloorResult {
  /** Our server's `next`, 32 agents, runs begun beforehand (the window holds only nexts). */
  next: LatencySummary;
  /** The bare Yoga server's mutation issuing the same two commands, the same agents and shape. */
  floor: LatencySummary;
  /** A window ran out of prepared runs before its end (its throughput would read low): sized to make this false. */
  ranOut: boolean;
  errors: number;
  firstError: string | null;
}

type Window = { concurrency: number; warmupMs: number; durationMs: number };
/** A run begun and waiting for its nexts. */
type Begun = { runId: string; step: StepAnswer };

/**
 * `next` on our server against a bare Yoga server (bench/bare-yoga-server.ts) whose one mutation
 * issues the same two driver commands: the same 32 keep-alive clients, the same closed loop, runs
 * prepared before each window so it holds nothing but the timed calls, rounds alternating
 * (ours, bare, ours, bare) so the shared machine's load falls on both alike.
 */
export async function yogaFloor(
  server: BenchServer,
  db: Db,
  mongoUri: string,
  dbName: string,
  options: Window & { rounds?: number },
): Promise<YogaFloorResult> {
  const setup = graphqlClient(server.graphqlUrl, options.concurrency);
  const headUri = (await setup.query<{ mint: { protocol: { uri: string } } }>(MINT, { input: { markdown: shellProtocol(STEPS_PER_RUN) } }))
    .mint.protocol.uri;
  // A run with one settled proof and its event: the bare server pushes copies of these.
  const template = (await setup.query<{ begin: StepAnswer }>(BEGIN, { input: { uri: headUri } })).begin;
  await setup.query(NEXT, {
    input: { uri: template.currentStep!.uri, runId: template.runId, solution: shellSolution(template.challenge!) },
  });
  const runs = db.collection<{ _id: string } & Document>('runs');
  const active = (await runs.findOne({ _id: (await setup.query<{ begin: StepAnswer }>(BEGIN, { input: { uri: headUri } })).begin.runId }))!;

  const port = await freeLoopbackPort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-yoga-server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      MONGODB_URI: mongoUri,
      MONGODB_DB: dbName,
      PORT: String(port),
      TEMPLATE_RUN_ID: template.runId,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`bare Yoga server exited with ${code}: ${output}`)));
  });
  const bare = graphqlClient(`http://127.0.0.1:${port}/graphql`, options.concurrency);
  const ours = graphqlClient(server.graphqlUrl, options.concurrency);
  try {
    // Enough runs for every window: each gives STEPS_PER_RUN nexts; the loop stops when they run out.
    const runsPerWindow = Math.ceil(((options.warmupMs + options.durationMs) / 1000) * 200);
    const rounds = options.rounds ?? 2;
    const window = { ...options, warmupMs: options.warmupMs / rounds, durationMs: options.durationMs / rounds };
    const oursLatencies: number[] = [];
    const bareLatencies: number[] = [];
    const seconds = { ours: 0, bare: 0 };
    let errors = 0;
    let ranOut = false;
    let firstError: string | null = null;
    const perRound = Math.ceil(runsPerWindow / rounds);
    const oursWindow = async () => {
      const begun = await beginRuns(setup, headUri, perRound);
      return nextLoop(window, begun.length * STEPS_PER_RUN, async (record) => {
        const run = begun.pop();
        if (!run) return false;
        let step = run.step;
        for (let index = 0; index < STEPS_PER_RUN; index++) {
          const input = { uri: step.currentStep!.uri, runId: step.runId, solution: shellSolution(step.challenge!) };
          const [moved, ms] = await timed(() => ours.query<{ next: StepAnswer }>(NEXT, { input }));
          if (moved.next.errorCode) throw new Error(`next answered ${moved.next.errorCode}`);
          record(ms);
          step = moved.next;
        }
        return true;
      });
    };
    const bareNext = (runId: string) =>
      bare.post(
        JSON.stringify({
          query: 'mutation($runId: ID!, $space: String!) { next(runId: $runId, space: $space) }',
          variables: { runId, space: active.space },
        }),
      );
    const bareWindow = async () => {
      const copies = Array.from({ length: perRound }, () => ({ ...active, _id: crypto.randomUUID(), version: 1, eventSeq: 1 }));
      await runs.insertMany(copies);
      return nextLoop(window, copies.length * STEPS_PER_RUN, async (record) => {
        const copy = copies.pop();
        if (!copy) return false;
        for (let index = 0; index < STEPS_PER_RUN; index++) {
          const [answer, ms] = await timed(() => bareNext(copy._id));
          if (answer.errors?.length) throw new Error(`bare next: ${JSON.stringify(answer.errors)}`);
          record(ms);
        }
        return true;
      });
    };
    // The bare server is a fresh process: a few hundred calls first, so its code is compiled as ours is.
    const warm = Array.from({ length: 40 }, () => ({ ...active, _id: crypto.randomUUID(), version: 1, eventSeq: 1 }));
    await runs.insertMany(warm);
    await Promise.all(
      warm.map(async (copy) => {
        for (let index = 0; index < STEPS_PER_RUN; index++) await bareNext(copy._id);
      }),
    );
    for (let round = 0; round < rounds; round++) {
      // Each goes first in every other round: whatever follows a window's preparation falls on both.
      const [mine, floor] = round % 2 === 0 ? [await oursWindow(), await bareWindow()] : [null, await bareWindow()];
      const measuredOurs = mine ?? (await oursWindow());
      for (const load of [measuredOurs, floor]) {
        ranOut ||= load.ranOut;
        errors += load.errors;
        firstError ??= load.firstError;
      }
      oursLatencies.push(...measuredOurs.latencies);
      seconds.ours += measuredOurs.seconds;
      bareLatencies.push(...floor.latencies);
      seconds.bare += floor.seconds;
    }
    return { next: summarize(oursLatencies, seconds.ours), floor: summarize(bareLatencies, seconds.bare), ranOut, errors, firstError };
  } finally {
    setup.close();
    ours.close();
    bare.close();
    await stopProcess(child, 10_000);
  }
}

async function beginRuns(client: GraphqlClient, headUri: string, count: number): Promise<Begun[]> {
  const begun: Begun[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next++ < count) {
        const { begin } = await client.query<{ begin: StepAnswer }>(BEGIN, { input: { uri: headUri } });
        begun.push({ runId: begin.runId, step: begin });
      }
    }),
  );
  return begun;
}

/** 32 closed loops, each taking a prepared run and timing its nexts; stops at the window's end or when the runs run out. */
async function nextLoop(options: Window, maxOps: number, work: (record: (ms: number) => void) => Promise<boolean>) {
  let exhausted = false;
  const load = await closedLoop({
    workers: options.concurrency,
    warmupMs: options.warmupMs,
    durationMs: options.durationMs,
    maxOps,
    work: async (_, record) => {
      if (exhausted || !(await work((ms) => record('next', ms)))) {
        exhausted = true;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  });
  const latencies = load.latencies.get('next') ?? [];
  // The window ends by time: runs gone before it means the loops idled for part of it.
  return { latencies, seconds: load.seconds, ranOut: exhausted, errors: load.errors, firstError: load.firstError };
}
