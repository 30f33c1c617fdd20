/**
 * What a run transition writes, as pure code: the run document's new events (numbered from its
 * eventSeq), the prompts it opens and closes, the proofs it keeps, and what an attest counts.
 * The service loads the run, asks run-transitions.ts what happens, asks this module what to
 * write, and hands the result to RunStore.commit (one conditional write) and then to the feeds.
 */
import { createHash } from 'node:crypto';
import { MAX_FAILED_ATTEMPT_EVENTS, MAX_FAILED_PROOF_BYTES, MAX_STORED_EVIDENCE_BYTES } from '../limits.js';
import type { RunNotice } from '../model/run-answers.js';
import type { RunState } from '../model/run-state.js';
import type { PromptStatus, RunEventType, RunStatus } from '../model/run-enums.js';
import type { PromptRecord, RunCommit, RunEventRecord, RunRecord, StoredAttestation, StoredProof } from '../model/run-records.js';
import type { AttestCount, RunUsage } from '../model/run-records.js';
import { canonicalJson } from './canonical-json.js';
import { truncateUtf8 } from './proof-record.js';
import { effectiveChallenge, requiresHuman, userInputPrompt } from './challenge-display.js';
import type { AttestTransition } from './attest-transition.js';
import type { StepTransition } from './run-transitions.js';
import { isEveryStepSettled } from './run-view.js';
import { storedAttestation, storedStepResponse } from './stored-answers.js';
import type { SolutionInput } from './solution-input.js';
import { displayStepContent } from './step-content.js';
import type { StepErrorCode } from '../model/refusal-codes.js';

/** One transition, ready to write and then to publish. */
export interface RunChange {
  commit: RunCommit;
  /** The run's status once written. */
  status: RunStatus;
  /** The new events, in seq order. */
  events: RunEventRecord[];
  /** Prompts opened or closed by the transition, as they are after it. */
  prompts: PromptRecord[];
}

/** A person's answer that the transition applies (answerPrompt). */
export interface PromptAnswer {
  prompt: PromptRecord;
  by: string;
}

type EventDetails = { stepIndex?: number | null; errorCode?: StepErrorCode | null; notice?: RunNotice | null; message?: string | null };

/** The new run's first write: STARTED, its first prompt if step 1 asks a person, COMPLETED if nothing is left to prove. */
export function beginChange(run: RunRecord, now: Date): RunChange {
  const events = new EventList(run, now);
  events.add('STARTED');
  const prompt = issuedPrompt(run, null, run.state, now);
  if (prompt) events.add('PROMPT_ISSUED', { stepIndex: prompt.stepIndex });
  if (run.status === 'COMPLETED') events.add('COMPLETED');
  const begun: RunRecord = { ...run, events: events.list, prompts: prompt ? [prompt] : [], eventSeq: run.eventSeq + events.list.length };
  return { commit: { run: begun, update: null }, status: run.status, events: events.list, prompts: begun.prompts };
}

/**
 * A next or an answered prompt. Null when it changes nothing (closed run, unknown uri, a
 * settled step asked again): nothing is written.
 */
export function stepChange(
  run: RunRecord,
  transition: StepTransition,
  options: { now: Date; expiresAt: Date; answer?: PromptAnswer; solutionDigest?: string; trace?: string | null },
): RunChange | null {
  const before = run.state;
  const after = transition.state;
  if (after === before && !transition.proof) return null;
  const { now, answer: promptAnswer } = options;
  const answer = transition.answer;
  const events = new EventList(run, now);
  // Past the cap a failed attempt adds no event at all (nor the answer that caused it: a declined
  // prompt stays pending and can be answered, and declined, again).
  const failedAttempt = !transition.proof?.settled && answer.errorCode !== null;
  const recorded = !failedAttempt || failedAttemptEvents(run) < MAX_FAILED_ATTEMPT_EVENTS;
  if (promptAnswer && recorded) events.add('PROMPT_ANSWERED', { stepIndex: promptAnswer.prompt.stepIndex });
  if (transition.proof?.settled) {
    events.add(transition.proof.record.status === 'success' ? 'STEP_PROVEN' : 'STEP_FAILED', {
      stepIndex: transition.proof.record.stepIndex,
    });
  } else if (answer.errorCode) {
    const type: RunEventType =
      answer.errorCode === 'MAX_RETRIES_EXCEEDED' ? 'MAX_RETRIES' : answer.errorCode === 'MISSING_PROOF' ? 'PROOF_MISSING' : 'STEP_FAILED';
    if (recorded) events.add(type, { stepIndex: before.pendingStepIndex, errorCode: answer.errorCode, notice: answer.notice });
  } else if (after.pendingStepIndex > before.pendingStepIndex) {
    events.add('STEP_PROVEN', { stepIndex: before.pendingStepIndex, message: 'no proof required' });
  }
  const opened = issuedPrompt(run, before, after, now);
  if (opened) events.add('PROMPT_ISSUED', { stepIndex: opened.stepIndex });
  const settled = isEveryStepSettled(after);
  if (settled && !isEveryStepSettled(before)) events.add('COMPLETED');

  // A prompt whose step is no longer pending is answered (by a person, or by the agent's proof).
  const leftBehind = before.pendingPromptId && before.pendingPromptId !== after.pendingPromptId ? [before.pendingPromptId] : [];
  const answered = [...new Set([...(promptAnswer ? [promptAnswer.prompt._id] : []), ...leftBehind])];
  const prompts = changePrompts(run.prompts, {
    close: answered,
    status: 'ANSWERED',
    at: now,
    by: promptAnswer?.by ?? run.principalId,
    open: opened,
  });

  // A proof proves the step as the run showed it: the version it had when the run began.
  const provenVersion = transition.proof ? before.steps[transition.proof.record.stepIndex - 1]?.version : undefined;
  const proofs: StoredProof[] = transition.proof
    ? [
        {
          ...transition.proof,
          response: transition.proof.settled ? storedStepResponse(answer) : null,
          ...(provenVersion === undefined ? {} : { stepVersion: provenVersion }),
          ...(promptAnswer ? { answeredBy: promptAnswer.by } : {}),
          ...(options.solutionDigest ? { solutionDigest: options.solutionDigest } : {}),
          ...(options.trace ? { trace: truncateUtf8(options.trace, MAX_STORED_EVIDENCE_BYTES) } : {}),
        },
      ]
    : [];
  const status: RunStatus = settled ? 'COMPLETED' : 'ACTIVE';
  return {
    commit: {
      run,
      update: {
        status,
        state: after,
        newProofs: keptProofs(run, proofs),
        newEvents: events.list,
        prompts: prompts?.all,
        now,
        expiresAt: options.expiresAt,
      },
    },
    status,
    events: events.list,
    prompts: prompts?.changed ?? [],
  };
}

/** A rated attest: ATTESTED, open prompts expire, and the attest waits in the run to be counted. */
export function attestChange(
  run: RunRecord,
  transition: AttestTransition & { rating: NonNullable<AttestTransition['rating']> },
  pendingUsage: AttestCount,
  now: Date,
): RunChange {
  const attestation = storedAttestation({ ...transition.answer, ratedAt: transition.rating.ratedAt }, transition.rating.message);
  return closingChange(run, 'ATTESTED', transition.state, now, { attestation, pendingUsage, message: transition.rating.outcome });
}

/** An idle run expires: its prompts expire with it. */
export function expiryChange(run: RunRecord, now: Date): RunChange {
  return closingChange(run, 'EXPIRED', { ...run.state, status: 'CLOSED', pendingNonce: null, pendingPromptId: null }, now, {});
}

function closingChange(
  run: RunRecord,
  status: 'ATTESTED' | 'EXPIRED',
  state: RunState,
  now: Date,
  extra: { attestation?: StoredAttestation; pendingUsage?: AttestCount; message?: string },
): RunChange {
  const events = new EventList(run, now);
  events.add(status, { message: extra.message ?? null });
  const open = run.prompts.filter((prompt) => prompt.status === 'OPEN').map((prompt) => prompt._id);
  const prompts = changePrompts(run.prompts, { close: open, status: 'EXPIRED', at: now, by: null, open: null });
  const { message: _message, ...written } = extra;
  return {
    commit: {
      run,
      update: { status, state, newProofs: [], newEvents: events.list, prompts: prompts?.all, now, expiresAt: run.expiresAt, ...written },
    },
    status,
    events: events.list,
    prompts: prompts?.changed ?? [],
  };
}

/** What an attested run adds to the usage counters: every proof it kept, on its step, and the attest. */
export function runUsage(run: RunRecord, attest: AttestCount): RunUsage {
  const proofCounts = new Map<string, { successes: number; failures: number }>();
  for (const proof of run.proofs) {
    const entry = proofCounts.get(proof.record.stepUri) ?? { successes: 0, failures: 0 };
    if (proof.record.status === 'success') entry.successes++;
    else entry.failures++;
    proofCounts.set(proof.record.stepUri, entry);
  }
  return { runId: run._id, space: run.space, proofCounts, attest };
}

/** SHA-256 of the solution's canonical JSON: a resubmitted nonce must carry the same solution. */
export function solutionDigest(solution: SolutionInput): string {
  let text: string;
  try {
    text = canonicalJson(solution);
  } catch {
    text = JSON.stringify(solution);
  }
  return createHash('sha256').update(text).digest('hex');
}

/** Events numbered after the run's last one. */
class EventList {
  readonly list: RunEventRecord[] = [];

  constructor(
    private readonly run: RunRecord,
    private readonly now: Date,
  ) {}

  add(type: RunEventType, details: EventDetails = {}): void {
    const stepIndex = details.stepIndex ?? null;
    this.list.push({
      runId: this.run._id,
      seq: this.run.eventSeq + this.list.length + 1,
      space: this.run.space,
      type,
      stepUri: stepIndex ? (this.run.stepUris[stepIndex - 1] ?? null) : null,
      stepIndex,
      stepCount: this.run.stepUris.length,
      errorCode: details.errorCode ?? null,
      ...(details.notice ? { notice: details.notice } : {}),
      message: details.message ?? null,
      at: this.now,
    });
  }
}

/** Closes the named open prompts and appends a new one; null when nothing changes. */
function changePrompts(
  prompts: readonly PromptRecord[],
  change: { close: readonly string[]; status: Exclude<PromptStatus, 'OPEN'>; at: Date; by: string | null; open: PromptRecord | null },
): { all: PromptRecord[]; changed: PromptRecord[] } | null {
  const changed: PromptRecord[] = [];
  const all = prompts.map((prompt) => {
    if (prompt.status !== 'OPEN' || !change.close.includes(prompt._id)) return prompt;
    const closed = { ...prompt, status: change.status, at: change.at, answeredBy: change.by };
    changed.push(closed);
    return closed;
  });
  if (change.open) {
    all.push(change.open);
    changed.push(change.open);
  }
  return changed.length > 0 ? { all, changed } : null;
}

/** A new prompt when the pending step became a user_input challenge with a fresh prompt id. */
function issuedPrompt(run: RunRecord, before: RunState | null, after: RunState, now: Date): PromptRecord | null {
  if (!after.pendingPromptId || after.pendingPromptId === before?.pendingPromptId) return null;
  const step = after.steps[after.pendingStepIndex - 1];
  if (!step) return null;
  const challenge = effectiveChallenge(step.challenge);
  return {
    _id: after.pendingPromptId,
    runId: run._id,
    space: run.space,
    principalId: run.principalId,
    stepUri: step.uri,
    stepIndex: after.pendingStepIndex,
    protocolLabel: run.protocol.label,
    prompt: userInputPrompt(challenge),
    stepContent: displayStepContent(step.text),
    requireHuman: requiresHuman(challenge),
    status: 'OPEN',
    createdAt: now,
    at: now,
    answeredBy: null,
  };
}

/** An event of a failed attempt: the only kind an agent can add without bound (a settled step's carries no error code). */
function isFailedAttempt(event: RunEventRecord): boolean {
  return event.errorCode !== null;
}

function failedAttemptEvents(run: RunRecord): number {
  let count = 0;
  for (const event of run.events) if (isFailedAttempt(event)) count++;
  return count;
}

/** Events as a run keeps them: every other event, and the first MAX_FAILED_ATTEMPT_EVENTS failed attempts. */
export function withinFailedAttemptCap(events: readonly RunEventRecord[]): RunEventRecord[] {
  let failures = 0;
  return events.filter((event) => !isFailedAttempt(event) || ++failures <= MAX_FAILED_ATTEMPT_EVENTS);
}

/**
 * Failed attempts are kept only while the run's failed records stay under MAX_FAILED_PROOF_BYTES,
 * so a run document never reaches MongoDB's size limit; settled proofs are always kept (they
 * are the hash chain, and their size is bounded by the step cap and the evidence cap).
 */
function keptProofs(run: RunRecord, proofs: StoredProof[]): StoredProof[] {
  let failedBytes = 0;
  for (const proof of run.proofs) if (!proof.settled) failedBytes += Buffer.byteLength(JSON.stringify(proof.record), 'utf8');
  return proofs.filter(
    (proof) => proof.settled || failedBytes + Buffer.byteLength(JSON.stringify(proof.record), 'utf8') <= MAX_FAILED_PROOF_BYTES,
  );
}
