/**
 * The live run view in Chromium, this test playing the host (a person's host, with the MCP Apps
 * extension, on 2026-07-28): the view follows a run from begin to attest as the host relays
 * each kairos_next result and as the view reads the run through its app-only tool; the person
 * answers a user_input prompt in the view; a require_human prompt of their own run shows the
 * live page's link and no answer control, and the answer tool refuses it even when forced.
 * No request leaves the view.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { isToolVisibilityAppOnly } from '@modelcontextprotocol/ext-apps/app-bridge';
import { afterAll, describe, expect, it } from 'vitest';
import { uniqueTitle } from '../api/fixtures.js';
import { MODERN_REVISION, type ToolJson } from '../mcp/modern-client.js';
import { useTestServer } from '../support/app.js';
import { useBrowser } from '../support/browser.js';
import { openViewInHost, type ViewInHost } from '../support/mcp-app-host.js';

const server = useTestServer({ authEnabled: true });
const browser = useBrowser();
const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => {})));
});

const RUN_LIVE_URI = 'ui://kairos/run-live';
const UI_EXTENSION = 'io.modelcontextprotocol/ui';
const fence = '```';
const contract = (json: string) => `${fence}json\n{"challenge": ${json}}\n${fence}`;

function rotationProtocol(title: string): string {
  return `# ${title}

## Check the expiry
Run the expiry check.

${contract('{"type": "shell", "shell": {"cmd": "./check-expiry.sh", "timeout_seconds": 30}}')}

## Ask the operator
Ask whoever watches the run.

${contract('{"type": "user_input", "user_input": {"prompt": "Rotate the certificates now?"}}')}

## Owner sign-off
Only another person signs this off.

${contract('{"type": "user_input", "user_input": {"prompt": "Sign off the rotation?", "require_human": true}}')}

## Summarise
Write what was done.

${contract('{"type": "comment", "comment": {"min_length": 20}}')}
`;
}

async function tokenFor(role: 'HUMAN' | 'ADMIN'): Promise<string> {
  const issued = await server.running.services.auth.bootstrap({
    name: `${role.toLowerCase()}-${randomUUID().slice(0, 8)}`,
    role,
    groups: [],
    tokenName: 'mcp',
    expiresInSeconds: null,
  });
  return issued.token;
}

/** The official v2 client pinned to 2026-07-28; `views`: it declares the MCP Apps extension, as a host that renders views does. */
async function connect(token: string, views: boolean, era: 'modern' | 'legacy' = 'modern'): Promise<Client> {
  const client = new Client(
    { name: 'kairos-run-live-test', version: '1.0.0' },
    {
      capabilities: views ? { extensions: { [UI_EXTENSION]: { mimeTypes: ['text/html;profile=mcp-app'] } } } : {},
      ...(era === 'modern' ? { versionNegotiation: { mode: { pin: MODERN_REVISION } } } : {}),
    },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(server.running.mcpUrl), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
  );
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<{ result: ToolJson; json: ToolJson }> {
  const result = (await client.callTool({ name, arguments: args })) as ToolJson;
  return { result, json: JSON.parse(result.content[0].text) as ToolJson };
}

const layerStates = (host: ViewInHost) =>
  host.view.locator('li.layer-item').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.settled));

/** Waits until the panel has read the run more often than `reads` times and shows `prompt`. */
async function panelAfter(host: ViewInHost, reads: number, prompt: string): Promise<number> {
  const panel = host.view.locator('section.live-run');
  await expect.poll(async () => Number(await panel.getAttribute('data-reads')), { timeout: 10_000 }).toBeGreaterThan(reads);
  await expect.poll(() => panel.getAttribute('data-prompt'), { timeout: 10_000 }).toBe(prompt);
  return Number(await panel.getAttribute('data-reads'));
}

describe('the live run view', () => {
  it('is bound to kairos_begin and kairos_next; its own tools are listed only to a host that renders views, as app-only', async () => {
    const token = await tokenFor('HUMAN');
    const host = await connect(token, true);
    const plain = await connect(token, false);
    const hostTools = (await host.listTools()).tools;
    for (const name of ['kairos_begin', 'kairos_next']) {
      expect(hostTools.find((tool) => tool.name === name)?._meta).toMatchObject({ ui: { resourceUri: RUN_LIVE_URI } });
    }
    for (const name of ['run_live', 'run_live_answer']) {
      const tool = hostTools.find((candidate) => candidate.name === name)!;
      expect(tool._meta).toMatchObject({ ui: { resourceUri: RUN_LIVE_URI, visibility: ['app'] } });
      // What the host hands its model: the SDK's own filter keeps it out.
      expect(isToolVisibilityAppOnly(tool)).toBe(true);
    }
    const modelTools = hostTools.filter((tool) => !isToolVisibilityAppOnly(tool)).map((tool) => tool.name);
    expect(modelTools).not.toContain('run_live_answer');
    expect(modelTools).toContain('kairos_next');
    // A client without the extension would hand every listed tool to its model: it is never shown them.
    const plainTools = (await plain.listTools()).tools.map((tool) => tool.name);
    expect(plainTools).not.toContain('run_live');
    expect(plainTools).not.toContain('run_live_answer');
    expect(plainTools.length).toBe(modelTools.length);
    // The same on a 2025 session: the capabilities come with initialize.
    const session = await connect(token, true, 'legacy');
    expect((await session.listTools()).tools.find((tool) => tool.name === 'run_live_answer')?._meta).toMatchObject({
      ui: { visibility: ['app'] },
    });
    const read = await host.readResource({ uri: RUN_LIVE_URI });
    expect(read.contents[0]).toMatchObject({ mimeType: 'text/html;profile=mcp-app' });
  });

  it('follows a run to its end; the person answers a user_input prompt in it, never a require_human prompt of their own run', async () => {
    const runner = await connect(await tokenFor('HUMAN'), true);
    const title = uniqueTitle('Certificate rotation');
    const minted = await call(runner, 'kairos_mint', { markdown_doc: rotationProtocol(title), llm_model_id: 'test' });
    expect(minted.result.isError).toBeFalsy();
    const begun = await call(runner, 'kairos_begin', { uri: minted.json.items[0].uri });
    const runId = begun.json.run_id as string;
    const html = (await runner.readResource({ uri: RUN_LIVE_URI })).contents[0] as { text: string };
    const host = await openViewInHost(browser, {
      html: html.text,
      toolInput: { uri: minted.json.items[0].uri },
      toolResult: begun.result,
      hostContext: { theme: 'light', containerDimensions: { maxHeight: 640, width: 720 } },
      callTool: (params) => runner.callTool(params),
    });
    let reads = await panelAfter(host, 0, 'none');
    expect(await host.view.locator('.run-label').textContent()).toBe(title);
    expect(await host.view.locator('.layer-name').allTextContents()).toEqual([
      'Check the expiry',
      'Ask the operator',
      'Owner sign-off',
      'Summarise',
    ]);
    expect(await layerStates(host)).toEqual(['false', 'false', 'false', 'false']);
    expect(await host.view.locator('.run-status').textContent()).toBe('Layer 1 of 4 waits for proof.');

    // The agent proves layer 1; the host relays the result: the view reads the run again.
    const shell = {
      type: 'shell',
      nonce: begun.json.challenge.nonce,
      proof_hash: begun.json.challenge.proof_hash,
      shell: { exit_code: 0, stdout: '42 days left', stderr: '', duration_seconds: 0.2 },
    };
    const second = await call(runner, 'kairos_next', { uri: begun.json.current_step.uri, run_id: runId, solution: shell });
    expect(second.json.current_step.step_index).toBe(2);
    await host.relayToolResult({ uri: begun.json.current_step.uri }, second.result);
    reads = await panelAfter(host, reads, 'answer-here');
    expect(await layerStates(host)).toEqual(['true', 'false', 'false', 'false']);
    expect(await host.view.locator('.prompt-text').textContent()).toBe('Rotate the certificates now?');

    // The person answers in the view, through the app-only tool.
    await host.view.locator('input.answer-text').fill('approved, go ahead');
    await host.view.getByRole('button', { name: 'Answer' }).click();
    reads = await panelAfter(host, reads, 'person-required');
    const answerCall = (await host.messages()).find(
      (message) => message.method === 'tools/call' && message.params?.name === 'run_live_answer',
    );
    expect(answerCall?.params?.arguments).toMatchObject({ run_id: runId, action: 'accept', confirmation: 'approved, go ahead' });
    expect(await layerStates(host)).toEqual(['true', 'true', 'false', 'false']);
    const stored = await call(runner, 'kairos_run', { run_id: runId });
    expect(stored.json.proofs[1]).toMatchObject({
      step_index: 2,
      type: 'user_input',
      source: 'human',
      user_input: { confirmation: 'approved, go ahead' },
    });

    // Layer 3 needs another person: the link to the live page, no answer control.
    expect(await host.view.locator('.prompt-text').textContent()).toBe('Sign off the rotation?');
    expect(await host.view.locator('div.answer-form, input.answer-text').count()).toBe(0);
    const link = host.view.locator('a.answer-link');
    expect(await link.getAttribute('href')).toBe(`${server.running.baseUrl}/ui/`);
    expect(await host.view.locator('.person-required').textContent()).toContain('not even through its own MCP host');
    await screenshot(host);
    await link.click();
    await expect
      .poll(async () => (await host.messages()).find((message) => message.method === 'ui/open-link')?.params)
      .toEqual({ url: `${server.running.baseUrl}/ui/` });

    // Forced through the answer tool anyway: the one rule refuses it, and nothing is stored.
    const promptId = await host.view.locator('section.prompt').getAttribute('data-prompt-id');
    const forced = await call(runner, 'run_live_answer', {
      run_id: runId,
      prompt_id: promptId,
      action: 'accept',
      confirmation: 'approved',
    });
    expect(forced.result.isError).toBe(true);
    expect(forced.json.error).toBe('FORBIDDEN');
    expect((await call(runner, 'kairos_run', { run_id: runId })).json.proofs).toHaveLength(2);

    // Another person signs it off on their side (as on the live page); the waiting view sees it by itself.
    const person = await connect(await tokenFor('ADMIN'), false);
    const signed = await call(person, 'kairos_answer_prompt', { prompt_id: promptId, confirmation: 'signed off' });
    expect(signed.result.isError).toBeFalsy();
    await panelAfter(host, reads, 'none');
    expect(await layerStates(host)).toEqual(['true', 'true', 'true', 'false']);

    // The agent asks for the pending layer, proves it and attests; the host relays each result.
    const fourth = await call(runner, 'kairos_next', { uri: begun.json.current_step.uri, run_id: runId });
    expect(fourth.json.current_step.step_index).toBe(4);
    const done = await call(runner, 'kairos_next', {
      uri: fourth.json.current_step.uri,
      run_id: runId,
      solution: {
        type: 'comment',
        nonce: fourth.json.challenge.nonce,
        proof_hash: fourth.json.challenge.proof_hash,
        comment: { text: 'Rotated the staging certificates.' },
      },
    });
    await host.relayToolResult({ uri: fourth.json.current_step.uri }, done.result);
    await host.view.locator('section.live-run[data-run-status="completed"]').waitFor();
    expect(await layerStates(host)).toEqual(['true', 'true', 'true', 'true']);
    const attested = await call(runner, 'kairos_attest', {
      uri: fourth.json.current_step.uri,
      run_id: runId,
      outcome: 'success',
      message: 'rotated',
    });
    expect(attested.result.isError).toBeFalsy();
    await host.view.getByRole('button', { name: 'Refresh' }).click();
    await host.view.locator('section.live-run[data-run-status="attested"]').waitFor();
    expect(await host.view.locator('.run-status').textContent()).toBe('Attested (success): all 4 layers settled.');
    expect(host.requests).toEqual([]);
  });
});

/** The picture docs/mcp.md shows, refreshed with UPDATE_DOC_SCREENSHOTS=1. */
async function screenshot(host: ViewInHost): Promise<void> {
  const dir = process.env.UPDATE_DOC_SCREENSHOTS === '1' ? join(process.cwd(), 'docs/images') : join(process.cwd(), 'test-output/ui');
  await host.page.locator('#app').screenshot({ path: join(dir, 'mcp-app-run-live.png') });
}
