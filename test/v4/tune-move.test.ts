/**
 * KAIROS 4 `tune` with `space`: an adapter moves to another space whole, with its
 * history, only when the caller can write both spaces and its slug and title are free there;
 * otherwise a clear code and nothing moved.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryReader } from '../../src/services/memory-reader.js';
import { useTestServer } from '../support/app.js';
import { uniqueTitle } from '../api/fixtures.js';
import { useMcpClients, type McpTestClient, type ToolJson } from '../mcp/mcp-client.js';

const server = useTestServer({ authEnabled: true });
const connect = useMcpClients(server);
const fence = '```';
const PASS = { verdict_file: '/tmp/verdict.txt', exit_code: 0, stdout: 'PASS' };
let group: string;
let alice: McpTestClient;
let aliceId: string;
let bob: McpTestClient;

async function principal(name: string, groups: string[]): Promise<{ client: McpTestClient; id: string }> {
  const issued = await server.running.services.auth.bootstrap({
    name: `${name}-${randomUUID().slice(0, 8)}`,
    role: 'AGENT',
    groups,
    tokenName: 'mcp',
    expiresInSeconds: null,
  });
  return { client: await connect({ token: issued.token }), id: issued.principal._id };
}

beforeAll(async () => {
  group = `ops${randomUUID().slice(0, 6)}`;
  const a = await principal('alice', [group]);
  alice = a.client;
  aliceId = a.id;
  bob = (await principal('bob', [])).client;
});

function adapter(title: string, slug: string): string {
  const contract = (min: number) => `${fence}json\n{"contract": {"type": "comment", "comment": {"min_length": ${min}}}}\n${fence}`;
  return `---\nslug: ${slug}\nversion: "1.0.0"\n---\n\n# ${title}\n\n## Activation Patterns\n\n- move tests\n\n## Draft the note\n\nWrite it.\n\n${contract(10)}\n\n## Check the note\n\nRead it again.\n\n${contract(12)}\n`;
}

async function train(client: McpTestClient, title: string, slug: string, space?: string): Promise<ToolJson> {
  const trained = await client.call('train', {
    content: adapter(title, slug),
    llm_model_id: 'test-model',
    review_evidence: PASS,
    ...(space ? { space } : {}),
  });
  expect(trained.isError, JSON.stringify(trained.json)).toBe(false);
  return trained.json;
}

const memories = () => server.mongo().db(server.dbName).collection('memories');
const versions = () => server.mongo().db(server.dbName).collection('memory_versions');
const layerIds = (trained: ToolJson) => trained.items.map((item: ToolJson) => item.layer_uuid as string);
const stateOf = async (ids: string[]) =>
  (
    await memories()
      .find({ _id: { $in: ids as never[] } })
      .sort({ _id: 1 })
      .toArray()
  ).map((doc) => ({ id: doc._id, space: doc.space, version: doc.version }));

describe('tune with space', () => {
  it('moves every layer of the adapter, keeping URIs and history, and it runs in the new space', async () => {
    const slug = `moving-${randomUUID().slice(0, 8)}`;
    const title = uniqueTitle('Moving notes');
    const trained = await train(alice, title, slug);
    const adapterUri = `kairos://adapter/${slug}`;
    // A version to keep: the first layer's label changes before the move.
    const tuned = await alice.call('tune', { uris: [trained.items[0].uri], updates: { label: 'Draft the first note' } });
    expect(tuned.json.total_updated).toBe(1);

    const moved = await alice.call('tune', { uris: [adapterUri], space: `group:${group}` });
    // KAIROS 4 answers the adapter's first layer.
    expect(moved.json).toMatchObject({ total_updated: 1, total_failed: 0, results: [{ uri: trained.items[0].uri, status: 'updated' }] });
    expect(moved.json.results[0].message).toContain(`to group:${group}`);
    const ids = layerIds(trained);
    const after = await stateOf(ids);
    expect(after.every((layer) => layer.space === `group:${group}`)).toBe(true);
    // History moved with it: the label change and the state before the move are kept, in the new space.
    const first = await versions().find({ memoryId: trained.items[0].layer_uuid }).sort({ version: 1 }).toArray();
    expect(first.map((version) => [version.version, version.space])).toEqual([
      [1, `group:${group}`],
      [2, `group:${group}`],
    ]);
    expect(await memories().findOne({ _id: trained.items[0].layer_uuid })).toMatchObject({
      version: 3,
      change: { reason: 'SPACE_MOVE', fields: ['SPACE'] },
      label: 'Draft the first note',
    });
    expect(await versions().countDocuments({ space: `user:${aliceId}`, 'state.chain.slug': slug })).toBe(0);

    const spaces = (await alice.call('spaces', { include_adapter_titles: true })).json.spaces as ToolJson[];
    expect(spaces.find((space) => space.space_id === `group:${group}`)!.adapters.map((entry: ToolJson) => entry.slug)).toContain(slug);
    expect(spaces.find((space) => space.type === 'personal')!.adapters.map((entry: ToolJson) => entry.slug)).not.toContain(slug);
    // Search follows it: found in the group, no longer in the personal space.
    const matches = async (space: string) =>
      ((await alice.call('activate', { query: title, space })).json.choices as ToolJson[]).filter((choice) => choice.slug === slug).length;
    expect(await matches(`group:${group}`)).toBe(1);
    expect(await matches('personal')).toBe(0);
    const started = (await alice.call('forward', { uri: adapterUri })).json;
    expect(started.next_call.args.uri).toBe(`${trained.items[0].uri}?execution_id=${started.execution_id}`);

    // Moving it where it is writes nothing; a layer URI moves its whole adapter back.
    const again = await alice.call('tune', { uris: [adapterUri], space: `Group: ${group}` });
    expect(again.json).toMatchObject({
      total_updated: 1,
      results: [{ status: 'updated', message: expect.stringContaining('already is in') }],
    });
    expect(await stateOf(ids)).toEqual(after);
    const back = await alice.call('tune', { uris: [trained.items[1].uri], space: 'personal' });
    expect(back.json.total_updated).toBe(1);
    expect((await stateOf(ids)).every((layer) => layer.space === `user:${aliceId}`)).toBe(true);
  });

  it('moves of one adapter at once: one wins, the others are never told the slug or title is taken nor the adapter missing', async () => {
    const groups = [`east${randomUUID().slice(0, 6)}`, `west${randomUUID().slice(0, 6)}`];
    const { client } = await principal('carol', groups);
    for (let round = 0; round < 4; round++) {
      const slug = `racing-${randomUUID().slice(0, 8)}`;
      const trained = await train(client, uniqueTitle('Racing notes'), slug);
      const targets = [`group:${groups[0]}`, `group:${groups[1]}`, `group:${groups[0]}`];
      const answers = await Promise.all(targets.map((space) => client.call('tune', { uris: [`kairos://adapter/${slug}`], space })));
      const rows = answers.map((answer) => answer.json.results[0] as { status: string; message: string });
      expect(
        rows.some((row) => row.status === 'updated'),
        JSON.stringify(rows),
      ).toBe(true);
      // A loser of the move is told to retry (SERVICE_UNAVAILABLE), never that the slug or title is taken. (Reading the
      // adapter before the move can still miss one in flight, NOT_FOUND: a read race of the reader, not of the move.)
      for (const row of rows) expect(row.message, JSON.stringify(rows)).not.toMatch(/^(DUPLICATE_SLUG|DUPLICATE_CHAIN): /);
      // All or nothing: every layer sits in one of the targets.
      const spaces = new Set((await stateOf(layerIds(trained))).map((layer) => layer.space));
      expect(spaces.size).toBe(1);
      expect(targets).toContain([...spaces][0]);
    }
  });

  it("keeps the runs made before a move in the adapter's dataset exports", async () => {
    const slug = `rewarded-${randomUUID().slice(0, 8)}`;
    const adapterUri = `kairos://adapter/${slug}`;
    await train(alice, uniqueTitle('Rewarded notes'), slug);
    let answer = (await alice.call('forward', { uri: adapterUri })).json;
    const executionId = answer.execution_id as string;
    for (let layer = 0; layer < 2; layer++) {
      const solution = {
        type: 'comment',
        outcome: 'success',
        evidence: { text: 'A note long enough to pass.' },
        nonce: answer.contract.nonce,
        proof_hash: answer.contract.proof_hash,
      };
      answer = (await alice.call('forward', { uri: answer.next_call.args.uri, solution })).json;
    }
    expect(answer.next_call.kind).toBe('reward');
    expect((await alice.call('reward', { uri: answer.next_call.args.uri, outcome: 'success', score: 0.9 })).json.error).toBeUndefined();
    const rewardRows = async () =>
      ((await alice.call('export', { uri: adapterUri, format: 'reward_jsonl' })).json.content as string)
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line).execution_id);
    expect(await rewardRows()).toEqual([executionId]);

    expect((await alice.call('tune', { uris: [adapterUri], space: `group:${group}` })).json.total_updated).toBe(1);
    // The run stays in alice's personal space, which she still reads: its rows are still the adapter's.
    expect(await rewardRows()).toEqual([executionId]);
  });

  it('updates content then moves, in one tune call', async () => {
    const slug = `edit-move-${randomUUID().slice(0, 8)}`;
    const trained = await train(alice, uniqueTitle('Edit then move'), slug);
    const result = await alice.call('tune', { uris: [trained.items[1].uri], updates: { tags: ['moved'] }, space: `group:${group}` });
    expect(result.json).toMatchObject({
      total_updated: 1,
      results: [{ status: 'updated', message: expect.stringMatching(/^Updated 1 layer\(s\)\. Moved/) }],
    });
    expect((await stateOf(layerIds(trained))).every((layer) => layer.space === `group:${group}`)).toBe(true);
  });

  it('changes nothing when the move would be refused: the move is checked before the content', async () => {
    const slug = `no-half-${randomUUID().slice(0, 8)}`;
    const trained = await train(alice, uniqueTitle('No half changes'), slug);
    await train(alice, uniqueTitle('Holder of that slug'), slug, `group:${group}`);
    const ids = layerIds(trained);
    const before = await stateOf(ids);

    const withUpdates = await alice.call('tune', { uris: [trained.items[1].uri], updates: { tags: ['half'] }, space: `group:${group}` });
    expect(withUpdates.json).toMatchObject({
      total_updated: 0,
      results: [{ status: 'error', message: expect.stringMatching(/^DUPLICATE_SLUG: Nothing changed: /) }],
    });
    const withContent = await alice.call('tune', {
      uris: [trained.items[0].uri],
      content: ['## Draft the note\n\nWrite it twice.'],
      review_evidence: PASS,
      space: 'group:finance',
    });
    expect(withContent.json.results[0].message).toMatch(/^SPACE_NOT_FOUND: Nothing changed: /);

    expect(await stateOf(ids)).toEqual(before);
    expect(
      (
        await memories()
          .find({ _id: { $in: ids as never[] } })
          .toArray()
      ).some((doc) => (doc.tags as string[]).includes('half')),
    ).toBe(false);
  });

  it('moveProtocol with dryRun answers as the move would and writes nothing', async () => {
    const viewer = {
      principalId: aliceId,
      role: 'AGENT' as const,
      authenticated: true,
      credentialExpiresAt: null,
      readableSpaces: [`user:${aliceId}`, `group:${group}`],
      writableSpaces: [`user:${aliceId}`, `group:${group}`],
      defaultWriteSpace: `user:${aliceId}`,
      narrowed: false,
    };
    const slug = `dry-${randomUUID().slice(0, 8)}`;
    const trained = await train(alice, uniqueTitle('Dry run notes'), slug);
    const ids = layerIds(trained);
    const before = await stateOf(ids);
    const moves = server.running.services.protocolMoves;
    const reader = new MemoryReader(server.running.services.memoryStore, viewer);

    const would = await moves.move(viewer, reader, { uri: trained.items[0].uri, space: `group:${group}`, dryRun: true });
    expect(would).toMatchObject({ moved: true, fromSpace: `user:${aliceId}` });
    expect(await stateOf(ids)).toEqual(before);
    await train(alice, uniqueTitle('Slug holder'), slug, `group:${group}`);
    await expect(moves.move(viewer, reader, { uri: trained.items[0].uri, space: `group:${group}`, dryRun: true })).rejects.toMatchObject({
      code: 'DUPLICATE_SLUG',
    });
    expect(await stateOf(ids)).toEqual(before);
  });

  it('refuses with a clear code and moves nothing: slug or title taken, spaces it cannot write, adapters it cannot read', async () => {
    const slug = `clash-${randomUUID().slice(0, 8)}`;
    const title = uniqueTitle('Clashing notes');
    const trained = await train(alice, title, slug);
    const ids = layerIds(trained);
    const before = await stateOf(ids);
    const versionsBefore = await versions().countDocuments();
    const tune = async (client: McpTestClient, uris: string[], space: string) => (await client.call('tune', { uris, space })).json;

    await train(alice, uniqueTitle('Holder of the slug'), slug, `group:${group}`);
    const slugTaken = await tune(
      alice,
      [`kairos://adapter/${trained.items[0].adapter_uri.split('/').pop()}`, trained.items[0].uri],
      `group:${group}`,
    );
    // The slug names two adapters now; the first URI is the slug form of alice's default space.
    expect(slugTaken).toMatchObject({ total_updated: 0, total_failed: 2 });
    for (const row of slugTaken.results)
      expect(row).toMatchObject({ status: 'error', message: expect.stringMatching(/^DUPLICATE_SLUG: /) });

    const titleSlug = `other-${randomUUID().slice(0, 8)}`;
    const titled = await train(alice, title.replace('Clashing', 'Titled'), titleSlug);
    await train(alice, title.replace('Clashing', 'Titled'), `${titleSlug}-g`, `group:${group}`);
    expect((await tune(alice, [titled.items[0].uri], `group:${group}`)).results[0].message).toMatch(/^DUPLICATE_CHAIN: /);

    expect((await tune(alice, [trained.items[0].uri], 'group:finance')).results[0].message).toMatch(/^SPACE_NOT_FOUND: /);
    expect((await tune(alice, [trained.items[0].uri], 'app')).results[0].message).toMatch(/^SPACE_READ_ONLY: /);
    expect((await tune(alice, ['kairos://adapter/refine-search'], 'personal')).results[0].message).toMatch(/^SPACE_READ_ONLY: /);
    // Bob can neither read alice's adapter nor write her group.
    expect((await tune(bob, [trained.items[0].uri], 'personal')).results[0].message).toMatch(/^NOT_FOUND: /);
    const bobs = await train(bob, uniqueTitle('Bob notes'), `bob-${randomUUID().slice(0, 8)}`);
    expect((await tune(bob, [bobs.items[0].uri], `group:${group}`)).results[0].message).toMatch(/^SPACE_NOT_FOUND: /);

    const tooLong = await bob.call('tune', { uris: [bobs.items[0].uri], space: 'x'.repeat(301) });
    expect(tooLong.json.error).toBe('BAD_USER_INPUT');
    const tooLongGraphql = await server.running.services.protocolMoves
      .move(
        {
          principalId: 'bob',
          role: 'AGENT',
          authenticated: true,
          credentialExpiresAt: null,
          readableSpaces: ['user:bob'],
          writableSpaces: ['user:bob'],
          defaultWriteSpace: 'user:bob',
          narrowed: false,
        },
        {} as never,
        { uri: bobs.items[0].uri, space: 'y'.repeat(301) },
      )
      .catch((error: { code?: string }) => error.code);
    expect(tooLongGraphql).toBe('PAYLOAD_TOO_LARGE');

    expect(await stateOf(ids)).toEqual(before);
    // The refused moves wrote no history (training writes none either).
    expect(await versions().countDocuments({ memoryId: { $in: ids } })).toBe(0);
    expect(await versions().countDocuments()).toBe(versionsBefore);
  });
});
