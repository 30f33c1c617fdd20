/**
 * A slug that names adapters in several of the caller's spaces: forward takes the one in the
 * caller's default space and says so on every answer of the run (KAIROS 4's
 * `slug_disambiguation_note`), naming each candidate by an unambiguous adapter URI. Without one
 * in the default space the slug stays ambiguous (a refusal, not a guess).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
import { uniqueTitle } from '../api/fixtures.js';
import { useMcpClients, type McpTestClient, type ToolJson } from '../mcp/mcp-client.js';
import { forwardOutput } from './kairos-485-schemas.js';

const server = useTestServer({ authEnabled: true });
const connect = useMcpClients(server);
const fence = '```';
const PASS = { verdict_file: '/tmp/verdict.txt', exit_code: 0, stdout: 'PASS' };
let group: string;
let alice: McpTestClient;

async function principal(name: string, groups: string[]): Promise<McpTestClient> {
  const issued = await server.running.services.auth.bootstrap({
    name: `${name}-${randomUUID().slice(0, 8)}`,
    role: 'AGENT',
    groups,
    tokenName: 'mcp',
    expiresInSeconds: null,
  });
  return connect({ token: issued.token });
}

beforeAll(async () => {
  group = `ops${randomUUID().slice(0, 6)}`;
  alice = await principal('alice', [group]);
});

function adapter(slug: string): string {
  const contract = `${fence}json\n{"contract": {"type": "comment", "comment": {"min_length": 10}}}\n${fence}`;
  return `---\nslug: ${slug}\n---\n\n# ${uniqueTitle('Shared slug')}\n\n## Draft the note\n\nWrite it.\n\n${contract}\n\n## Check the note\n\nRead it.\n\n${contract}\n`;
}

async function train(client: McpTestClient, slug: string, space: string): Promise<void> {
  const trained = await client.call('train', { content: adapter(slug), llm_model_id: 'test-model', review_evidence: PASS, space });
  expect(trained.isError, JSON.stringify(trained.json)).toBe(false);
}

function checked(answer: ToolJson): ToolJson {
  const parsed = forwardOutput.safeParse(answer);
  if (!parsed.success) throw new Error(`not KAIROS 4.8.5's shape: ${parsed.error.message}\n${JSON.stringify(answer)}`);
  return answer;
}

describe('forward from a slug found in several spaces', () => {
  it('takes the default space and says so on every answer of the run, naming each adapter by its URI', async () => {
    const slug = `shared-${randomUUID().slice(0, 8)}`;
    await train(alice, slug, 'personal');
    await train(alice, slug, `group:${group}`);

    const started = checked((await alice.call('forward', { uri: `kairos://adapter/${slug}` })).json);
    expect(started.activation_space_name).toBe('Personal');
    const note = started.slug_disambiguation_note as string;
    expect(note).toContain(`"${slug}" names 2 adapters`);
    const uris = [...note.matchAll(/kairos:\/\/adapter\/([0-9a-f-]{36}) \(([^)]+)\)/g)].map((match) => [match[1], match[2]]);
    expect(uris.map(([, space]) => space)).toEqual(['Personal', `Group: ${group}`]);

    // Every later answer of the run carries the same note.
    const solution = {
      ...started.next_call.args.solution_template,
      evidence: { text: 'Drafted the note.' },
      nonce: started.contract.nonce,
      proof_hash: started.contract.proof_hash,
    };
    const second = checked((await alice.call('forward', { uri: started.next_call.args.uri, solution })).json);
    expect(second.error_code).toBeUndefined();
    expect(second.slug_disambiguation_note).toBe(note);

    // The group's adapter by its URI: no ambiguity, no note.
    const [groupChain] = uris[1]!;
    const explicit = checked((await alice.call('forward', { uri: `kairos://adapter/${groupChain}` })).json);
    expect(explicit.activation_space_name).toBe(`Group: ${group}`);
    expect(explicit.slug_disambiguation_note).toBeUndefined();
  });

  it('gives no note for a slug found once, and refuses one found only outside the default space in several spaces', async () => {
    const single = `single-${randomUUID().slice(0, 8)}`;
    await train(alice, single, 'personal');
    const plain = checked((await alice.call('forward', { uri: `kairos://adapter/${single}` })).json);
    expect(plain.slug_disambiguation_note).toBeUndefined();

    const groups = [`east${randomUUID().slice(0, 6)}`, `west${randomUUID().slice(0, 6)}`];
    const carol = await principal('carol', groups);
    const slug = `twogroups-${randomUUID().slice(0, 8)}`;
    for (const name of groups) await train(carol, slug, `group:${name}`);
    const refused = await carol.call('forward', { uri: `kairos://adapter/${slug}` });
    expect(refused.isError).toBe(true);
    expect(refused.json.error).toBe('AMBIGUOUS');
  });

  it("shows the note to the runner only: another who can see the run (an admin answering its prompt) gets none of the runner's adapters", async () => {
    const issued = await server.running.services.auth.bootstrap({
      name: `dana-${randomUUID().slice(0, 8)}`,
      role: 'AGENT',
      groups: [group],
      tokenName: 'gql',
      expiresInSeconds: null,
    });
    const dana = await connect({ token: issued.token });
    const admin = await server.running.services.auth.bootstrap({
      name: `root-${randomUUID().slice(0, 8)}`,
      role: 'ADMIN',
      groups: [],
      tokenName: 'gql',
      expiresInSeconds: null,
    });
    const slug = `prompted-${randomUUID().slice(0, 8)}`;
    const approve = `${fence}json\n{"contract": {"type": "user_input", "user_input": {"prompt": "Approve the note?"}}}\n${fence}`;
    const content = `---\nslug: ${slug}\n---\n\n# ${uniqueTitle('Prompted slug')}\n\n## Approve\n\nAsk.\n\n${approve}\n\n## Send\n\nSend it.\n\n${approve}\n`;
    for (const space of ['personal', `group:${group}`]) {
      const trained = await dana.call('train', { content, llm_model_id: 'test-model', review_evidence: PASS, space });
      expect(trained.isError, JSON.stringify(trained.json)).toBe(false);
    }
    const gql = async (token: string, query: string, variables: Record<string, unknown>) => {
      const response = await fetch(server.running.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as { data?: any; errors?: unknown[] };
      expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
      return body.data;
    };
    const step = 'currentStep { slugChoice { key candidates { chainId space } } }';
    const begun = (
      await gql(issued.token, `mutation ($key: String!) { begin(input: { key: $key }) { challenge { promptId } ${step} } }`, { key: slug })
    ).begin;
    expect(begun.currentStep.slugChoice.candidates).toHaveLength(2);
    const answered = (
      await gql(
        admin.token,
        `mutation ($id: ID!) { answerPrompt(input: { promptId: $id, confirmation: "approved" }) { result { ${step} } } }`,
        { id: begun.challenge.promptId },
      )
    ).answerPrompt;
    expect(answered.result.currentStep).toEqual({ slugChoice: null });
  });
});
