/**
 * MCP Apps (the `io.modelcontextprotocol/ui` extension): the inline views of `activate`,
 * `forward` and `spaces`, under KAIROS 4's URIs so a host configured for KAIROS keeps working,
 * and their `ui://open-ai/…` copies in the Skybridge profile; and the live run view of
 * `kairos_begin` and `kairos_next`, with its app-only tools (run-live.ts). Each view is one self-contained
 * HTML file (src/ui/mcp-apps, built into dist/mcp-apps). A host without the extension ignores
 * the tools' `_meta` and never reads these resources.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { EXTENSION_ID, RESOURCE_MIME_TYPE, registerAppResource, registerAppTool } from '@modelcontextprotocol/ext-apps/server';
import type { McpServer } from '@modelcontextprotocol/server';
import { RUN_LIVE_TOOLS } from './run-live.js';
import type { Logger } from '../../observability/logger.js';

const VIEWS_DIR = fileURLToPath(new URL('../../../dist/mcp-apps/', import.meta.url));
const SKYBRIDGE_MIME_TYPE = 'text/html+skybridge';

interface AppView {
  /** Names its resources; the tool for KAIROS's views. */
  tool: string;
  /** The tools whose results it shows. */
  tools: readonly string[];
  file: string;
  uri: string;
  /** The Skybridge copy, for the views KAIROS has one of. */
  openAiUri: string | null;
  description: string;
}

export const RUN_LIVE_VIEW_URI = 'ui://kairos/run-live';

export const APP_VIEWS: readonly AppView[] = [
  {
    tool: 'activate',
    tools: ['activate'],
    file: 'activate',
    uri: 'ui://kairos/activate-result',
    openAiUri: 'ui://open-ai/kairos/activate-result',
    description: "activate's choices with role and score; picking one calls forward",
  },
  {
    tool: 'forward',
    tools: ['forward'],
    file: 'forward',
    uri: 'ui://kairos/forward-result',
    openAiUri: 'ui://open-ai/kairos/forward-result',
    description: "forward's layer (i of n), the proof its contract needs and the next call",
  },
  {
    tool: 'spaces',
    tools: ['spaces'],
    file: 'spaces',
    uri: 'ui://kairos/spaces-result',
    openAiUri: 'ui://open-ai/kairos/spaces-result',
    description: 'The spaces you can read with their adapter counts',
  },
  {
    tool: 'run-live',
    tools: ['kairos_begin', 'kairos_next'],
    file: 'run-live',
    uri: RUN_LIVE_VIEW_URI,
    openAiUri: null,
    description: "A run's layers, settled or not, and its pending prompt, followed while the run moves; a person may answer the prompt",
  },
];

/** What the server declares: the HTML profiles its views come in. */
export const APP_VIEWS_CAPABILITY = { extensions: { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE, SKYBRIDGE_MIME_TYPE] } } };

/** The `_meta` the SDK's registerAppTool gives a tool (`ui.resourceUri` and the flat `ui/resourceUri` key older hosts read). */
function appToolMeta(tool: string, ui: { resourceUri: string; visibility: ('model' | 'app')[] }): Record<string, unknown> {
  let meta: Record<string, unknown> = {};
  // The kernel lists its tools itself, so registerAppTool runs against a recorder of its normalization.
  const recorder = {
    registerTool(_name: string, config: { _meta?: Record<string, unknown> }) {
      meta = config._meta ?? {};
      return undefined as never;
    },
  };
  registerAppTool(recorder as never, tool, { _meta: { ui } }, () => ({ content: [] }));
  return meta;
}

/** The `_meta` each tool with a view is listed with, and each app-only tool (listed to hosts with the extension only). */
export const TOOL_VIEW_META: ReadonlyMap<string, Record<string, unknown>> = new Map([
  ...APP_VIEWS.flatMap((view) =>
    view.tools.map((tool) => [tool, appToolMeta(tool, { resourceUri: view.uri, visibility: ['model', 'app'] })] as const),
  ),
  ...RUN_LIVE_TOOLS.map((tool) => [tool.name, appToolMeta(tool.name, { resourceUri: RUN_LIVE_VIEW_URI, visibility: ['app'] })] as const),
]);

/** The client declared the MCP Apps extension: it renders views and keeps app-only tools from its model. */
export function rendersViews(capabilities: { extensions?: Record<string, unknown> } | undefined): boolean {
  return Boolean(capabilities?.extensions?.[EXTENSION_ID]);
}

const html = new Map<string, Promise<string>>();

/** All a client is told when a view's HTML is missing: building it is the operator's business, said in the log. */
export const VIEW_NOT_AVAILABLE = 'view not available';

/** A view's HTML, read once per process; a missing build is logged for the operator and answered plainly. */
export function viewHtml(file: string, log: Pick<Logger, 'error'>, dir = VIEWS_DIR): Promise<string> {
  const path = `${dir}${file}.html`;
  let text = html.get(path);
  if (!text) {
    text = readFile(path, 'utf8').catch((error: unknown) => {
      html.delete(path);
      log.error({ err: error, view: file, path }, 'an MCP App view is not built: run `npm run build` where the server is installed');
      throw new Error(VIEW_NOT_AVAILABLE);
    });
    html.set(path, text);
  }
  return text;
}

/** No origin outside the iframe: the view fetches nothing and loads nothing. */
const NO_EXTERNAL_ORIGINS = { ui: { csp: { connectDomains: [], resourceDomains: [] } } };

export function registerAppViews(mcp: McpServer, log: Pick<Logger, 'error'>): void {
  for (const view of APP_VIEWS) {
    const copies = [[view.uri, RESOURCE_MIME_TYPE, '']] as [string, string, string][];
    if (view.openAiUri) copies.push([view.openAiUri, SKYBRIDGE_MIME_TYPE, ' (Skybridge profile)']);
    for (const [uri, mimeType, profile] of copies) {
      registerAppResource(
        mcp,
        `${view.tool}-view${profile ? '-skybridge' : ''}`,
        uri,
        { title: `Kairos ${view.tool} view${profile}`, description: view.description, mimeType, _meta: NO_EXTERNAL_ORIGINS },
        async () => ({
          contents: [{ uri, mimeType, text: await viewHtml(view.file, log), _meta: NO_EXTERNAL_ORIGINS }],
        }),
      );
    }
  }
}
