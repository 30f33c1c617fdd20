import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type BenchServer, graphqlClient, type LatencySummary, summarize, timed } from '../harness.js';
import { MINT, shellProtocol } from '../operations.js';

const LAYERS = 5;

export interface ForwardResult {
  /** `forward` with a solution (one layer proven), KAIROS 4 tool over MCP. */
  forward: LatencySummary;
  /** `kairos_next` with a solution, the same layers over the same MCP door. */
  next: LatencySummary;
  agents: number;
  runsPerAgent: number;
  errors: number;
  firstError: string | null;
}

type Json = Record<string, any>;

async function call(client: Client, name: string, args: Json): Promise<Json> {
  const result = await client.callTool({ name, arguments: args });
  const json = JSON.parse((result.content as { text: string }[])[0]!.text) as Json;
  if (result.isError || json.error_code) throw new Error(`${name} answered ${json.error ?? json.error_code}: ${json.message ?? ''}`);
  return json;
}

/** One KAIROS 4 run: forward to start, forward per layer (timed), reward. */
async function v4Run(client: Client, adapterUri: string, record: (ms: number) => void): Promise<void> {
  let answer = await call(client, 'forward', { uri: adapterUri });
  while (answer.next_call?.kind === 'forward') {
    const contract = answer.contract;
    const solution = {
      type: 'shell',
      outcome: 'success',
      evidence: { exit_code: 0, stdout: 'ok' },
      nonce: contract.nonce,
      proof_hash: contract.proof_hash,
    };
    const [moved, ms] = await timed(() => call(client, 'forward', { uri: answer.next_call.args.uri, solution }));
    record(ms);
    answer = moved;
  }
  await call(client, 'reward', { uri: answer.next_call.args.uri, outcome: 'success' });
}

/** The same run with the v3 tools: kairos_begin, kairos_next per step (timed), kairos_attest. */
async function v3Run(client: Client, headUri: string, record: (ms: number) => void): Promise<void> {
  let answer = await call(client, 'kairos_begin', { uri: headUri });
  while (answer.challenge?.nonce) {
    const solution = {
      type: 'shell',
      shell: { exit_code: 0, stdout: 'ok' },
      nonce: answer.challenge.nonce,
      proof_hash: answer.challenge.proof_hash,
    };
    const [moved, ms] = await timed(() => call(client, 'kairos_next', { uri: answer.current_step.uri, run_id: answer.run_id, solution }));
    record(ms);
    answer = moved;
  }
  await call(client, 'kairos_attest', {
    uri: answer.current_step?.uri ?? headUri,
    run_id: answer.run_id,
    outcome: 'success',
    message: 'bench run',
  });
}

/**
 * `forward` beside `kairos_next`: `agents` MCP clients (the SDK's, over /mcp) each run a 5-layer
 * shell adapter `runsPerAgent` times with each tool set, alternating, so both see the same load.
 */
export async function forwardLoad(server: BenchServer, options: { agents: number; runsPerAgent: number }): Promise<ForwardResult> {
  const graphql = graphqlClient(server.graphqlUrl, 1);
  const minted = await graphql.query<{ mint: { protocol: { uri: string; slug: string } } }>(
    MINT.replace('uri stepUris', 'uri slug stepUris'),
    {
      input: { markdown: shellProtocol(LAYERS).replace(/^# .*$/m, `# Forward bench ${Date.now()}`) },
    },
  );
  const { uri: headUri, slug } = minted.mint.protocol;
  const forward: number[] = [];
  const next: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.agents }, async () => {
      const client = new Client({ name: 'bench-forward', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.baseUrl)));
      try {
        for (let run = 0; run < options.runsPerAgent; run++) {
          try {
            await v4Run(client, `kairos://adapter/${slug}`, (ms) => forward.push(ms));
            await v3Run(client, headUri, (ms) => next.push(ms));
          } catch (error) {
            errors++;
            firstError ??= (error as Error).message;
          }
        }
      } finally {
        await client.close();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    forward: summarize(forward, seconds),
    next: summarize(next, seconds),
    agents: options.agents,
    runsPerAgent: options.runsPerAgent,
    errors,
    firstError,
  };
}
