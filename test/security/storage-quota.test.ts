/**
 * Storage quotas: the bytes of text one space holds and one principal has written, checked
 * before a mint adds to them; over either, QUOTA_EXCEEDED naming the limit and nothing written.
 * A forced mint counts what it replaces as freed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
import { postAs } from '../support/graphql-http.js';
import { CreatePrincipalDocument, CreateTokenDocument } from './documents.js';
import { uniqueTitle } from '../api/fixtures.js';

const SPACE_QUOTA = 300_000;
const PRINCIPAL_QUOTA = 350_000;
const server = useTestServer({ authEnabled: true, maxStoredBytesPerSpace: SPACE_QUOTA, maxStoredBytesPerPrincipal: PRINCIPAL_QUOTA });
const MINT = `mutation($input: MintInput!) { mint(input: $input) { protocol { uri stepUris } } }`;
const UPDATE = `mutation($input: UpdateMemoriesInput!) { updateMemories(input: $input) { totalUpdated results { status message } } }`;

let token: string;
let principalId: string;

beforeAll(async () => {
  const admin = (
    await server.running.services.auth.bootstrap({ name: 'admin', role: 'ADMIN', groups: [], tokenName: 'test', expiresInSeconds: null })
  ).token;
  const headers = { authorization: `Bearer ${admin}` };
  const created = await server.request(
    CreatePrincipalDocument,
    { input: { name: 'quota-writer', role: 'AGENT', groups: ['quota-team'] } },
    headers,
  );
  principalId = created.data!.createPrincipal.principal.id;
  token = (await server.request(CreateTokenDocument, { input: { principalId, name: 'test' } }, headers)).data!.createToken.token;
});

/** A protocol of about `kb` KB of step text. */
function protocolOf(title: string, kb: number): string {
  const body = 'lorem ipsum dolor sit amet\n'.repeat(Math.ceil((kb * 1000) / 27 / 2));
  return `# ${title}\n\n## First\n\n${body}\n## Second\n\n${body}`;
}

const mint = (markdown: string, space?: string, force?: boolean) =>
  postAs(server.running.graphqlUrl, token, MINT, { input: { markdown, ...(space ? { space } : {}), ...(force ? { force } : {}) } });
const storedIn = (space: string) => server.mongo().db(server.dbName).collection('memories').countDocuments({ space });

describe('storage quotas', () => {
  it('refuses a mint over the space quota, then over the principal quota, writing nothing; a forced mint frees what it replaces', async () => {
    const personal = `user:${principalId}`;
    const first = uniqueTitle('Quota first');
    expect((await mint(protocolOf(first, 200))).errors).toBeUndefined();
    expect(await storedIn(personal)).toBe(2);

    const overSpace = await mint(protocolOf(uniqueTitle('Quota second'), 160));
    expect(overSpace.errors?.[0]?.extensions).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      details: { limit: 'space_bytes', max: SPACE_QUOTA },
    });
    expect(overSpace.errors?.[0]?.message).toMatch(/over its quota of 300000/);
    expect(await storedIn(personal)).toBe(2);

    // Another space has room, but the principal has written too much in all.
    const overPrincipal = await mint(protocolOf(uniqueTitle('Quota third'), 160), 'group:quota-team');
    expect(overPrincipal.errors?.[0]?.extensions).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      details: { limit: 'principal_bytes', max: PRINCIPAL_QUOTA },
    });
    expect(await storedIn('group:quota-team')).toBe(0);

    // Replacing the first protocol with one a little larger fits: what it replaces is freed.
    expect((await mint(protocolOf(first, 210), undefined, true)).errors).toBeUndefined();
    const small = await mint(protocolOf(uniqueTitle('Quota small'), 20), 'group:quota-team');
    expect(small.errors).toBeUndefined();

    // updateMemories: growing a step past the principal's quota is refused whole; shrinking one is not.
    const [stepUri] = small.data.mint.protocol.stepUris;
    const update = (text: string) => postAs(server.running.graphqlUrl, token, UPDATE, { input: { uris: [stepUri], updates: { text } } });
    const grown = await update('## First\n\n' + 'x'.repeat(150_000));
    expect(grown.errors?.[0]?.extensions).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { limit: 'principal_bytes' } });
    const stored = await server.mongo().db(server.dbName).collection('memories').findOne({ uri: stepUri });
    expect(stored!.text).not.toContain('xxxx');
    expect((await update('## First\n\nshorter now')).data.updateMemories.totalUpdated).toBe(1);
  });
});
