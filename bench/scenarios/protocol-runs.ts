import { type BenchServer, closedLoop, type GraphqlClient, graphqlClient, type LatencySummary, summarize, timed } from '../harness.js';
import { ATTEST, BEGIN, MINT, NEXT, promptProtocol, shellProtocol, shellSolution, type StepAnswer, userInputSolution } from '../operations.js';

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
    client.query<{ attest: { errorCode: string | null } }>(ATTEST, { input: { uri: step.nextCall.uri, runId: step.runId, outcome: 'SUCCESS', message: 'bench run' } }),
  );
  if (attested.attest.errorCode) throw new Error(`attest answered ${attested.attest.errorCode}`);
  record('attest', attestMs);
  record('run', 0);
}

type LoadWindow = { concurrency: number; warmupMs: number; durationMs: number };

/**
 * 32 agents each looping begin → 5 × next → attest against one protocol (hot), then the same
 * agents each on its own protocol (spread), in the same process and database.
 */
export async function protocolRuns(server: BenchServer, options: LoadWindow): Promise<ProtocolRunsResult> {
  const client = graphqlClient(server.graphqlUrl, options.concurrency);
  const mint = async (markdown: string) => (await client.query<{ mint: { protocol: { uri: string } } }>(MINT, { input: { markdown } })).mint.protocol.uri;
  try {
    const headUri = await mint(shellProtocol(STEPS_PER_RUN));
    const commandsPerNext = await countCommandsPerNext(server, client, headUri, shellSolution);
    const commandsPerPromptNext = await countCommandsPerNext(server, client, await mint(promptProtocol(3)), userInputSolution);
    const hot = await runLoad(server, client, options, () => headUri);
    const heads: string[] = [];
    for (let agent = 0; agent < options.concurrency; agent++) heads.push(await mint(shellProtocol(STEPS_PER_RUN)));
    const spread = await runLoad(server, client, options, (worker) => heads[worker]!);
    return { ...hot, spread, commandsPerNext, commandsPerPromptNext };
  } finally {
    client.close();
  }
}

async function runLoad(server: BenchServer, client: GraphqlClient, options: LoadWindow, protocolOf: (worker: number) => string): Promise<RunLoad> {
  await server.sample({ resetCommands: true });
  const load = await closedLoop({
    workers: options.concurrency,
    warmupMs: options.warmupMs,
    durationMs: options.durationMs,
    work: (worker, record) => runOnce(client, protocolOf(worker), record),
  });
  const { retries } = await server.sample({ resetCommands: true });
  const of = (kind: string) => summarize(load.latencies.get(kind) ?? [], load.seconds);
  return {
    next: of('next'),
    begin: of('begin'),
    attest: of('attest'),
    runsPerSecond: (load.latencies.get('run')?.length ?? 0) / load.seconds,
    retries,
    errors: load.errors,
    firstError: load.firstError,
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
      step = (await client.query<{ next: StepAnswer }>(NEXT, { input: { uri: step.currentStep!.uri, runId: step.runId, solution: solve(step.challenge!) } })).next;
      if (step.errorCode) throw new Error(`next answered ${step.errorCode}`);
      const { commands } = await server.sample({ resetCommands: true });
      counts.push(Object.values(commands).reduce((sum, count) => sum + count, 0));
      for (const name of Object.keys(commands)) names.add(name);
    }
  }
  return { min: Math.min(...counts), max: Math.max(...counts), names: [...names] };
}
