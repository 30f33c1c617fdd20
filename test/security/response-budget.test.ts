/**
 * The response budget: the amplification queries of the 0.2.0 attack are refused
 * before they run, with RESPONSE_TOO_LARGE naming the field; what the estimate cannot see is cut
 * while the query runs; four at once leave memory and /healthz alone.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';

/** 2 MB rather than the default 8 MB, so that a few protocols are enough to go over it. */
const server = useTestServer({ responseBudgetBytes: 2 * 1024 * 1024 });
/** A second server with a tiny budget: the cut while executing, for fields the estimate does not price. */
const tiny = useTestServer({ responseBudgetBytes: 20 * 1024 });

const STEP_BYTES = 40 * 1024;
const STEPS = 5;
const PROTOCOLS = 8;
const fence = '```';

function bigProtocol(index: number): string {
  const body = `${'lorem ipsum dolor sit amet '.repeat(STEP_BYTES / 27)}\n`;
  const steps = Array.from(
    { length: STEPS },
    (_, step) =>
      `## Step ${step + 1} ${'of a long heading '.repeat(8)}\n\n${body}\n${fence}json\n{"challenge": {"type": "comment", "comment": {"min_length": 1}}}\n${fence}\n`,
  ).join('\n');
  return `# Big protocol ${index} ${Date.now()}\n\n## Natural Language Triggers\n\nbig\n\n${steps}\n## Completion Rule\n\nDone.\n`;
}

async function post(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ status: number; body: { data?: any; errors?: any[] } }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as { data?: any; errors?: any[] } };
}

const MINT = 'mutation($input: MintInput!) { mint(input: $input) { protocol { uri stepUris } } }';
const AMPLIFY_MARKDOWN = '{ memories(first: 480) { edges { node { protocol { markdown } } } } }';
const AMPLIFY_TRANSCRIPTS = '{ runs(first: 200) { edges { node { transcript } } } }';

async function seed(url: string): Promise<string[]> {
  const heads: string[] = [];
  for (let index = 0; index < PROTOCOLS; index++) {
    const minted = await post(url, MINT, { input: { markdown: bigProtocol(index) } });
    expect(minted.body.errors).toBeUndefined();
    heads.push(minted.body.data.mint.protocol.uri);
  }
  return heads;
}

describe('the response budget', () => {
  it('refuses the amplification queries before they run, naming the field', async () => {
    const heads = await seed(server.running.graphqlUrl);
    for (const uri of heads) {
      for (let run = 0; run < 3; run++) {
        const begun = await post(server.running.graphqlUrl, 'mutation($input: BeginInput!) { begin(input: $input) { runId } }', {
          input: { uri },
        });
        expect(begun.body.errors).toBeUndefined();
      }
    }
    const client = server.running.mongoClient;
    const finds: string[] = [];
    const listener = (event: { commandName: string; command: Record<string, unknown> }) => {
      if (event.commandName === 'find') finds.push(String(event.command.find));
    };
    client.on('commandStarted', listener);
    try {
      for (const [query, field, variables] of [
        [AMPLIFY_MARKDOWN, 'Protocol.markdown', {}],
        [AMPLIFY_TRANSCRIPTS, 'Run.transcript', {}],
      ] as const) {
        finds.length = 0;
        const started = performance.now();
        const { status, body } = await post(server.running.graphqlUrl, query, variables);
        const ms = performance.now() - started;
        expect(body.data ?? null).toBeNull();
        expect(body.errors?.[0]?.extensions?.code).toBe('RESPONSE_TOO_LARGE');
        expect(body.errors?.[0]?.extensions?.details?.field).toBe(field);
        expect(body.errors?.[0]?.message).toContain(field);
        expect(status).toBe(413);
        // Refused before execution: no memory or run was read.
        expect(finds.filter((name) => name === 'memories' || name === 'runs')).toEqual([]);
        console.log(
          `[budget] ${field}: refused in ${ms.toFixed(0)} ms, projected ${(body.errors![0].extensions.details.projectedBytes / 1e6).toFixed(1)} MB`,
        );
      }
    } finally {
      client.off('commandStarted', listener);
    }
    // An answer under the budget still comes back whole.
    const small = await post(server.running.graphqlUrl, '{ memories(first: 3) { edges { node { text protocol { label } } } } }');
    expect(small.body.errors).toBeUndefined();
    expect(small.body.data.memories.edges).toHaveLength(3);
  });

  it('four amplification queries at once: memory grows < 300 MB and /healthz keeps answering', async () => {
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    let worstHealthz = 0;
    let stop = false;
    const probe = (async () => {
      while (!stop) {
        const started = performance.now();
        await fetch(`${server.running.baseUrl}/healthz`).then((response) => response.text());
        worstHealthz = Math.max(worstHealthz, performance.now() - started);
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const started = performance.now();
    const answers = await Promise.all(
      [AMPLIFY_MARKDOWN, AMPLIFY_MARKDOWN, AMPLIFY_TRANSCRIPTS, AMPLIFY_MARKDOWN].map((query) => post(server.running.graphqlUrl, query)),
    );
    const refusedMs = performance.now() - started;
    stop = true;
    await probe;
    for (const { body } of answers) expect(body.errors?.[0]?.extensions?.code).toBe('RESPONSE_TOO_LARGE');
    const growthMb = (peakRss - rssBefore) / 1e6;
    console.log(
      `[budget] four at once: all refused in ${refusedMs.toFixed(0)} ms, RSS growth ${growthMb.toFixed(1)} MB, worst /healthz ${worstHealthz.toFixed(0)} ms`,
    );
    expect(growthMb).toBeLessThan(300);
  });

  it('cuts an answer the estimate does not price while it runs, with no partial data', async () => {
    await seed(tiny.running.graphqlUrl);
    // Labels are not priced before execution; 15 aliases of them over 40 steps are ~90 KB.
    const aliases = Array.from({ length: 15 }, (_, index) => `l${index}: label`).join(' ');
    const { body } = await post(tiny.running.graphqlUrl, `{ memories(first: 100) { edges { node { ${aliases} } } } }`);
    expect(body.data ?? null).toBeNull();
    expect(body.errors).toHaveLength(1);
    expect(body.errors?.[0]?.extensions?.code).toBe('RESPONSE_TOO_LARGE');
    expect(body.errors?.[0]?.extensions?.details?.field).toBe('Memory.label');
  });
});
