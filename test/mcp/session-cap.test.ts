/**
 * Issue 23 §3 on the 2025 era: MCP sessions per principal. A principal holds at most
 * KAIROS_MCP_SESSIONS_PER_PRINCIPAL sessions (its oldest idle one closes for a new one; when all
 * are busy a new one is refused); another principal can still open one; revoking a token closes
 * its sessions and their GET streams. And on 2026-07-28, revocation ends a run's listen stream.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RevokeTokenDocument } from '../security/documents.js';
import { promptProtocol, shellProtocol } from '../scale/protocols.js';
import { useTestServer } from '../support/app.js';
import { useMcpClients } from './mcp-client.js';
import { useModernClients } from './modern-client.js';

const server = useTestServer({ authEnabled: true, mcpSessionsPerPrincipal: 2 });
const connect = useMcpClients(server);
const connectModern = useModernClients();

async function principal(role: 'ADMIN' | 'AGENT' = 'AGENT') {
  const issued = await server.running.services.auth.bootstrap({
    name: `${role.toLowerCase()}-${randomUUID().slice(0, 8)}`,
    role,
    groups: [],
    tokenName: 'mcp',
    expiresInSeconds: null,
  });
  return { token: issued.token, tokenId: issued.record._id };
}

async function revoke(tokenId: string): Promise<void> {
  const admin = await principal('ADMIN');
  const revoked = await server.request(RevokeTokenDocument, { id: tokenId }, { authorization: `Bearer ${admin.token}` });
  expect(revoked.errors).toBeUndefined();
  expect(revoked.data?.revokeToken.token.revokedAt).toBeTruthy();
}

async function sessionsOpen(): Promise<number> {
  const metrics = await (await fetch(`${server.running.baseUrl}/metrics`)).text();
  return Number(/^kairos_mcp_sessions (\d+)$/m.exec(metrics)?.[1]);
}

describe('sessions per principal (2025 era)', () => {
  it("closes the principal's oldest idle session for a new one over its cap; another principal opens one meanwhile", async () => {
    const p = await principal();
    const first = await connect({ token: p.token });
    const second = await connect({ token: p.token });
    await second.client.listTools();
    const third = await connect({ token: p.token });
    expect((await third.client.listTools()).tools.length).toBe(20);
    await expect(first.client.listTools()).rejects.toThrow();
    expect((await second.client.listTools()).tools.length).toBe(20);
    const q = await principal();
    const other = await connect({ token: q.token });
    expect((await other.client.listTools()).tools.length).toBe(20);
  });

  it('refuses a new session with RATE_LIMITED while every session of the principal is busy with a call', async () => {
    const p = await principal();
    const release: (() => void)[] = [];
    const waitingForPerson = () =>
      new Promise<{ action: 'accept'; content: { confirmation: string } }>((resolve) =>
        release.push(() => resolve({ action: 'accept', content: { confirmation: 'approved' } })),
      );
    const busy = await Promise.all([0, 1].map(() => connect({ token: p.token, elicit: waitingForPerson })));
    const minted = await busy[0]!.call('kairos_mint', { markdown_doc: promptProtocol(), llm_model_id: 'test' });
    const calls = busy.map((mcp) => mcp.call('kairos_begin', { uri: minted.json.items[0].uri }));
    await expect.poll(() => release.length, { timeout: 10_000 }).toBe(2);
    const refused = await fetch(server.running.mcpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${p.token}` },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      }),
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { data: { code: 'RATE_LIMITED' } } });
    for (const answer of release) answer();
    for (const call of await Promise.all(calls)) expect(call.json).toMatchObject({ current_step: { step_index: 2 } });
  });

  it("closes a revoked token's sessions and ends their GET streams", async () => {
    const p = await principal();
    const post = (body: unknown, sessionId?: string) =>
      fetch(server.running.mcpUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${p.token}`,
          ...(sessionId ? { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' } : {}),
        },
        body: JSON.stringify(body),
      });
    const opened = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    const sessionId = opened.headers.get('mcp-session-id')!;
    await opened.body?.cancel();
    await (await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, sessionId)).body?.cancel();
    const before = await sessionsOpen();
    const stream = await fetch(server.running.mcpUrl, {
      headers: {
        accept: 'text/event-stream',
        authorization: `Bearer ${p.token}`,
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-06-18',
      },
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const started = performance.now();
    await revoke(p.tokenId);
    // The stream ends (no timeout here: the test's own limit is the bound; the latency is printed).
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read());
    console.log(`GET stream ended ${Math.round(performance.now() - started)} ms after revokeToken was sent`);
    expect(await sessionsOpen()).toBe(before - 1);
  });
});

describe('require_human on 2026-07-28 (issue 23 §4)', () => {
  it("is not put to the runner's host, even a person's: the answer names the code and the live page", async () => {
    const admin = await principal('ADMIN');
    const asked: unknown[] = [];
    const mcp = await connectModern(server.running.mcpUrl, {
      token: admin.token,
      elicit: (request) => (asked.push(request), { action: 'accept', content: { confirmation: 'approved' } }),
    });
    const fence = '```';
    const markdown = `# Sign-off ${randomUUID()}\n\n## Sign off\nThe owner signs.\n\n${fence}json\n{"challenge": {"type": "user_input", "user_input": {"prompt": "Approve?", "require_human": true}}}\n${fence}\n\n## Spend\nSpend it.\n`;
    const minted = await mcp.call('kairos_mint', { markdown_doc: markdown, llm_model_id: 'test' });
    const begun = await mcp.call('kairos_begin', { uri: minted.json.items[0].uri });
    expect(asked).toEqual([]);
    expect(begun.json).toMatchObject({
      current_step: { step_index: 1 },
      person_required: { code: 'FORBIDDEN', answer_url: `${server.running.baseUrl}/ui/` },
    });
    // And the run as a resource shows no proof.
    const read = await mcp.client.readResource({ uri: `kairos://run/${begun.json.run_id}` });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({ proofs: [] });
    // An answer it was never asked for, sent as a retry's input response, is refused by the same rule.
    const forged = await fetch(server.running.mcpUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${admin.token}`,
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'kairos_next',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: {
          name: 'kairos_next',
          arguments: { uri: begun.json.current_step.uri, run_id: begun.json.run_id },
          inputResponses: {
            [`kairos_prompt:${begun.json.challenge.prompt_id}`]: { action: 'accept', content: { confirmation: 'approved by myself' } },
          },
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
            'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
          },
        },
      }),
    });
    const refused = (await forged.json()).result;
    expect(refused.isError).toBe(true);
    expect(JSON.parse(refused.content[0].text)).toMatchObject({ error: 'FORBIDDEN' });
  });
});

describe('revocation on 2026-07-28', () => {
  it("ends a run's listen stream from the server's side", async () => {
    const p = await principal();
    const mcp = await connectModern(server.running.mcpUrl, { token: p.token });
    const minted = await mcp.call('kairos_mint', { markdown_doc: shellProtocol(1), llm_model_id: 'test' });
    const begun = await mcp.call('kairos_begin', { uri: minted.json.items[0].uri });
    const seen: string[] = [];
    mcp.client.setNotificationHandler('notifications/resources/updated', (notification) => {
      seen.push(((notification.params._meta as Record<string, { type: string }>)['dev.kairos/runEvent'] ?? { type: 'prompt' }).type);
    });
    const subscription = await mcp.client.listen({ resourceSubscriptions: [`kairos://run/${begun.json.run_id}`] });
    await expect.poll(() => seen).toContain('STARTED');
    await revoke(p.tokenId);
    expect(await subscription.closed).not.toBe('local');
  });
});
