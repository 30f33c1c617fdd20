import { Client as ModernClient, StreamableHTTPClientTransport as ModernHttp } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type BenchServer, closedLoop, type LatencySummary, summarize, timed } from '../harness.js';

export interface McpCallsResult {
  /** kairos_run through a 2025 session (v1 client, one session per worker). */
  legacy: LatencySummary;
  /** kairos_run as a 2026-07-28 stateless request (v2 client pinned to it). */
  modern: LatencySummary;
  errors: number;
  firstError: string | null;
}

const fence = '```';

/** One tool call (`kairos_run`: a read through the whole MCP door and the GraphQL pipeline) on each era, closed loop. */
export async function mcpCalls(
  server: BenchServer,
  options: { concurrency: number; warmupMs: number; durationMs: number },
): Promise<McpCallsResult> {
  const mcpUrl = new URL(`${server.baseUrl}/mcp`);
  const legacy = await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      const client = new LegacyClient({ name: 'bench-legacy', version: '1' });
      await client.connect(new LegacyHttp(mcpUrl));
      return client;
    }),
  );
  const modern = await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      const client = new ModernClient({ name: 'bench-modern', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
      await client.connect(new ModernHttp(mcpUrl));
      return client;
    }),
  );
  try {
    const markdown = `# Bench MCP ${Date.now()}\n\n## Look\nLook.\n\n${fence}json\n{"challenge": {"type": "comment", "comment": {"min_length": 5}}}\n${fence}\n`;
    const text = (result: unknown) => JSON.parse((result as { content: { text: string }[] }).content[0]!.text) as Record<string, any>;
    const minted = text(await legacy[0]!.callTool({ name: 'kairos_mint', arguments: { markdown_doc: markdown, llm_model_id: 'bench' } }));
    const begun = text(await legacy[0]!.callTool({ name: 'kairos_begin', arguments: { uri: minted.items[0].uri } }));
    const args = { name: 'kairos_run', arguments: { run_id: begun.run_id } };
    const measure = async (era: 'legacy' | 'modern') => {
      const load = await closedLoop({
        workers: options.concurrency,
        warmupMs: options.warmupMs,
        durationMs: options.durationMs,
        work: async (worker, record) => {
          const [result, ms] = await timed(
            () =>
              (era === 'legacy' ? legacy[worker]!.callTool(args) : modern[worker]!.callTool(args)) as Promise<unknown> as Promise<{
                isError?: unknown;
                content?: unknown;
              }>,
          );
          if (result.isError) throw new Error(JSON.stringify(result.content).slice(0, 300));
          record(era, ms);
        },
      });
      return { summary: summarize(load.latencies.get(era) ?? [], load.seconds), errors: load.errors, firstError: load.firstError };
    };
    const onLegacy = await measure('legacy');
    const onModern = await measure('modern');
    return {
      legacy: onLegacy.summary,
      modern: onModern.summary,
      errors: onLegacy.errors + onModern.errors,
      firstError: onLegacy.firstError ?? onModern.firstError,
    };
  } finally {
    await Promise.all([...legacy, ...modern].map((client) => client.close().catch(() => {})));
  }
}
