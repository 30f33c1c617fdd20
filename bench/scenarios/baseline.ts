import { type BenchServer, closedLoop, graphqlClient, summarize, timed, type LatencySummary } from '../harness.js';

export interface BaselineResult extends LatencySummary {
  errors: number;
}

/** `{ __typename }` over HTTP: HTTP, Yoga's pipeline and JSON, no database. The server's own ceiling. */
export async function baseline(
  server: BenchServer,
  options: { concurrency: number; warmupMs: number; durationMs: number },
): Promise<BaselineResult> {
  const client = graphqlClient(server.graphqlUrl, options.concurrency);
  const body = JSON.stringify({ query: '{ __typename }' });
  try {
    const load = await closedLoop({
      workers: options.concurrency,
      warmupMs: options.warmupMs,
      durationMs: options.durationMs,
      work: async (_, record) => {
        const [result, ms] = await timed(() => client.post(body));
        if (result.errors) throw new Error(JSON.stringify(result.errors));
        record('request', ms);
      },
    });
    return { ...summarize(load.latencies.get('request') ?? [], load.seconds), errors: load.errors };
  } finally {
    client.close();
  }
}
