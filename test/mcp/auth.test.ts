/** /mcp with KAIROS_AUTH=on: the same tokens as /graphql, sessions bound to their principal. */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { uniqueTitle } from '../api/fixtures.js';
import { useTestServer } from '../support/app.js';
import { useMcpClients } from './mcp-client.js';

const server = useTestServer({ authEnabled: true });
const connect = useMcpClients(server);
const fence = '```';

async function tokenFor(role: 'ADMIN' | 'AGENT'): Promise<string> {
  const issued = await server.running.services.auth.bootstrap({
    name: `${role.toLowerCase()}-${randomUUID().slice(0, 8)}`,
    role,
    groups: [],
    tokenName: 'mcp',
    expiresInSeconds: null,
  });
  return issued.token;
}

function personOnlyProtocol(): string {
  return `# ${uniqueTitle('Budget sign-off')}

## Sign off
The budget owner signs off.

${fence}json
{"challenge": {"type": "user_input", "user_input": {"prompt": "Approve the budget?", "require_human": true}}}
${fence}

## Spend
Spend it.
`;
}

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

function post(body: unknown, headers: Record<string, string> = {}) {
  return fetch(server.running.mcpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
}

describe('authentication on /mcp', () => {
  it('refuses a request without a valid token, before any session exists', async () => {
    const none = await post(initialize);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: { data: { code: 'UNAUTHENTICATED' } } });
    const forged = await post(initialize, { authorization: `Bearer kairos_${'0'.repeat(32)}.${'A'.repeat(43)}` });
    expect(forged.status).toBe(401);
    await expect(connect()).rejects.toThrow();
  });

  it('runs tools as the token’s principal, in its own spaces', async () => {
    const token = await tokenFor('AGENT');
    const mcp = await connect({ token });
    const minted = await mcp.call('kairos_mint', { markdown_doc: personOnlyProtocol(), llm_model_id: 'test' });
    expect(minted.isError).toBe(false);
    expect(minted.json.space).toMatch(/^user:/);
    const other = await connect({ token: await tokenFor('AGENT') });
    const foreign = await other.call('kairos_begin', { uri: minted.json.items[0].uri });
    expect(foreign).toMatchObject({ isError: true, json: { error: 'NOT_FOUND' } });
  });

  it('keeps a session to the principal that opened it', async () => {
    const owner = await tokenFor('AGENT');
    const opened = await post(initialize, { authorization: `Bearer ${owner}` });
    expect(opened.status).toBe(200);
    const sessionId = opened.headers.get('mcp-session-id');
    expect(sessionId).toBeTruthy();
    await opened.body?.cancel();
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };
    const stranger = await post(list, {
      authorization: `Bearer ${await tokenFor('AGENT')}`,
      'mcp-session-id': sessionId!,
      'mcp-protocol-version': '2025-06-18',
    });
    expect(stranger.status).toBe(403);
    const unknown = await post(list, {
      authorization: `Bearer ${owner}`,
      'mcp-session-id': randomUUID(),
      'mcp-protocol-version': '2025-06-18',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('a prompt only a person may answer', () => {
  it('is not asked through the host of an agent principal: it stays open for /ui', async () => {
    const asked: string[] = [];
    const mcp = await connect({
      token: await tokenFor('AGENT'),
      elicit: (request) => (asked.push(request.params.message), { action: 'accept', content: { confirmation: 'approved' } }),
    });
    const minted = await mcp.call('kairos_mint', { markdown_doc: personOnlyProtocol(), llm_model_id: 'test' });
    const begun = await mcp.call('kairos_begin', { uri: minted.json.items[0].uri });
    expect(asked).toEqual([]);
    expect(begun.json).toMatchObject({
      current_step: { step_index: 1 },
      challenge: { type: 'user_input', user_input: { require_human: true } },
    });
    expect(begun.json.next_action).toContain('through kairos_answer_prompt');
    // The agent cannot answer it itself either.
    const self = await mcp.call('kairos_answer_prompt', { prompt_id: begun.json.challenge.prompt_id, confirmation: 'approved' });
    expect(self).toMatchObject({ isError: true, json: { error: 'FORBIDDEN' } });
  });

  it("is not asked of the runner's own host even when the runner is a person (issue 23 §4): the answer names the code and the live page", async () => {
    const asked: string[] = [];
    const mcp = await connect({
      token: await tokenFor('ADMIN'),
      elicit: (request) => (asked.push(request.params.message), { action: 'accept', content: { confirmation: 'approved, within budget' } }),
    });
    const minted = await mcp.call('kairos_mint', { markdown_doc: personOnlyProtocol(), llm_model_id: 'test' });
    const begun = await mcp.call('kairos_begin', { uri: minted.json.items[0].uri });
    expect(asked).toEqual([]);
    expect(begun).toMatchObject({
      isError: false,
      json: {
        current_step: { step_index: 1 },
        challenge: { type: 'user_input', user_input: { require_human: true } },
        person_required: { code: 'FORBIDDEN', prompt_id: begun.json.challenge.prompt_id, answer_url: `${server.running.baseUrl}/ui/` },
      },
    });
    const run = await mcp.call('kairos_run', { run_id: begun.json.run_id });
    expect(run.json.proofs).toEqual([]);
  });
});

describe('kairos-graphql mcp with auth on', () => {
  it('fails with one line on stderr and exit 1 when the token is refused', async () => {
    const bin = fileURLToPath(new URL('../../bin/kairos-graphql.js', import.meta.url));
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !key.startsWith('KAIROS_')) env[key] = value;
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        [bin, 'mcp'],
        { env: { ...env, KAIROS_URL: server.running.baseUrl, KAIROS_TOKEN: 'not-a-token' }, timeout: 20_000 },
        (error, _stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stderr }),
      );
      child.stdin?.end();
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('the server refused the token (UNAUTHENTICATED');
  });
});
