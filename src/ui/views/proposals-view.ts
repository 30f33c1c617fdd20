/** Staged proposals: intent, rationale, owner, sources, a readable diff, and Apply / Reject for reviewers. */
import type { LiveProposalDecisionFragment } from '../../generated/ui/graphql.js';
import { byId, h, isBusy, setBusy, setChildren, syncKeyed, uniqueId } from '../dom.js';
import { formatDateTime, fromNow, humanize } from '../format.js';
import type { LiveState, Proposal } from '../live-state.js';

export type Decision = LiveProposalDecisionFragment;

export interface ProposalActions {
  apply(proposal: Proposal): Promise<Decision>;
  reject(proposal: Proposal, reason: string): Promise<Decision>;
}

export function mountProposals(state: LiveState, actions: ProposalActions): { render(): void; unmount(): void } {
  const container = byId('proposals');
  const empty = byId('proposals-empty');
  const count = byId('proposal-count');
  const heading = byId('proposals-title');
  const cards = new WeakMap<HTMLElement, ProposalCard>();

  const render = () => {
    const proposals = state.stagedProposals();
    const focusedCard = document.activeElement?.closest<HTMLElement>('.card.proposal');
    syncKeyed(
      container,
      proposals,
      (proposal) => proposal.id,
      (proposal) => {
        const card = new ProposalCard(proposal, state.canReview(), actions);
        cards.set(card.element, card);
        return card.element;
      },
      (element, proposal) => cards.get(element)?.update(proposal),
    );
    if (focusedCard && !focusedCard.isConnected) (container.querySelector<HTMLButtonElement>('.card.proposal button') ?? heading).focus();
    count.textContent = String(proposals.length);
    empty.hidden = proposals.length > 0;
  };
  render();
  const unmount = state.onChange((change) => {
    if (change === 'proposals') render();
  });
  return { render, unmount };
}

class ProposalCard {
  readonly element: HTMLElement;
  private readonly expiry = h('dd', {});
  private readonly blocked = h('div', {});
  /** What drifted, from the last Apply (the staged record only says that something did). */
  private readonly driftList = h('div', {});
  private readonly diff = h('div', {});
  private readonly outcome = h('p', { class: 'outcome', role: 'status' });
  private readonly applyButton: HTMLButtonElement | null = null;
  private proposal: Proposal;

  constructor(
    proposal: Proposal,
    canReview: boolean,
    private readonly actions: ProposalActions,
  ) {
    this.proposal = proposal;
    const titleId = uniqueId('proposal-title');
    let reviewControls: HTMLElement;
    if (canReview) {
      const reasonId = uniqueId('reject-reason');
      const reason = h('input', { id: reasonId, name: 'reason', type: 'text', autocomplete: 'off' });
      const apply = h('button', { type: 'button', class: 'primary' }, 'Apply');
      const reject = h('button', { type: 'button', class: 'danger' }, 'Reject');
      this.applyButton = apply;
      apply.addEventListener('click', () => void this.decide([apply, reject], () => this.actions.apply(this.proposal), 'Applied'));
      reject.addEventListener('click', () => {
        const text = reason.value.trim();
        if (text === '') {
          this.say('Say why you reject it first (the proposer sees the reason).', true);
          reason.focus();
          return;
        }
        void this.decide([apply, reject], () => this.actions.reject(this.proposal, text), 'Rejected');
      });
      reviewControls = h(
        'div',
        { class: 'actions' },
        apply,
        h('div', { class: 'grow' }, h('label', { for: reasonId }, 'Reason for rejecting'), reason),
        reject,
      );
    } else {
      reviewControls = h('p', { class: 'meta' }, 'Only reviewers can apply or reject proposals.');
    }
    const owner = proposal.owner?.id ? `${proposal.owner.id}${proposal.owner.kind ? ` (${proposal.owner.kind})` : ''}` : 'none named';
    this.element = h(
      'article',
      { class: 'card proposal', 'aria-labelledby': titleId, 'data-proposal-id': proposal.id },
      h(
        'div',
        { class: 'card-head' },
        h('h3', { id: titleId }, humanize(proposal.intent)),
        h('span', { class: 'meta' }, proposal.files.join(', ')),
      ),
      h('p', {}, proposal.rationale ?? h('span', { class: 'meta' }, 'No rationale given.')),
      h(
        'dl',
        { class: 'facts' },
        h('dt', {}, 'Owner'),
        h('dd', {}, owner),
        h('dt', {}, 'Proposed by'),
        h('dd', {}, proposal.proposedBy),
        h('dt', {}, 'Confidence'),
        h('dd', {}, humanize(proposal.confidence)),
        h('dt', {}, 'Sources'),
        h(
          'dd',
          {},
          proposal.sources.length === 0
            ? 'none'
            : h(
                'ul',
                {},
                proposal.sources.map((source) => h('li', {}, `${humanize(source.type)}${source.ref ? `: ${source.ref}` : ''}`)),
              ),
        ),
        h('dt', {}, 'Staged'),
        h('dd', {}, formatDateTime(proposal.stagedAt)),
        h('dt', {}, 'Expires'),
        this.expiry,
      ),
      this.blocked,
      this.driftList,
      this.diff,
      reviewControls,
      this.outcome,
    );
    this.update(proposal);
  }

  update(proposal: Proposal): void {
    const diffChanged = proposal.diff !== this.proposal.diff || this.diff.childElementCount === 0;
    this.proposal = proposal;
    const expired = Date.parse(proposal.expiresAt) <= Date.now();
    this.expiry.textContent = `${formatDateTime(proposal.expiresAt)} (${expired ? 'expired' : fromNow(proposal.expiresAt)})`;
    const problems: HTMLElement[] = [];
    if (expired) problems.push(h('p', { class: 'blocked expired' }, 'Expired: this proposal can no longer be applied.'));
    if (proposal.applyBlockedBy) {
      const { reason, message } = proposal.applyBlockedBy;
      problems.push(
        h(
          'div',
          { class: 'blocked', 'data-blocked': reason },
          reason === 'TARGET_DRIFT'
            ? 'Drift: what this proposal edits changed after it was staged, so applying it now is refused. Reject it, or ask for a fresh proposal.'
            : `Cannot apply as it stands (${humanize(reason)}).`,
          h('details', {}, h('summary', {}, 'Details'), message),
        ),
      );
    }
    setChildren(this.blocked, problems);
    if (this.applyButton) this.applyButton.disabled = expired;
    if (diffChanged) {
      setChildren(
        this.diff,
        proposal.diff
          ? h('details', { open: true }, h('summary', {}, 'What applying would change'), diffView(proposal.diff, proposal.files))
          : h('p', { class: 'meta' }, 'No diff available.'),
      );
    }
  }

  private async decide(buttons: HTMLButtonElement[], send: () => Promise<Decision>, done: string): Promise<void> {
    if (buttons.some(isBusy)) return;
    setBusy(buttons, true);
    this.say('Sending…', false);
    try {
      const decision = await send();
      if (decision.status === 'APPLIED' || decision.status === 'REJECTED') {
        this.say(`${done}.`, false);
        return;
      }
      // Still staged: say why, plainly, with what drifted.
      this.say(`${decision.message}${decision.reason ? ` (${humanize(decision.reason)})` : ''}`, true);
      if (decision.drift.length > 0) {
        setChildren(
          this.driftList,
          h(
            'div',
            { class: 'blocked', 'data-drift': '' },
            'Drift: changed after the proposal was staged:',
            h(
              'ul',
              {},
              decision.drift.map((drift) =>
                h(
                  'li',
                  { title: `expected ${drift.expected}, found ${drift.found}` },
                  `${drift.file}${drift.sectionId ? ` § ${drift.sectionId}` : ''}: ${DRIFT_WORDS[drift.policy]}`,
                ),
              ),
            ),
          ),
        );
      }
    } catch (error) {
      this.say(`Not sent: ${(error as Error).message}`, true);
    }
    setBusy(buttons, false);
  }

  private say(message: string, bad: boolean): void {
    this.outcome.className = bad ? 'outcome bad' : 'outcome';
    this.outcome.textContent = message;
  }
}

/** What each drift check found, in words (the hashes stay in a tooltip). */
const DRIFT_WORDS: Record<Decision['drift'][number]['policy'], string> = {
  SECTION_CONTENT_MATCH: 'the section’s text changed',
  SECTION_RESOLVABLE: 'the section can no longer be found',
  FILE_ABSENT: 'the document now exists',
  FILE_PRESENT: 'the document is gone',
  FILE_CONTENT_MATCH: 'the document’s text changed',
};

/** A unified diff, one line per row; the +/- signs stay, so colour is never the only cue. */
function diffView(diff: string, files: readonly string[]): HTMLElement {
  const lines = diff.endsWith('\n') ? diff.slice(0, -1).split('\n') : diff.split('\n');
  return h(
    'pre',
    { class: 'diff', tabindex: 0, role: 'region', 'aria-label': `Diff of ${files.join(', ')}` },
    lines.map((line) => h('span', { class: lineClass(line) }, line === '' ? ' ' : line)),
  );
}

function lineClass(line: string): string {
  if (line.startsWith('+++') || line.startsWith('---') || line.startsWith('diff ') || line.startsWith('Index')) return 'meta-line';
  if (line.startsWith('@@')) return 'hunk';
  if (line.startsWith('+')) return 'add';
  if (line.startsWith('-')) return 'del';
  return '';
}
