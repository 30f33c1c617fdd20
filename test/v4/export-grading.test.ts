/**
 * GraphQL parity: grading on attest, the export query, the download URL of a large
 * skill_zip (signed, short-lived, the issuing principal only, streamed), and graded runs in the
 * ranking. Auth is on so tenancy is real; the inline limit is tiny so every skill_zip downloads.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../src/generated/index.js';
import { useTestServer } from '../support/app.js';
import { postAs } from '../support/graphql-http.js';
import { CreatePrincipalDocument, CreateTokenDocument } from '../security/documents.js';
import { uniqueTitle } from '../api/fixtures.js';

const server = useTestServer({ authEnabled: true, exportInlineMaxBytes: 100 });
const fence = '```';
const scratch = mkdtempSync(join(tmpdir(), 'kairos-export-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Principal {
  id: string;
  token: string;
}
let alice: Principal;
let bob: Principal;

async function principal(admin: string, name: string): Promise<Principal> {
  const headers = { authorization: `Bearer ${admin}` };
  const created = await server.request(CreatePrincipalDocument, { input: { name, role: 'AGENT', groups: [name] } }, headers);
  const id = created.data!.createPrincipal.principal.id;
  const issued = await server.request(CreateTokenDocument, { input: { principalId: id, name: 'test' } }, headers);
  return { id, token: issued.data!.createToken.token };
}

beforeAll(async () => {
  const issued = await server.running.services.auth.bootstrap({
    name: 'admin',
    role: 'ADMIN',
    groups: [],
    tokenName: 'test',
    expiresInSeconds: null,
  });
  alice = await principal(issued.token, 'alice-export');
  bob = await principal(issued.token, 'bob-export');
});

const as = (who: Principal, query: string, variables: Record<string, unknown> = {}) =>
  postAs(server.running.graphqlUrl, who.token, query, variables);

const MINT = `mutation($markdown: String!) { mint(input: { markdown: $markdown }) { protocol { uri slug stepUris } } }`;
const BEGIN = `mutation($uri: String!) { begin(input: { uri: $uri }) { runId challenge { nonce proofHash } } }`;
const NEXT = `mutation($input: NextInput!) { next(input: $input) { runId errorCode nextCall { operation uri } challenge { nonce proofHash } } }`;
// The grading and export selections are the KAIROS 4 tools' own (src/operations/), so this checks what reward and export read.
const ATTEST = print(
  graphql(`
    mutation GradedAttest($input: AttestInput!) {
      attest(input: $input) {
        errorCode
        outcome
        grading {
          ...GradingFields
        }
      }
    }
  `),
);
const EXPORT = print(
  graphql(`
    query ExportAnswer($input: ExportInput!) {
      export(input: $input) {
        ...ExportFields
      }
    }
  `),
);

function oneLayer(title: string): string {
  return `# ${title}\n\n## Write it down\nWrite what you did.\n\n${fence}json\n{"challenge": {"type": "comment", "comment": {"min_length": 10}}}\n${fence}\n`;
}

/** Mints, runs and attests one run of a one-layer protocol as `who`; returns the attest answer. */
async function gradedRun(who: Principal, uri: string, grading: Record<string, unknown>, outcome: 'SUCCESS' | 'FAILURE' = 'SUCCESS') {
  const begun = (await as(who, BEGIN, { uri })).data.begin;
  const proved = (
    await as(who, NEXT, {
      input: {
        uri,
        runId: begun.runId,
        solution: {
          type: 'COMMENT',
          nonce: begun.challenge.nonce,
          proofHash: begun.challenge.proofHash,
          comment: { text: 'Wrote the notes down.' },
        },
      },
    })
  ).data.next;
  expect(proved.errorCode).toBeNull();
  return as(who, ATTEST, { input: { uri, runId: begun.runId, outcome, message: 'done', ...grading } });
}

describe('grading on attest', () => {
  it('records score, rubric version, rater and feedback, with dataset eligibility', async () => {
    const { uri } = (await as(alice, MINT, { markdown: oneLayer(uniqueTitle('Graded notes')) })).data.mint.protocol;
    const graded = await gradedRun(alice, uri, { score: 0.75, rubricVersion: 'v2', rater: 'carol', feedback: 'Fine.' });
    expect(graded.data.attest.grading).toEqual({
      score: 0.75,
      rubricVersion: 'v2',
      rater: 'carol',
      feedback: 'Fine.',
      llmModelId: null,
      graderKind: 'HUMAN',
      evaluationLabel: 'SILVER',
      exportableForSft: true,
      exportableForPreference: true,
      sftBlockers: [],
      preferenceBlockers: [],
    });
    const ungraded = await gradedRun(alice, uri, {}, 'FAILURE');
    expect(ungraded.data.attest.grading).toMatchObject({
      graderKind: 'UNKNOWN',
      evaluationLabel: 'REJECTED',
      sftBlockers: ['MISSING_RUBRIC_VERSION', 'MISSING_EVALUATOR_IDENTITY', 'OUTCOME_NOT_SUCCESS', 'SCORE_BELOW_SFT_THRESHOLD'],
      preferenceBlockers: ['MISSING_RUBRIC_VERSION', 'MISSING_EVALUATOR_IDENTITY', 'SCORE_BELOW_PREFERENCE_THRESHOLD'],
      score: 0,
    });
  });

  it('refuses a score outside 0..1 and over-long grading text, writing nothing', async () => {
    const { uri } = (await as(alice, MINT, { markdown: oneLayer(uniqueTitle('Bad grades')) })).data.mint.protocol;
    const outside = await gradedRun(alice, uri, { score: 1.2 });
    expect(outside.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const long = await as(alice, ATTEST, { input: { uri, outcome: 'SUCCESS', message: 'done', rubricVersion: 'v'.repeat(65) } });
    expect(long.errors?.[0]?.extensions?.code).toBe('PAYLOAD_TOO_LARGE');
    // The run stayed open: attesting it properly still works.
    const fine = await as(alice, ATTEST, { input: { uri, outcome: 'SUCCESS', message: 'done', score: 1 } });
    expect(fine.data.attest).toMatchObject({ errorCode: null, grading: { score: 1, evaluationLabel: 'GOLD' } });
  });
});

describe('export', () => {
  it('gives reward, sft and preference rows from graded runs only where eligible', async () => {
    const { uri } = (await as(alice, MINT, { markdown: oneLayer(uniqueTitle('Dataset notes')) })).data.mint.protocol;
    await gradedRun(alice, uri, { score: 0.9, rubricVersion: 'v1', llmModelId: 'judge-1' });
    await gradedRun(alice, uri, { score: 0.2, rubricVersion: 'v1', llmModelId: 'judge-1' });
    await gradedRun(alice, uri, {});
    await gradedRun(alice, uri, { score: 0.5, rubricVersion: 'v1', rater: 'ann' }, 'FAILURE');
    await gradedRun(alice, uri, { score: 0.8, rubricVersion: 'v1', rater: 'ann' }, 'FAILURE');
    const rows = async (format: string) => {
      const answer = (await as(alice, EXPORT, { input: { uri, format } })).data.export;
      return (answer.content as string)
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
    };
    const rewards = await rows('REWARD_JSONL');
    // An unscored success scores 1, as in KAIROS.
    expect(rewards.map((row) => [row.score, row.evaluation_label])).toEqual([
      [0.9, 'gold'],
      [0.2, 'bronze'],
      [1, 'gold'],
      [0.5, 'rejected'],
      [0.8, 'rejected'],
    ]);
    expect(rewards.every((row) => row.schema === 'kairos.reward/1')).toBe(true);
    const sft = await rows('SFT_JSONL');
    expect(sft).toHaveLength(1);
    expect(sft[0]).toMatchObject({ schema: 'kairos.sft/1', score: 0.9, rubric_version: 'v1' });
    // KAIROS pairs the best-scored eligible success with the best-scored eligible failure; a
    // failure scored below 0.7 is not preference data.
    const preference = await rows('PREFERENCE_JSONL');
    expect(preference).toEqual([expect.objectContaining({ schema: 'kairos.preference/1', chosen_score: 0.9, rejected_score: 0.8 })]);
    const traces = await rows('TRACE_JSONL');
    expect(traces).toHaveLength(5);
    expect(traces[0]).toMatchObject({ schema: 'kairos.trace/1', contract_type: 'comment', evidence: { text: 'Wrote the notes down.' } });
  });

  it("exports a run graded by an earlier release with today's rules, leaving its stored grading as it was", async () => {
    const { uri } = (await as(alice, MINT, { markdown: oneLayer(uniqueTitle('Earlier grades')) })).data.mint.protocol;
    const attested = await gradedRun(alice, uri, { score: 0.67, rubricVersion: 'v1', rater: 'ann' });
    expect(attested.data.attest.grading).toMatchObject({ evaluationLabel: 'SILVER', exportableForSft: true });
    // What the earlier release stored for the same inputs: 0.67 was bronze there and below its 0.8 SFT minimum.
    const runs = server.mongo().db(server.dbName).collection('runs');
    const earlier = {
      'attestation.grading.evaluationLabel': 'BRONZE',
      'attestation.grading.exportableForSft': false,
      'attestation.grading.sftBlockers': ['SCORE_BELOW_SFT_THRESHOLD'],
    };
    const stored = await runs.updateOne({ 'attestation.grading.score': 0.67, 'attestation.grading.rater': 'ann' }, { $set: earlier });
    expect(stored.modifiedCount).toBe(1);
    const reward = (await as(alice, EXPORT, { input: { uri, format: 'REWARD_JSONL' } })).data.export.content as string;
    expect(JSON.parse(reward.trim())).toMatchObject({ evaluation_label: 'silver', exportable_for_sft: true, sft_blockers: [] });
    const sft = (await as(alice, EXPORT, { input: { uri, format: 'SFT_JSONL' } })).data.export.content as string;
    expect(sft.trim().split('\n')).toHaveLength(1);
    expect(await runs.countDocuments({ 'attestation.grading.score': 0.67, ...earlier })).toBe(1);
  });

  it('serves a large skill_zip from a short-lived URL to its principal only, and keeps tenants apart', async () => {
    const minted = (await as(alice, MINT, { markdown: oneLayer(uniqueTitle('Zipped notes')) })).data.mint.protocol;
    const answer = (await as(alice, EXPORT, { input: { uri: `kairos://adapter/${minted.slug}`, format: 'SKILL_ZIP' } })).data.export;
    expect(answer).toMatchObject({
      content: '',
      contentEncoding: null,
      download: { url: expect.stringMatching(/^\/export\/download\//), filename: `${minted.slug}.zip` },
    });
    const url = new URL(answer.download.url, server.running.graphqlUrl);
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: `Bearer ${bob.token}` } })).status).toBe(403);
    const forged = new URL(`${answer.download.url.slice(0, -3)}abc`, server.running.graphqlUrl);
    expect((await fetch(forged, { headers: { authorization: `Bearer ${alice.token}` } })).status).toBe(404);
    const response = await fetch(url, { headers: { authorization: `Bearer ${alice.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const archive = join(scratch, 'alice.zip');
    writeFileSync(archive, Buffer.from(await response.arrayBuffer()));
    execFileSync('unzip', ['-q', archive, '-d', join(scratch, 'alice')]);
    expect(execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: join(scratch, 'alice', minted.slug), encoding: 'utf8' })).toContain(
      `artifacts/${minted.slug}.md: OK`,
    );

    // Bob cannot export alice's adapter, her space, or an unknown one; malformed selections are refused.
    const code = async (input: Record<string, unknown>) => (await as(bob, EXPORT, { input })).errors?.[0]?.extensions?.code;
    expect(await code({ uri: minted.uri, format: 'MARKDOWN' })).toBe('NOT_FOUND');
    expect(await code({ allAdapters: true, spaceName: `user:${alice.id}`, format: 'SKILL_TREE' })).toBe('FORBIDDEN');
    expect(await code({ uri: minted.uri, adapters: [minted.uri], format: 'SKILL_TREE' })).toBe('BAD_USER_INPUT');
    expect(await code({ adapters: [minted.uri], format: 'REWARD_JSONL' })).toBe('BAD_USER_INPUT');
    expect(await code({ adapters: Array.from({ length: 257 }, (_, index) => `slug-${index}`), format: 'SKILL_TREE' })).toBe(
      'PAYLOAD_TOO_LARGE',
    );
    expect(await code({ uri: `kairos://adapter/${'a'.repeat(300)}`, format: 'MARKDOWN' })).toBe('PAYLOAD_TOO_LARGE');
  });

  it('takes delivery on SKILL_ZIP: INLINE_BASE64 over the inline limit is refused, DOWNLOAD_REF links, other formats refuse it', async () => {
    const minted = (await as(alice, MINT, { markdown: oneLayer(uniqueTitle('Delivered notes')) })).data.mint.protocol;
    const exported = (input: Record<string, unknown>) => as(alice, EXPORT, { input: { uri: `kairos://adapter/${minted.slug}`, ...input } });
    // The limit here is 100 bytes: no bundle fits, so inline is refused rather than sent over the budget.
    const inline = await exported({ format: 'SKILL_ZIP', delivery: 'INLINE_BASE64' });
    expect(inline.errors?.[0]?.extensions).toMatchObject({ code: 'RESPONSE_TOO_LARGE' });
    expect(inline.data).toBeNull();
    const linked = (await exported({ format: 'SKILL_ZIP', delivery: 'DOWNLOAD_REF' })).data.export;
    expect(linked).toMatchObject({ content: '', contentEncoding: null, download: { url: expect.stringMatching(/^\/export\/download\//) } });
    expect(
      (await fetch(new URL(linked.download.url, server.running.graphqlUrl), { headers: { authorization: `Bearer ${alice.token}` } }))
        .status,
    ).toBe(200);
    for (const format of ['MARKDOWN', 'SKILL_TREE', 'REWARD_JSONL']) {
      expect((await exported({ format, delivery: 'DOWNLOAD_REF' })).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    // A value outside the enum fails variable coercion, before any rule runs.
    expect((await exported({ format: 'SKILL_ZIP', delivery: 'SOMETIMES' })).errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });

  it('exports markdown that mints back to the same steps', async () => {
    const title = uniqueTitle('Round trip notes');
    const minted = (await as(alice, MINT, { markdown: oneLayer(title) })).data.mint.protocol;
    const markdown = (await as(alice, EXPORT, { input: { uri: minted.uri, format: 'MARKDOWN' } })).data.export.content as string;
    const again = await as(bob, MINT, { markdown });
    expect(again.data.mint.protocol.stepUris).toHaveLength(minted.stepUris.length);
  });
});
