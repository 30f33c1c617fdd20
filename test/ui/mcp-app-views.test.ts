/**
 * The MCP App views in Chromium, with this test playing the host: the view's HTML comes from
 * the server's resources/read, loads in a sandboxed iframe, and receives a real tool result
 * from the server through the ext-apps handshake. The views must show the result, ask the host
 * (never the network) for a `forward` call, and follow the host's theme. Screenshots go to docs/.
 */
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniqueTitle } from '../api/fixtures.js';
import { useMcpClients } from '../mcp/mcp-client.js';
import { type ModernTestClient, type ToolJson, useModernClients } from '../mcp/modern-client.js';
import { useTestServer } from '../support/app.js';
import { useBrowser } from '../support/browser.js';
import { openViewInHost, type ViewInHost } from '../support/mcp-app-host.js';

const server = useTestServer();
const browser = useBrowser();
const connectModern = useModernClients();
const connectLegacy = useMcpClients(server);

const APP_MIME = 'text/html;profile=mcp-app';
const VIEW_URIS = {
  activate: 'ui://kairos/activate-result',
  forward: 'ui://kairos/forward-result',
  spaces: 'ui://kairos/spaces-result',
} as const;
const PASS = { verdict_file: '/home/agent/review/verdict.txt', exit_code: 0, stdout: 'PASS\nno findings' };
const fence = '```';
const DOCS = join(process.cwd(), 'docs/images');

/** Four layers; the second is an mcp layer with required arguments. The title may carry markup. */
function adapterDocument(title: string): string {
  const contract = (json: string) => `${fence}json\n{"challenge": ${json}}\n${fence}`;
  return `# ${title}

## Natural Language Triggers
Rotate the staging certificates.

## Check the expiry
Run the expiry check.

${contract('{"type": "shell", "shell": {"cmd": "./check-expiry.sh --env staging", "timeout_seconds": 30}}')}

## Open the change ticket
File the change in the ticket queue.

${contract('{"type": "mcp", "mcp": {"tool_name": "create_ticket", "arguments": {"queue": "CHG", "labels": ["certs"]}}}')}

## Ask the owner
Ask the service owner.

${contract('{"type": "user_input", "user_input": {"prompt": "Rotate the certificates now?"}}')}

## Summarise
Write what was done.

${contract('{"type": "comment", "comment": {"min_length": 20}}')}
`;
}

async function train(client: ModernTestClient, title: string): Promise<string> {
  const trained = await client.call('train', { content: adapterDocument(title), llm_model_id: 'test-model', review_evidence: PASS });
  expect(trained.isError).toBe(false);
  return trained.json.items[0].adapter_uri as string;
}

async function viewHtml(client: ModernTestClient, uri: string): Promise<string> {
  const read = await client.client.readResource({ uri });
  const content = read.contents[0] as { mimeType?: string; text?: string };
  expect(content.mimeType).toBe(APP_MIME);
  return content.text!;
}

/** Calls the tool for real and hands its whole result to the view. */
async function showToolResult(
  client: ModernTestClient,
  tool: keyof typeof VIEW_URIS,
  args: Record<string, unknown>,
  theme: 'light' | 'dark' = 'light',
): Promise<{ host: ViewInHost; result: ToolJson }> {
  const result = (await client.client.callTool({ name: tool, arguments: args })) as ToolJson;
  expect(result.isError).toBeFalsy();
  const host = await openViewInHost(browser, {
    html: await viewHtml(client, VIEW_URIS[tool]),
    toolInput: args,
    toolResult: result,
    hostContext: { theme, containerDimensions: { maxHeight: 640, width: 720 } },
    callTool: (params) => client.client.callTool(params),
  });
  await host.view.locator('body[data-state="rendered"]').waitFor();
  return { host, result };
}

/** Each view's picture; docs/images keeps the ones docs/mcp.md shows, refreshed with UPDATE_DOC_SCREENSHOTS=1. */
async function screenshot(host: ViewInHost, name: string): Promise<void> {
  const dir = process.env.UPDATE_DOC_SCREENSHOTS === '1' ? DOCS : join(process.cwd(), 'test-output/ui');
  await host.page.locator('#app').screenshot({ path: join(dir, `mcp-app-${name}.png`) });
}

async function handshake(host: ViewInHost): Promise<string[]> {
  return (await host.messages()).map((message) => message.method ?? `reply:${message.id}`);
}

const textOf = (view: Frame, selector: string) => view.locator(selector).allTextContents();

describe('MCP App views', () => {
  it('announces the views in tools/list on both eras and serves them as mcp-app HTML', async () => {
    const modern = await connectModern(server.running.mcpUrl);
    const legacy = await connectLegacy();
    for (const tools of [(await modern.client.listTools()).tools, (await legacy.client.listTools()).tools]) {
      for (const [name, uri] of Object.entries(VIEW_URIS)) {
        const tool = tools.find((candidate) => candidate.name === name)!;
        expect(tool._meta).toMatchObject({ ui: { resourceUri: uri }, 'ui/resourceUri': uri });
      }
      // Tools without a view carry no ui metadata.
      expect(tools.find((tool) => tool.name === 'reward')!._meta?.ui).toBeUndefined();
    }
    const listed = (await modern.client.listResources()).resources;
    for (const uri of Object.values(VIEW_URIS)) {
      expect(listed).toContainEqual(expect.objectContaining({ uri, mimeType: APP_MIME }));
      const html = await viewHtml(modern, uri);
      expect(html).toMatch(/^<!doctype html>/i);
      // Self-contained: no script, style sheet, image or font to fetch.
      expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|<img/);
      expect(html.match(/<style[^>]*>([\s\S]*?)<\/style>/)?.[1]).not.toMatch(/@import|url\(/);
      const skybridge = await legacy.client.readResource({ uri: uri.replace('ui://kairos/', 'ui://open-ai/kairos/') });
      expect(skybridge.contents[0]).toMatchObject({ mimeType: 'text/html+skybridge', text: html });
    }
  });

  it('activate: shows the choices with role and score; picking one asks the host to call forward', async () => {
    const client = await connectModern(server.running.mcpUrl);
    const title = uniqueTitle('Staging certificate rotation');
    const adapterUri = await train(client, title);
    const { host, result } = await showToolResult(client, 'activate', { query: 'rotate the staging certificates' });
    const choices = result.structuredContent.choices as ToolJson[];
    expect(await host.view.locator('li.choice').count()).toBe(choices.length);
    const card = host.view.locator(`li.choice[data-uri="${adapterUri}"]`);
    const match = choices.find((choice) => choice.uri === adapterUri)!;
    expect(await card.locator('.role').textContent()).toBe('match');
    expect(await card.locator('.label').textContent()).toBe(title);
    expect(await card.locator('.score').textContent()).toBe((match.activation_score as number).toFixed(2));
    expect((await handshake(host)).slice(0, 2)).toEqual(['ui/initialize', 'ui/notifications/initialized']);
    expect(await handshake(host)).toContain('ui/notifications/size-changed');
    await screenshot(host, 'activate');

    await card.getByRole('button').click();
    await card.locator('.status[data-state="started"]').waitFor();
    expect(await card.locator('.status').textContent()).toMatch(/^Started run [0-9a-f-]{36}: layer 1 of 4\.$/);
    const call = (await host.messages()).find((message) => message.method === 'tools/call');
    expect(call?.params).toMatchObject({ name: 'forward', arguments: { uri: adapterUri } });
    expect(host.requests).toEqual([]);
  });

  it('forward: shows the adapter, the layer i of n, the mcp contract with its required arguments and the next call, in the dark theme', async () => {
    const client = await connectModern(server.running.mcpUrl);
    const title = uniqueTitle('Certificate change');
    const adapterUri = await train(client, title);
    const first = (await client.call('forward', { uri: adapterUri })).json;
    const solution = {
      type: 'shell',
      outcome: 'success',
      evidence: { exit_code: 0, stdout: '42 days left' },
      nonce: first.contract.nonce,
      proof_hash: first.contract.proof_hash,
    };
    const args = { uri: first.next_call.args.uri, solution };
    const { host, result } = await showToolResult(client, 'forward', args, 'dark');
    const answer = result.structuredContent as ToolJson;
    expect(answer).toMatchObject({
      context_adapter_name: title,
      current_layer_label: 'Open the change ticket',
      contract: { type: 'mcp', mcp: { arguments: { queue: 'CHG', labels: ['certs'] } } },
    });
    expect(await host.view.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(await textOf(host.view, 'h1.adapter')).toEqual([title]);
    expect(await textOf(host.view, '.layer')).toEqual(['Layer 2 of 4: Open the change ticket']);
    expect(await textOf(host.view, '.mcp-tool')).toEqual(['create_ticket']);
    expect(JSON.parse((await host.view.locator('.mcp-arguments').textContent())!)).toEqual({ queue: 'CHG', labels: ['certs'] });
    expect(await textOf(host.view, '.next-call')).toEqual([`forward ${answer.next_call.args.uri}`]);
    expect(await host.view.locator('.contract dd code').allTextContents()).toEqual(
      expect.arrayContaining([answer.contract.nonce, answer.contract.proof_hash]),
    );
    // Below, the run followed live through the app-only run_live tool: layer 1 settled, layer 2 pending.
    await host.view.locator('section.live-run[data-state="shown"]').waitFor();
    expect(
      await host.view.locator('li.layer-item').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.settled)),
    ).toEqual(['true', 'false', 'false', 'false']);
    expect(await host.view.locator('li.layer-item[aria-current="step"] .layer-name').textContent()).toBe('Open the change ticket');
    expect(host.requests).toEqual([]);
    await screenshot(host, 'forward');
  });

  it('spaces: shows each space with its adapter count, markup in a title as text', async () => {
    const client = await connectModern(server.running.mcpUrl);
    const title = uniqueTitle('<img src="https://attacker.example/x.png" onerror="parent.postMessage(1, \'*\')"> rotation');
    await train(client, title);
    const { host, result } = await showToolResult(client, 'spaces', { include_adapter_titles: true });
    const spaces = result.structuredContent.spaces as ToolJson[];
    const rows = host.view.locator('tr[data-space-id]');
    expect(await rows.count()).toBe(spaces.length);
    for (const space of spaces) {
      const row = host.view.locator(`tr[data-space-id="${space.space_id}"]`);
      expect(await row.locator('td.name').textContent()).toBe(space.name);
      expect(await row.locator('td.count').textContent()).toBe(String(space.adapter_count));
    }
    expect(await host.view.getByText(title, { exact: false }).count()).toBeGreaterThan(0);
    expect(await host.view.locator('img').count()).toBe(0);
    await screenshot(host, 'spaces');
    // The host switches to dark: the view follows without a new result.
    expect(await host.view.locator('html').getAttribute('data-theme')).toBe('light');
    await host.page.evaluate(() =>
      (document.getElementById('app') as HTMLIFrameElement).contentWindow!.postMessage(
        { jsonrpc: '2.0', method: 'ui/notifications/host-context-changed', params: { theme: 'dark' } },
        '*',
      ),
    );
    await host.view.locator('html[data-theme="dark"]').waitFor();
    expect(host.requests).toEqual([]);
  });

  it('shows a refusal as the tool answered it', async () => {
    const client = await connectModern(server.running.mcpUrl);
    const result = await client.client.callTool({ name: 'forward', arguments: { uri: 'kairos://nothing' } });
    expect(result.isError).toBe(true);
    const host = await openViewInHost(browser, {
      html: await viewHtml(client, VIEW_URIS.forward),
      toolInput: { uri: 'kairos://nothing' },
      toolResult: result,
    });
    await host.view.locator('body[data-state="refused"]').waitFor();
    expect(await textOf(host.view, '.refusal strong')).toEqual(['BAD_USER_INPUT']);
    expect(host.requests).toEqual([]);
  });
});
