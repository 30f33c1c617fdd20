/**
 * What the three views share: the ext-apps `App` bridge to the host, the host's theme, style
 * variables, fonts and container size applied to the document, and the tool result read as JSON.
 * Nothing here fetches: the view only talks to the host through postMessage.
 */
import { App, applyDocumentTheme, applyHostFonts, applyHostStyleVariables, type McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import { type Child, h, setChildren } from '../dom.js';
import './views.css';

export type Json = Record<string, unknown>;

/** The tool result as the view sees it: the answer JSON, or the refusal the tool returned. */
export type ToolAnswer = { ok: true; json: Json } | { ok: false; code: string; message: string };

interface CallToolResultLike {
  content?: { type: string; text?: string }[];
  structuredContent?: unknown;
  isError?: boolean;
}

/** structuredContent when the host passes it on, else the JSON text every host carries. */
export function answerOf(result: CallToolResultLike): ToolAnswer {
  let json: unknown = result.structuredContent;
  if (!isObject(json)) {
    const text = result.content?.find((block) => block.type === 'text')?.text;
    try {
      json = text === undefined ? null : JSON.parse(text);
    } catch {
      json = null;
    }
  }
  if (!isObject(json)) return { ok: false, code: 'UNREADABLE_RESULT', message: 'The tool result carried no JSON this view can read.' };
  if (result.isError) return { ok: false, code: stringOf(json.error) ?? 'ERROR', message: stringOf(json.message) ?? '' };
  return { ok: true, json };
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

export function numberOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function applyHostContext(context: McpUiHostContext | undefined): void {
  if (!context) return;
  if (context.theme) applyDocumentTheme(context.theme);
  if (context.styles?.variables) applyHostStyleVariables(context.styles.variables);
  if (context.styles?.css?.fonts) applyHostFonts(context.styles.css.fonts);
  const root = document.documentElement.style;
  const size = context.containerDimensions as { width?: number; maxWidth?: number; height?: number; maxHeight?: number } | undefined;
  if (size) {
    const width = size.width ?? size.maxWidth;
    const height = size.height ?? size.maxHeight;
    root.setProperty('--view-max-width', width ? `${width}px` : 'none');
    root.setProperty('--view-max-height', height ? `${height}px` : 'none');
  }
  const insets = context.safeAreaInsets;
  if (insets) document.body.style.padding = `${insets.top}px ${insets.right}px ${insets.bottom}px ${insets.left}px`;
}

/** Connects to the host and renders every tool result it delivers into #view. */
export async function startView(name: string, render: (json: Json, app: App) => Child[]): Promise<App> {
  const view = document.getElementById('view')!;
  const app = new App({ name: `kairos-${name}-view`, version: '1.0.0' }, {}, { autoResize: true });
  app.ontoolresult = (result) => {
    const answer = answerOf(result as CallToolResultLike);
    setChildren(view, answer.ok ? render(answer.json, app) : refusal(answer));
    document.body.dataset.state = answer.ok ? 'rendered' : 'refused';
  };
  app.onhostcontextchanged = (context) => applyHostContext(context);
  await app.connect();
  applyHostContext(app.getHostContext());
  document.body.dataset.connected = 'true';
  return app;
}

function refusal(answer: Extract<ToolAnswer, { ok: false }>): Child[] {
  return [h('p', { class: 'refusal', role: 'alert' }, h('strong', {}, answer.code), answer.message ? ` ${answer.message}` : '')];
}
