import { randomBytes } from 'node:crypto';
import { type BenchServer, graphqlClient } from '../harness.js';
import { loopBlockSinceLastScrape } from './abuse.js';

/** One phase of the large export: how long it took and what the server's loop and /healthz did meanwhile. */
export interface ExportPhase {
  ms: number;
  longestLoopBlockMs: number;
  worstHealthzMs: number;
  outcome: string;
}

export interface LargeExportResult {
  adapters: number;
  adapterMb: number;
  /** `export` of every adapter as SKILL_ZIP: the answer is a download link. */
  link: ExportPhase;
  /** Four downloads of that link at once, read to the end. */
  downloads: ExportPhase & { mbEach: number };
  /** `skill_tree` of every adapter: refused (RESPONSE_TOO_LARGE) before it is built. */
  skillTree: ExportPhase;
}

const STEPS = 9;
/** Nine layers of this many bytes: about 1 MB a document, under mint's 1 MiB limit. */
const STEP_BYTES = 112_000;

/** About 1 MB of random tokens in lines of ~100 characters: what the attack minted (deflate gains little). */
function hostileAdapter(index: number): string {
  const step = () => {
    const lines: string[] = [];
    for (let size = 0; size < STEP_BYTES;) {
      const line = randomBytes(75)
        .toString('base64url')
        .replace(/(.{10})/g, '$1 ')
        .trim();
      lines.push(line);
      size += line.length + 1;
    }
    return lines.join('\n');
  };
  const steps = Array.from({ length: STEPS }, (_, i) => `## Layer ${i + 1}\n\n${step()}\n`).join('\n');
  return `# Large export bench ${index} ${Date.now()}\n\n${steps}`;
}

/**
 * The large export of the trust review (30 adapters of about 1 MB): the `export` call that only
 * makes a link, four downloads of it at once, and `skill_tree` over the budget, each with the
 * server's longest event-loop block (prom-client's `monitorEventLoopDelay`, reset per scrape) and
 * the worst /healthz meanwhile (one probe at a time, 25 ms apart).
 */
export async function largeExport(server: BenchServer, options: { adapters: number }): Promise<LargeExportResult> {
  const client = graphqlClient(server.graphqlUrl, 8);
  const slugs: string[] = [];
  let bytes = 0;
  try {
    for (let index = 0; index < options.adapters; index++) {
      const markdown = hostileAdapter(index);
      bytes += Buffer.byteLength(markdown);
      const minted = await client.post<{ mint: { protocol: { slug: string } } }>(
        JSON.stringify({
          query: 'mutation($input: MintInput!) { mint(input: $input) { protocol { slug } } }',
          variables: { input: { markdown } },
        }),
      );
      if (minted.errors) throw new Error(`seeding the large export: ${JSON.stringify(minted.errors)}`);
      slugs.push(minted.data!.mint.protocol.slug);
    }
    const phase = async (work: () => Promise<string>): Promise<ExportPhase> => {
      let stop = false;
      let worst = 0;
      const probe = (async () => {
        while (!stop) {
          const started = performance.now();
          await fetch(`${server.baseUrl}/healthz`).then((response) => response.text());
          worst = Math.max(worst, performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      })();
      await loopBlockSinceLastScrape(server);
      const started = performance.now();
      try {
        const outcome = await work();
        const ms = performance.now() - started;
        return { ms, outcome, worstHealthzMs: worst, longestLoopBlockMs: await loopBlockSinceLastScrape(server) };
      } finally {
        stop = true;
        await probe;
      }
    };
    const exportOf = (format: string) =>
      client.post<{ export: { download: { url: string } | null } }>(
        JSON.stringify({
          query: 'query($input: ExportInput!) { export(input: $input) { itemCount download { url } } }',
          variables: { input: { adapters: slugs, format } },
        }),
      );
    let url = '';
    const link = await phase(async () => {
      const answer = await exportOf('SKILL_ZIP');
      if (answer.errors || !answer.data?.export.download) throw new Error(`large export: ${JSON.stringify(answer.errors ?? answer.data)}`);
      url = new URL(answer.data.export.download.url, server.baseUrl).toString();
      return 'download link';
    });
    let mbEach = 0;
    const downloads = await phase(async () => {
      const sizes = await Promise.all([0, 1, 2, 3].map(async () => (await (await fetch(url)).arrayBuffer()).byteLength));
      mbEach = sizes[0]! / 1e6;
      return `4 × ${(sizes[0]! / 1e6).toFixed(1)} MB`;
    });
    const skillTree = await phase(async () => {
      const answer = await exportOf('SKILL_TREE');
      return String(answer.errors?.[0]?.extensions?.code ?? 'answered');
    });
    return { adapters: options.adapters, adapterMb: bytes / 1e6, link, downloads: { ...downloads, mbEach }, skillTree };
  } finally {
    client.close();
  }
}
