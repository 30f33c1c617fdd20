/**
 * Search that learns: a request followed by the same principal's successful run of a protocol
 * becomes a learned trigger of that protocol, in its space. Through GraphQL, as agents of a team
 * would: several principals sharing a group space, one outsider with a space of its own.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCode, useTestServer, type TestServer } from '../support/app.js';
import { AttestDocument, BeginDocument, NextDocument } from '../api/run-documents.js';
import { protocolMarkdown, type ProtocolSpec } from './corpus.js';
import {
  ForgetLearnedTriggerDocument,
  LearnedSearchDocument,
  LearnedTriggersDocument,
  LearningExportDocument,
  LearningMoveProtocolDocument,
  SearchMintDocument,
  SearchProtocolsDocument,
} from './documents.js';
import { INTENT_PROTOCOLS } from './intent-corpus.js';
import { useMcpClients, type ToolJson } from '../mcp/mcp-client.js';

const server = useTestServer({ authEnabled: true });
const quiet = useTestServer({ authEnabled: true, searchLearning: false });
const connect = useMcpClients(server);

/** Every step a comment, so a test can run any protocol to its end. */
const note = { type: 'comment', comment: { min_length: 20 }, required: true };
const LIBRARY: ProtocolSpec[] = INTENT_PROTOCOLS.map((spec) => ({
  ...spec,
  steps: spec.steps.map((step) => ({ ...step, challenge: note })),
}));

interface Principal {
  id: string;
  token: string;
  headers: { authorization: string };
}

let team: string;
let outside: string;
let alice: Principal;
let bob: Principal;
let carol: Principal;
let dave: Principal;
let eve: Principal;
/** slug → head URI, per space. */
const uris = new Map<string, Map<string, string>>();

async function principal(on: TestServer, name: string, groups: string[]): Promise<Principal> {
  const issued = await on.running.services.auth.bootstrap({
    name: `${name}-${randomUUID().slice(0, 8)}`,
    role: 'AGENT',
    groups,
    tokenName: 'test',
    expiresInSeconds: null,
  });
  return { id: issued.principal._id, token: issued.token, headers: { authorization: `Bearer ${issued.token}` } };
}

async function mintLibrary(on: TestServer, who: Principal, space: string): Promise<Map<string, string>> {
  const bySlug = new Map<string, string>();
  for (const spec of LIBRARY) {
    const minted = await on.request(SearchMintDocument, { input: { markdown: protocolMarkdown(spec), space } }, who.headers);
    expect(minted.errors, JSON.stringify(minted.errors)).toBeUndefined();
    bySlug.set(spec.slug, minted.data!.mint.protocol.uri);
  }
  return bySlug;
}

async function search(who: Principal, query: string, space: string, on: TestServer = server) {
  const answer = await on.request(SearchProtocolsDocument, { query, space, maxChoices: 50 }, who.headers);
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer
    .data!.search.choices.filter((choice) => choice.role === 'MATCH')
    .map((choice) => ({ uri: choice.uri, score: choice.score }));
}

async function matchesOf(query: string, space: string) {
  const answer = await server.request(LearnedSearchDocument, { query, space }, alice.headers);
  return answer.data!.search.choices.filter((choice) => choice.role === 'MATCH');
}

/** Where a protocol ranks among the matches (0 = first; -1 = not a match). */
const rank = (choices: { uri: string }[], uri: string) => choices.findIndex((choice) => choice.uri === uri);

/** Begins a run of the protocol, proves every step, and attests the outcome. */
async function run(who: Principal, uri: string, outcome: 'SUCCESS' | 'FAILURE', on: TestServer = server): Promise<void> {
  let answer = (await on.request(BeginDocument, { input: { uri } }, who.headers)).data!.begin;
  while (answer.nextCall?.operation !== 'ATTEST') {
    const solution = {
      type: 'COMMENT' as const,
      nonce: answer.challenge!.nonce,
      proofHash: answer.challenge!.proofHash,
      comment: { text: 'done, and checked by a second person' },
    };
    const moved = await on.request(
      NextDocument,
      { input: { runId: answer.runId, uri: (answer.nextCall?.uri ?? answer.currentStep!.uri)!, solution } },
      who.headers,
    );
    expect(moved.errors, JSON.stringify(moved.errors)).toBeUndefined();
    expect(moved.data!.next.errorCode).toBeNull();
    answer = moved.data!.next;
  }
  const attested = await on.request(
    AttestDocument,
    { input: { uri: answer.nextCall!.uri!, runId: answer.runId, outcome, message: `the run ended: ${outcome}` } },
    who.headers,
  );
  expect(attested.data!.attest.errorCode).toBeNull();
}

async function triggers(who: Principal, uri: string, includeRemoved = false, on: TestServer = server) {
  const answer = await on.request(LearnedTriggersDocument, { uri, includeRemoved }, who.headers);
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data!.protocol!.learnedTriggers;
}

beforeAll(async () => {
  team = `ops${randomUUID().slice(0, 6)}`;
  outside = `far${randomUUID().slice(0, 6)}`;
  alice = await principal(server, 'alice', [team, outside]);
  bob = await principal(server, 'bob', [team]);
  carol = await principal(server, 'carol', [team]);
  dave = await principal(server, 'dave', [team]);
  eve = await principal(server, 'eve', [outside]);
  uris.set(`group:${team}`, await mintLibrary(server, alice, `group:${team}`));
  uris.set(`group:${outside}`, await mintLibrary(server, eve, `group:${outside}`));
}, 120_000);

const inTeam = (slug: string) => uris.get(`group:${team}`)!.get(slug)!;
const outsideUri = (slug: string) => uris.get(`group:${outside}`)!.get(slug)!;

describe('learned triggers', () => {
  it('a request that led to a successful run finds that protocol first next time, and a rephrasing in the top 3', async () => {
    const space = `group:${team}`;
    const target = inTeam('backup-verification');
    const request = 'time for the zebra exercise';
    const rephrased = 'the zebra exercise is due again';
    const before = await search(alice, request, space);
    expect(rank(before, target)).not.toBe(0);
    const rephrasedBefore = rank(await search(alice, rephrased, space), target);

    // The last request before the run is the one learned.
    await search(alice, request, space);
    await run(alice, target, 'SUCCESS');

    const learned = await triggers(alice, target);
    expect(learned.map((trigger) => [trigger.text, trigger.successes, trigger.principals])).toEqual([[request, 1, 1]]);
    const after = await matchesOf(request, space);
    expect(after[0]).toMatchObject({ uri: target, learnedTrigger: request });
    const rephrasedAfter = rank(await search(alice, rephrased, space), target);
    expect(rephrasedAfter).toBeGreaterThanOrEqual(0);
    expect(rephrasedAfter).toBeLessThan(3);
    expect(rephrasedBefore === -1 || rephrasedAfter < rephrasedBefore).toBe(true);
  });

  it('a failed run teaches nothing', async () => {
    const space = `group:${team}`;
    const target = inTeam('kafka-consumer-lag');
    const request = 'the walrus feed is stuck again';
    const before = await search(bob, request, space);
    await run(bob, target, 'FAILURE');
    expect(await triggers(bob, target)).toEqual([]);
    expect(await search(bob, request, space)).toEqual(before);
  });

  it("a trigger learned in one space does not move another space's results", async () => {
    const request = 'prepare the otter figures for finance';
    const eveBefore = await search(eve, request, `group:${outside}`);
    const aliceOutsideBefore = await search(alice, request, `group:${outside}`);
    await search(alice, request, `group:${team}`);
    await run(alice, inTeam('cost-review'), 'SUCCESS');
    expect((await triggers(alice, inTeam('cost-review'))).map((trigger) => trigger.text)).toEqual([request]);

    expect(await search(eve, request, `group:${outside}`)).toEqual(eveBefore);
    expect(await search(alice, request, `group:${outside}`)).toEqual(aliceOutsideBefore);
    expect(await triggers(eve, outsideUri('cost-review'))).toEqual([]);
    expect(rank(await search(alice, request, `group:${team}`), inTeam('cost-review'))).toBe(0);
  });

  it('a protocol moved to another space takes its learned triggers with it', async () => {
    const request = 'prepare the otter figures for finance';
    const uri = inTeam('cost-review');
    const moved = await server.request(LearningMoveProtocolDocument, { input: { uri, space: 'personal' } }, alice.headers);
    expect(moved.data?.moveProtocol, JSON.stringify(moved.errors)).toMatchObject({ moved: true, protocol: { space: `user:${alice.id}` } });
    expect((await triggers(alice, uri)).map((trigger) => trigger.text)).toEqual([request]);
    expect(rank(await search(alice, request, 'personal'), uri)).toBe(0);
    expect(rank(await search(bob, request, `group:${team}`), uri)).toBe(-1);
  });

  it('one principal alone cannot make a trigger dominant; distinct principals make it weigh more', async () => {
    const space = `group:${team}`;
    const title = 'Renew TLS Certificates';
    const tls = inTeam('tls-renewal');
    const cdn = inTeam('cdn-cache-purge');
    const carolBefore = await search(carol, title, space);
    expect(rank(carolBefore, tls)).toBe(0);
    const cdnBefore = carolBefore.find((choice) => choice.uri === cdn)?.score ?? 0;
    for (let i = 0; i < 5; i++) {
      await search(dave, title, space);
      await run(dave, cdn, 'SUCCESS');
    }
    const [alone] = await triggers(dave, cdn);
    expect(alone).toMatchObject({ text: title, successes: 5, principals: 1, weight: 0.3 });
    const carolAfter = await search(carol, title, space);
    expect(rank(carolAfter, tls)).toBe(0);
    // Dave's own searches may lean on his trigger; everyone else gets at most its capped share.
    const daveAfter = await search(dave, title, space);
    const cdnScore = (choices: { uri: string; score: number | null }[]) => choices.find((choice) => choice.uri === cdn)?.score ?? 0;
    expect(cdnScore(carolAfter)).toBeGreaterThan(cdnBefore);
    expect(cdnScore(carolAfter)).toBeLessThan(cdnScore(daveAfter));

    // A near-duplicate wording merges into the same trigger: credit is added, the first words stay.
    const reworded = 'renewing the TLS certificate';
    await search(bob, reworded, space);
    await run(bob, cdn, 'SUCCESS');
    const learned = await triggers(bob, cdn);
    expect(learned).toHaveLength(1);
    const [two] = learned;
    expect(two).toMatchObject({ text: title, successes: 6, principals: 2 });
    expect(two!.weight).toBeGreaterThan(alone!.weight);

    // Exported with the protocol: the skill carries what search learned.
    const exported = await server.request(LearningExportDocument, { input: { uri: cdn, format: 'SKILL_TREE' } }, bob.headers);
    expect(exported.errors, JSON.stringify(exported.errors)).toBeUndefined();
    const files = JSON.parse(exported.data!.export.content).skills[0].files as { path: string; content: string }[];
    const learnedFile = files.find((file) => file.path.endsWith('/artifacts/learned-triggers.json'));
    const exportedTriggers = JSON.parse(learnedFile!.content).learned_triggers as Record<string, unknown>[];
    expect(exportedTriggers).toMatchObject([{ text: title, successes: 6, principals: 2 }]);
    // Weight fades with time: kept out, so the skill's digest changes only with the protocol.
    expect(exportedTriggers[0]).not.toHaveProperty('weight');
  });

  it('someone who may write the protocol removes a trigger: search stops using it, history keeps it', async () => {
    const space = `group:${team}`;
    const target = inTeam('backup-verification');
    const [trigger] = await triggers(bob, target);
    expect(trigger).toBeDefined();

    const foreign = await server.request(ForgetLearnedTriggerDocument, { input: { id: trigger!.id } }, eve.headers);
    expect(errorCode(foreign.errors)).toBe('NOT_FOUND');

    const removed = await server.request(ForgetLearnedTriggerDocument, { input: { id: trigger!.id } }, bob.headers);
    expect(removed.errors, JSON.stringify(removed.errors)).toBeUndefined();
    expect(removed.data!.forgetLearnedTrigger).toMatchObject({ id: trigger!.id, text: 'time for the zebra exercise', space });
    expect(await triggers(bob, target)).toEqual([]);
    expect(await triggers(bob, target, true)).toMatchObject([{ id: trigger!.id, removedBy: bob.id }]);
    expect(rank(await search(alice, 'time for the zebra exercise', space), target)).not.toBe(0);
  });

  it('learns an activate request with its refinements (one execution_id), and activate then offers the protocol first', async () => {
    const mcp = await connect({ token: carol.token });
    const target = inTeam('vendor-security-review');
    const vague = 'the badger paperwork';
    const refined = 'badger paperwork for the new supplier';
    expect(rank(await search(carol, vague, `group:${team}`), target)).not.toBe(0);
    const first = (await mcp.call('activate', { query: vague, space: `group:${team}` })).json;
    const second = (await mcp.call('activate', { query: refined, space: `group:${team}`, execution_id: first.execution_id })).json;
    expect(second.execution_id).toBe(first.execution_id);
    await run(carol, target, 'SUCCESS');

    expect((await triggers(carol, target)).map((trigger) => trigger.text).sort()).toEqual([refined, vague].sort());
    const again = (await mcp.call('activate', { query: vague, space: `group:${team}` })).json;
    const matches = (again.choices as ToolJson[]).filter((choice) => choice.role === 'match');
    expect(matches[0]).toMatchObject({ uri: 'kairos://adapter/vendor-security-review', learned_trigger: vague });
  });

  it('KAIROS 4 spaces shows what search learned on each listed adapter, only to readers of its space', async () => {
    const learnedOf = (answer: ToolJson, space: string, slug: string) =>
      (answer.spaces as ToolJson[]).find((entry) => entry.space_id === space)?.adapters.find((adapter: ToolJson) => adapter.slug === slug);
    const listed = (await (await connect({ token: carol.token })).call('spaces', { include_adapter_titles: true })).json;
    const adapter = learnedOf(listed, `group:${team}`, 'vendor-security-review');
    expect(adapter.learned_triggers).toHaveLength(2);
    expect(adapter.learned_triggers.map((trigger: ToolJson) => trigger.text).sort()).toEqual(
      ['badger paperwork for the new supplier', 'the badger paperwork'].sort(),
    );
    expect(adapter.learned_triggers[0]).toMatchObject({ successes: 1, principals: 1, weight: 0.3 });
    // An adapter search learned nothing for carries no such key, as in KAIROS.
    expect(learnedOf(listed, `group:${team}`, 'dns-change')).not.toHaveProperty('learned_triggers');
    // The same slug in eve's space: nothing learned there.
    const far = (await (await connect({ token: eve.token })).call('spaces', { include_adapter_titles: true })).json;
    expect(learnedOf(far, `group:${outside}`, 'vendor-security-review')).not.toHaveProperty('learned_triggers');
    expect(learnedOf(far, `group:${team}`, 'vendor-security-review')).toBeUndefined();
  });

  it('a request searched in one space teaches nothing to a protocol of another space', async () => {
    // alice reads both spaces: her search of the outside space is followed by a run in the team's.
    const request = 'reconcile the heron ledger before the audit';
    await search(alice, request, `group:${outside}`);
    await run(alice, inTeam('log-retention'), 'SUCCESS');
    expect((await triggers(alice, inTeam('log-retention'))).map((trigger) => trigger.text)).not.toContain(request);
  });

  it("merging a near-duplicate adds credit but keeps the trigger's words", async () => {
    const space = `group:${team}`;
    const target = inTeam('queue-dead-letters');
    const first = 'the pelican parcel audit is overdue';
    await search(bob, first, space);
    await run(bob, target, 'SUCCESS');
    // Near enough to merge (one word more): before, the newest words replaced the trigger's, so one
    // principal could walk a trigger others built onto words of its own.
    await search(dave, 'the pelican parcel audit is overdue today', space);
    await run(dave, target, 'SUCCESS');
    expect((await triggers(bob, target)).map((trigger) => [trigger.text, trigger.principals])).toEqual([[first, 2]]);
  });

  it('never learns a request the secret scan flags', async () => {
    const space = `group:${team}`;
    const target = inTeam('api-key-leak');
    await search(carol, 'someone pasted AKIAIOSFODNN7EXAMPLE into the team chat', space);
    await run(carol, target, 'SUCCESS');
    expect(await triggers(carol, target)).toEqual([]);
    const kept = await server.mongo().db(server.dbName).collection('search_requests').countDocuments({ text: /AKIA/ });
    expect(kept).toBe(0);
  });

  it('KAIROS_SEARCH_LEARNING=off keeps no request and learns nothing', async () => {
    const owner = await principal(quiet, 'frank', []);
    const minted = await quiet.request(
      SearchMintDocument,
      { input: { markdown: protocolMarkdown(LIBRARY.find((spec) => spec.slug === 'dns-change')!) } },
      owner.headers,
    );
    const uri = minted.data!.mint.protocol.uri;
    await search(owner, 'the heron name thing', `user:${owner.id}`, quiet);
    await run(owner, uri, 'SUCCESS', quiet);
    expect(await triggers(owner, uri, true, quiet)).toEqual([]);
    expect(await quiet.mongo().db(quiet.dbName).collection('search_requests').countDocuments({})).toBe(0);
  });
  it('a reused execution_id does not bring requests from before the ten minutes a run may follow', async () => {
    const mcp = await connect({ token: carol.token });
    const target = inTeam('terraform-drift');
    const stale = 'the otter inventory spreadsheet';
    const fresh = 'infrastructure drifted from its terraform state';
    const first = (await mcp.call('activate', { query: stale, space: `group:${team}` })).json;
    // The first request as if made twelve minutes ago (still kept: requests live fifteen minutes).
    await server
      .mongo()
      .db(server.dbName)
      .collection('search_requests')
      .updateMany({ principalId: carol.id, executionId: first.execution_id }, { $set: { at: new Date(Date.now() - 12 * 60_000) } });
    const second = (await mcp.call('activate', { query: fresh, space: `group:${team}`, execution_id: first.execution_id })).json;
    expect(second.execution_id).toBe(first.execution_id);
    await run(carol, target, 'SUCCESS');

    expect((await triggers(carol, target)).map((trigger) => trigger.text)).toEqual([fresh]);
  });
});
