/**
 * The isolation matrix: a principal of one space gets nothing of another's, by URI, by id,
 * by key, by listing and by event, for every root field and subscription of the schema.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCode, useTestServer } from '../support/app.js';
import { postAs } from '../support/graphql-http.js';
import { CreateTokenDocument, CreatePrincipalDocument } from './documents.js';

const server = useTestServer({ authEnabled: true });

interface Principal {
  id: string;
  token: string;
  tokenId: string;
  space: string;
}

let alice: Principal;
let bob: Principal;
let aliceProtocol: { uri: string; slug: string; stepUris: string[] };
let aliceRun: { runId: string; promptId: string };
let aliceProposalId: string;
let aliceArtifactId: string;
let admin: Principal;
/** A reviewer of its own group: a reviewer elsewhere must not reach alice's personal space (admins may). */
let reviewer: Principal;

/** Runs an operation as `who`; returns the parsed body. */
function as(who: Principal, query: string, variables: Record<string, unknown> = {}): Promise<{ data?: any; errors?: any[] }> {
  return postAs(server.running.graphqlUrl, who.token, query, variables);
}

/** The first message of a subscription as `who`: data, or the errors it was refused with. */
function firstOf(who: Principal, query: string, variables: Record<string, unknown> = {}, waitMs = 400): Promise<unknown> {
  const client = server.wsClient({ authorization: `Bearer ${who.token}` });
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('nothing'), waitMs);
    client.subscribe(
      { query, variables },
      {
        next: (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        error: (error) => {
          clearTimeout(timer);
          resolve({ errors: error });
        },
        complete: () => {},
      },
    );
  });
}

/**
 * `who`'s subscription without a space, around `foreign` (another principal's write): `who`'s own
 * action repeats until the feed shows it (so the feed is live), then `foreign` runs, then `who`
 * acts once more and that event arrives. Returns every event the feed delivered meanwhile.
 */
async function feedAround(who: Principal, query: string, own: () => Promise<unknown>, foreign: () => Promise<unknown>): Promise<unknown[]> {
  const events: unknown[] = [];
  const client = server.wsClient({ authorization: `Bearer ${who.token}` });
  const unsubscribe = client.subscribe(
    { query },
    { next: (value) => void events.push(value), error: (error) => void events.push({ errors: error }), complete: () => {} },
  );
  const until = async (count: number, act: () => Promise<unknown>) => {
    for (let attempt = 0; events.length < count && attempt < 50; attempt++) {
      await act();
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    expect(events.length).toBeGreaterThanOrEqual(count);
  };
  await until(1, own);
  await foreign();
  await until(events.length + 1, own);
  unsubscribe();
  return events;
}

async function principal(admin: string, name: string, role: 'AGENT' | 'REVIEWER' = 'AGENT'): Promise<Principal> {
  const headers = { authorization: `Bearer ${admin}` };
  const created = await server.request(CreatePrincipalDocument, { input: { name, role, groups: [name] } }, headers);
  const id = created.data!.createPrincipal.principal.id;
  const issued = await server.request(CreateTokenDocument, { input: { principalId: id, name: 'test' } }, headers);
  return { id, token: issued.data!.createToken.token, tokenId: issued.data!.createToken.record.id, space: `user:${id}` };
}

beforeAll(async () => {
  const issued = await server.running.services.auth.bootstrap({
    name: 'admin',
    role: 'ADMIN',
    groups: [],
    tokenName: 'test',
    expiresInSeconds: null,
  });
  admin = { id: issued.principal._id, token: issued.token, tokenId: issued.record._id, space: `user:${issued.principal._id}` };
  alice = await principal(admin.token, 'alice');
  bob = await principal(admin.token, 'bob');
  reviewer = await principal(admin.token, 'rita', 'REVIEWER');
  const markdown = `---\nslug: alice-secret\n---\n# Alice secret deploy\n\n## Approve\n\n\`\`\`json\n{"challenge": {"type": "user_input", "user_input": {"prompt": "Alice only?"}}}\n\`\`\`\n\n## Ship\n\nShip.\n`;
  const minted = await as(alice, 'mutation($m: String!) { mint(input: { markdown: $m }) { protocol { uri slug stepUris } } }', {
    m: markdown,
  });
  aliceProtocol = minted.data.mint.protocol;
  const attached = await as(alice, 'mutation($input: AttachArtifactInput!) { attachArtifact(input: $input) { artifact { id } } }', {
    input: { adapter: 'kairos://adapter/alice-secret', name: 'alice-notes.txt', content: 'alice only' },
  });
  aliceArtifactId = attached.data.attachArtifact.artifact.id;
  const begun = await as(alice, 'mutation($uri: String) { begin(input: { uri: $uri }) { runId challenge { promptId } } }', {
    uri: aliceProtocol.uri,
  });
  aliceRun = { runId: begun.data.begin.runId, promptId: begun.data.begin.challenge.promptId };
  const propose = 'mutation($input: ProposeUpdateInput!) { proposeUpdate(input: $input) { status stagingId } }';
  const decision = await as(alice, propose, {
    input: {
      intent: 'RECORD_DECISION',
      rationale: 'alice decides',
      operations: [
        {
          kind: 'APPEND_SECTION',
          file: 'decisions.md',
          heading: 'Use zebra queues',
          content: 'Date: 2026-11-21\nStatus: active\nConfidence: confirmed\n\nZebra queues for alice.',
        },
      ],
      sources: [{ type: 'FILE', ref: 'docs/zebra.md' }],
    },
  });
  expect(decision.data.proposeUpdate.status).toBe('STAGED');
  aliceProposalId = decision.data.proposeUpdate.stagingId;
  const pitfall = await as(alice, propose, {
    input: {
      intent: 'ADD_PITFALL',
      rationale: 'note',
      operations: [
        { kind: 'APPEND_TO_SECTION', file: 'pitfalls.md', sectionId: 'pitfalls', content: '- zebra queues drop messages under load' },
      ],
    },
  });
  expect(pitfall.data.proposeUpdate.status).toBe('APPLIED');
});

describe('the isolation matrix', () => {
  const covered = new Set<string>();
  const check = (field: string, name: string, body: () => Promise<void>) => {
    covered.add(field);
    it(`${field}: ${name}`, body);
  };

  check('memory', 'a foreign URI reads as missing', async () => {
    expect((await as(bob, '{ memory(uri: "' + aliceProtocol.uri + '") { uri } }')).data.memory).toBeNull();
  });
  check('protocol', 'neither by URI nor by key', async () => {
    expect((await as(bob, 'query($uri: String) { protocol(uri: $uri) { uri } }', { uri: aliceProtocol.uri })).data.protocol).toBeNull();
    expect((await as(bob, '{ protocol(key: "alice-secret") { uri } }')).data.protocol).toBeNull();
    const at = new Date().toISOString();
    for (const uri of ['kairos://adapter/alice-secret', aliceProtocol.uri]) {
      expect(
        (await as(bob, 'query($uri: String, $at: DateTime) { protocol(uri: $uri, at: $at) { uri } }', { uri, at })).data.protocol,
      ).toBeNull();
    }
  });
  check('memories', 'lists none of them, and refuses the foreign space filter', async () => {
    const all = await as(bob, '{ memories(first: 500) { edges { node { uri space } } } }');
    const spaces = new Set(all.data.memories.edges.map((edge: any) => edge.node.space));
    expect([...spaces].every((space) => [bob.space, 'group:bob', 'app'].includes(space as string))).toBe(true);
    expect(all.data.memories.edges.map((edge: any) => edge.node.uri)).not.toContain(aliceProtocol.uri);
    expect(errorCode((await as(bob, `{ memories(filter: { space: "${alice.space}" }) { totalCount } }`)).errors)).toBe('FORBIDDEN');
  });
  check('run', 'a foreign run id reads as missing', async () => {
    expect((await as(bob, `{ run(id: "${aliceRun.runId}") { id } }`)).data.run).toBeNull();
  });
  check('runs', 'lists none of them', async () => {
    expect((await as(bob, '{ runs { totalCount } }')).data.runs.totalCount).toBe(0);
  });
  check('runTranscripts', 'exports none of them, and refuses their space', async () => {
    const all = await as(bob, '{ runTranscripts(since: "2000-01-01T00:00:00Z") { totalCount edges { node { runId transcript } } } }');
    expect(all.data.runTranscripts.totalCount).toBe(0);
    expect(JSON.stringify(all.data)).not.toContain(aliceRun.runId);
    expect(errorCode((await as(bob, `{ runTranscripts(space: "${alice.space}") { totalCount } }`)).errors)).toBe('FORBIDDEN');
    const own = await as(alice, '{ runTranscripts { edges { node { runId } } } }');
    expect(own.data.runTranscripts.edges.map((edge: any) => edge.node.runId)).toContain(aliceRun.runId);
  });
  check('signingKeys', 'are the same public keys for everyone, with no private half', async () => {
    const query = '{ signingKeys { id publicKey jwk } }';
    const seenByBob = (await as(bob, query)).data.signingKeys;
    expect(seenByBob.length).toBeGreaterThan(0);
    expect(seenByBob).toEqual((await as(alice, query)).data.signingKeys);
    expect(seenByBob.every((key: any) => !('d' in key.jwk))).toBe(true);
  });
  check('me', 'is only yourself', async () => {
    const me = (await as(bob, '{ me { principalId readableSpaces } }')).data.me;
    expect(me.principalId).toBe(bob.id);
    expect(me.readableSpaces).not.toContain(alice.space);
  });
  check('spaces', 'shows only your spaces', async () => {
    const ids = (await as(bob, '{ spaces { id protocols { uri } } }')).data.spaces.map((space: any) => space.id);
    expect(ids).toEqual([bob.space, 'group:bob', 'app']);
  });
  check('tokens', 'lists only your tokens', async () => {
    const tokens = (await as(bob, '{ tokens { id principalId } }')).data.tokens;
    expect(tokens.every((token: any) => token.principalId === bob.id)).toBe(true);
  });
  check('mint', 'cannot write into a foreign space', async () => {
    const result = await as(
      bob,
      'mutation($space: String) { mint(input: { markdown: "# X\\n\\n## Y\\n\\nz", space: $space }) { protocol { uri } } }',
      { space: alice.space },
    );
    expect(errorCode(result.errors)).toBe('SPACE_NOT_FOUND');
  });
  check('updateMemories', 'a foreign URI fails as not found and stays unchanged', async () => {
    const result = await as(
      bob,
      'mutation($uris: [String!]!) { updateMemories(input: { uris: $uris, updates: { label: "pwned" } }) { results { status message } } }',
      { uris: [aliceProtocol.uri] },
    );
    expect(result.data.updateMemories.results[0]).toEqual({ status: 'ERROR', message: 'Failed to update memory: Memory not found' });
    expect((await as(alice, `{ memory(uri: "${aliceProtocol.uri}") { label } }`)).data.memory.label).toBe('Approve');
  });
  check('deleteMemories', 'a foreign URI fails as not found and survives', async () => {
    const result = await as(bob, 'mutation($uris: [String!]!) { deleteMemories(input: { uris: $uris }) { results { status message } } }', {
      uris: [aliceProtocol.uri],
    });
    expect(result.data.deleteMemories.results[0]).toEqual({ status: 'ERROR', message: 'Failed to delete memory: Memory not found' });
    expect((await as(alice, `{ memory(uri: "${aliceProtocol.uri}") { uri } }`)).data.memory).not.toBeNull();
  });
  check('forgetLearnedTrigger', 'cannot remove a trigger of a foreign space, nor learn that it exists', async () => {
    const id = randomUUID();
    const now = new Date();
    await server
      .mongo()
      .db(server.dbName)
      .collection('learned_triggers')
      .insertOne({
        _id: id as never,
        space: alice.space,
        chainId: randomUUID(),
        text: 'reconcile the quarterly ledger',
        terms: ['ledger', 'quarterly', 'reconcile'],
        credits: [],
        learnedAt: now,
        updatedAt: now,
        version: 1,
        removedAt: null,
        removedBy: null,
      });
    const forget = 'mutation($id: ID!) { forgetLearnedTrigger(input: { id: $id }) { id removedAt } }';
    expect(errorCode((await as(bob, forget, { id })).errors)).toBe('NOT_FOUND');
    expect((await as(alice, forget, { id })).data.forgetLearnedTrigger.id).toBe(id);
  });
  check('moveProtocol', 'cannot move a foreign protocol out, nor its own into a foreign space', async () => {
    const move = 'mutation($uri: String!, $space: String!) { moveProtocol(input: { uri: $uri, space: $space }) { moved } }';
    expect(errorCode((await as(bob, move, { uri: aliceProtocol.uri, space: 'personal' })).errors)).toBe('NOT_FOUND');
    const own = (await as(bob, 'mutation { mint(input: { markdown: "# Bob movable\\n\\n## Y\\n\\nz" }) { protocol { uri } } }')).data.mint
      .protocol.uri;
    expect(errorCode((await as(bob, move, { uri: own, space: alice.space })).errors)).toBe('SPACE_NOT_FOUND');
    expect((await as(alice, `{ memory(uri: "${aliceProtocol.uri}") { space } }`)).data.memory.space).toBe(alice.space);
  });
  check('recordActivation', "another principal's execution id is a sequence of one's own", async () => {
    const record = 'mutation($id: String) { recordActivation(input: { executionId: $id }) { executionId refinements refineOffered } }';
    const alices = (await as(alice, record, { id: null })).data.recordActivation.executionId;
    expect((await as(alice, record, { id: alices })).data.recordActivation.refinements).toBe(1);
    expect((await as(bob, record, { id: alices })).data.recordActivation).toEqual({
      executionId: alices,
      refinements: 0,
      refineOffered: true,
    });
    expect((await as(alice, record, { id: alices })).data.recordActivation.refinements).toBe(2);
  });
  check('begin', 'cannot start a foreign protocol by URI or key', async () => {
    expect(errorCode((await as(bob, `mutation { begin(input: { uri: "${aliceProtocol.uri}" }) { runId } }`)).errors)).toBe('NOT_FOUND');
    expect(errorCode((await as(bob, 'mutation { begin(input: { key: "alice-secret" }) { runId } }')).errors)).toBe('NOT_FOUND');
  });
  check('next', 'cannot move a foreign run', async () => {
    const result = await as(bob, 'mutation($uri: String!, $runId: ID) { next(input: { uri: $uri, runId: $runId }) { errorCode } }', {
      uri: aliceProtocol.stepUris[1],
      runId: aliceRun.runId,
    });
    expect(result.data.next.errorCode).toBe('RUN_NOT_FOUND');
    const withoutId = await as(bob, 'mutation($uri: String!) { next(input: { uri: $uri }) { errorCode } }', {
      uri: aliceProtocol.stepUris[1],
    });
    expect(withoutId.data.next.errorCode).toBe('RUN_NOT_FOUND');
  });
  check('attest', 'cannot close a foreign run', async () => {
    const result = await as(
      bob,
      'mutation($uri: String!, $runId: ID) { attest(input: { uri: $uri, runId: $runId, outcome: FAILURE, message: "x" }) { errorCode } }',
      { uri: aliceProtocol.uri, runId: aliceRun.runId },
    );
    expect(result.data.attest.errorCode).toBe('RUN_NOT_FOUND');
    expect((await as(alice, `{ run(id: "${aliceRun.runId}") { status } }`)).data.run.status).toBe('ACTIVE');
  });
  check('answerPrompt', "cannot answer a foreign run's prompt", async () => {
    const result = await as(
      bob,
      `mutation { answerPrompt(input: { promptId: "${aliceRun.promptId}", confirmation: "yes" }) { prompt { status } } }`,
    );
    expect(errorCode(result.errors)).toBe('NOT_FOUND');
  });
  check('createPrincipal', 'is for admins only', async () => {
    expect(
      errorCode((await as(bob, 'mutation { createPrincipal(input: { name: "eve", role: ADMIN }) { principal { id } } }')).errors),
    ).toBe('FORBIDDEN');
  });
  check('createToken', 'cannot mint a token for someone else', async () => {
    expect(errorCode((await as(bob, `mutation { createToken(input: { principalId: "${alice.id}", name: "x" }) { token } }`)).errors)).toBe(
      'FORBIDDEN',
    );
  });
  check('revokeToken', "cannot revoke someone else's token", async () => {
    expect(errorCode((await as(bob, `mutation { revokeToken(input: { id: "${alice.tokenId}" }) { token { id } } }`)).errors)).toBe(
      'NOT_FOUND',
    );
    expect((await as(alice, '{ me { principalId } }')).data.me.principalId).toBe(alice.id);
  });
  check('memoryEvents', 'refuses a foreign space, and without a space streams none of its writes', async () => {
    expect(JSON.stringify(await firstOf(bob, `subscription { memoryEvents(space: "${alice.space}") { uri } }`))).toContain('FORBIDDEN');
    const bobMemory = (
      await as(bob, 'mutation { mint(input: { markdown: "# Bob notes\\n\\n## Only step\\n\\nBob." }) { protocol { uri } } }')
    ).data.mint.protocol.uri;
    const events = await feedAround(
      bob,
      'subscription { memoryEvents { uri space } }',
      () =>
        as(bob, 'mutation($uri: String!) { updateMemories(input: { uris: [$uri], updates: { tags: ["bob"] } }) { totalUpdated } }', {
          uri: bobMemory,
        }),
      () =>
        as(alice, 'mutation($uri: String!) { updateMemories(input: { uris: [$uri], updates: { tags: ["isolated"] } }) { totalUpdated } }', {
          uri: aliceProtocol.uri,
        }),
    );
    expect(JSON.stringify(events)).toContain(bob.space);
    expect(JSON.stringify(events)).not.toContain(alice.space);
  });
  check('runEvents', 'refuses a foreign space, and without a space streams none of its runs', async () => {
    expect(JSON.stringify(await firstOf(bob, `subscription { runEvents(space: "${alice.space}") { runId } }`))).toContain('FORBIDDEN');
    const bobProtocol = (
      await as(bob, 'mutation { mint(input: { markdown: "# Bob runs\\n\\n## Only step\\n\\nBob." }) { protocol { uri } } }')
    ).data.mint.protocol.uri;
    const beginAs = (who: Principal, uri: string) => () =>
      as(who, 'mutation($uri: String) { begin(input: { uri: $uri }) { runId } }', { uri });
    const bobSees = await feedAround(
      bob,
      'subscription { runEvents { runId space } }',
      beginAs(bob, bobProtocol),
      beginAs(alice, aliceProtocol.uri),
    );
    expect(JSON.stringify(bobSees)).toContain(bob.space);
    expect(JSON.stringify(bobSees)).not.toContain(alice.space);
    // The same feed as Alice does carry her runs.
    const aliceSees = await feedAround(
      alice,
      'subscription { runEvents { runId space } }',
      beginAs(alice, aliceProtocol.uri),
      beginAs(bob, bobProtocol),
    );
    expect(JSON.stringify(aliceSees)).toContain(alice.space);
    expect(JSON.stringify(aliceSees)).not.toContain(bob.space);
  });
  check('runProgress', 'refuses a foreign run', async () => {
    expect(JSON.stringify(await firstOf(bob, `subscription { runProgress(runId: "${aliceRun.runId}") { seq } }`))).toContain('NOT_FOUND');
  });
  check('challengePrompts', "never shows a foreign run's prompts", async () => {
    expect(JSON.stringify(await firstOf(bob, `subscription { challengePrompts(runId: "${aliceRun.runId}") { promptId } }`))).toContain(
      'NOT_FOUND',
    );
    // Bob's own feed: alice's open prompt is not replayed, and a new one is not streamed.
    const feed = firstOf(bob, 'subscription { challengePrompts { promptId } }', {}, 1_000);
    await as(alice, 'mutation($uri: String) { begin(input: { uri: $uri }) { runId } }', { uri: aliceProtocol.uri });
    expect(await feed).toBe('nothing');
  });

  check('search', 'never finds a foreign protocol', async () => {
    const result = await as(bob, '{ search(query: "Alice secret deploy") { choices { uri role } } }');
    expect(result.data.search.choices.map((choice: any) => choice.uri)).not.toContain(aliceProtocol.uri);
    expect(result.data.search.choices.filter((choice: any) => choice.role === 'MATCH')).toEqual([]);
    expect(
      (await as(alice, '{ search(query: "Alice secret deploy") { choices { uri } } }')).data.search.choices.map(
        (choice: any) => choice.uri,
      ),
    ).toContain(aliceProtocol.uri);
  });
  check('export', 'neither a foreign adapter nor a foreign space', async () => {
    const one = await as(bob, 'query($uri: String) { export(input: { uri: $uri, format: MARKDOWN }) { content } }', {
      uri: aliceProtocol.uri,
    });
    expect(errorCode(one.errors)).toBe('NOT_FOUND');
    expect(JSON.stringify(one)).not.toContain('Alice secret');
    const all = await as(
      bob,
      'query($space: String) { export(input: { allAdapters: true, spaceName: $space, format: SKILL_TREE }) { content } }',
      { space: alice.space },
    );
    expect(errorCode(all.errors)).toBe('FORBIDDEN');
    expect(
      (await as(alice, 'query($uri: String) { export(input: { uri: $uri, format: MARKDOWN }) { content } }', { uri: aliceProtocol.uri }))
        .data.export.content,
    ).toContain('Alice secret deploy');
  });
  check('attachArtifact', 'cannot attach a file to a foreign adapter', async () => {
    const attach = 'mutation($input: AttachArtifactInput!) { attachArtifact(input: $input) { artifact { id } } }';
    const result = await as(bob, attach, { input: { adapter: 'kairos://adapter/alice-secret', name: 'bob.txt', content: 'bob was here' } });
    expect(errorCode(result.errors)).toBe('NOT_FOUND');
    const listed = await as(alice, '{ protocol(key: "alice-secret") { artifacts { name } } }');
    expect(listed.data.protocol.artifacts.map((artifact: any) => artifact.name)).toEqual(['alice-notes.txt']);
  });
  check('artifact', 'a foreign artifact reads as missing, by uuid and by slug, and its export is refused', async () => {
    const read = 'query($uri: String!) { artifact(uri: $uri) { id content } }';
    for (const uri of [`kairos://artifact/${aliceArtifactId}`, 'kairos://artifact/alice-notes-txt']) {
      const seen = await as(bob, read, { uri });
      expect(seen.data.artifact).toBeNull();
      const exported = await as(bob, 'query($uri: String) { export(input: { uri: $uri, format: SOURCE }) { content } }', { uri });
      expect(errorCode(exported.errors)).toBe('NOT_FOUND');
      expect(JSON.stringify([seen, exported])).not.toContain('alice only');
      expect((await as(alice, read, { uri })).data.artifact.content).toBe('alice only');
    }
  });
  check('proposeUpdate', 'cannot propose into a foreign space', async () => {
    const result = await as(bob, 'mutation($input: ProposeUpdateInput!) { proposeUpdate(input: $input) { status } }', {
      input: {
        intent: 'ADD_PITFALL',
        space: alice.space,
        operations: [{ kind: 'APPEND_TO_SECTION', file: 'pitfalls.md', sectionId: 'pitfalls', content: '- bob was here' }],
      },
    });
    expect(errorCode(result.errors)).toBe('SPACE_NOT_FOUND');
  });
  check('proposal', 'a foreign proposal id reads as missing', async () => {
    expect((await as(bob, `{ proposal(id: "${aliceProposalId}") { id } }`)).data.proposal).toBeNull();
  });
  check('proposals', 'lists none of them', async () => {
    const listed = await as(bob, '{ proposals(first: 200) { edges { node { id } } } }');
    expect(listed.data.proposals.edges.map((edge: any) => edge.node.id)).not.toContain(aliceProposalId);
  });
  check('applyProposal', 'a reviewer of another space cannot apply it', async () => {
    const result = await as(reviewer, `mutation { applyProposal(input: { id: "${aliceProposalId}" }) { status reason } }`);
    expect(result.data?.applyProposal?.status ?? errorCode(result.errors)).not.toBe('APPLIED');
    expect((await as(alice, `{ proposal(id: "${aliceProposalId}") { status } }`)).data.proposal.status).toBe('STAGED');
  });
  check('rejectProposal', 'a reviewer of another space cannot reject it', async () => {
    const result = await as(reviewer, `mutation { rejectProposal(input: { id: "${aliceProposalId}", reason: "no" }) { status reason } }`);
    expect(result.data?.rejectProposal?.reason ?? errorCode(result.errors)).not.toBe('USER_REJECTED');
    expect((await as(alice, `{ proposal(id: "${aliceProposalId}") { status } }`)).data.proposal.status).toBe('STAGED');
  });
  check('memoryContext', 'never returns foreign project memory', async () => {
    const mine = await as(alice, '{ memoryContext(query: "zebra queues") { sections { text } } }');
    expect(JSON.stringify(mine.data.memoryContext.sections)).toContain('zebra');
    const theirs = await as(bob, '{ memoryContext(query: "zebra queues") { sections { text } } }');
    expect(JSON.stringify(theirs.data.memoryContext.sections)).not.toContain('zebra');
  });
  check('memory', 'a past version of a foreign memory reads as missing; of a read-only space, FORBIDDEN', async () => {
    await as(alice, 'mutation($uris: [String!]!) { updateMemories(input: { uris: $uris, updates: { tags: ["v2"] } }) { totalUpdated } }', {
      uris: [aliceProtocol.stepUris[1]],
    });
    expect((await as(alice, `{ memory(uri: "${aliceProtocol.stepUris[1]}", version: 1) { version } }`)).data.memory).toEqual({
      version: 1,
    });
    expect((await as(bob, `{ memory(uri: "${aliceProtocol.stepUris[1]}", version: 1) { version } }`)).data.memory).toBeNull();
    const builtin = (await as(bob, '{ protocol(key: "refine-search") { uri } }')).data.protocol.uri;
    // The version it holds now is readable by any reader; its past ones are history.
    expect((await as(bob, `{ memory(uri: "${builtin}", version: 1) { version } }`)).data.memory).toEqual({ version: 1 });
    expect(errorCode((await as(bob, `{ memory(uri: "${builtin}", version: 2) { version } }`)).errors)).toBe('FORBIDDEN');
  });
  check('protocol', 'a foreign protocol at a past moment reads as missing; of a read-only space, FORBIDDEN', async () => {
    const at = new Date().toISOString();
    expect(
      (await as(bob, 'query($uri: String, $at: DateTime) { protocol(uri: $uri, at: $at) { uri } }', { uri: aliceProtocol.uri, at })).data
        .protocol,
    ).toBeNull();
    expect(
      (await as(alice, 'query($uri: String, $at: DateTime) { protocol(uri: $uri, at: $at) { uri } }', { uri: aliceProtocol.uri, at })).data
        .protocol.uri,
    ).toBe(aliceProtocol.uri);
    const builtin = (await as(bob, '{ protocol(key: "refine-search") { uri } }')).data.protocol.uri;
    expect(
      errorCode(
        (await as(bob, 'query($uri: String, $at: DateTime) { protocol(uri: $uri, at: $at) { uri } }', { uri: builtin, at })).errors,
      ),
    ).toBe('FORBIDDEN');
  });
  it('Memory.versions: shown to who can write the space; FORBIDDEN on a space one only reads', async () => {
    const mine = await as(alice, `{ memory(uri: "${aliceProtocol.uri}") { versions { totalCount } } }`);
    expect(mine.data.memory.versions.totalCount).toBeGreaterThanOrEqual(1);
    const builtin = await as(bob, '{ protocol(key: "refine-search") { steps { versions { totalCount } } } }');
    expect(errorCode(builtin.errors)).toBe('FORBIDDEN');
  });
  check('deletedMemories', "lists none of another's deletions, and refuses a foreign or read-only space", async () => {
    const minted = await as(
      alice,
      'mutation { mint(input: { markdown: "# Alice scratch\\n\\n## One\\n\\nx\\n\\n## Two\\n\\ny" }) { protocol { stepUris } } }',
    );
    const doomed = minted.data.mint.protocol.stepUris[1];
    await as(alice, 'mutation($uris: [String!]!) { deleteMemories(input: { uris: $uris }) { totalDeleted } }', { uris: [doomed] });
    const listing = '{ deletedMemories(first: 200) { edges { node { uri } } } }';
    expect((await as(alice, listing)).data.deletedMemories.edges.map((edge: any) => edge.node.uri)).toContain(doomed);
    expect((await as(bob, listing)).data.deletedMemories.edges.map((edge: any) => edge.node.uri)).not.toContain(doomed);
    expect(errorCode((await as(bob, `{ deletedMemories(space: "${alice.space}") { totalCount } }`)).errors)).toBe('FORBIDDEN');
    expect(errorCode((await as(bob, '{ deletedMemories(space: "app") { totalCount } }')).errors)).toBe('FORBIDDEN');
    const restore = 'mutation($uri: String!) { restoreMemory(input: { uri: $uri, version: 1 }) { results { status code } } }';
    expect((await as(bob, restore, { uri: doomed })).data.restoreMemory.results[0]).toEqual({ status: 'ERROR', code: 'NOT_FOUND' });
    expect((await as(alice, restore, { uri: doomed })).data.restoreMemory.results[0]).toEqual({ status: 'RESTORED', code: null });
  });
  check('restoreMemory', 'a foreign memory is not found and stays as it is; a read-only space is refused', async () => {
    const restore = 'mutation($uri: String!) { restoreMemory(input: { uri: $uri, version: 1 }) { results { status code } } }';
    await as(
      alice,
      'mutation($uris: [String!]!) { updateMemories(input: { uris: $uris, updates: { label: "Approve v2" } }) { totalUpdated } }',
      { uris: [aliceProtocol.uri] },
    );
    expect((await as(bob, restore, { uri: aliceProtocol.uri })).data.restoreMemory.results[0]).toEqual({
      status: 'ERROR',
      code: 'NOT_FOUND',
    });
    expect((await as(bob, restore, { uri: 'kairos://adapter/alice-secret' })).data.restoreMemory.results[0]).toEqual({
      status: 'ERROR',
      code: 'NOT_FOUND',
    });
    expect((await as(alice, `{ memory(uri: "${aliceProtocol.uri}") { label } }`)).data.memory.label).toBe('Approve v2');
    const builtin = (await as(bob, '{ protocol(key: "refine-search") { uri } }')).data.protocol.uri;
    expect((await as(bob, restore, { uri: builtin })).data.restoreMemory.results[0]).toEqual({ status: 'ERROR', code: 'SPACE_READ_ONLY' });
    const back = await as(alice, restore, { uri: aliceProtocol.uri });
    expect(back.data.restoreMemory.results[0]).toEqual({ status: 'RESTORED', code: null });
    expect((await as(alice, `{ memory(uri: "${aliceProtocol.uri}") { label } }`)).data.memory.label).toBe('Approve');
  });
  check('proposalEvents', 'refuses a foreign space, and without a space streams none of its proposals', async () => {
    expect(JSON.stringify(await firstOf(bob, `subscription { proposalEvents(space: "${alice.space}") { type } }`))).toContain('FORBIDDEN');
    let decisions = 0;
    const stageDecision = (who: Principal) => async () => {
      decisions += 1;
      const staged = await as(who, 'mutation($input: ProposeUpdateInput!) { proposeUpdate(input: $input) { status } }', {
        input: {
          intent: 'RECORD_DECISION',
          rationale: `decision ${decisions}`,
          operations: [
            {
              kind: 'APPEND_SECTION',
              file: 'decisions.md',
              heading: `Use queue kind ${'abcdefghijklmnopqrstuvwxyz'[decisions % 26]}${decisions}`,
              content: 'Date: 2026-11-21\nStatus: active\nConfidence: confirmed\n\nQueues.',
            },
          ],
          sources: [{ type: 'FILE', ref: 'docs/queues.md' }],
        },
      });
      expect(staged.data.proposeUpdate.status).toBe('STAGED');
    };
    const events = await feedAround(bob, 'subscription { proposalEvents { stagingId space } }', stageDecision(bob), stageDecision(alice));
    expect(JSON.stringify(events)).toContain(bob.space);
    expect(JSON.stringify(events)).not.toContain(alice.space);
  });

  it('keeps runs of the built-in (app space) protocols with the principal who runs them', async () => {
    const begun = await as(alice, 'mutation { begin(input: { key: "refine-search" }) { runId } }');
    const runId = begun.data.begin.runId;
    expect((await as(alice, `{ run(id: "${runId}") { space } }`)).data.run.space).toBe(alice.space);
    expect((await as(bob, `{ run(id: "${runId}") { id } }`)).data.run).toBeNull();
    expect((await as(bob, '{ runs(filter: { space: "app" }) { totalCount } }')).data.runs.totalCount).toBe(0);
    expect(JSON.stringify(await firstOf(bob, `subscription { runProgress(runId: "${runId}") { seq } }`))).toContain('NOT_FOUND');
  });

  it('covers every root field and subscription of the schema', async () => {
    const schema = (
      await as(bob, '{ __schema { queryType { fields { name } } mutationType { fields { name } } subscriptionType { fields { name } } } }')
    ).data.__schema;
    const fields = [schema.queryType, schema.mutationType, schema.subscriptionType].flatMap((type: any) =>
      type.fields.map((field: any) => field.name),
    );
    expect(fields.filter((field: string) => !covered.has(field))).toEqual([]);
  });
});
