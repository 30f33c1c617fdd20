/** The live page's merge rules, without a browser: dedupe by seq, progress, which prompts are open. */
import { describe, expect, it } from 'vitest';
import {
  isPromptStillOpen,
  LiveState,
  mergeEvent,
  type Prompt,
  type RunEvent,
  runProgress,
  type RunSummary,
} from '../../src/ui/live-state.js';

const at = (second: number) => new Date(Date.UTC(2026, 10, 21, 12, 0, second)).toISOString();

function event(seq: number, type: RunEvent['type'], stepIndex: number | null, second = seq): RunEvent {
  return { runId: 'run-1', seq, type, stepIndex, stepCount: 3, errorCode: null, message: null, at: at(second) };
}

function prompt(promptId: string, stepIndex: number, second: number): Prompt {
  return {
    promptId,
    runId: 'run-1',
    space: 'user:local',
    stepIndex,
    protocolLabel: 'Gate',
    prompt: 'Go?',
    stepContent: '',
    requireHuman: false,
    status: 'OPEN',
    createdAt: at(second),
    at: at(second),
  };
}

const summary: RunSummary = {
  id: 'run-1',
  status: 'ACTIVE',
  space: 'user:local',
  protocolLabel: 'Gate',
  stepCount: 3,
  pendingStepIndex: 1,
  outcome: null,
  createdAt: at(0),
  updatedAt: at(1),
};

describe('mergeEvent', () => {
  it('keeps seq order and refuses a seq it already has', () => {
    const merged = [event(3, 'STEP_PROVEN', 1), event(1, 'STARTED', null), event(2, 'PROMPT_ISSUED', 1)].reduce<RunEvent[]>(
      (events, next) => mergeEvent(events, next) ?? events,
      [],
    );
    expect(merged.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(mergeEvent(merged, event(2, 'PROMPT_ISSUED', 1))).toBeNull();
  });
});

describe('runProgress', () => {
  it('counts settled steps from the summary, then from the events, and all of them once completed', () => {
    expect(runProgress(summary, [])).toMatchObject({ status: 'ACTIVE', settledSteps: 0, stepCount: 3, lastEvent: null, activeAt: at(1) });
    const proven = [event(1, 'STARTED', null), event(2, 'STEP_PROVEN', 1), event(3, 'STEP_PROVEN', 2)];
    expect(runProgress(summary, proven)).toMatchObject({ status: 'ACTIVE', settledSteps: 2, activeAt: at(3) });
    expect(runProgress(summary, [...proven, event(4, 'COMPLETED', null)])).toMatchObject({ status: 'COMPLETED', settledSteps: 3 });
    // A summary fetched later than the events it replays is not rolled back.
    expect(runProgress({ ...summary, status: 'ATTESTED', pendingStepIndex: 3 }, proven).status).toBe('ATTESTED');
  });

  it('counts only proven steps of a run that expired midway (its pendingStepIndex is null)', () => {
    const expired = { ...summary, status: 'EXPIRED' as const, pendingStepIndex: null };
    expect(runProgress(expired, [event(1, 'STARTED', null), event(2, 'STEP_PROVEN', 1), event(3, 'EXPIRED', null)])).toMatchObject({
      status: 'EXPIRED',
      settledSteps: 1,
    });
    expect(
      runProgress(expired, [
        event(1, 'STARTED', null),
        event(2, 'STEP_PROVEN', 1),
        event(3, 'STEP_PROVEN', 2),
        event(4, 'COMPLETED', null),
        event(5, 'EXPIRED', null),
      ]).settledSteps,
    ).toBe(3);
    expect(runProgress({ ...summary, status: 'COMPLETED', pendingStepIndex: null }, []).settledSteps).toBe(3);
  });
});

describe('LiveState.keepRecentRuns', () => {
  it('forgets finished runs beyond the limit, oldest first, and keeps open ones and those with a prompt', () => {
    const state = new LiveState();
    const run = (id: string, second: number, status: RunSummary['status']): RunSummary => ({
      ...summary,
      id,
      status,
      updatedAt: at(second),
      pendingStepIndex: status === 'ACTIVE' ? 1 : null,
    });
    state.upsertRuns([
      run('new', 50, 'ACTIVE'),
      run('old-active', 1, 'ACTIVE'),
      run('old-attested', 2, 'ATTESTED'),
      run('older-expired', 3, 'EXPIRED'),
      run('asking', 4, 'ATTESTED'),
      run('recent-done', 40, 'ATTESTED'),
    ]);
    state.applyPrompt({ ...prompt('p1', 1, 4), runId: 'asking' });
    state.keepRecentRuns(2);
    expect(state.runList().map((entry) => entry.summary.id)).toEqual(['new', 'recent-done', 'asking', 'old-active']);
  });
});

describe('isPromptStillOpen', () => {
  const issued = [event(1, 'STARTED', null), event(2, 'PROMPT_ISSUED', 1)];

  it('is open until its step is answered; a re-issued prompt for the same step stays open', () => {
    const first = prompt('p1', 1, 2);
    expect(isPromptStillOpen(first, issued)).toBe(true);
    // Declined: answered, failed, and asked again in one transition (same instant).
    const declined = [...issued, event(3, 'PROMPT_ANSWERED', 1, 5), event(4, 'STEP_FAILED', 1, 5), event(5, 'PROMPT_ISSUED', 1, 5)];
    expect(isPromptStillOpen(first, declined)).toBe(false);
    expect(isPromptStillOpen(prompt('p2', 1, 5), declined)).toBe(true);
  });

  it('closes on a proof of its step by the agent, or the end of the run', () => {
    expect(isPromptStillOpen(prompt('p1', 1, 2), [...issued, event(3, 'STEP_PROVEN', 1)])).toBe(false);
    expect(isPromptStillOpen(prompt('p1', 1, 2), [...issued, event(3, 'EXPIRED', null)])).toBe(false);
    expect(isPromptStillOpen(prompt('p1', 1, 2), [...issued, event(3, 'STEP_FAILED', 1)])).toBe(true);
  });

  it('trusts the prompt feed while its issue event has not arrived', () => {
    expect(isPromptStillOpen(prompt('p9', 2, 40), issued)).toBe(true);
  });
});

describe('LiveState', () => {
  it('drops a prompt whose answer it learns from the run events (missed during a disconnect)', () => {
    const state = new LiveState();
    state.upsertRuns([summary]);
    for (const e of [event(1, 'STARTED', null), event(2, 'PROMPT_ISSUED', 1)]) expect(state.addRunEvent(e)).toBe(true);
    state.applyPrompt(prompt('p1', 1, 2));
    expect(state.openPrompts().map((p) => p.promptId)).toEqual(['p1']);
    expect(state.addRunEvent(event(2, 'PROMPT_ISSUED', 1))).toBe(false);
    state.addRunEvent(event(3, 'PROMPT_ANSWERED', 1));
    expect(state.openPrompts()).toEqual([]);
    // The prompt feed replaying it later does not bring it back.
    state.applyPrompt(prompt('p1', 1, 2));
    expect(state.openPrompts()).toEqual([]);
    expect(state.lastSeq('run-1')).toBe(3);
  });
});
