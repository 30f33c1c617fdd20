/**
 * Attached files are priced by the response budget as text is: a query that could bring back more
 * file content than the budget is refused before it runs, from the sizes stored on the versions,
 * so no file is read; one file under the budget still comes back.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
import { uniqueTitle } from '../api/fixtures.js';

const BUDGET = 64 * 1024;
const FILE_BYTES = 30_000;
const server = useTestServer({ responseBudgetBytes: BUDGET, artifactMaxBytes: 80_000 });
const MINT = `mutation($input: MintInput!) { mint(input: $input) { protocol { uri } } }`;
const ATTACH = `mutation($input: AttachArtifactInput!) { attachArtifact(input: $input) { artifact { uri } } }`;

async function gql(query: string, variables: Record<string, unknown> = {}): Promise<{ data?: any; errors?: any[] }> {
  const response = await fetch(server.running.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: any; errors?: any[] };
}

describe('the response budget prices attached files', () => {
  it('refuses a listing of file contents over the budget before it runs, and answers one file', async () => {
    const minted = await gql(MINT, { input: { markdown: `# ${uniqueTitle('Budget files')}\n\n## Only\n\nA short step.\n` } });
    expect(minted.errors).toBeUndefined();
    const adapter = minted.data.mint.protocol.uri as string;
    const uris: string[] = [];
    for (const name of ['one.txt', 'two.txt', 'three.txt']) {
      const attached = await gql(ATTACH, { input: { adapter, name, content: `${name}\n${'x'.repeat(FILE_BYTES)}` } });
      expect(attached.errors).toBeUndefined();
      uris.push(attached.data.attachArtifact.artifact.uri);
    }

    for (const query of [
      '{ spaces { artifacts { name content } } }',
      `{ protocol(uri: "${adapter}") { artifactHistory { content } artifacts { content } } }`,
    ]) {
      const refused = await gql(query);
      expect(refused.data ?? null).toBeNull();
      expect(refused.errors?.[0]?.extensions).toMatchObject({
        code: 'RESPONSE_TOO_LARGE',
        details: { field: 'Artifact.content', budgetBytes: BUDGET },
      });
      // Priced before execution (a projected size), not cut while reading the files.
      expect(refused.errors?.[0]?.extensions.details.projectedBytes).toBeGreaterThan(BUDGET);
    }

    const one = await gql(`query($uri: String!) { artifact(uri: $uri) { name content } }`, { uri: uris[0] });
    expect(one.errors).toBeUndefined();
    expect(one.data.artifact.content).toBe(`one.txt\n${'x'.repeat(FILE_BYTES)}`);
  });
});
