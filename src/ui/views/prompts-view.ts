/** Pending user_input prompts: what the run asks, and Approve / Reject / a reply of one's own. */
import { byId, h, isBusy, setBusy, syncKeyed, uniqueId } from '../dom.js';
import { formatTime } from '../format.js';
import type { LiveState, Prompt } from '../live-state.js';
import { renderMarkdown } from '../markdown.js';

export interface PromptActions {
  /** Sends the reply; resolves with what the page should say about the outcome. */
  answer(prompt: Prompt, confirmation: string): Promise<string>;
}

/** The replies the two buttons send; the server reads "rejected" as a decline. */
export const APPROVE_REPLY = 'approved';
export const REJECT_REPLY = 'rejected';

export function mountPrompts(state: LiveState, actions: PromptActions): () => void {
  const container = byId('prompts');
  const empty = byId('prompts-empty');
  const count = byId('prompt-count');
  const heading = byId('prompts-title');

  const render = () => {
    const prompts = state.openPrompts();
    const focusedCard = document.activeElement?.closest<HTMLElement>('.card.prompt');
    const ownSpace = state.viewer?.defaultWriteSpace;
    syncKeyed(
      container,
      prompts,
      (prompt) => prompt.promptId,
      (prompt) => promptCard(prompt, prompt.space === ownSpace ? 'your space' : `space ${prompt.space}`, actions),
      () => {},
    );
    // A card answered here (or elsewhere) vanishes; keep keyboard users in the list.
    if (focusedCard && !focusedCard.isConnected) {
      const next = container.querySelector<HTMLButtonElement>('.card.prompt button');
      (next ?? heading).focus();
    }
    count.textContent = String(prompts.length);
    empty.hidden = prompts.length > 0;
  };
  render();
  return state.onChange((change) => {
    if (change === 'prompts') render();
  });
}

function promptCard(prompt: Prompt, spaceName: string, actions: PromptActions): HTMLElement {
  const titleId = uniqueId('prompt-title');
  const replyId = uniqueId('prompt-reply');
  const outcome = h('p', { class: 'outcome', role: 'status' });
  const reply = h('textarea', { id: replyId, name: 'reply', rows: 2, placeholder: 'e.g. "yes, after the 17:00 freeze"' });
  const approve = h('button', { type: 'button', class: 'primary' }, 'Approve');
  const reject = h('button', { type: 'button', class: 'danger' }, 'Reject');
  const send = h('button', { type: 'button' }, 'Send reply');
  const buttons = [approve, reject, send];

  const answer = async (confirmation: string) => {
    if (isBusy(approve)) return;
    setBusy(buttons, true);
    outcome.className = 'outcome';
    outcome.textContent = 'Sending…';
    try {
      outcome.textContent = await actions.answer(prompt, confirmation);
    } catch (error) {
      outcome.className = 'outcome bad';
      outcome.textContent = `Not sent: ${(error as Error).message}`;
      setBusy(buttons, false);
    }
  };
  approve.addEventListener('click', () => void answer(APPROVE_REPLY));
  reject.addEventListener('click', () => void answer(REJECT_REPLY));
  send.addEventListener('click', () => {
    const text = reply.value.trim();
    if (text === '') {
      outcome.className = 'outcome bad';
      outcome.textContent = 'Write a reply first, or use Approve or Reject.';
      reply.focus();
      return;
    }
    void answer(text);
  });

  return h(
    'article',
    { class: 'card prompt', 'aria-labelledby': titleId, 'data-prompt-id': prompt.promptId, 'data-run-id': prompt.runId },
    h(
      'div',
      { class: 'card-head' },
      h('h3', { id: titleId }, prompt.protocolLabel),
      h('span', { class: 'meta' }, `Step ${prompt.stepIndex} · asked at ${formatTime(prompt.createdAt)} · ${spaceName}`),
      prompt.requireHuman ? h('span', { class: 'badge human' }, 'Needs a person') : null,
    ),
    h(
      'div',
      { class: 'challenge', role: 'group', 'aria-label': 'What the run asks' },
      h('span', { class: 'challenge-label' }, prompt.requireHuman ? 'A person must confirm' : 'The run asks you to confirm'),
      h('p', { class: 'question' }, prompt.prompt),
    ),
    h(
      'div',
      { class: 'step-content markdown', role: 'region', 'aria-label': `Step ${prompt.stepIndex} content`, tabindex: 0 },
      renderMarkdown(prompt.stepContent),
    ),
    h(
      'div',
      { class: 'actions' },
      approve,
      reject,
      h('div', { class: 'grow' }, h('label', { for: replyId }, 'Or reply in your own words'), reply),
      send,
    ),
    outcome,
  );
}
