import { type BenchServer, graphqlClient } from '../harness.js';
import { MINT } from '../operations.js';

export interface AbuseResult {
  /** Protocols and bytes of step text seeded before the attack. */
  seededProtocols: number;
  seededMb: number;
  /** Wall time until all four amplification queries were answered. */
  refusalMs: number;
  /** What each answered: the code (RESPONSE_TOO_LARGE when refused), or `answered` with its size. */
  answers: string[];
  rssBeforeMb: number;
  peakRssMb: number;
  worstHealthzMs: number;
}

const STEP_BYTES = 100 * 1024;
const STEPS = 8;
const AMPLIFY_MARKDOWN = '{ memories(first: 480) { edges { node { protocol { markdown } } } } }';
const AMPLIFY_TRANSCRIPTS = '{ runs(first: 200) { edges { node { transcript } } } }';

function bigProtocol(index: number): string {
  const body = 'lorem ipsum dolor sit amet '.repeat(STEP_BYTES / 27);
  const steps = Array.from({ length: STEPS }, (_, step) => `## Step ${step + 1}\n\n${body}\n`).join('\n');
  return `# Abuse bench ${index} ${Date.now()}\n\n${steps}`;
}

/**
 * Issue 23 §1: four response-amplification queries at once over big protocols (the 0.2.0 attack
 * answered 480 MB and stalled /healthz for 30 s). Reports when all four were answered (refused,
 * with the budget), the server's peak RSS, and the worst /healthz latency meanwhile.
 */
export async function abuse(server: BenchServer, options: { protocols: number }): Promise<AbuseResult> {
  const client = graphqlClient(server.graphqlUrl, 8);
  try {
    for (let index = 0; index < options.protocols; index++) {
      const minted = await client.post<{ mint: { protocol: { uri: string } } }>(JSON.stringify({ query: MINT, variables: { input: { markdown: bigProtocol(index) } } }));
      if (minted.errors) throw new Error(`seeding: ${JSON.stringify(minted.errors)}`);
      const begun = await client.post(JSON.stringify({ query: 'mutation($input: BeginInput!) { begin(input: $input) { runId } }', variables: { input: { uri: minted.data!.mint.protocol.uri } } }));
      if (begun.errors) throw new Error(`seeding runs: ${JSON.stringify(begun.errors)}`);
    }
    const before = await server.sample({ gc: true });
    let peakRss = before.rssBytes;
    let worstHealthzMs = 0;
    let stop = false;
    const probe = (async () => {
      while (!stop) {
        const started = performance.now();
        await fetch(`${server.baseUrl}/healthz`).then((response) => response.text());
        worstHealthzMs = Math.max(worstHealthzMs, performance.now() - started);
        peakRss = Math.max(peakRss, (await server.sample()).rssBytes);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    const started = performance.now();
    const results = await Promise.all([AMPLIFY_MARKDOWN, AMPLIFY_MARKDOWN, AMPLIFY_TRANSCRIPTS, AMPLIFY_MARKDOWN].map((query) => client.post(JSON.stringify({ query }))));
    const refusalMs = performance.now() - started;
    // Keep probing a little after: memory the answers left behind shows up here.
    await new Promise((resolve) => setTimeout(resolve, 500));
    stop = true;
    await probe;
    return {
      seededProtocols: options.protocols,
      seededMb: (options.protocols * STEPS * STEP_BYTES) / 1e6,
      refusalMs,
      answers: results.map((result) => String(result.errors?.[0]?.extensions?.code ?? `answered ${(JSON.stringify(result.data).length / 1e6).toFixed(1)} MB`)),
      rssBeforeMb: before.rssBytes / 1e6,
      peakRssMb: peakRss / 1e6,
      worstHealthzMs,
    };
  } finally {
    client.close();
  }
}
