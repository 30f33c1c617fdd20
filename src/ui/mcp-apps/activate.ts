/**
 * `activate`'s view: the choices with their role and score. Picking one asks the host to call
 * `forward` with that choice's first call, as the choice's next_action tells the agent to.
 */
import type { App } from '@modelcontextprotocol/ext-apps';
import { type Child, h } from '../dom.js';
import { answerOf, isObject, type Json, numberOf, startView, stringOf } from './view-app.js';

function render(json: Json, app: App): Child[] {
  const choices = Array.isArray(json.choices) ? json.choices.filter(isObject) : [];
  const query = stringOf(json.query);
  return [
    h('h1', {}, 'Adapters for ', query ? h('q', {}, query) : 'this request'),
    stringOf(json.message) ? h('p', { class: 'muted' }, stringOf(json.message)) : null,
    choices.length === 0
      ? h('p', { class: 'muted' }, 'No choices.')
      : h(
          'ul',
          { class: 'cards' },
          choices.map((choice) => choiceCard(choice, app)),
        ),
  ];
}

function choiceCard(choice: Json, app: App): HTMLElement {
  const role = stringOf(choice.role) ?? 'match';
  const score = numberOf(choice.activation_score);
  const firstCall = isObject(choice.forward_first_call) ? stringOf(choice.forward_first_call.uri) : null;
  const uri = firstCall ?? stringOf(choice.uri);
  const status = h('p', { class: 'status muted', role: 'status' });
  const pick = h('button', { type: 'button', 'data-uri': uri }, role === 'create' ? 'Create with forward' : 'Run with forward');
  pick.addEventListener('click', () => void pickChoice(app, uri, pick, status));
  return h(
    'li',
    { class: 'card choice', 'data-role': role, 'data-uri': uri },
    h(
      'header',
      {},
      h('span', { class: 'role' }, role),
      h('strong', { class: 'label' }, stringOf(choice.adapter_name) ?? stringOf(choice.label) ?? uri ?? ''),
      score === null ? null : h('span', { class: 'score', title: 'activation score' }, score.toFixed(2)),
    ),
    stringOf(choice.space_name) ? h('p', { class: 'muted space' }, stringOf(choice.space_name)) : null,
    uri ? h('code', {}, uri) : null,
    h('div', {}, uri ? pick : null),
    status,
  );
}

async function pickChoice(app: App, uri: string | null, button: HTMLButtonElement, status: HTMLElement): Promise<void> {
  if (!uri) return;
  button.disabled = true;
  status.textContent = 'Asking the host to call forward…';
  try {
    const answer = answerOf(await app.callServerTool({ name: 'forward', arguments: { uri } }));
    if (!answer.ok) {
      status.textContent = `forward refused: ${answer.code} ${answer.message}`.trim();
      button.disabled = false;
      return;
    }
    const index = numberOf(answer.json.adapter_layer_index);
    const count = numberOf(answer.json.adapter_layer_count);
    const run = stringOf(answer.json.execution_id);
    status.textContent = `Started${run ? ` run ${run}` : ''}${index !== null && count !== null ? `: layer ${index} of ${count}` : ''}.`;
    status.dataset.state = 'started';
  } catch (error) {
    status.textContent = `The host did not call forward: ${(error as Error).message}`;
    button.disabled = false;
  }
}

void startView('activate', render);
