import { readFile } from 'node:fs/promises';
import { type BenchServer, graphqlClient, percentile, timed } from '../harness.js';
import { BEGIN, MINT, NEXT, shellProtocol, shellSolution, type StepAnswer } from '../operations.js';
import { type CpuProfile, cpuByLayer, LAYERS, type Layer } from '../profile-summary.js';

const STEPS_PER_RUN = 50;

export interface NextProfileResult {
  nexts: number;
  /** As the client sees it, one call at a time. */
  clientP50Ms: number;
  clientMeanMs: number;
  /** The server's CPU per `next`, by layer (idle excluded). */
  cpuMsPerNext: Record<Exclude<Layer, 'idle'>, number>;
  /** Time the driver waited for the database per `next` (wire adapter + PostgreSQL + loopback), summed over its commands. */
  databaseMsPerNext: number;
  commandsPerNext: number;
  profileFile: string;
}

/**
 * `bench --profile`: `nexts` shell-step `next` calls, one at a time (so their times add up), with
 * the server's CPU profiled and its driver's command times summed. Runs are begun before the
 * profile starts, so it holds nothing but `next`.
 */
export async function nextProfile(server: BenchServer, options: { nexts: number; profileFile: string }): Promise<NextProfileResult> {
  const client = graphqlClient(server.graphqlUrl, 1);
  try {
    const { mint } = await client.query<{ mint: { protocol: { uri: string } } }>(MINT, {
      input: { markdown: shellProtocol(STEPS_PER_RUN) },
    });
    const warmup = 20;
    const steps: StepAnswer[] = [];
    for (let run = 0; run < Math.ceil((options.nexts + warmup) / STEPS_PER_RUN); run++) {
      steps.push((await client.query<{ begin: StepAnswer }>(BEGIN, { input: { uri: mint.protocol.uri } })).begin);
    }
    let cursor = 0;
    const nextOne = async () => {
      while (steps[cursor % steps.length]!.nextCall.operation !== 'NEXT') cursor++;
      const step = steps[cursor % steps.length]!;
      const input = { uri: step.currentStep!.uri, runId: step.runId, solution: shellSolution(step.challenge!) };
      const moved = (await client.query<{ next: StepAnswer }>(NEXT, { input })).next;
      if (moved.errorCode) throw new Error(`next answered ${moved.errorCode}`);
      steps[cursor % steps.length] = moved;
      cursor++;
    };
    for (let index = 0; index < warmup; index++) await nextOne();

    await server.sample({ resetCommands: true });
    const latencies: number[] = [];
    await server.profiled(options.profileFile, async () => {
      for (let index = 0; index < options.nexts; index++) latencies.push((await timed(nextOne))[1]);
    });
    const { commands, commandMs } = await server.sample({ resetCommands: true });

    const layers = cpuByLayer(JSON.parse(await readFile(options.profileFile, 'utf8')) as CpuProfile);
    const cpuMsPerNext = Object.fromEntries(
      LAYERS.filter((layer) => layer !== 'idle').map((layer) => [layer, layers[layer] / options.nexts]),
    ) as NextProfileResult['cpuMsPerNext'];
    const sum = (values: Record<string, number>) => Object.values(values).reduce((total, value) => total + value, 0);
    return {
      nexts: options.nexts,
      clientP50Ms: percentile(latencies, 50),
      clientMeanMs: latencies.reduce((total, ms) => total + ms, 0) / latencies.length,
      cpuMsPerNext,
      databaseMsPerNext: sum(commandMs) / options.nexts,
      commandsPerNext: sum(commands) / options.nexts,
      profileFile: options.profileFile,
    };
  } finally {
    client.close();
  }
}
