import {
  type BenchServer,
  closedLoop,
  type GraphqlClient,
  graphqlClient,
  type LatencySummary,
  type LoadResult,
  summarize,
  timed,
} from '../harness.js';
import {
  ATTEST,
  BEGIN,
  MINT,
  NEXT,
  promptProtocol,
  shellProtocol,
  shellSolution,
  type StepAnswer,
  userInputSolution,
} from '../operations.js';

export const STEPS_PER_RUN = 5;

export interface CommandCount {
  min: number;
  max: number;
  names: string[];
}

/** Work done twice during a load (warm-up included), as the server's driver saw it (bench/server-probe.ts). */
export interface RetryCount {
  failedCommands: number;
  abortedTransactions: number;
  lostVersionRaces: number;
}

export interface RunLoad {
  next: LatencySummary;
  begin: LatencySummary;
  attest: LatencySummary;
  /** Whole runs (begin → 5 × next → attest) finished per second. */
  runsPerSecond: number;
  retries: RetryCount;
  errors: number;
  firstError: string | null;
}

export interface ProtocolRunsResult extends RunLoad {
  /** The same agents, each on a protocol of its own: what the hot protocol is compared with. */
  spread: RunLoad;
  /** Database commands of each `next` on a shell step, counted one call at a time with nothing else running. */
  commandsPerNext: CommandCount;
  /** The same for a `next` that answers a user_input step: it also closes the step's prompt and may open the next one. */
  commandsPerPromptNext: CommandCount;
}

/** One agent's run: begin, prove every step, attest. */
async function runOnce(client: GraphqlClient, headUri: string, record: (kind: string, ms: number) => void): Promise<void> {
  const [begun, beginMs] = await timed(() => client.query<{ begin: StepAnswer }>(BEGIN, { input: { uri: headUri } }));
  record('begin', beginMs);
  let step = begun.begin;
  while (step.nextCall.operation === 'NEXT') {
    const input = { uri: step.currentStep!.uri, runId: step.runId, solution: shellSolution(step.challenge!) };
    const [moved, nextMs] = await timed(() => client.query<{ next: StepAnswer }>(NEXT, { input }));
    if (moved.next.errorCode) throw new Error(`next answered ${moved.next.errorCode}`);
    record('next', nextMs);
    step = moved.next;
  }
  const [attested, attestMs] = await timed(() =>
    client.query<{ attest: { errorCode: string | null } }>(ATTEST, {
      input: { uri: step.nextCall.uri, runId: step.runId, outcome: 'SUCCESS', message: 'bench run' },
    }),
  );
  if (attested.attest.errorCode) throw new Error(`attest answered ${attested.attest.errorCode}`);
  record('attest', attestMs);
  record('run', 0);
}

type LoadWindow = { concurrency: number; warmupMs: number; durationMs: number };

/**
 * 32 agents each looping begin → 5 × next → attest against one protocol (hot), and the same agents
 * each on its own protocol (spread), in the same process and database. The two alternate in
 * rounds (hot, spread, hot, spread) so that a change in the shared machine's load falls on both.
 */
export async function protocolRuns(server: BenchServer, options: LoadWindow & { rounds?: number }): Promise<ProtocolRunsResult> {
  const client = graphqlClient(server.graphqlUrl, options.concurrency);
  const mint = async (markdown: string) =>
    (await client.query<{ mint: { protocol: { uri: string } } }>(MINT, { input: { markdown } })).mint.protocol.uri;
  try {
    const headUri = await mint(shellProtocol(STEPS_PER_RUN));
    const commandsPerNext = await countCommandsPerNext(server, client, headUri, shellSolution);
    const commandsPerPromptNext = await countCommandsPerNext(server, client, await mint(promptProtocol(3)), userInputSolution);
    const heads: string[] = [];
    for (let agent = 0; agent < options.concurrency; agent++) heads.push(await mint(shellProtocol(STEPS_PER_RUN)));
    const rounds = options.rounds ?? 2;
    const window = { ...options, warmupMs: options.warmupMs / rounds, durationMs: options.durationMs / rounds };
    const hot: Measured[] = [];
    const spread: Measured[] = [];
    for (let round = 0; round < rounds; round++) {
      hot.push(await measure(server, client, window, () => headUri));
      spread.push(await measure(server, client, window, (worker) => heads[worker]!));
    }
    return { ...summarizeRounds(hot), spread: summarizeRounds(spread), commandsPerNext, commandsPerPromptNext };
  } finally {
    client.close();
  }
}

type Measured = LoadResult & { retries: RetryCount };

async function measure(
  server: BenchServer,
  client: GraphqlClient,
  options: LoadWindow,
  protocolOf: (worker: number) => string,
): Promise<Measured> {
  await server.sample({ resetCommands: true });
  const load = await closedLoop({
    workers: options.concurrency,
    warmupMs: options.warmupMs,
    durationMs: options.durationMs,
    work: (worker, record) => runOnce(client, protocolOf(worker), record),
  });
  const { retries } = await server.sample({ resetCommands: true });
  return { ...load, retries };
}

function summarizeRounds(rounds: Measured[]): RunLoad {
  const seconds = rounds.reduce((sum, round) => sum + round.seconds, 0);
  const all = (kind: string) => rounds.flatMap((round) => round.latencies.get(kind) ?? []);
  const total = (key: keyof RetryCount) => rounds.reduce((sum, round) => sum + round.retries[key], 0);
  return {
    next: summarize(all('next'), seconds),
    begin: summarize(all('begin'), seconds),
    attest: summarize(all('attest'), seconds),
    runsPerSecond: all('run').length / seconds,
    retries: {
      failedCommands: total('failedCommands'),
      abortedTransactions: total('abortedTransactions'),
      lostVersionRaces: total('lostVersionRaces'),
    },
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
    firstError: rounds.find((round) => round.firstError)?.firstError ?? null,
  };
}
/** Runs a protocol three times, one call at a time, and reads the server's command counter around each next. */
async function countCommandsPerNext(
  server: BenchServer,
  client: GraphqlClient,
  headUri: string,
  solve: (challenge: NonNullable<StepAnswer['challenge']>) => Record<string, unknown>,
): Promise<CommandCount> {
  const counts: number[] = [];
  const names = new Set<string>();
  for (let run = 0; run < 3; run++) {
    let step = (await client.query<{ begin: StepAnswer }>(BEGIN, { input: { uri: headUri } })).begin;
    while (step.nextCall.operation === 'NEXT') {
      await server.sample({ resetCommands: true });
      step = (
        await client.query<{ next: StepAnswer }>(NEXT, {
          input: { uri: step.currentStep!.uri, runId: step.runId, solution: solve(step.challenge!) },
        })
      ).next;
      if (step.errorCode) throw new Error(`next answered ${step.errorCode}`);
      const { commands } = await server.sample({ resetCommands: true });
      counts.push(Object.values(commands).reduce((sum, count) => sum + count, 0));
      for (const name of Object.keys(commands)) names.add(name);
    }
  }
  return { min: Math.min(...counts), max: Math.max(...counts), names: [...names] };
}
