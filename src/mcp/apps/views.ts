/**
 * MCP Apps (the `io.modelcontextprotocol/ui` extension): the inline views of `activate`,
 * `forward` and `spaces`, under KAIROS 4's URIs so a host configured for KAIROS keeps working,
 * and their `ui://open-ai/…` copies in the Skybridge profile. Each view is one self-contained
 * HTML file (src/ui/mcp-apps, built into dist/mcp-apps). A host without the extension ignores
 * the tools' `_meta` and never reads these resources.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { EXTENSION_ID, RESOURCE_MIME_TYPE, registerAppResource, registerAppTool } from '@modelcontextprotocol/ext-apps/server';
import type { McpServer } from '@modelcontextprotocol/server';

const VIEWS_DIR = fileURLToPath(new URL('../../../dist/mcp-apps/', import.meta.url));
const SKYBRIDGE_MIME_TYPE = 'text/html+skybridge';

interface AppView {
  tool: string;
  file: string;
  uri: string;
  openAiUri: string;
  description: string;
}

export const APP_VIEWS: readonly AppView[] = [
  {
    tool: 'activate',
    file: 'activate',
    uri: 'ui://kairos/activate-result',
    openAiUri: 'ui://open-ai/kairos/activate-result',
    description: "activate's choices with role and score; picking one calls forward",
  },
  {
    tool: 'forward',
    file: 'forward',
    uri: 'ui://kairos/forward-result',
    openAiUri: 'ui://open-ai/kairos/forward-result',
    description: "forward's layer (i of n), the proof its contract needs and the next call",
  },
  {
    tool: 'spaces',
    file: 'spaces',
    uri: 'ui://kairos/spaces-result',
    openAiUri: 'ui://open-ai/kairos/spaces-result',
    description: 'The spaces you can read with their adapter counts',
  },
];

/** What the server declares: the HTML profiles its views come in. */
export const APP_VIEWS_CAPABILITY = { extensions: { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE, SKYBRIDGE_MIME_TYPE] } } };

/**
 * The `_meta` each tool with a view is listed with. The kernel lists its tools itself, so the
 * SDK's registerAppTool runs against a recorder: the listed `_meta` is exactly its normalization
 * (`ui.resourceUri` and the flat `ui/resourceUri` key older hosts read).
 */
export const TOOL_VIEW_META: ReadonlyMap<string, Record<string, unknown>> = new Map(
  APP_VIEWS.map((view) => {
    let meta: Record<string, unknown> = {};
    const recorder = {
      registerTool(_name: string, config: { _meta?: Record<string, unknown> }) {
        meta = config._meta ?? {};
        return undefined as never;
      },
    };
    registerAppTool(recorder as never, view.tool, { _meta: { ui: { resourceUri: view.uri, visibility: ['model', 'app'] } } }, () => ({
      content: [],
    }));
    return [view.tool, meta];
  }),
);

const html = new Map<string, Promise<string>>();

/** A view's HTML, read once per process; a missing build is a clear error, not a stack trace. */
function viewHtml(file: string): Promise<string> {
  let text = html.get(file);
  if (!text) {
    text = readFile(`${VIEWS_DIR}${file}.html`, 'utf8').catch(() => {
      html.delete(file);
      throw new Error(`The MCP App view ${file} is not built: run \`npm run build\``);
    });
    html.set(file, text);
  }
  return text;
}

/** No origin outside the iframe: the view fetches nothing and loads nothing. */
const NO_EXTERNAL_ORIGINS = { ui: { csp: { connectDomains: [], resourceDomains: [] } } };

export function registerAppViews(mcp: McpServer): void {
  for (const view of APP_VIEWS) {
    for (const [uri, mimeType, profile] of [
      [view.uri, RESOURCE_MIME_TYPE, ''],
      [view.openAiUri, SKYBRIDGE_MIME_TYPE, ' (Skybridge profile)'],
    ] as const) {
      registerAppResource(
        mcp,
        `${view.tool}-view${profile ? '-skybridge' : ''}`,
        uri,
        { title: `Kairos ${view.tool} view${profile}`, description: view.description, mimeType, _meta: NO_EXTERNAL_ORIGINS },
        async () => ({
          contents: [{ uri, mimeType, text: await viewHtml(view.file), _meta: NO_EXTERNAL_ORIGINS }],
        }),
      );
    }
  }
}
