import { type BenchServer, closedLoop, type GraphqlClient, graphqlClient, type LatencySummary, summarize, timed } from '../harness.js';
import { ATTEST, BEGIN, MINT, NEXT, promptProtocol, shellProtocol, shellSolution, type StepAnswer, userInputSolution } from '../operations.js';

export const STEPS_PER_RUN = 5;

export interface CommandCount {
  min: number;
  max: number;
  names: string[];
}

export interface ProtocolRunsResult {
  next: LatencySummary;
  begin: LatencySummary;
  attest: LatencySummary;
  /** Whole runs (begin → 5 × next → attest) finished per second. */
  runsPerSecond: number;
  /** Database commands of each `next` on a shell step, counted one call at a time with nothing else running. */
  commandsPerNext: CommandCount;
  /** The same for a `next` that answers a user_input step: it also closes the step's prompt and may open the next one. */
  commandsPerPromptNext: CommandCount;
  errors: number;
  firstError: string | null;
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

/** 32 agents each looping begin → 5 × next → attest against one protocol. */
export async function protocolRuns(server: BenchServer, options: { concurrency: number; warmupMs: number; durationMs: number }): Promise<ProtocolRunsResult> {
  const client = graphqlClient(server.graphqlUrl, options.concurrency);
  try {
    const { mint } = await client.query<{ mint: { protocol: { uri: string } } }>(MINT, { input: { markdown: shellProtocol(STEPS_PER_RUN) } });
    const headUri = mint.protocol.uri;
    const commandsPerNext = await countCommandsPerNext(server, client, headUri, shellSolution);
    const prompts = (await client.query<{ mint: { protocol: { uri: string } } }>(MINT, { input: { markdown: promptProtocol(3) } })).mint.protocol.uri;
    const commandsPerPromptNext = await countCommandsPerNext(server, client, prompts, userInputSolution);
    const load = await closedLoop({
      workers: options.concurrency,
      warmupMs: options.warmupMs,
      durationMs: options.durationMs,
      work: (_, record) => runOnce(client, headUri, record),
    });
    const of = (kind: string) => summarize(load.latencies.get(kind) ?? [], load.seconds);
    return {
      next: of('next'),
      begin: of('begin'),
      attest: of('attest'),
      runsPerSecond: (load.latencies.get('run')?.length ?? 0) / load.seconds,
      commandsPerNext,
      commandsPerPromptNext,
      errors: load.errors,
      firstError: load.firstError,
    };
  } finally {
    client.close();
  }
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
