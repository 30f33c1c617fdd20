/**
 * Storage quotas on every write that adds text: a proposal applied at once or by a reviewer and
 * a protocol moved to another space are refused with QUOTA_EXCEEDED and nothing written, as a
 * mint is; and writes racing each other cannot pass a quota by what they add together (only
 * what fits lands). Before, proposals and moves were never checked and racing mints each passed
 * a check that ran before any of them had written.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
import { postAs } from '../support/graphql-http.js';
import { uniqueTitle } from '../api/fixtures.js';
import { useMcpClients } from '../mcp/mcp-client.js';

const SPACE_QUOTA = 40_000;
const server = useTestServer({
  authEnabled: true,
  rateLimitPerMinute: 0,
  maxStoredBytesPerSpace: SPACE_QUOTA,
  maxStoredBytesPerPrincipal: 10_000_000,
});
const connect = useMcpClients(server);
const MINT = `mutation($input: MintInput!) { mint(input: $input) { protocol { uri stepUris } } }`;
const PROPOSE = `mutation($input: ProposeUpdateInput!) { proposeUpdate(input: $input) { status stagingId reason message } }`;
const APPLY = `mutation($id: ID!) { applyProposal(input: { id: $id }) { status reason message } }`;
const MINT_SLUG = `mutation($input: MintInput!) { mint(input: $input) { protocol { slug stepUris } } }`;
const DELETE = `mutation($input: DeleteMemoriesInput!) { deleteMemories(input: $input) { totalDeleted } }`;
const UPDATE = `mutation($input: UpdateMemoriesInput!) { updateMemories(input: $input) { totalUpdated } }`;
const RESTORE = `mutation($input: RestoreMemoryInput!) { restoreMemory(input: $input) { totalRestored results { status code } } }`;
const MOVE = `mutation($input: MoveProtocolInput!) { moveProtocol(input: $input) { moved protocol { space } } }`;

interface Principal {
  id: string;
  token: string;
  personal: string;
}

async function principal(role: 'AGENT' | 'REVIEWER', groups: string[]): Promise<Principal> {
  const issued = await server.running.services.auth.bootstrap({
    name: `quota-${randomUUID().slice(0, 8)}`,
    role,
    groups,
    tokenName: 'test',
    expiresInSeconds: null,
  });
  return { id: issued.principal._id, token: issued.token, personal: `user:${issued.principal._id}` };
}

/** A protocol of about `kb` KB of step text. */
function protocolOf(title: string, kb: number): string {
  const body = 'lorem ipsum dolor sit amet\n'.repeat(Math.ceil((kb * 1000) / 27 / 2));
  return `# ${title}\n\n## First\n\n${body}\n## Second\n\n${body}`;
}

const memories = () => server.mongo().db(server.dbName).collection('memories');
const storedBytesIn = async (space: string) =>
  (await memories().find({ space }).toArray()).reduce((sum, doc) => sum + (doc.sizeBytes as number), 0);
const gql = (who: Principal, query: string, variables: Record<string, unknown>) =>
  postAs(server.running.graphqlUrl, who.token, query, variables);

function expectQuotaExceeded(answer: { errors?: any[] }): void {
  expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { limit: 'space_bytes', max: SPACE_QUOTA } });
}

describe('proposals count against the storage quotas', () => {
  it('a proposal applied at once that would pass the space quota is refused, nothing written', async () => {
    const writer = await principal('AGENT', []);
    expect((await gql(writer, MINT, { input: { markdown: protocolOf(uniqueTitle('Quota fill'), 36) } })).errors).toBeUndefined();
    const pitfall = (bullet: string) =>
      gql(writer, PROPOSE, {
        input: {
          intent: 'ADD_PITFALL',
          rationale: 'note a pitfall',
          operations: [{ kind: 'APPEND_TO_SECTION', file: 'pitfalls.md', sectionId: 'pitfalls', content: `- ${bullet}` }],
        },
      });
    // A small one fits (and seeds the project documents).
    expect((await pitfall('Small enough')).data?.proposeUpdate.status).toBe('APPLIED');
    const before = await storedBytesIn(writer.personal);

    expectQuotaExceeded(await pitfall('Retry on WriteConflict, '.repeat(300)));
    expect(await storedBytesIn(writer.personal)).toBe(before);
    expect((await memories().findOne({ space: writer.personal, path: 'pitfalls.md' }))?.text ?? '').not.toContain('WriteConflict');
  });

  it("a reviewer's applyProposal that would pass the space quota is refused; the proposal stays staged", async () => {
    const group = `quota${randomUUID().slice(0, 6)}`;
    const writer = await principal('AGENT', [group]);
    const reviewer = await principal('REVIEWER', [group]);
    const space = `group:${group}`;
    const staged = await gql(writer, PROPOSE, {
      input: {
        intent: 'RECORD_DECISION',
        rationale: 'Record the retry decision',
        space,
        operations: [
          {
            kind: 'APPEND_SECTION',
            file: 'decisions.md',
            heading: 'Retries',
            content: `Date: 2026-11-21\nStatus: active\nConfidence: confirmed\n\n${'We retry on conflicts. '.repeat(300)}`,
          },
        ],
        sources: [{ type: 'FILE', ref: 'src/store/memory-store.ts' }],
      },
    });
    expect(staged.data?.proposeUpdate, JSON.stringify(staged)).toMatchObject({ status: 'STAGED' });
    // The space fills up while the proposal waits.
    expect((await gql(writer, MINT, { input: { markdown: protocolOf(uniqueTitle('Quota fill'), 36), space } })).errors).toBeUndefined();
    const before = await storedBytesIn(space);

    const applied = await gql(reviewer, APPLY, { id: staged.data!.proposeUpdate.stagingId });
    expectQuotaExceeded(applied);
    expect(await storedBytesIn(space)).toBe(before);
    const proposal = await server.mongo().db(server.dbName).collection('proposals').findOne({ _id: staged.data!.proposeUpdate.stagingId });
    expect(proposal?.status).toBe('STAGED');
  });
});

describe('a move counts against the target space', () => {
  it('moveProtocol into a space it would bring over its quota is refused, dry run or not; the protocol stays', async () => {
    const group = `quota${randomUUID().slice(0, 6)}`;
    const roomyGroup = `quota${randomUUID().slice(0, 6)}`;
    const writer = await principal('AGENT', [group, roomyGroup]);
    const space = `group:${group}`;
    expect((await gql(writer, MINT, { input: { markdown: protocolOf(uniqueTitle('Quota fill'), 30), space } })).errors).toBeUndefined();
    const minted = await gql(writer, MINT, { input: { markdown: protocolOf(uniqueTitle('Quota mover'), 20) } });
    const uri = minted.data.mint.protocol.uri as string;
    const before = await storedBytesIn(space);

    expectQuotaExceeded(await gql(writer, MOVE, { input: { uri, space, dryRun: true } }));
    expectQuotaExceeded(await gql(writer, MOVE, { input: { uri, space } }));
    expect(await storedBytesIn(space)).toBe(before);
    expect(await memories().countDocuments({ space: writer.personal })).toBe(2);
    // Where it fits, it moves, its bytes with it.
    const movedBytes = await storedBytesIn(writer.personal);
    const roomy = await gql(writer, MOVE, { input: { uri, space: `group:${roomyGroup}` } });
    expect(roomy.data?.moveProtocol).toMatchObject({ moved: true, protocol: { space: `group:${roomyGroup}` } });
    expect(await storedBytesIn(`group:${roomyGroup}`)).toBe(movedBytes);
    expect(await memories().countDocuments({ space: writer.personal })).toBe(0);
  });
});

describe('a dry run priced at the text a change will leave (newTextBytes)', () => {
  it('prices an adapter URI at the new size, a step URI at the protocol with that step replaced; a negative size is refused', async () => {
    const group = `quota${randomUUID().slice(0, 6)}`;
    const writer = await principal('AGENT', [group]);
    const space = `group:${group}`;
    expect((await gql(writer, MINT, { input: { markdown: protocolOf(uniqueTitle('Quota fill'), 24), space } })).errors).toBeUndefined();
    const minted = await gql(writer, MINT_SLUG, { input: { markdown: protocolOf(uniqueTitle('Quota priced'), 10) } });
    const adapter = `kairos://adapter/${minted.data.mint.protocol.slug}`;
    const [firstStep] = minted.data.mint.protocol.stepUris as string[];
    const dryRun = (uri: string, newTextBytes: number) => gql(writer, MOVE, { input: { uri, space, dryRun: true, newTextBytes } });

    const fits = await dryRun(adapter, 12_000);
    expect(fits.data?.moveProtocol, JSON.stringify(fits.errors)).toMatchObject({ moved: true });
    expectQuotaExceeded(await dryRun(adapter, 20_000));
    // One of two 5 KB steps grown to 12 KB: about 17 KB in all, past the room left.
    expectQuotaExceeded(await dryRun(firstStep!, 12_000));
    expect((await dryRun(firstStep!, 6_000)).data?.moveProtocol).toMatchObject({ moved: true });
    expect((await dryRun(adapter, -1)).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(await memories().countDocuments({ space: writer.personal })).toBe(2);
  });
});

describe('KAIROS 4 tune with content and space', () => {
  it('prices the move at the new content: a move the larger content would not fit is refused before the content is written', async () => {
    const group = `quota${randomUUID().slice(0, 6)}`;
    const writer = await principal('AGENT', [group]);
    const space = `group:${group}`;
    expect((await gql(writer, MINT, { input: { markdown: protocolOf(uniqueTitle('Quota fill'), 24), space } })).errors).toBeUndefined();
    const title = uniqueTitle('Quota tuned');
    const minted = await gql(writer, MINT_SLUG, { input: { markdown: protocolOf(title, 2) } });
    const stepUris = minted.data.mint.protocol.stepUris as string[];
    const textsBefore = (
      await memories()
        .find({ uri: { $in: stepUris } })
        .toArray()
    ).map((doc) => doc.text as string);
    const groupBytes = await storedBytesIn(space);
    const client = await connect({ token: writer.token });

    // Small enough to move as it is, but not once it holds 20 KB.
    const tuned = await client.call('tune', {
      uris: [`kairos://adapter/${minted.data.mint.protocol.slug}`],
      content: [protocolOf(title, 20)],
      space,
      review_evidence: { verdict_file: '/tmp/verdict.txt', exit_code: 0, stdout: 'PASS' },
    });
    expect(tuned.json).toMatchObject({ total_updated: 0, total_failed: 1 });
    expect(tuned.json.results[0].message).toMatch(/^QUOTA_EXCEEDED: Nothing changed/);
    expect(
      (
        await memories()
          .find({ uri: { $in: stepUris } })
          .toArray()
      ).map((doc) => doc.text as string),
    ).toEqual(textsBefore);
    expect(await memories().countDocuments({ space: writer.personal })).toBe(2);
    expect(await storedBytesIn(space)).toBe(groupBytes);
  });
});

describe('a restore counts against the storage quotas', () => {
  it('a protocol deleted whole, its room taken by another, is not restored past the quota: nothing written', async () => {
    const writer = await principal('AGENT', []);
    const first = await gql(writer, MINT, { input: { markdown: protocolOf(uniqueTitle('Quota deleted'), 30) } });
    const { stepUris } = first.data.mint.protocol as { stepUris: string[] };
    expect((await gql(writer, DELETE, { input: { uris: stepUris } })).data?.deleteMemories.totalDeleted).toBe(2);
    expect((await gql(writer, MINT, { input: { markdown: protocolOf(uniqueTitle('Quota taker'), 30) } })).errors).toBeUndefined();
    const before = await storedBytesIn(writer.personal);

    expectQuotaExceeded(await gql(writer, RESTORE, { input: { uri: stepUris[0], version: 1 } }));
    expect(await storedBytesIn(writer.personal)).toBe(before);
    expect(await memories().countDocuments({ uri: { $in: stepUris } })).toBe(0);
  });

  it('an old, larger version restored over a step that shrank, once the space has filled, is refused: the step keeps its text', async () => {
    const writer = await principal('AGENT', []);
    const minted = await gql(writer, MINT, { input: { markdown: protocolOf(uniqueTitle('Quota shrink'), 30) } });
    const [stepUri] = minted.data.mint.protocol.stepUris as string[];
    expect(
      (await gql(writer, UPDATE, { input: { uris: [stepUri], updates: { text: '## First\n\nshort now' } } })).data?.updateMemories,
    ).toMatchObject({
      totalUpdated: 1,
    });
    expect((await gql(writer, MINT, { input: { markdown: protocolOf(uniqueTitle('Quota taker'), 20) } })).errors).toBeUndefined();
    const before = await storedBytesIn(writer.personal);

    expectQuotaExceeded(await gql(writer, RESTORE, { input: { uri: stepUri, version: 1 } }));
    expect(await storedBytesIn(writer.personal)).toBe(before);
    expect((await memories().findOne({ uri: stepUri }))?.text).toContain('short now');
  });
});

describe('writes racing each other', () => {
  it('eight mints at once that together pass the space quota: only what fits lands, the rest QUOTA_EXCEEDED', async () => {
    const writer = await principal('AGENT', []);
    // Under 8 KB each, so every one is read on the event loop and they reach the quota check together.
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => gql(writer, MINT, { input: { markdown: protocolOf(uniqueTitle('Quota race'), 7) } })),
    );
    const landed = answers.filter((answer) => !answer.errors);
    const refused = answers.filter((answer) => answer.errors);
    expect(landed.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) expectQuotaExceeded(answer);
    const stored = await storedBytesIn(writer.personal);
    expect(stored).toBeLessThanOrEqual(SPACE_QUOTA);
    expect(await memories().countDocuments({ space: writer.personal })).toBe(landed.length * 2);
  });
});

describe('a move brings its files along', () => {
  it("prices a move at the protocol's text and its files: files that would not fit refuse it, nothing moved", async () => {
    const group = `quota${randomUUID().slice(0, 6)}`;
    const writer = await principal('AGENT', [group]);
    const space = `group:${group}`;
    expect((await gql(writer, MINT, { input: { markdown: protocolOf(uniqueTitle('Quota fill'), 24), space } })).errors).toBeUndefined();
    const minted = await gql(writer, MINT, { input: { markdown: protocolOf(uniqueTitle('Quota with files'), 2) } });
    const uri = minted.data.mint.protocol.uri as string;
    const ATTACH = `mutation($input: AttachArtifactInput!) { attachArtifact(input: $input) { artifact { size } } }`;
    const attached = await gql(writer, ATTACH, { input: { adapter: uri, name: 'table.txt', content: 'x'.repeat(29_999) + '\n' } });
    expect(attached.errors).toBeUndefined();

    // The text alone (about 2 KB) would fit beside the 24 KB; with its 30 KB file it does not.
    expectQuotaExceeded(await gql(writer, MOVE, { input: { uri, space, dryRun: true } }));
    expectQuotaExceeded(await gql(writer, MOVE, { input: { uri, space } }));
    expect(await memories().countDocuments({ space: writer.personal })).toBe(2);
  });
});
