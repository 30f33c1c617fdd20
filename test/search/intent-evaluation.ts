/** Recall@k and MRR of a search door over the labelled intent set (test/search/intent-*.ts). */
import type { TestServer } from '../support/app.js';
import { protocolMarkdown } from './corpus.js';
import { SearchMintDocument, SearchProtocolsDocument } from './documents.js';
import { INTENT_PROTOCOLS } from './intent-corpus.js';
import type { IntentQuery } from './intent-queries.js';

export interface RankingFigures {
  queries: number;
  recallAt1: number;
  recallAt3: number;
  mrr: number;
  /** The expected protocol scored as a MATCH (at or above the threshold). */
  matched: number;
  misses: string[];
}

/** Mints the library; returns head URI → slug. */
export async function mintIntentLibrary(server: TestServer): Promise<Map<string, string>> {
  const slugByUri = new Map<string, string>();
  for (const spec of INTENT_PROTOCOLS) {
    const { mint } = await server.query(SearchMintDocument, { input: { markdown: protocolMarkdown(spec) } });
    slugByUri.set(mint.protocol.uri, spec.slug);
  }
  return slugByUri;
}

export async function evaluate(
  server: TestServer,
  slugByUri: Map<string, string>,
  queries: readonly IntentQuery[],
): Promise<RankingFigures> {
  let hit1 = 0;
  let hit3 = 0;
  let reciprocal = 0;
  let matched = 0;
  const misses: string[] = [];
  for (const labelled of queries) {
    const { search } = await server.query(SearchProtocolsDocument, { query: labelled.query, maxChoices: 50 });
    const ranked = search.choices
      .filter((choice) => choice.role === 'MATCH')
      .map((choice) => ({ slug: slugByUri.get(choice.uri), score: choice.score }));
    const position = ranked.findIndex((choice) => choice.slug === labelled.expected);
    if (position === 0) hit1++;
    if (position >= 0 && position < 3) hit3++;
    if (position >= 0) {
      reciprocal += 1 / (position + 1);
      matched++;
    }
    if (position !== 0)
      misses.push(
        `"${labelled.query}" → ${labelled.expected} at ${position < 0 ? '-' : position + 1}; top: ${ranked
          .slice(0, 3)
          .map((c) => `${c.slug ?? 'other'}:${c.score}`)
          .join(', ')}`,
      );
  }
  const n = queries.length;
  return { queries: n, recallAt1: hit1 / n, recallAt3: hit3 / n, mrr: reciprocal / n, matched, misses };
}

export function figuresRow(name: string, split: string, figures: RankingFigures): string {
  const f = (value: number) => value.toFixed(2);
  return `| ${name} | ${split} | ${figures.queries} | ${f(figures.recallAt1)} | ${f(figures.recallAt3)} | ${f(figures.mrr)} | ${figures.matched}/${figures.queries} |`;
}

export const FIGURES_HEADER =
  '| provider | split | requests | recall@1 | recall@3 | MRR | expected is a MATCH |\n|---|---|---|---|---|---|---|';
