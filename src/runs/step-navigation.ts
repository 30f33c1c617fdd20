import type { Challenge } from '../protocol/challenge.js';
import { effectiveChallenge, requiresHuman } from './challenge-display.js';

/**
 * Where a run stands, as plain data. Steps are numbered from 1. `pendingStepIndex` is the step
 * shown in the last response, whose proof the next solution must carry; it equals
 * `steps.length + 1` once every step is settled (proven, or skipped because nothing was
 * required).
 */
export interface RunProgress {
  steps: readonly StepOutline[];
  pendingStepIndex: number;
}

export interface StepOutline {
  /** The step has its own stored challenge (otherwise it shows the optional default comment). */
  hasChallenge: boolean;
  /** Its proof must succeed before the run moves on. False for steps without a challenge. */
  required: boolean;
  /** Only a person, through answerPrompt, can prove it. */
  requiresHuman: boolean;
}

export function outlineStep(stored: Challenge | null | undefined): StepOutline {
  if (!stored) return { hasChallenge: false, required: false, requiresHuman: false };
  const challenge = effectiveChallenge(stored);
  return { hasChallenge: true, required: challenge.required, requiresHuman: requiresHuman(challenge) };
}

export function startProgress(steps: readonly StepOutline[]): RunProgress {
  if (steps.length === 0) throw new RangeError('a protocol has at least one step');
  return { steps, pendingStepIndex: 1 };
}

export function stepCount(progress: RunProgress): number {
  return progress.steps.length;
}

/** Every step is settled; only attest remains. */
export function allStepsSettled(progress: RunProgress): boolean {
  return progress.pendingStepIndex > progress.steps.length;
}

/** The step a response shows: the pending one, or the last once every step is settled. */
export function displayedStepIndex(progress: RunProgress): number {
  return Math.min(progress.pendingStepIndex, progress.steps.length);
}

/** The pending step is settled; the one after it becomes pending. */
export function advancePastPending(progress: RunProgress): RunProgress {
  if (allStepsSettled(progress)) return progress;
  return { steps: progress.steps, pendingStepIndex: progress.pendingStepIndex + 1 };
}

/**
 * What a `next` call does, decided before any solution is checked:
 * - PROVE_PENDING: a solution is present and `uri` names the pending step or the one after it
 *   (what `nextAction` names); the solution is checked against the pending step.
 * - SKIP_PENDING: no solution, same uris, and the pending step requires no proof: it is settled
 *   without a record and the run moves on.
 * - MISSING_PROOF: no solution where the pending step requires one, or a uri further ahead.
 * - ALREADY_SETTLED: `uri` names a step before the pending one (a repeated call); nothing is
 *   stored and the pending step is shown again.
 * - RUN_COMPLETE: every step is settled; the answer repeats the attest instruction.
 * - NOT_FOUND: `uri` is not a step of the run's protocol.
 */
export type NextCallRoute =
  | { kind: 'PROVE_PENDING'; stepIndex: number }
  | { kind: 'SKIP_PENDING'; stepIndex: number }
  | { kind: 'MISSING_PROOF'; stepIndex: number }
  | { kind: 'ALREADY_SETTLED'; stepIndex: number }
  | { kind: 'RUN_COMPLETE' }
  | { kind: 'NOT_FOUND' };

export interface NextCallRequest {
  /** The requested uri's step index in the run's protocol, or null when it is not one of them. */
  requestedStepIndex: number | null;
  hasSolution: boolean;
}

export function routeNextCall(progress: RunProgress, request: NextCallRequest): NextCallRoute {
  const { requestedStepIndex: requested } = request;
  if (requested === null || !Number.isInteger(requested) || requested < 1 || requested > progress.steps.length) {
    return { kind: 'NOT_FOUND' };
  }
  if (allStepsSettled(progress)) return { kind: 'RUN_COMPLETE' };
  const pending = progress.pendingStepIndex;
  if (requested < pending) return { kind: 'ALREADY_SETTLED', stepIndex: pending };
  if (requested > pending + 1) return { kind: 'MISSING_PROOF', stepIndex: pending };
  if (request.hasSolution) return { kind: 'PROVE_PENDING', stepIndex: pending };
  return pendingStep(progress).required ? { kind: 'MISSING_PROOF', stepIndex: pending } : { kind: 'SKIP_PENDING', stepIndex: pending };
}

/**
 * Which call a response tells the agent to make next (`nextAction`/`nextCall`):
 * - NEXT with the step after the pending one, which is where the agent sends the pending
 *   step's solution;
 * - NEXT with the pending step itself when it is the last step and has a challenge;
 * - AWAIT_HUMAN with the pending step when only a person can prove it: the agent asks the user
 *   to answer through answerPrompt, then calls next with that step and no solution;
 * - ATTEST with the last step when nothing is left to prove (`stepsComplete`).
 */
export type NextTarget =
  { operation: 'NEXT'; stepIndex: number } | { operation: 'AWAIT_HUMAN'; stepIndex: number } | { operation: 'ATTEST'; stepIndex: number };

export function nextTarget(progress: RunProgress): NextTarget {
  const count = progress.steps.length;
  const pending = progress.pendingStepIndex;
  if (pending > count) return { operation: 'ATTEST', stepIndex: count };
  const step = pendingStep(progress);
  if (step.requiresHuman) return { operation: 'AWAIT_HUMAN', stepIndex: pending };
  if (pending < count) return { operation: 'NEXT', stepIndex: pending + 1 };
  return step.hasChallenge ? { operation: 'NEXT', stepIndex: pending } : { operation: 'ATTEST', stepIndex: count };
}

/**
 * Whether `attest` SUCCESS is allowed: every required step must be settled, which is the case
 * when no step from the pending one on is required. FAILURE is always allowed.
 */
export type AttestReadiness = { ready: true } | { ready: false; pendingStepIndex: number; firstUnprovenRequiredStepIndex: number };

export function attestReadiness(progress: RunProgress): AttestReadiness {
  for (let index = progress.pendingStepIndex; index <= progress.steps.length; index++) {
    if (progress.steps[index - 1]?.required) {
      return { ready: false, pendingStepIndex: progress.pendingStepIndex, firstUnprovenRequiredStepIndex: index };
    }
  }
  return { ready: true };
}

function pendingStep(progress: RunProgress): StepOutline {
  const step = progress.steps[progress.pendingStepIndex - 1];
  if (!step) throw new RangeError(`no pending step at ${progress.pendingStepIndex}`);
  return step;
}
