/**
 * MCP 2026-07-28 on /mcp with the official v2 client pinned to it. Stateless: a run
 * begun through one server process continues through a second one on the same database; the
 * person answers a user_input step through `input_required`; `subscriptions/listen` streams a
 * run's progress and prompts, with replay.
 */
import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '../../src/observability/logger.js';
import { buildApp, type RunningApp } from '../../src/server.js';
import { promptProtocol, shellProtocol } from '../scale/protocols.js';
import { MODERN_REVISION, type ToolJson, useModernClients } from './modern-client.js';

const mongoUri = inject('mongoUri');
const dbName = `kairos_test_${randomUUID().slice(0, 8)}`;
/** Two server processes' worth of app (each its own HTTP server, MCP door and memory) on one database. */
const apps = [0, 1].map(() =>
  buildApp({
    mongoUri,
    config: { port: 0, host: '127.0.0.1', mongoDbName: dbName },
    log: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
  }),
);
let a: RunningApp;
let b: RunningApp;
const connect = useModernClients();

beforeAll(async () => {
  // One after the other: both would create the same indexes at once.
  a = await apps[0]!.start();
  b = await apps[1]!.start();
}, 60_000);

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  const mongo = new MongoClient(mongoUri);
  await mongo.db(dbName).dropDatabase();
  await mongo.close();
});

function shellSolution(answer: ToolJson) {
  return {
    type: 'shell',
    nonce: answer.challenge.nonce,
    proof_hash: answer.challenge.proof_hash,
    shell: { exit_code: 0, stdout: 'ok', stderr: '', duration_seconds: 0.1 },
  };
}

function envelope(capabilities: Record<string, unknown> = {}) {
  return {
    'io.modelcontextprotocol/protocolVersion': MODERN_REVISION,
    'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
    'io.modelcontextprotocol/clientCapabilities': capabilities,
  };
}

function post(url: string, body: { jsonrpc: string; id: number; method: string; params?: Record<string, unknown> }) {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN_REVISION,
      'mcp-method': body.method,
      ...(typeof body.params?.name === 'string' ? { 'mcp-name': body.params.name } : {}),
    },
    body: JSON.stringify(body),
  });
}

describe('MCP 2026-07-28, stateless', () => {
  it('connects pinned to 2026-07-28 (server/discover offers it) and lists the same tools as the 2025 era', async () => {
    const mcp = await connect(a.mcpUrl);
    const { tools } = await mcp.client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('kairos_begin');
    expect(tools).toHaveLength(20);
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['activate', 'forward', 'reward', 'train', 'tune', 'delete', 'export', 'spaces']),
    );
    const discovered = await post(a.mcpUrl, { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: envelope() } });
    expect(discovered.status).toBe(200);
    expect(discovered.headers.get('mcp-session-id')).toBeNull();
    const body = await discovered.json();
    expect(body.result.supportedVersions).toContain(MODERN_REVISION);
  });

  it('begins a run through one server process and continues it to attest through another', async () => {
    const onA = await connect(a.mcpUrl);
    const onB = await connect(b.mcpUrl);
    const minted = await onA.call('kairos_mint', { markdown_doc: shellProtocol(2), llm_model_id: 'test' });
    expect(minted.isError).toBe(false);
    const begun = await onA.call('kairos_begin', { uri: minted.json.items[0].uri });
    expect(begun.json).toMatchObject({ must_obey: true, current_step: { step_index: 1, step_count: 2 }, challenge: { type: 'shell' } });
    const second = await onB.call('kairos_next', {
      uri: begun.json.current_step.uri,
      run_id: begun.json.run_id,
      solution: shellSolution(begun.json),
    });
    expect(second.json).toMatchObject({ current_step: { step_index: 2 } });
    expect(second.json).not.toHaveProperty('error_code');
    const done = await onA.call('kairos_next', {
      uri: second.json.current_step.uri,
      run_id: begun.json.run_id,
      solution: shellSolution(second.json),
    });
    expect(done.json.next_action).toContain('kairos_attest');
    const attested = await onB.call('kairos_attest', {
      uri: done.json.current_step.uri,
      run_id: begun.json.run_id,
      outcome: 'success',
      message: 'both checks passed',
    });
    expect(attested).toMatchObject({ isError: false, json: { total_rated: expect.any(Number), run_id: begun.json.run_id } });
    const run = await onA.call('kairos_run', { run_id: begun.json.run_id });
    expect(run.json).toMatchObject({ status: 'attested' });
    expect(run.json.proofs).toHaveLength(2);
  });

  it('refuses a malformed tool call with the GraphQL code, and an unknown tool by name', async () => {
    const mcp = await connect(b.mcpUrl);
    expect(await mcp.call('kairos_next', { uri: 42 })).toMatchObject({ isError: true, json: { error: 'BAD_USER_INPUT' } });
    expect(await mcp.call('kairos_nothing', {})).toMatchObject({ isError: true, json: { error: 'BAD_USER_INPUT' } });
    const huge = await post(a.mcpUrl, {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'kairos_search', arguments: { query: 'x'.repeat(3_000_000) }, _meta: envelope() },
    });
    expect(huge.status).toBe(413);
  });
});

describe('the person answers through the host: input_required', () => {
  it('asks with a form built from the prompt; the retried call stores the answer as HUMAN and the run moves on', async () => {
    const asked: string[] = [];
    const mcp = await connect(a.mcpUrl, {
      elicit: (request) => {
        asked.push((request.params as { message: string }).message);
        return { action: 'accept', content: { confirmation: 'approved by the owner' } };
      },
    });
    const minted = await mcp.call('kairos_mint', { markdown_doc: promptProtocol(), llm_model_id: 'test' });
    const begun = await mcp.call('kairos_begin', { uri: minted.json.items[0].uri });
    expect(asked).toEqual([expect.stringContaining('Approve the release?')]);
    expect(begun.json).toMatchObject({ current_step: { step_index: 2 } });
    expect(begun.json).not.toHaveProperty('error_code');
    const run = await mcp.call('kairos_run', { run_id: begun.json.run_id });
    expect(run.json.proofs).toEqual([
      expect.objectContaining({
        source: 'human',
        status: 'success',
        user_input: expect.objectContaining({ confirmation: 'approved by the owner' }),
      }),
    ]);
  });

  it('answers input_required on the wire, without a session, and a retry on the other process carries the answer', async () => {
    const raw = await connect(a.mcpUrl);
    const minted = await raw.call('kairos_mint', { markdown_doc: promptProtocol(), llm_model_id: 'test' });
    const call = (url: string, id: number, extra: Record<string, unknown> = {}) =>
      post(url, {
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: {
          name: 'kairos_begin',
          arguments: { uri: minted.json.items[0].uri },
          _meta: envelope({ elicitation: { form: {} } }),
          ...extra,
        },
      });
    const first = await call(a.mcpUrl, 1);
    expect(first.headers.get('mcp-session-id')).toBeNull();
    const asked = (await first.json()).result;
    expect(asked.resultType).toBe('input_required');
    const [key] = Object.keys(asked.inputRequests);
    expect(key).toMatch(/^kairos_prompt:/);
    expect(asked.inputRequests[key!]).toMatchObject({
      method: 'elicitation/create',
      params: { mode: 'form', requestedSchema: { required: ['confirmation'] } },
    });
    const retried = await call(b.mcpUrl, 2, { inputResponses: { [key!]: { action: 'decline' } } });
    const answer = JSON.parse((await retried.json()).result.content[0].text);
    expect(answer).toMatchObject({ error_code: 'USER_DECLINED', current_step: { step_index: 1 } });
  });

  it('without the capability the challenge goes to the agent, as on the 2025 era', async () => {
    const mcp = await connect(b.mcpUrl);
    const minted = await mcp.call('kairos_mint', { markdown_doc: promptProtocol(), llm_model_id: 'test' });
    const begun = await mcp.call('kairos_begin', { uri: minted.json.items[0].uri });
    expect(begun.json).toMatchObject({ current_step: { step_index: 1 }, challenge: { type: 'user_input', prompt_id: expect.any(String) } });
  });
});

describe('subscriptions/listen on a run', () => {
  it("streams the run's events and prompts, with replay after a sequence number", async () => {
    const mcp = await connect(a.mcpUrl);
    const minted = await mcp.call('kairos_mint', { markdown_doc: shellProtocol(2), llm_model_id: 'test' });
    const begun = await mcp.call('kairos_begin', { uri: minted.json.items[0].uri });
    const events: ToolJson[] = [];
    mcp.client.setNotificationHandler('notifications/resources/updated', (notification) => {
      const meta = notification.params._meta as Record<string, ToolJson> | undefined;
      if (meta?.['dev.kairos/runEvent']) events.push(meta['dev.kairos/runEvent']);
    });
    const subscription = await mcp.client.listen({ resourceSubscriptions: [`kairos://run/${begun.json.run_id}?after_seq=0`] });
    expect(subscription.honoredFilter.resourceSubscriptions).toHaveLength(1);
    await expect.poll(() => events.map((event) => event.type)).toContain('STARTED');
    await mcp.call('kairos_next', { uri: begun.json.current_step.uri, run_id: begun.json.run_id, solution: shellSolution(begun.json) });
    await expect.poll(() => events.length).toBeGreaterThan(1);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
    await subscription.close();

    // Replay: only what came after the sequence number given.
    const later: ToolJson[] = [];
    mcp.client.setNotificationHandler('notifications/resources/updated', (notification) => {
      const meta = notification.params._meta as Record<string, ToolJson> | undefined;
      if (meta?.['dev.kairos/runEvent']) later.push(meta['dev.kairos/runEvent']);
    });
    const again = await mcp.client.listen({ resourceSubscriptions: [`kairos://run/${begun.json.run_id}?after_seq=1`] });
    await expect.poll(() => later.length).toBe(events.length - 1);
    expect(later[0]!.seq).toBe(2);
    await again.close();
  });

  it('refuses a run outside your spaces or a malformed run URI with a code', async () => {
    const listen = (uris: string[]) =>
      post(a.mcpUrl, {
        jsonrpc: '2.0',
        id: 7,
        method: 'subscriptions/listen',
        params: { notifications: { resourceSubscriptions: uris }, _meta: envelope() },
      });
    // The run is checked as runProgress checks it: the stream is acknowledged, then ends with the refusal.
    const stream = await (await listen([`kairos://run/${randomUUID()}`])).text();
    const messages = stream
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)));
    expect(messages.at(-1)).toMatchObject({ id: 7, error: { data: { code: 'NOT_FOUND' } } });
    expect(await (await listen(['kairos://run/../../etc'])).json()).toMatchObject({ error: { data: { code: 'BAD_USER_INPUT' } } });
    const many = Array.from({ length: 9 }, () => `kairos://run/${randomUUID()}`);
    expect(await (await listen(many)).json()).toMatchObject({ error: { data: { code: 'PAYLOAD_TOO_LARGE' } } });
  });
});
