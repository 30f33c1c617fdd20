/**
 * A file attached to an adapter is stored bytes as text is: the space's storage quota counts it
 * on every write (an attach, a mint), a refused attach stores nothing, a replaced file keeps
 * counting until its history is purged, each version is charged to the principal who wrote it, and
 * a moved adapter's files move into its new space with it.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
import { postAs } from '../support/graphql-http.js';
import { uniqueTitle } from '../api/fixtures.js';

const SPACE_QUOTA = 100_000;
const server = useTestServer({ maxStoredBytesPerSpace: SPACE_QUOTA, maxStoredBytesPerPrincipal: 0, artifactMaxBytes: 80_000 });
const MINT = `mutation($input: MintInput!) { mint(input: $input) { protocol { uri space } } }`;
const ATTACH = `mutation($input: AttachArtifactInput!) { attachArtifact(input: $input) { artifact { uri size } } }`;

async function gql(query: string, variables: Record<string, unknown>): Promise<any> {
  const response = await fetch(server.running.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return response.json();
}

const artifacts = () => server.mongo().db(server.dbName).collection('artifacts');
const liveArtifacts = () => artifacts().countDocuments({ removedAt: null });

describe('storage quotas count attached files', () => {
  it('refuses an attach or a mint that files bring over the space quota, stores nothing, and frees a replaced file only once its history is purged', async () => {
    const minted = await gql(MINT, { input: { markdown: `# ${uniqueTitle('Quota files')}\n\n## Only\n\nA short step.\n` } });
    expect(minted.errors).toBeUndefined();
    const adapter = minted.data.mint.protocol.uri as string;
    const attach = (name: string, bytes: number, force = false) =>
      gql(ATTACH, { input: { adapter, name, content: 'a'.repeat(bytes - 1) + '\n', ...(force ? { force } : {}) } });

    expect((await attach('first.txt', 60_000)).errors).toBeUndefined();
    const second = await attach('second.txt', 60_000);
    expect(second.errors?.[0]?.extensions).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { limit: 'space_bytes', max: SPACE_QUOTA } });
    expect(second.errors?.[0]?.message).toMatch(/text and attached files/);
    expect(await liveArtifacts()).toBe(1);

    // Text meets the files already stored.
    const body = 'lorem ipsum dolor sit amet\n'.repeat(1_800);
    const text = await gql(MINT, { input: { markdown: `# ${uniqueTitle('Quota text')}\n\n## Only\n\n${body}` } });
    expect(text.errors?.[0]?.extensions).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { limit: 'space_bytes' } });

    // Replacing the file frees nothing while the old version's bytes stay in history.
    const replaced = await attach('first.txt', 65_000, true);
    expect(replaced.errors?.[0]?.extensions).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { limit: 'space_bytes' } });
    expect((await attach('first.txt', 30_000, true)).errors).toBeUndefined();
    expect(await liveArtifacts()).toBe(1);
    // 60,000 in history + 30,000 current: another 20,000 does not fit.
    expect((await attach('third.txt', 20_000)).errors?.[0]?.extensions).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    // As if KAIROS_HISTORY_DAYS had passed: the next attach purges the old version first, and fits.
    await artifacts().updateMany({ removedAt: { $ne: null } }, { $set: { expiresAt: new Date(Date.now() - 1_000) } });
    expect((await attach('third.txt', 20_000)).errors).toBeUndefined();
    expect(await artifacts().countDocuments({ removedAt: { $ne: null } })).toBe(0);
  });
});

const PRINCIPAL_QUOTA = 100_000;
const shared = useTestServer({
  authEnabled: true,
  rateLimitPerMinute: 0,
  maxStoredBytesPerSpace: 0,
  maxStoredBytesPerPrincipal: PRINCIPAL_QUOTA,
  artifactMaxBytes: 80_000,
});

/** A token for an agent of `group`, named after it. */
const tokenIn = async (group: string, name: string) =>
  (
    await shared.running.services.auth.bootstrap({
      name: `${name}-${group}`,
      role: 'AGENT',
      groups: [group],
      tokenName: 'test',
      expiresInSeconds: null,
    })
  ).token;
const as = (token: string, query: string, variables: Record<string, unknown>) =>
  postAs(shared.running.graphqlUrl, token, query, variables) as Promise<{ data?: any; errors?: any[] }>;

describe('the principal quota charges the writer of each file version', () => {
  it("a principal who replaces another one's file pays for the new version", async () => {
    const group = `quota-${randomUUID().slice(0, 8)}`;
    const alice = await tokenIn(group, 'alice');
    const bob = await tokenIn(group, 'bob');
    const minted = await as(alice, MINT, {
      input: { space: `group:${group}`, markdown: `# ${uniqueTitle('Writer pays')}\n\n## Only\n\nA short step.\n` },
    });
    expect(minted.errors).toBeUndefined();
    const adapter = minted.data.mint.protocol.uri as string;
    const attachAs = (token: string, name: string, bytes: number, force = false) =>
      as(token, ATTACH, { input: { adapter, name, content: 'b'.repeat(bytes - 1) + '\n', ...(force ? { force } : {}) } });

    expect((await attachAs(alice, 'shared.txt', 60_000)).errors).toBeUndefined();
    expect((await attachAs(bob, 'shared.txt', 60_000, true)).errors).toBeUndefined();
    // Bob wrote 60,000 bytes: 50,000 more is over his quota, though Alice created the file.
    const over = await attachAs(bob, 'more.txt', 50_000);
    expect(over.errors?.[0]?.extensions).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      details: { limit: 'principal_bytes', max: PRINCIPAL_QUOTA, stored: 60_000 },
    });
    // Alice's version stays in history, still charged to her.
    const aliceOver = await attachAs(alice, 'hers.txt', 50_000);
    expect(aliceOver.errors?.[0]?.extensions).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { limit: 'principal_bytes' } });
    // Her version in history and her protocol's text.
    expect(aliceOver.errors?.[0]?.extensions.details.stored).toBeGreaterThan(60_000);
  });
});

describe("a moved adapter's files", () => {
  it('move with it: a reader of the space it moved into finds them by slug', async () => {
    const group = `moved-${randomUUID().slice(0, 8)}`;
    const alice = await tokenIn(group, 'alice');
    const bob = await tokenIn(group, 'bob');
    const minted = await as(alice, MINT, { input: { markdown: `# ${uniqueTitle('Moved files')}\n\n## Only\n\nA short step.\n` } });
    expect(minted.errors).toBeUndefined();
    const adapter = minted.data.mint.protocol.uri as string;
    const slug = `moved-notes-${group}`;
    const attached = await as(alice, ATTACH, {
      input: { adapter, name: 'notes.txt', content: `# kairos-artifact:\n# slug: ${slug}\nnotes\n` },
    });
    expect(attached.errors).toBeUndefined();
    const moved = await as(alice, `mutation($input: MoveProtocolInput!) { moveProtocol(input: $input) { moved } }`, {
      input: { uri: adapter, space: `group:${group}` },
    });
    expect(moved.errors).toBeUndefined();
    expect(moved.data.moveProtocol.moved).toBe(true);
    const found = await as(bob, `query($uri: String!) { artifact(uri: $uri) { name content } }`, { uri: `kairos://artifact/${slug}` });
    expect(found.errors).toBeUndefined();
    expect(found.data.artifact).toEqual({ name: 'notes.txt', content: `# kairos-artifact:\n# slug: ${slug}\nnotes\n` });
  });
});
