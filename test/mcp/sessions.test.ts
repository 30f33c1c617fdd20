/** MCP sessions close when idle; a client then has to initialize again. */
import { expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
import { useMcpClients, useStdioRelays } from './mcp-client.js';

const server = useTestServer({ mcpSessionIdleMs: 1_500 });
const connect = useMcpClients(server);
const launchRelay = useStdioRelays(server);

async function openSessions(): Promise<number> {
  const metrics = await (await fetch(`${server.running.baseUrl}/metrics`)).text();
  return Number(/^kairos_mcp_sessions (\d+)$/m.exec(metrics)?.[1]);
}

it('closes an idle session; its id then answers 404 and a new session works', async () => {
  const idle = await connect();
  const sessionId = (idle.client.transport as { sessionId?: string }).sessionId;
  expect(sessionId).toBeTruthy();
  expect(await openSessions()).toBe(1);
  await expect.poll(openSessions, { timeout: 15_000, interval: 250 }).toBe(0);
  const stale = await fetch(server.running.mcpUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-session-id': sessionId!,
      'mcp-protocol-version': '2025-06-18',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list', params: {} }),
  });
  expect(stale.status).toBe(404);
  const fresh = await connect();
  expect((await fresh.client.listTools()).tools.length).toBe(20);
});

it('keeps a session open while a tool call waits for the person, longer than the idle time', async () => {
  const fence = '```';
  const markdown = `# Slow approval ${Date.now()}\n\n## Approve\nAsk.\n\n${fence}json\n{"challenge": {"type": "user_input", "user_input": {"prompt": "Take your time?"}}}\n${fence}\n\n## Done\nDone.\n`;
  const mcp = await connect({
    // The person answers after two idle periods have passed.
    elicit: () =>
      new Promise((resolve) => setTimeout(() => resolve({ action: 'accept', content: { confirmation: 'approved, slowly' } }), 3_500)),
  });
  const minted = await mcp.call('kairos_mint', { markdown_doc: markdown, llm_model_id: 'test' });
  const begun = await mcp.call('kairos_begin', { uri: minted.json.items[0].uri });
  expect(begun.json).toMatchObject({ current_step: { step_index: 2 } });
  expect((await mcp.call('kairos_run', { run_id: begun.json.run_id })).json.proofs[0]).toMatchObject({ source: 'human' });
});

it('kairos-graphql mcp opens a new session when the server closed its idle one, and the call goes through', async () => {
  const relay = await launchRelay();
  expect((await relay.listTools()).tools.length).toBe(20);
  await expect.poll(openSessions, { timeout: 15_000, interval: 250 }).toBe(0);
  const found = await relay.callTool({ name: 'kairos_search', arguments: { query: 'anything at all' } });
  expect(found.isError).toBeFalsy();
  expect(JSON.parse((found.content as { text: string }[])[0]!.text)).toHaveProperty('choices');
  expect(await openSessions()).toBe(1);
});
