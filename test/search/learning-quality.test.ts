/**
 * What learning gives on the cold-start set (test/search/cold-start-queries.ts, never tuned on):
 * one principal asks each request once and runs the protocol it wanted to success; then the same
 * requests are asked again by that principal and by a colleague in the same space. Prints
 * recall@1/@3 and MRR before and after (bench/README.md#search has the figures).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type TestServer } from '../support/app.js';
import { AttestDocument, BeginDocument, NextDocument } from '../api/run-documents.js';
import { protocolMarkdown } from './corpus.js';
import { SearchMintDocument, SearchProtocolsDocument } from './documents.js';
import { INTENT_PROTOCOLS } from './intent-corpus.js';
import { COLD_START_QUERIES } from './cold-start-queries.js';
import type { IntentQuery } from './intent-queries.js';

const server: TestServer = useTestServer({ authEnabled: true });
const note = { type: 'comment', comment: { min_length: 20 }, required: true };

type Headers = { authorization: string };
let space: string;
let learner: Headers;
let colleague: Headers;
const slugByUri = new Map<string, string>();
const uriBySlug = new Map<string, string>();

async function principal(name: string, groups: string[]): Promise<Headers> {
  const issued = await server.running.services.auth.bootstrap({
    name: `${name}-${randomUUID().slice(0, 8)}`,
    role: 'AGENT',
    groups,
    tokenName: 'test',
    expiresInSeconds: null,
  });
  return { authorization: `Bearer ${issued.token}` };
}

interface Figures {
  recallAt1: number;
  recallAt3: number;
  mrr: number;
}

async function measure(who: Headers, queries: readonly IntentQuery[]): Promise<Figures> {
  let hit1 = 0;
  let hit3 = 0;
  let reciprocal = 0;
  for (const labelled of queries) {
    const answer = await server.request(SearchProtocolsDocument, { query: labelled.query, space, maxChoices: 50 }, who);
    const ranked = answer.data!.search.choices.filter((choice) => choice.role === 'MATCH').map((choice) => slugByUri.get(choice.uri));
    const position = ranked.indexOf(labelled.expected);
    if (position === 0) hit1++;
    if (position >= 0 && position < 3) hit3++;
    if (position >= 0) reciprocal += 1 / (position + 1);
  }
  const n = queries.length;
  return { recallAt1: hit1 / n, recallAt3: hit3 / n, mrr: reciprocal / n };
}

async function runToSuccess(who: Headers, uri: string): Promise<void> {
  let answer = (await server.request(BeginDocument, { input: { uri } }, who)).data!.begin;
  while (answer.nextCall?.operation !== 'ATTEST') {
    const solution = {
      type: 'COMMENT' as const,
      nonce: answer.challenge!.nonce,
      proofHash: answer.challenge!.proofHash,
      comment: { text: 'done, and checked by a second person' },
    };
    answer = (
      await server.request(
        NextDocument,
        { input: { runId: answer.runId, uri: (answer.nextCall?.uri ?? answer.currentStep!.uri)!, solution } },
        who,
      )
    ).data!.next;
  }
  await server.request(
    AttestDocument,
    { input: { uri: answer.nextCall!.uri!, runId: answer.runId, outcome: 'SUCCESS', message: 'done' } },
    who,
  );
}

beforeAll(async () => {
  const group = `learn${randomUUID().slice(0, 6)}`;
  space = `group:${group}`;
  learner = await principal('learner', [group]);
  colleague = await principal('colleague', [group]);
  for (const spec of INTENT_PROTOCOLS) {
    const markdown = protocolMarkdown({ ...spec, steps: spec.steps.map((step) => ({ ...step, challenge: note })) });
    const minted = await server.request(SearchMintDocument, { input: { markdown, space } }, learner);
    slugByUri.set(minted.data!.mint.protocol.uri, spec.slug);
    uriBySlug.set(spec.slug, minted.data!.mint.protocol.uri);
  }
}, 120_000);

describe('learning on the cold-start set', () => {
  it('after one successful run per request, the learner finds what it wanted first; a colleague gains less', async () => {
    const before = await measure(colleague, COLD_START_QUERIES);
    for (const labelled of COLD_START_QUERIES) {
      await server.request(SearchProtocolsDocument, { query: labelled.query, space }, learner);
      await runToSuccess(learner, uriBySlug.get(labelled.expected)!);
    }
    const own = await measure(learner, COLD_START_QUERIES);
    const others = await measure(colleague, COLD_START_QUERIES);
    const row = (name: string, f: Figures) => `| ${name} | ${f.recallAt1.toFixed(2)} | ${f.recallAt3.toFixed(2)} | ${f.mrr.toFixed(2)} |`;
    console.log(
      `learning on the cold-start set (${COLD_START_QUERIES.length} requests, builtin)\n| who asks | recall@1 | recall@3 | MRR |\n|---|---|---|---|\n` +
        [row('before learning', before), row('the learner, after', own), row('a colleague, after', others)].join('\n') +
        `\nlearning (JSON): ${JSON.stringify({ before, own, others })}`,
    );
    expect(own.recallAt1).toBeGreaterThan(before.recallAt1);
    expect(own.mrr).toBeGreaterThanOrEqual(others.mrr);
  }, 600_000);
});
