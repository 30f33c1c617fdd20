/**
 * `forward`'s view: the adapter, the layer (i of n and its label), what proof the layer's
 * contract needs (an mcp layer's tool and required arguments included) and the next call; below
 * it, the run followed live (live-run-panel.ts).
 */
import type { App } from '@modelcontextprotocol/ext-apps';
import { type Child, h } from '../dom.js';
import { LiveRunPanel, runIdOf } from './live-run-panel.js';
import { isObject, type Json, numberOf, startView, stringOf } from './view-app.js';

let panel: LiveRunPanel | null = null;

/** The layer's own title when the answer does not name it: the first heading of its text. */
function headingOf(content: string | null): string | null {
  const line = content?.split(/\r?\n/).find((text) => /^#{1,6}\s+\S/.test(text));
  return line ? line.replace(/^#{1,6}\s+/, '').trim() : null;
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

function render(answer: Json, app: App): Child[] {
  const runId = runIdOf(answer);
  if (runId) {
    panel ??= new LiveRunPanel(app);
    panel.follow(runId);
  }
  const index = numberOf(answer.adapter_layer_index);
  const count = numberOf(answer.adapter_layer_count);
  const layer = isObject(answer.current_layer) ? answer.current_layer : null;
  const label = stringOf(answer.current_layer_label) ?? headingOf(stringOf(layer?.content));
  const contract = isObject(answer.contract) ? answer.contract : null;
  const next = isObject(answer.next_call) ? answer.next_call : null;
  const errorCode = stringOf(answer.error_code);
  return [
    h('h1', { class: 'adapter' }, stringOf(answer.context_adapter_name) ?? 'Adapter run'),
    index !== null && count !== null
      ? h(
          'p',
          { class: 'layer' },
          h('span', { class: 'position' }, `Layer ${index} of ${count}`),
          label ? h('span', { class: 'layer-label' }, `: ${label}`) : null,
        )
      : null,
    index !== null && count !== null ? h('progress', { max: count, value: index, 'aria-label': `layer ${index} of ${count}` }) : null,
    errorCode
      ? h(
          'p',
          { class: 'refusal error-code', role: 'alert' },
          h('strong', {}, errorCode),
          ` ${stringOf(answer.message) ?? ''}`,
          ` (retry ${numberOf(answer.retry_count) ?? 0})`,
        )
      : null,
    contract ? contractSection(contract) : null,
    h(
      'section',
      { class: 'next' },
      h('h2', {}, 'Next call'),
      next ? nextCall(next) : h('p', { class: 'muted' }, 'None: the run is closed.'),
    ),
    stringOf(answer.next_action) ? h('p', { class: 'muted next-action' }, stringOf(answer.next_action)) : null,
    runId && panel ? panel.element : null,
  ];
}

function contractSection(contract: Json): HTMLElement {
  const type = stringOf(contract.type) ?? 'comment';
  const detail = isObject(contract[type]) ? (contract[type] as Json) : {};
  const rows: [string, Node | string][] = [
    ['Proof', type],
    ['Required', contract.required === false ? 'no' : 'yes'],
  ];
  if (stringOf(contract.description)) rows.push(['Asks', stringOf(contract.description)!]);
  switch (type) {
    case 'shell':
      if (stringOf(detail.cmd)) rows.push(['Command', h('pre', {}, stringOf(detail.cmd))]);
      if (numberOf(detail.timeout_seconds) !== null) rows.push(['Timeout', `${numberOf(detail.timeout_seconds)} s`]);
      break;
    case 'mcp':
      if (stringOf(detail.tool_name)) rows.push(['Tool', h('code', { class: 'mcp-tool' }, stringOf(detail.tool_name))]);
      if (detail.arguments !== undefined) rows.push(['Required arguments', h('pre', { class: 'mcp-arguments' }, json(detail.arguments))]);
      if (detail.expected_result !== undefined) rows.push(['Expected result', h('pre', {}, json(detail.expected_result))]);
      break;
    case 'user_input':
      if (stringOf(detail.prompt)) rows.push(['Prompt', stringOf(detail.prompt)!]);
      break;
    case 'comment':
      if (numberOf(detail.min_length) !== null) rows.push(['Minimum length', String(numberOf(detail.min_length))]);
      break;
    case 'tensor':
      if (stringOf(detail.name)) rows.push(['Tensor', stringOf(detail.name)!]);
      if (detail.shape !== undefined) rows.push(['Shape', json(detail.shape)]);
      break;
  }
  if (stringOf(contract.nonce)) rows.push(['Echo nonce', h('code', {}, stringOf(contract.nonce))]);
  if (stringOf(contract.proof_hash)) rows.push(['Echo proof_hash', h('code', {}, stringOf(contract.proof_hash))]);
  return h(
    'section',
    { class: 'contract', 'data-type': type },
    h('h2', {}, 'Contract'),
    h(
      'dl',
      {},
      rows.flatMap(([term, value]) => [h('dt', {}, term), h('dd', {}, value)]),
    ),
  );
}

function nextCall(next: Json): HTMLElement {
  const kind = stringOf(next.kind) ?? 'forward';
  const args = isObject(next.args) ? next.args : {};
  return h(
    'p',
    { class: 'next-call', 'data-kind': kind },
    h('code', {}, kind),
    ' ',
    h('code', { class: 'next-uri' }, stringOf(args.uri) ?? ''),
  );
}

void startView('forward', render);
