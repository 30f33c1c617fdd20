/**
 * What the page knows, merged from queries and subscriptions. Pure: no DOM, no network, so the
 * rules (dedupe by seq, progress, which prompts are still open) are unit-tested directly.
 */
import type {
  LivePromptsSubscription,
  LiveProposalFragment,
  LiveRunProgressSubscription,
  LiveRunSummaryFragment,
  LiveViewerQuery,
  RunStatus,
} from '../generated/ui/graphql.js';

export type Viewer = LiveViewerQuery['me'];
export type RunSummary = LiveRunSummaryFragment;
export type RunEvent = LiveRunProgressSubscription['runProgress'];
export type Prompt = LivePromptsSubscription['challengePrompts'];
export type Proposal = LiveProposalFragment;

export type Change = 'runs' | 'prompts' | 'proposals';

/** A run closes for good with these events: no event follows them. */
const FINAL_EVENTS = new Set<RunEvent['type']>(['ATTESTED', 'EXPIRED']);
const STATUS_RANK: Record<RunStatus, number> = { ACTIVE: 0, COMPLETED: 1, ATTESTED: 2, EXPIRED: 2 };
const STATUS_OF_EVENT: Partial<Record<RunEvent['type'], RunStatus>> = { COMPLETED: 'COMPLETED', ATTESTED: 'ATTESTED', EXPIRED: 'EXPIRED' };

/** Inserts an event in seq order; null when that seq is already there (a replay after reconnect). */
export function mergeEvent(events: readonly RunEvent[], event: RunEvent): RunEvent[] | null {
  let index = events.length;
  while (index > 0 && events[index - 1]!.seq > event.seq) index--;
  if (index > 0 && events[index - 1]!.seq === event.seq) return null;
  return [...events.slice(0, index), event, ...events.slice(index)];
}

export interface RunProgress {
  status: RunStatus;
  /** Steps settled so far (the progress bar's value). */
  settledSteps: number;
  stepCount: number;
  lastEvent: RunEvent | null;
  /** The latest activity: the last event, else the run's own update time. */
  activeAt: string;
}

/** The run as of the newest of the fetched summary and the events seen since. */
export function runProgress(summary: RunSummary, events: readonly RunEvent[]): RunProgress {
  let status = summary.status;
  // pendingStepIndex is null once no step waits: every step settled, or the run closed early
  // (an expired run counts the steps its events show proven).
  let settledSteps =
    summary.pendingStepIndex !== null ? summary.pendingStepIndex - 1 : summary.status === 'EXPIRED' ? 0 : summary.stepCount;
  for (const event of events) {
    const reached = STATUS_OF_EVENT[event.type];
    if (reached && STATUS_RANK[reached] > STATUS_RANK[status]) status = reached;
    if (event.type === 'STEP_PROVEN' && event.stepIndex !== null) settledSteps = Math.max(settledSteps, event.stepIndex);
  }
  // A completed run has settled every step, the last one (no challenge) included.
  if (status === 'COMPLETED' || status === 'ATTESTED' || events.some((event) => event.type === 'COMPLETED'))
    settledSteps = summary.stepCount;
  const lastEvent = events.at(-1) ?? null;
  const activeAt = lastEvent && lastEvent.at > summary.updatedAt ? lastEvent.at : summary.updatedAt;
  return { status, settledSteps: Math.min(settledSteps, summary.stepCount), stepCount: summary.stepCount, lastEvent, activeAt };
}

/**
 * Whether an OPEN prompt is still waiting, judged by its run's events (which are exact after a
 * reconnect, where prompt changes missed during the cut are not replayed). The prompt was issued
 * by the PROMPT_ISSUED event of its step with the same time; any later answer or proof of that
 * step, a later prompt (a run has one pending prompt at a time), or the run's end closes it.
 */
export function isPromptStillOpen(prompt: Prompt, events: readonly RunEvent[]): boolean {
  const issued = events.find(
    (event) => event.type === 'PROMPT_ISSUED' && event.stepIndex === prompt.stepIndex && sameInstant(event.at, prompt.createdAt),
  );
  // Not seen yet (the run's events are still arriving): trust the prompt feed.
  if (!issued) return true;
  return !events.some(
    (event) =>
      event.seq > issued.seq &&
      (event.type === 'PROMPT_ISSUED' ||
        event.type === 'COMPLETED' ||
        FINAL_EVENTS.has(event.type) ||
        ((event.type === 'PROMPT_ANSWERED' || event.type === 'STEP_PROVEN') && event.stepIndex === prompt.stepIndex)),
  );
}

function sameInstant(a: string, b: string): boolean {
  return Date.parse(a) === Date.parse(b);
}

export function isFinished(events: readonly RunEvent[]): boolean {
  return events.some((event) => FINAL_EVENTS.has(event.type));
}

export class LiveState {
  viewer: Viewer | null = null;
  private readonly runs = new Map<string, RunSummary>();
  private readonly events = new Map<string, RunEvent[]>();
  private readonly prompts = new Map<string, Prompt>();
  private proposals = new Map<string, Proposal>();
  private readonly listeners = new Set<(change: Change) => void>();

  onChange(listener: (change: Change) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(change: Change): void {
    for (const listener of this.listeners) listener(change);
  }

  hasRun(runId: string): boolean {
    return this.runs.has(runId);
  }

  upsertRuns(summaries: readonly RunSummary[]): void {
    for (const summary of summaries) this.runs.set(summary.id, summary);
    this.emit('runs');
  }

  run(runId: string): RunSummary | undefined {
    return this.runs.get(runId);
  }

  runEvents(runId: string): readonly RunEvent[] {
    return this.events.get(runId) ?? [];
  }

  /** The seq to resume a run's subscription after (0: from the start). */
  lastSeq(runId: string): number {
    return this.events.get(runId)?.at(-1)?.seq ?? 0;
  }

  /** False for a duplicate (same run and seq seen before). */
  addRunEvent(event: RunEvent): boolean {
    const merged = mergeEvent(this.events.get(event.runId) ?? [], event);
    if (!merged) return false;
    this.events.set(event.runId, merged);
    this.emit('runs');
    // A run event can close a prompt whose own change was missed during a disconnect.
    let closed = false;
    for (const prompt of this.prompts.values()) {
      if (prompt.runId === event.runId && !isPromptStillOpen(prompt, merged)) {
        this.prompts.delete(prompt.promptId);
        closed = true;
      }
    }
    if (closed) this.emit('prompts');
    return true;
  }

  /**
   * Forgets finished runs (attested or expired) beyond the `limit` most recently active, so a page
   * left open on a busy server stays bounded; a run still going or waiting for a person stays.
   */
  keepRecentRuns(limit: number): void {
    let dropped = false;
    for (const { summary, progress } of this.runList().slice(limit)) {
      const closed = progress.status === 'ATTESTED' || progress.status === 'EXPIRED';
      if (!closed || [...this.prompts.values()].some((prompt) => prompt.runId === summary.id)) continue;
      this.runs.delete(summary.id);
      this.events.delete(summary.id);
      dropped = true;
    }
    if (dropped) this.emit('runs');
  }

  /** Runs newest activity first, with their progress. */
  runList(): { summary: RunSummary; progress: RunProgress }[] {
    return [...this.runs.values()]
      .map((summary) => ({ summary, progress: runProgress(summary, this.runEvents(summary.id)) }))
      .sort((a, b) => (a.progress.activeAt < b.progress.activeAt ? 1 : a.progress.activeAt > b.progress.activeAt ? -1 : 0));
  }

  applyPrompt(prompt: Prompt): void {
    if (prompt.status === 'OPEN' && isPromptStillOpen(prompt, this.runEvents(prompt.runId))) this.prompts.set(prompt.promptId, prompt);
    else this.prompts.delete(prompt.promptId);
    this.emit('prompts');
  }

  removePrompt(promptId: string): void {
    if (this.prompts.delete(promptId)) this.emit('prompts');
  }

  /** Open prompts, oldest first. */
  openPrompts(): Prompt[] {
    return [...this.prompts.values()].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  }

  /** Replaces the staged list (a fresh query is the whole truth). */
  setStagedProposals(proposals: readonly Proposal[]): void {
    this.proposals = new Map(proposals.filter((proposal) => proposal.status === 'STAGED').map((proposal) => [proposal.id, proposal]));
    this.emit('proposals');
  }

  removeProposal(id: string): void {
    if (this.proposals.delete(id)) this.emit('proposals');
  }

  proposal(id: string): Proposal | undefined {
    return this.proposals.get(id);
  }

  /** Staged proposals, oldest first (the one waiting longest on top). */
  stagedProposals(): Proposal[] {
    return [...this.proposals.values()].sort((a, b) => (a.stagedAt < b.stagedAt ? -1 : a.stagedAt > b.stagedAt ? 1 : 0));
  }

  canReview(): boolean {
    return this.viewer?.role === 'REVIEWER' || this.viewer?.role === 'ADMIN';
  }
}
