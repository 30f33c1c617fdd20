/**
 * A minimal MCP Apps host in Chromium: the view's HTML (as the server's resources/read returned
 * it) goes into a sandboxed iframe (`allow-scripts` only, so an opaque origin), and the page
 * answers the ext-apps handshake over postMessage: `ui/initialize` with a host context, then on
 * `ui/notifications/initialized` the tool's input and its result. A `tools/call` the view asks
 * for is relayed to `callTool` (the test's real MCP client), and later results of the tool can be
 * relayed as the run moves. Every network request any frame makes is recorded and aborted: a
 * view must make none.
 */
import type { Frame, Page } from 'playwright-core';
import type { TestBrowser } from './browser.js';

export interface HostContext {
  theme?: 'light' | 'dark';
  styles?: { variables?: Record<string, string> };
  containerDimensions?: { width?: number; maxWidth?: number; height?: number; maxHeight?: number };
  [key: string]: unknown;
}

export interface ViewInHost {
  page: Page;
  /** The view's frame. */
  view: Frame;
  /** Every request (URL) a frame tried, aborted. */
  requests: string[];
  /** The JSON-RPC messages the view sent to the host, in order. */
  messages(): Promise<{ method?: string; id?: number; params?: Record<string, unknown> }[]>;
  /** Relays a later call of the view's tool, as a host does while the conversation goes on: its input, then its result. */
  relayToolResult(toolInput: Record<string, unknown>, toolResult: unknown): Promise<void>;
}

const HOST_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>test host</title>
<style>body{margin:0;background:#888}iframe{border:0;width:720px;height:640px;display:block;background:transparent}</style></head>
<body><iframe id="app" sandbox="allow-scripts" title="MCP App view"></iframe></body></html>`;

export async function openViewInHost(
  browser: TestBrowser,
  options: {
    html: string;
    toolInput: Record<string, unknown>;
    toolResult: unknown;
    hostContext?: HostContext;
    callTool?: (params: { name: string; arguments?: Record<string, unknown> }) => Promise<unknown>;
  },
): Promise<ViewInHost> {
  const requests: string[] = [];
  const page = await browser.openPage('about:blank', (page) => {
    void page.route('**/*', (route) => {
      requests.push(route.request().url());
      return route.abort();
    });
  });
  await page.setViewportSize({ width: 720, height: 640 });
  await page.exposeFunction('hostCallTool', async (params: { name: string; arguments?: Record<string, unknown> }) =>
    options.callTool
      ? options.callTool(params)
      : { content: [{ type: 'text', text: '{"error":"NOT_SUPPORTED","message":"no tools in this host"}' }], isError: true },
  );
  await page.setContent(HOST_PAGE);
  await page.evaluate(
    ({ html, toolInput, toolResult, hostContext }) => {
      const frame = document.getElementById('app') as HTMLIFrameElement;
      const log: unknown[] = [];
      (window as unknown as { hostLog: unknown[] }).hostLog = log;
      const post = (message: Record<string, unknown>) => frame.contentWindow!.postMessage({ jsonrpc: '2.0', ...message }, '*');
      window.addEventListener('message', (event) => {
        if (event.source !== frame.contentWindow) return;
        const message = event.data as { id?: number; method?: string; params?: Record<string, unknown> };
        log.push(message);
        if (message.method === 'ui/initialize') {
          post({
            id: message.id,
            result: {
              protocolVersion: message.params?.protocolVersion,
              hostInfo: { name: 'kairos-test-host', version: '1.0.0' },
              hostCapabilities: { serverTools: {}, openLinks: {} },
              hostContext,
            },
          });
        } else if (message.method === 'ui/notifications/initialized') {
          post({ method: 'ui/notifications/tool-input', params: { arguments: toolInput } });
          post({ method: 'ui/notifications/tool-result', params: toolResult });
        } else if (message.method === 'tools/call') {
          const call = (window as unknown as { hostCallTool(params: unknown): Promise<unknown> }).hostCallTool;
          void call(message.params).then((result) => post({ id: message.id, result }));
        } else if (message.method === 'ui/open-link') {
          // The host opens links itself (outside the sandbox); this one only records the request.
          post({ id: message.id, result: {} });
        } else if (message.id !== undefined && message.method) {
          post({ id: message.id, error: { code: -32601, message: `${message.method} is not offered by this host` } });
        }
      });
      frame.srcdoc = html;
    },
    {
      html: options.html,
      toolInput: options.toolInput,
      toolResult: options.toolResult,
      hostContext: options.hostContext ?? { theme: 'light' },
    },
  );
  const view = page.frames().find((frame) => frame !== page.mainFrame());
  if (!view) throw new Error('the view frame did not appear');
  return {
    page,
    view,
    requests,
    messages: () => page.evaluate(() => (window as unknown as { hostLog: never[] }).hostLog),
    relayToolResult: (toolInput, toolResult) =>
      page.evaluate(
        ({ toolInput, toolResult }) => {
          const frame = document.getElementById('app') as HTMLIFrameElement;
          const post = (message: Record<string, unknown>) => frame.contentWindow!.postMessage({ jsonrpc: '2.0', ...message }, '*');
          post({ method: 'ui/notifications/tool-input', params: { arguments: toolInput } });
          post({ method: 'ui/notifications/tool-result', params: toolResult });
        },
        { toolInput, toolResult },
      ),
  };
}
