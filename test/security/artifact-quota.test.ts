/**
 * A file attached to an adapter is stored bytes as text is: the space's storage quota counts it
 * on every write (an attach, a mint), a refused attach stores nothing, and a replaced file frees
 * its bytes.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
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

const liveArtifacts = () => server.mongo().db(server.dbName).collection('artifacts').countDocuments({ removedAt: null });

describe('storage quotas count attached files', () => {
  it('refuses an attach or a mint that files bring over the space quota, stores nothing, and frees what a replaced file held', async () => {
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

    // Replacing the file with a slightly larger one fits: the old version's bytes are freed.
    const replaced = await attach('first.txt', 65_000, true);
    expect(replaced.errors).toBeUndefined();
    expect(replaced.data.attachArtifact.artifact.size).toBe(65_000);
    expect(await liveArtifacts()).toBe(1);
  });
});
