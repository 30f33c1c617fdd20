/**
 * A run followed live inside a view: its layers (settled or not) and the prompt its pending
 * layer waits on, read through the app-only tool `run_live` (through the host, never the
 * network) whenever the host relays a new tool result, on Refresh, and every few seconds while
 * the prompt waits for someone else. A person answers the prompt here through `run_live_answer`
 * unless only another person may (require_human on the caller's own run): then the panel links
 * to the live page, which the host opens.
 */
import type { App } from '@modelcontextprotocol/ext-apps';
import { type Child, h, setChildren } from '../dom.js';
import { answerOf, isObject, type Json, numberOf, stringOf, type ToolAnswer } from './view-app.js';

/** How often the panel reads the run again while its prompt waits for a person elsewhere. */
const WAITING_REFRESH_MS = 4_000;

/** The run a tool result names: `run_id` (KAIROS 3 tools) or `execution_id` (KAIROS 4). */
export function runIdOf(answer: Json): string | null {
  return stringOf(answer.run_id) ?? stringOf(answer.execution_id);
}

export class LiveRunPanel {
  readonly element = h('section', { class: 'live-run', 'aria-live': 'polite' });
  private runId: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private reads = 0;

  constructor(private readonly app: App) {}

  /** Follows this run (again): reads it now. */
  follow(runId: string): void {
    this.runId = runId;
    void this.refresh();
  }

  async refresh(): Promise<void> {
    if (!this.runId) return;
    this.show(await this.callTool('run_live', { run_id: this.runId }));
  }

  private async callTool(name: string, args: Json): Promise<ToolAnswer> {
    try {
      return answerOf(await this.app.callServerTool({ name, arguments: args }));
    } catch (error) {
      return { ok: false, code: 'HOST_ERROR', message: (error as Error).message };
    }
  }

  private show(answer: ToolAnswer, notice: Child = null): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.reads += 1;
    this.element.dataset.reads = String(this.reads);
    if (!answer.ok) {
      this.element.dataset.state = 'refused';
      setChildren(this.element, h('p', { class: 'refusal live-error', role: 'alert' }, h('strong', {}, answer.code), ` ${answer.message}`));
      return;
    }
    const run = answer.json;
    const status = stringOf(run.status) ?? 'unknown';
    const prompt = isObject(run.prompt) ? run.prompt : null;
    this.element.dataset.state = 'shown';
    this.element.dataset.runStatus = status;
    this.element.dataset.prompt = prompt ? (prompt.answer_here === true ? 'answer-here' : 'person-required') : 'none';
    setChildren(
      this.element,
      h('h2', {}, 'Run ', h('span', { class: 'run-label' }, stringOf(run.protocol_label) ?? '')),
      h('p', { class: 'run-status' }, statusLine(run)),
      h(
        'ol',
        { class: 'layers' },
        (Array.isArray(run.layers) ? run.layers.filter(isObject) : []).map((layer) => layerItem(layer, numberOf(run.pending_layer_index))),
      ),
      prompt ? this.promptSection(prompt) : null,
      notice,
      h('button', { type: 'button', class: 'refresh', onclick: () => void this.refresh() }, 'Refresh'),
    );
    if (status === 'active' && prompt && prompt.answer_here !== true) {
      this.timer = setTimeout(() => void this.refresh(), WAITING_REFRESH_MS);
    }
  }

  private promptSection(prompt: Json): HTMLElement {
    const promptId = stringOf(prompt.prompt_id) ?? '';
    const required = isObject(prompt.person_required) ? prompt.person_required : null;
    return h(
      'section',
      { class: 'prompt', 'data-prompt-id': promptId },
      h('h3', {}, `Layer ${numberOf(prompt.layer_index) ?? ''} asks`),
      h('p', { class: 'prompt-text' }, stringOf(prompt.prompt) ?? ''),
      prompt.answer_here === true ? this.answerForm(promptId) : personRequired(this.app, required),
    );
  }

  private answerForm(promptId: string): HTMLElement {
    const input = h('input', { type: 'text', class: 'answer-text', 'aria-label': 'Your answer', placeholder: 'approved' });
    const status = h('p', { class: 'muted answer-status' });
    const send = async (action: 'accept' | 'decline', buttons: HTMLButtonElement[]) => {
      if (!this.runId) return;
      for (const button of buttons) button.disabled = true;
      status.textContent = 'Sending your answer…';
      const answer = await this.callTool('run_live_answer', {
        run_id: this.runId,
        prompt_id: promptId,
        action,
        ...(action === 'accept' ? { confirmation: input.value } : {}),
      });
      if (answer.ok)
        this.show(answer, h('p', { class: 'muted answered' }, action === 'accept' ? 'Your answer was stored.' : 'You declined.'));
      else {
        status.textContent = `${answer.code}: ${answer.message}`;
        status.classList.add('refusal');
        for (const button of buttons) button.disabled = false;
      }
    };
    // No <form>: a host's sandbox without allow-forms drops submit events; a button and Enter work in any.
    const accept = h('button', { type: 'button', class: 'answer', onclick: () => void send('accept', [accept, decline]) }, 'Answer');
    const decline = h('button', { type: 'button', class: 'decline', onclick: () => void send('decline', [accept, decline]) }, 'Decline');
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !accept.disabled) void send('accept', [accept, decline]);
    });
    return h('div', { class: 'answer-form', role: 'group', 'aria-label': 'Answer the prompt' }, input, ' ', accept, ' ', decline, status);
  }
}

function statusLine(run: Json): string {
  const count = numberOf(run.layer_count) ?? 0;
  const pending = numberOf(run.pending_layer_index);
  switch (stringOf(run.status)) {
    case 'active':
      return pending === null ? `${count} layers` : `Layer ${pending} of ${count} waits for proof.`;
    case 'completed':
      return `All ${count} layers settled; the run waits for attest.`;
    case 'attested':
      return `Attested (${stringOf(run.outcome) ?? 'done'}): all ${count} layers settled.`;
    case 'expired':
      return 'Expired.';
    default:
      return stringOf(run.status) ?? '';
  }
}

function layerItem(layer: Json, pending: number | null): HTMLElement {
  const index = numberOf(layer.index);
  const settled = layer.settled === true;
  return h(
    'li',
    { class: 'layer-item', 'data-index': index ?? '', 'data-settled': String(settled), 'aria-current': index === pending ? 'step' : null },
    h('span', { class: 'mark', 'aria-hidden': 'true' }, settled ? '✓' : index === pending ? '→' : '·'),
    ' ',
    h('span', { class: 'layer-name' }, stringOf(layer.label) ?? ''),
    h('span', { class: 'muted state' }, settled ? ' settled' : index === pending ? ' pending' : ''),
  );
}

/** Only another person may answer: why, and the live page (opened by the host: the view itself navigates nowhere). */
function personRequired(app: App, required: Json | null): HTMLElement {
  const url = stringOf(required?.answer_url);
  return h(
    'div',
    { class: 'person-required', role: 'note' },
    h('p', { class: 'muted' }, stringOf(required?.message) ?? 'A person answers this prompt on the live page.'),
    url
      ? h(
          'a',
          {
            class: 'answer-link',
            href: url,
            target: '_blank',
            rel: 'noopener noreferrer',
            onclick: (event: Event) => {
              event.preventDefault();
              void app.openLink({ url });
            },
          },
          'Answer on the live page (sign in as a person)',
        )
      : null,
  );
}
