/** A run in full: its event timeline (live) and the proof recorded for each step. */
import type { LiveRunQuery } from '../../generated/ui/graphql.js';
import { byId, h, setChildren } from '../dom.js';
import { eventLabel, formatDateTime, formatTime, humanize, shortHash } from '../format.js';
import type { LiveState } from '../live-state.js';
import { runProgress } from '../live-state.js';
import { RunQuery } from '../operations.js';
import { describeChallenge } from '../challenge-text.js';
import { renderMarkdown } from '../markdown.js';
import type { Http } from '../transport.js';

type Proof = NonNullable<LiveRunQuery['run']>['proofs'][number];
type ProtocolStep = NonNullable<NonNullable<LiveRunQuery['run']>['protocol']>['steps'][number];

/** The run's steps (as the protocol reads now) with where the run stands on each. */
interface StepView {
  index: number;
  uri: string;
  step: ProtocolStep | null;
}

export interface RunDetail {
  open(runId: string): void;
  unmount(): void;
}

export function mountRunDetail(state: LiveState, http: Http): RunDetail {
  const dialog = byId<HTMLDialogElement>('run-detail');
  let runId: string | null = null;
  let proofs: Proof[] | null = null;
  let steps: StepView[] | null = null;
  let proofError: string | null = null;
  let loadedAtEvents = -1;

  const loadProofs = async (id: string) => {
    loadedAtEvents = state.runEvents(id).length;
    try {
      const { run } = await http(RunQuery, { id });
      if (runId !== id) return;
      proofs = run?.proofs ?? [];
      const byUri = new Map(run?.protocol?.steps.map((step) => [step.uri, step]) ?? []);
      steps = run?.stepUris.map((uri, index) => ({ index: index + 1, uri, step: byUri.get(uri) ?? null })) ?? [];
      proofError = null;
      if (run) state.upsertRuns([run]);
    } catch (error) {
      proofError = (error as Error).message;
    }
    render();
  };

  // Built once: live updates refill the parts, so focus (on Close, say) stays put.
  const title = h('h2', { id: 'run-detail-title' });
  const status = h('span', { class: 'badge' });
  const summaryLine = h('span', { class: 'meta' });
  const timeline = h('ol', { class: 'timeline' });
  const proofList = h('div', {});
  const stepList = h('div', {});
  // Rebuilt only when the steps are fetched again, so an opened step stays open across live updates.
  let renderedSteps: StepView[] | null | undefined;
  setChildren(
    dialog,
    h('div', { class: 'dialog-head' }, title, status, summaryLine, h('button', { type: 'button', onclick: () => dialog.close() }, 'Close')),
    h(
      'div',
      { class: 'dialog-body' },
      h('section', { 'aria-labelledby': 'run-steps-title' }, h('h3', { id: 'run-steps-title' }, 'Steps'), stepList),
      h('section', { 'aria-labelledby': 'run-timeline-title' }, h('h3', { id: 'run-timeline-title' }, 'Timeline'), timeline),
      h('section', { 'aria-labelledby': 'run-proofs-title' }, h('h3', { id: 'run-proofs-title' }, 'Proofs'), proofList),
    ),
  );

  const render = () => {
    if (!runId) return;
    const summary = state.run(runId);
    if (!summary) return;
    const events = state.runEvents(runId);
    const progress = runProgress(summary, events);
    dialog.dataset.runId = runId;
    title.textContent = summary.protocolLabel;
    status.className = `badge ${progress.status}`;
    status.textContent = humanize(progress.status);
    summaryLine.textContent = `${progress.settledSteps} of ${progress.stepCount} steps settled · started ${formatDateTime(summary.createdAt)}`;
    setChildren(
      timeline,
      events.map((event) =>
        h(
          'li',
          { 'data-seq': event.seq, 'data-type': event.type },
          h('span', { class: 'seq' }, `#${event.seq}`),
          h('time', { datetime: event.at }, formatTime(event.at)),
          h(
            'span',
            {},
            eventLabel(event),
            event.errorCode ? ` · ${humanize(event.errorCode)}` : '',
            event.message ? h('span', { class: 'meta' }, ` — ${event.message}`) : null,
          ),
        ),
      ),
    );
    setChildren(
      proofList,
      proofError ? h('p', { class: 'outcome bad' }, `Could not load the proofs: ${proofError}`) : null,
      proofs === null
        ? h('p', { class: 'meta' }, 'Loading…')
        : proofs.length === 0
          ? h('p', { class: 'meta' }, 'No proof recorded yet.')
          : h('ul', { class: 'proofs' }, proofs.map(proofItem)),
    );
    if (steps !== renderedSteps) {
      renderedSteps = steps;
      const pending = summary.pendingStepIndex;
      setChildren(
        stepList,
        steps === null
          ? h('p', { class: 'meta' }, 'Loading…')
          : h(
              'ol',
              { class: 'steps' },
              steps.map((view) => stepItem(view, pending, proofs ?? [])),
            ),
      );
    }
    // New events may come with new proofs: fetch them again (events arrive live, proofs by query).
    if (events.length !== loadedAtEvents && proofs !== null) void loadProofs(runId);
  };

  const unlisten = state.onChange((change) => {
    if (change === 'runs' && dialog.open) render();
  });
  const onClose = () => {
    runId = null;
    proofs = null;
    steps = null;
  };
  dialog.addEventListener('close', onClose);

  return {
    open(id) {
      runId = id;
      proofs = null;
      steps = null;
      renderedSteps = undefined;
      proofError = null;
      render();
      if (!dialog.open) dialog.showModal();
      void loadProofs(id);
    },
    unmount() {
      unlisten();
      dialog.removeEventListener('close', onClose);
      if (dialog.open) dialog.close();
    },
  };
}

function stepItem(view: StepView, pendingStepIndex: number | null, proofs: readonly Proof[]): HTMLElement {
  const proven = proofs.find((proof) => proof.settled && proof.stepIndex === view.index);
  const state = proven
    ? `Proven by ${proven.source === 'HUMAN' ? 'a person' : 'the agent'}`
    : pendingStepIndex === view.index
      ? 'Waiting for proof'
      : pendingStepIndex !== null && view.index > pendingStepIndex
        ? 'Not reached'
        : 'Settled without proof';
  const label = view.step?.label ?? 'This step was deleted from the protocol';
  return h(
    'li',
    { 'data-step': view.index, 'data-pending': pendingStepIndex === view.index },
    h('div', {}, h('strong', {}, label), ' ', h('span', { class: 'meta' }, state)),
    view.step ? h('p', { class: 'challenge-text' }, describeChallenge(view.step.challenge)) : null,
    view.step
      ? h(
          'details',
          { open: pendingStepIndex === view.index },
          h('summary', {}, 'Step text'),
          h('div', { class: 'step-content markdown' }, renderMarkdown(view.step.text)),
        )
      : null,
  );
}

function proofItem(proof: Proof): HTMLElement {
  const details: (HTMLElement | string)[] = [];
  if (proof.userInput) details.push(h('div', {}, 'Reply: ', h('q', {}, proof.userInput.confirmation)));
  if (proof.comment) details.push(h('div', {}, 'Comment: ', h('q', {}, proof.comment.text)));
  if (proof.mcp) details.push(h('div', {}, `Tool ${proof.mcp.toolName}: ${proof.mcp.success ? 'succeeded' : 'failed'}`));
  if (proof.shell) {
    details.push(
      h(
        'div',
        {},
        `Exit code ${proof.shell.exitCode}${proof.shell.durationSeconds === null ? '' : ` after ${proof.shell.durationSeconds} s`}`,
      ),
    );
    if (proof.shell.stdout) details.push(h('pre', { class: 'output', 'aria-label': 'Standard output' }, proof.shell.stdout));
    if (proof.shell.stderr) details.push(h('pre', { class: 'output', 'aria-label': 'Standard error' }, proof.shell.stderr));
  }
  return h(
    'li',
    { 'data-step': proof.stepIndex },
    h(
      'div',
      {},
      h('strong', {}, `Step ${proof.stepIndex}`),
      ' ',
      h('span', { class: `badge ${proof.status}` }, humanize(proof.status)),
      ' ',
      h(
        'span',
        { class: 'meta' },
        `${humanize(proof.type)} · by ${proof.source === 'HUMAN' ? 'a person' : 'the agent'} · ${formatDateTime(proof.executedAt)}${proof.settled ? '' : ' · not settled (failed attempt)'}`,
      ),
    ),
    ...details,
    h(
      'div',
      { class: 'meta' },
      'Proof hash ',
      h('code', { class: 'hash', title: proof.proofHash }, shortHash(proof.proofHash)),
      ' · after ',
      h('code', { class: 'hash', title: proof.previousProofHash }, shortHash(proof.previousProofHash)),
    ),
  );
}
