import { type BenchServer, graphqlClient } from '../harness.js';
import { MINT } from '../operations.js';

/** What /healthz and the server's event loop did during one phase. */
export interface PhaseFigures {
  healthzProbes: number;
  worstHealthzMs: number;
  /** The server's own `kairos_nodejs_eventloop_lag_max_seconds` over the phase: its longest loop block, about. */
  longestLoopBlockMs: number;
}

export interface AbuseResult {
  /** Protocols and bytes of step text seeded before the attack. */
  seededProtocols: number;
  seededMb: number;
  /** The bench's own setup (minting the big protocols, a run each), probed too but not the attack. */
  seeding: PhaseFigures & { ms: number };
  /** Wall time until all four amplification queries were answered. */
  refusalMs: number;
  /** What each answered: the code (RESPONSE_TOO_LARGE when refused), or `answered` with its size. */
  answers: string[];
  rssBeforeMb: number;
  peakRssMb: number;
  /** The attack and the half second after it. */
  worstHealthzMs: number;
  healthzProbes: number;
  longestLoopBlockMs: number;
  /** /healthz answers slower than 200 ms, in either phase: when (ms from the start of the scenario) and how slow. */
  slowHealthz: { phase: 'seeding' | 'attack'; atMs: number; ms: number }[];
}

const STEP_BYTES = 100 * 1024;
const STEPS = 8;
const AMPLIFY_MARKDOWN = '{ memories(first: 480) { edges { node { protocol { markdown } } } } }';
const AMPLIFY_TRANSCRIPTS = '{ runs(first: 200) { edges { node { transcript } } } }';
const SLOW_HEALTHZ_MS = 200;

function bigProtocol(index: number): string {
  const body = 'lorem ipsum dolor sit amet '.repeat(STEP_BYTES / 27);
  const steps = Array.from({ length: STEPS }, (_, step) => `## Step ${step + 1}\n\n${body}\n`).join('\n');
  return `# Abuse bench ${index} ${Date.now()}\n\n${steps}`;
}

/** The longest event-loop delay since the last scrape (prom-client resets its histogram on every scrape). */
export async function loopBlockSinceLastScrape(server: BenchServer): Promise<number> {
  const text = await fetch(`${server.baseUrl}/metrics`).then((response) => response.text());
  const line = /^kairos_nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text);
  if (!line) throw new Error('/metrics has no kairos_nodejs_eventloop_lag_max_seconds');
  return Number(line[1]) * 1000;
}

/**
 * Four response-amplification queries at once over big protocols (the 0.2.0 attack
 * answered 480 MB and stalled /healthz for 30 s). Reports when all four were answered (refused,
 * with the budget), the server's peak RSS, the worst /healthz latency and the server's longest
 * event-loop block meanwhile; the seeding before it is probed the same way and reported apart.
 */
export async function abuse(
  server: BenchServer,
  options: { protocols: number; profileFile?: (phase: 'seeding' | 'attack') => string | undefined },
): Promise<AbuseResult> {
  const client = graphqlClient(server.graphqlUrl, 8);
  const scenarioStart = performance.now();
  let phase = 'seeding' as 'seeding' | 'attack';
  const worst = { seeding: 0, attack: 0 };
  const probes = { seeding: 0, attack: 0 };
  const slowHealthz: AbuseResult['slowHealthz'] = [];
  let peakRss = 0;
  let stop = false;
  // One /healthz at a time, 25 ms apart, from before the seeding to after the attack.
  const probe = (async () => {
    while (!stop) {
      const probedPhase = phase;
      const started = performance.now();
      await fetch(`${server.baseUrl}/healthz`).then((response) => response.text());
      const ms = performance.now() - started;
      worst[probedPhase] = Math.max(worst[probedPhase], ms);
      probes[probedPhase]++;
      if (ms > SLOW_HEALTHZ_MS && slowHealthz.length < 50)
        slowHealthz.push({ phase: probedPhase, atMs: Math.round(started - scenarioStart), ms: Math.round(ms) });
      if (probedPhase === 'attack') peakRss = Math.max(peakRss, (await server.sample()).rssBytes);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  try {
    await loopBlockSinceLastScrape(server);
    await server.profiled(options.profileFile?.('seeding'), async () => {
      for (let index = 0; index < options.protocols; index++) {
        const minted = await client.post<{ mint: { protocol: { uri: string } } }>(
          JSON.stringify({ query: MINT, variables: { input: { markdown: bigProtocol(index) } } }),
        );
        if (minted.errors) throw new Error(`seeding: ${JSON.stringify(minted.errors)}`);
        const begun = await client.post(
          JSON.stringify({
            query: 'mutation($input: BeginInput!) { begin(input: $input) { runId } }',
            variables: { input: { uri: minted.data!.mint.protocol.uri } },
          }),
        );
        if (begun.errors) throw new Error(`seeding runs: ${JSON.stringify(begun.errors)}`);
      }
    });
    const seedingMs = performance.now() - scenarioStart;
    const seedingLoopBlockMs = await loopBlockSinceLastScrape(server);
    const before = await server.sample({ gc: true });
    peakRss = before.rssBytes;
    await loopBlockSinceLastScrape(server); // the forced GC above is the bench's, not the attack's
    phase = 'attack';
    const started = performance.now();
    const results = await server.profiled(options.profileFile?.('attack'), () =>
      Promise.all(
        [AMPLIFY_MARKDOWN, AMPLIFY_MARKDOWN, AMPLIFY_TRANSCRIPTS, AMPLIFY_MARKDOWN].map((query) => client.post(JSON.stringify({ query }))),
      ),
    );
    const refusalMs = performance.now() - started;
    // Keep probing a little after: memory the answers left behind shows up here.
    await new Promise((resolve) => setTimeout(resolve, 500));
    stop = true;
    await probe;
    const attackLoopBlockMs = await loopBlockSinceLastScrape(server);
    return {
      seededProtocols: options.protocols,
      seededMb: (options.protocols * STEPS * STEP_BYTES) / 1e6,
      seeding: { ms: seedingMs, healthzProbes: probes.seeding, worstHealthzMs: worst.seeding, longestLoopBlockMs: seedingLoopBlockMs },
      refusalMs,
      answers: results.map((result) =>
        String(result.errors?.[0]?.extensions?.code ?? `answered ${(JSON.stringify(result.data).length / 1e6).toFixed(1)} MB`),
      ),
      rssBeforeMb: before.rssBytes / 1e6,
      peakRssMb: peakRss / 1e6,
      worstHealthzMs: worst.attack,
      healthzProbes: probes.attack,
      longestLoopBlockMs: attackLoopBlockMs,
      slowHealthz,
    };
  } finally {
    stop = true;
    await probe.catch(() => {});
    client.close();
  }
}
