/**
 * A gate is never silently dropped, and the low findings of the third trust round, each through
 * the public surface with auth on: `require_human` anywhere but `user_input.require_human` is
 * refused with CONTRACT_INVALID naming where it belongs, on every door; a runner polling
 * `forward` while a person must answer is told so (`person_required`) and never runs out of
 * retries; RUN_NOT_FOUND does not say "call reward"; `inputResponses` on a tool call that did
 * not ask for them are ignored and the tool called runs.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { uniqueTitle } from '../api/fixtures.js';
import { useMcpClients } from '../mcp/mcp-client.js';
import { useTestServer } from '../support/app.js';

const server = useTestServer({ authEnabled: true, rateLimitPerMinute: 0 });
const connect = useMcpClients(server);
const fence = '```';
const PASS = { verdict_file: '/tmp/verdict.txt', exit_code: 0, stdout: 'PASS' };

async function gql(token: string, query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const response = await fetch(server.running.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return response.json();
}

let adminToken: string | null = null;
async function agentToken(): Promise<string> {
  adminToken ??= (
    await server.running.services.auth.bootstrap({
      name: 'gates-admin',
      role: 'ADMIN',
      groups: [],
      tokenName: 'test',
      expiresInSeconds: null,
    })
  ).token;
  const created = await gql(adminToken, 'mutation($input: CreatePrincipalInput!) { createPrincipal(input: $input) { principal { id } } }', {
    input: { name: `agent-${randomUUID().slice(0, 8)}`, role: 'AGENT', groups: [] },
  });
  const issued = await gql(adminToken, 'mutation($input: CreateTokenInput!) { createToken(input: $input) { token } }', {
    input: { principalId: created.data.createPrincipal.principal.id, name: 'test' },
  });
  return issued.data.createToken.token;
}

const v3 = (challenge: string) =>
  `# ${uniqueTitle('Gate v3')}\n\n## Sign off\n\nSign.\n\n${fence}json\n{"challenge": ${challenge}}\n${fence}\n\n## Ship\n\nShip.\n`;
const v4 = (contract: string) =>
  `# ${uniqueTitle('Gate v4')}\n\n## Natural Language Triggers\nShip it.\n\n## Sign off\nSign.\n\n${fence}json\n{"contract": ${contract}}\n${fence}\n\n## Ship\nShip.\n\n${fence}json\n{"contract": {"type": "comment"}}\n${fence}\n`;
const MINT =
  'mutation($m: String!) { mint(input: { markdown: $m }) { protocol { uri steps { challenge { type userInput { requireHuman } } } } } }';

describe('require_human is honoured or refused, never dropped', () => {
  const misplaced = [
    ['on the contract', '{"type": "user_input", "require_human": true, "user_input": {"prompt": "Sign?"}}', 'not at "require_human"'],
    ['under another key', '{"type": "user_input", "gate": {"require_human": true}}', 'not at "gate.require_human"'],
    [
      'on a shell contract',
      '{"type": "shell", "shell": {"cmd": "true"}, "user_input": {"require_human": true}}',
      'only gates a user_input contract',
    ],
  ] as const;

  it.each(misplaced)('GraphQL mint refuses it %s (v3 and v4), naming where it belongs; nothing is stored', async (_where, json, says) => {
    const token = await agentToken();
    const stored = async () => (await gql(token, 'query { memories(first: 500) { edges { node { uri } } } }')).data.memories.edges.length;
    const before = await stored();
    for (const document of [v3(json), v4(json)]) {
      const answer = await gql(token, MINT, { m: document });
      expect(answer.errors?.[0]?.extensions?.code).toBe(/"contract"/.test(document) ? 'CONTRACT_INVALID' : 'PROTOCOL_STRUCTURE_INVALID');
      expect(answer.errors[0].message).toContain(says);
      expect(answer.errors[0].message).toContain('{"type": "user_input", "user_input": {"require_human": true}}');
    }
    expect(await stored()).toBe(before);
  });

  it('MCP kairos_mint, train and updateMemories refuse it too', async () => {
    const token = await agentToken();
    const client = await connect({ token });
    const json = misplaced[0][1];
    const minted = await client.call('kairos_mint', { markdown_doc: v3(json), llm_model_id: 'test' });
    expect(minted.isError).toBe(true);
    expect(JSON.stringify(minted.json)).toContain('belongs inside');
    const trained = await client.call('train', { content: v4(json), llm_model_id: 'test', review_evidence: PASS });
    expect(trained.isError).toBe(true);
    expect(trained.json).toMatchObject({ error: 'CONTRACT_INVALID' });

    const good = await gql(token, MINT, { m: v4('{"type": "comment"}') });
    const uri = good.data.mint.protocol.uri;
    const updated = await gql(
      token,
      'mutation($input: UpdateMemoriesInput!) { updateMemories(input: $input) { results { status message } } }',
      {
        input: { uris: [uri], updates: { challenge: { type: 'user_input', require_human: true } } },
      },
    );
    expect(updated.data.updateMemories.results[0]).toMatchObject({
      status: 'ERROR',
      message: expect.stringContaining('belongs inside "user_input"'),
    });
  });

  it('in its place it gates the step', async () => {
    const token = await agentToken();
    const answer = await gql(token, MINT, { m: v4('{"type": "user_input", "user_input": {"prompt": "Sign?", "require_human": true}}') });
    expect(answer.data.mint.protocol.steps[0].challenge).toEqual({ type: 'USER_INPUT', userInput: { requireHuman: true } });
  });
});

describe('KAIROS 4 forward while a person must answer', () => {
  it('says person_required, and polling without a solution never counts as a failure', async () => {
    const client = await connect({ token: await agentToken() });
    const trained = await client.call('train', {
      content: v4('{"type": "user_input", "user_input": {"prompt": "Sign?", "require_human": true}}'),
      llm_model_id: 'test',
      review_evidence: PASS,
    });
    expect(trained.isError).toBe(false);
    const adapterUri = trained.json.items[0].adapter_uri ?? trained.json.items[0].uri;
    const started = await client.call('forward', { uri: adapterUri });
    expect(started.json).toMatchObject({
      contract: { type: 'user_input' },
      person_required: { code: 'FORBIDDEN', prompt_id: expect.any(String), answer_url: expect.stringContaining('/ui') },
    });
    const layer = started.json.next_call.args.uri as string;
    for (let poll = 1; poll <= 5; poll++) {
      const polled = await client.call('forward', { uri: layer });
      expect(polled.json).toMatchObject({
        must_obey: true,
        error_code: 'MISSING_PROOF',
        retry_count: 0,
        person_required: { prompt_id: started.json.person_required.prompt_id },
      });
    }
  });

  it('RUN_NOT_FOUND does not tell the runner to call reward', async () => {
    const client = await connect({ token: await agentToken() });
    const trained = await client.call('train', { content: v4('{"type": "comment"}'), llm_model_id: 'test', review_evidence: PASS });
    const started = await client.call('forward', { uri: trained.json.items[0].adapter_uri ?? trained.json.items[0].uri });
    const layer = new URL((started.json.next_call.args.uri as string).replace('kairos://', 'http://'));
    const unknown = `kairos://${layer.host}${layer.pathname}?execution_id=${randomUUID()}`;
    const answer = await client.call('forward', {
      uri: unknown,
      solution: { type: 'comment', comment: { text: 'a long enough comment about the work' } },
    });
    expect(JSON.stringify(answer.json)).toContain('RUN_NOT_FOUND');
    expect(JSON.stringify(answer.json)).not.toMatch(/call reward|settled/i);
  });
});

describe('inputResponses nobody asked for', () => {
  it('are ignored on a tool that does not ask: the tool called runs, and the prompt stays open', async () => {
    const token = await agentToken();
    const client = await connect({ token });
    const minted = await client.call('kairos_mint', {
      markdown_doc: v3('{"type": "user_input", "user_input": {"prompt": "Ship?"}}'),
      llm_model_id: 'test',
    });
    const begun = await client.call('kairos_begin', { uri: minted.json.items[0].uri });
    const promptId = begun.json.challenge.prompt_id as string;
    const response = await fetch(server.running.mcpUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${token}`,
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'kairos_search',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 4,
        method: 'tools/call',
        params: {
          name: 'kairos_search',
          arguments: { query: 'ship' },
          inputResponses: { [`kairos_prompt:${promptId}`]: { action: 'accept', content: { confirmation: 'yes' } } },
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
            'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
          },
        },
      }),
    });
    const result = (await response.json()).result;
    const answer = JSON.parse(result.content[0].text);
    expect(answer).not.toHaveProperty('run_id');
    expect(answer).toHaveProperty('choices');
    const run = await client.call('kairos_run', { run_id: begun.json.run_id });
    expect(run.json.proofs).toEqual([]);
  });
});
