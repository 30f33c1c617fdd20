import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type BenchServer, graphqlClient } from '../harness.js';
import { ATTEST, BEGIN, MINT, NEXT, plainProtocol, shellProtocol, shellSolution, type StepAnswer, UPDATE_MEMORIES } from '../operations.js';

/** The budgets test/scale/command-budgets.test.ts asserts, printed by the bench from its own server. */
export const COMMAND_BUDGETS = {
  begin: 3,
  next: 2,
  attest: 5,
  'updateMemories, 1 URI': 6,
  'updateMemories, 100 URIs': 6,
  'updateMemories, 1,000 URIs': 6,
  // The storage quota's read (an aggregate reused for 10 s) is counted by name only, among the price lookups.
  mint: 9,
  search: 4,
  'forward, start': 3,
  'forward, one layer proven': 2,
} as const;
export type CountedOperation = keyof typeof COMMAND_BUDGETS;

export interface CommandCounts {
  /** Commands per operation, trailing work included, without the response budget's 5 s-cached price lookup. */
  counts: Record<CountedOperation, number>;
  names: Record<CountedOperation, string[]>;
  /** Price lookups (aggregate) seen beside them: at most two per operation (one per kind), depending on their cache. */
  priceLookups: number;
}

const SEARCH = 'query Search($query: String!) { search(query: $query) { choices { uri score } } }';

/**
 * Each operation once, one at a time on an otherwise idle server: the server's trailing work is
 * settled before and after, and its driver's commands counted in between (bench/server-probe.ts).
 */
export async function commandCounts(server: BenchServer): Promise<CommandCounts> {
  const client = graphqlClient(server.graphqlUrl, 1);
  const mcp = new Client({ name: 'bench-counts', version: '1.0.0' });
  await mcp.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.baseUrl)));
  const counts = {} as Record<CountedOperation, number>;
  const names = {} as Record<CountedOperation, string[]>;
  let priceLookups = 0;
  const count = async <T>(operation: CountedOperation, work: () => Promise<T>): Promise<T> => {
    await server.settle();
    await server.sample({ resetCommands: true });
    const value = await work();
    await server.settle();
    const { commands } = await server.sample({ resetCommands: true });
    priceLookups += commands.aggregate ?? 0;
    const counted = Object.entries(commands).filter(([name]) => name !== 'aggregate' || commands.aggregate! > 2);
    // An operation counted more than once (each next of a run) keeps its most expensive call.
    const total = counted.reduce((sum, [, times]) => sum + times, 0);
    if (total >= (counts[operation] ?? 0)) {
      counts[operation] = total;
      names[operation] = counted.map(([name, times]) => (times > 1 ? `${name} ×${times}` : name));
    }
    return value;
  };
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await mcp.callTool({ name, arguments: args });
    const json = JSON.parse((result.content as { text: string }[])[0]!.text) as Record<string, any>;
    if (result.isError || json.error_code) throw new Error(`${name} answered ${json.error_code ?? json.error}`);
    return json;
  };
  try {
    const minted = await count('mint', () =>
      client.query<{ mint: { protocol: { uri: string; slug: string } } }>(MINT.replace('uri stepUris', 'uri slug stepUris'), {
        input: { markdown: shellProtocol(3) },
      }),
    );
    await client.query(BEGIN, { input: { uri: minted.mint.protocol.uri } });
    let step = (await count('begin', () => client.query<{ begin: StepAnswer }>(BEGIN, { input: { uri: minted.mint.protocol.uri } }))).begin;
    while (step.nextCall.operation === 'NEXT') {
      const input = { uri: step.currentStep!.uri, runId: step.runId, solution: shellSolution(step.challenge!) };
      step = (await count('next', () => client.query<{ next: StepAnswer }>(NEXT, { input }))).next;
    }
    await count('attest', () =>
      client.query(ATTEST, { input: { uri: step.nextCall.uri, runId: step.runId, outcome: 'SUCCESS', message: 'counted' } }),
    );

    const uris: string[] = [];
    while (uris.length < 1_000)
      uris.push(
        ...(await client.query<{ mint: { protocol: { stepUris: string[] } } }>(MINT, { input: { markdown: plainProtocol(50) } })).mint
          .protocol.stepUris,
      );
    for (const [operation, size] of [
      ['updateMemories, 1 URI', 1],
      ['updateMemories, 100 URIs', 100],
      ['updateMemories, 1,000 URIs', 1_000],
    ] as const) {
      await count(operation, () =>
        client.query(UPDATE_MEMORIES, { input: { uris: uris.slice(0, size), updates: { tags: [`counted-${size}`] } } }),
      );
    }
    await count('search', () => client.query(SEARCH, { query: 'bench checks' }));

    const adapterUri = `kairos://adapter/${minted.mint.protocol.slug}`;
    const started = await count('forward, start', () => call('forward', { uri: adapterUri }));
    const contract = started.contract as { nonce: string; proof_hash: string };
    const solution = {
      type: 'shell',
      outcome: 'success',
      evidence: { exit_code: 0, stdout: 'ok' },
      nonce: contract.nonce,
      proof_hash: contract.proof_hash,
    };
    await count('forward, one layer proven', () => call('forward', { uri: started.next_call.args.uri, solution }));
    return { counts, names, priceLookups };
  } finally {
    client.close();
    await mcp.close();
  }
}
