import { type BenchServer, closedLoop, graphqlClient, type LatencySummary, summarize, timed } from '../harness.js';
import { MEMORIES_PAGE, MINT, plainProtocol, UPDATE_MEMORIES } from '../operations.js';

export interface ReadsResult {
  /** Database commands for one page, by page size: constant means no N+1. */
  commandsByPageSize: Record<string, number>;
  page100: LatencySummary;
}

/** A page of memories with their protocols (DataLoader batching), counted and timed. */
export async function reads(
  server: BenchServer,
  options: { concurrency: number; warmupMs: number; durationMs: number },
): Promise<ReadsResult> {
  const client = graphqlClient(server.graphqlUrl, options.concurrency);
  try {
    const tag = `bench-page-${Date.now()}`;
    // 10 protocols × 10 steps: a page of 100 touches 10 chains.
    for (let protocol = 0; protocol < 10; protocol++) {
      const { mint } = await client.query<{ mint: { protocol: { stepUris: string[] } } }>(MINT, { input: { markdown: plainProtocol(10) } });
      await client.query(UPDATE_MEMORIES, { input: { uris: mint.protocol.stepUris, updates: { tags: [tag] } } });
    }
    const body = (first: number) => JSON.stringify({ query: MEMORIES_PAGE, variables: { filter: { tag }, first } });
    const commandsByPageSize: Record<string, number> = {};
    for (const first of [1, 10, 100]) {
      await client.post(body(first));
      await server.sample({ resetCommands: true });
      const result = await client.post<{ memories: { edges: unknown[] } }>(body(first));
      const { commands } = await server.sample({ resetCommands: true });
      if (result.errors || result.data!.memories.edges.length !== first)
        throw new Error(`page of ${first}: ${JSON.stringify(result.errors)}`);
      commandsByPageSize[String(first)] = Object.values(commands).reduce((sum, count) => sum + count, 0);
    }
    const page = body(100);
    const load = await closedLoop({
      workers: options.concurrency,
      warmupMs: options.warmupMs,
      durationMs: options.durationMs,
      work: async (_, record) => {
        const [result, ms] = await timed(() => client.post(page));
        if (result.errors) throw new Error(JSON.stringify(result.errors));
        record('page', ms);
      },
    });
    return { commandsByPageSize, page100: summarize(load.latencies.get('page') ?? [], load.seconds) };
  } finally {
    client.close();
  }
}
