import { describe, expect, it } from 'vitest';
import {
  advancePastPending,
  attestReadiness,
  displayedStepIndex,
  nextTarget,
  outlineStep,
  routeNextCall,
  startProgress,
} from '../../src/runs/step-navigation.js';
import type { RunProgress, StepOutline } from '../../src/runs/step-navigation.js';

const proof: StepOutline = { hasChallenge: true, required: true, requiresHuman: false };
const optional: StepOutline = { hasChallenge: true, required: false, requiresHuman: false };
const none: StepOutline = { hasChallenge: false, required: false, requiresHuman: false };
const human: StepOutline = { hasChallenge: true, required: true, requiresHuman: true };

const at = (steps: StepOutline[], pendingStepIndex: number): RunProgress => ({ steps, pendingStepIndex });

describe('outlineStep', () => {
  it('reads hasChallenge, required and requiresHuman from the stored challenge', () => {
    expect(outlineStep(null)).toEqual(none);
    expect(outlineStep({ type: 'SHELL', required: true, shell: { cmd: 'x', timeoutSeconds: 1 } })).toEqual(proof);
    expect(outlineStep({ type: 'COMMENT', required: false })).toEqual(optional);
    expect(outlineStep({ type: 'USER_INPUT', required: true, userInput: { requireHuman: true } })).toEqual(human);
  });
});

describe('routeNextCall', () => {
  const run = at([proof, proof, proof, none], 2);

  it('proves the pending step when uri is the pending step or the one after it', () => {
    expect(routeNextCall(run, { requestedStepIndex: 2, hasSolution: true })).toEqual({ kind: 'PROVE_PENDING', stepIndex: 2 });
    expect(routeNextCall(run, { requestedStepIndex: 3, hasSolution: true })).toEqual({ kind: 'PROVE_PENDING', stepIndex: 2 });
  });

  it('answers MISSING_PROOF for a uri further ahead, even with a solution', () => {
    expect(routeNextCall(run, { requestedStepIndex: 4, hasSolution: true })).toEqual({ kind: 'MISSING_PROOF', stepIndex: 2 });
  });

  it('answers MISSING_PROOF for no solution where the pending step requires one', () => {
    expect(routeNextCall(run, { requestedStepIndex: 3, hasSolution: false })).toEqual({ kind: 'MISSING_PROOF', stepIndex: 2 });
  });

  it('skips a pending step that requires nothing when no solution is sent', () => {
    expect(routeNextCall(at([proof, optional, proof], 2), { requestedStepIndex: 3, hasSolution: false })).toEqual({
      kind: 'SKIP_PENDING',
      stepIndex: 2,
    });
    expect(routeNextCall(at([proof, none, proof], 2), { requestedStepIndex: 2, hasSolution: false })).toEqual({
      kind: 'SKIP_PENDING',
      stepIndex: 2,
    });
  });

  it('treats a step before the pending one as already settled', () => {
    expect(routeNextCall(run, { requestedStepIndex: 1, hasSolution: true })).toEqual({ kind: 'ALREADY_SETTLED', stepIndex: 2 });
  });

  it('answers NOT_FOUND for a uri outside the protocol', () => {
    for (const requestedStepIndex of [null, 0, 5, 1.5]) {
      expect(routeNextCall(run, { requestedStepIndex, hasSolution: true })).toEqual({ kind: 'NOT_FOUND' });
    }
  });

  it('answers RUN_COMPLETE once every step is settled', () => {
    expect(routeNextCall(at([proof, none], 3), { requestedStepIndex: 2, hasSolution: true })).toEqual({ kind: 'RUN_COMPLETE' });
  });
});

describe('nextTarget (what nextAction names)', () => {
  it('names the step after the pending one', () => {
    expect(nextTarget(at([proof, proof, proof], 1))).toEqual({ operation: 'NEXT', stepIndex: 2 });
    expect(nextTarget(at([proof, none, proof], 2))).toEqual({ operation: 'NEXT', stepIndex: 3 });
  });

  it('names the last step itself when it is pending and has a challenge', () => {
    expect(nextTarget(at([proof, proof], 2))).toEqual({ operation: 'NEXT', stepIndex: 2 });
    expect(nextTarget(at([proof, optional], 2))).toEqual({ operation: 'NEXT', stepIndex: 2 });
  });

  it('names the single step of a one-step protocol with a challenge', () => {
    expect(nextTarget(startProgress([proof]))).toEqual({ operation: 'NEXT', stepIndex: 1 });
  });

  it('asks for attest when the pending last step has no challenge, or every step is settled', () => {
    expect(nextTarget(at([proof, none], 2))).toEqual({ operation: 'ATTEST', stepIndex: 2 });
    expect(nextTarget(startProgress([none]))).toEqual({ operation: 'ATTEST', stepIndex: 1 });
    expect(nextTarget(at([proof, proof], 3))).toEqual({ operation: 'ATTEST', stepIndex: 2 });
  });

  it('waits for a person on a person-only pending step', () => {
    expect(nextTarget(at([proof, human, proof], 2))).toEqual({ operation: 'AWAIT_HUMAN', stepIndex: 2 });
  });
});

describe('progress', () => {
  it('advances one step at a time and shows the last step once settled', () => {
    let progress = startProgress([proof, none]);
    expect(displayedStepIndex(progress)).toBe(1);
    progress = advancePastPending(advancePastPending(progress));
    expect(progress.pendingStepIndex).toBe(3);
    expect(displayedStepIndex(progress)).toBe(2);
    expect(advancePastPending(progress)).toBe(progress);
  });

  it('refuses an empty protocol', () => {
    expect(() => startProgress([])).toThrow(RangeError);
  });
});

describe('attestReadiness', () => {
  it('is ready when no step from the pending one on is required', () => {
    expect(attestReadiness(at([proof, none], 2))).toEqual({ ready: true });
    expect(attestReadiness(at([proof, optional], 2))).toEqual({ ready: true });
    expect(attestReadiness(at([proof, proof], 3))).toEqual({ ready: true });
  });

  it('names the pending step and the first unproven required one otherwise', () => {
    expect(attestReadiness(at([proof, optional, proof], 2))).toEqual({
      ready: false,
      pendingStepIndex: 2,
      firstUnprovenRequiredStepIndex: 3,
    });
    expect(attestReadiness(startProgress([proof]))).toEqual({ ready: false, pendingStepIndex: 1, firstUnprovenRequiredStepIndex: 1 });
  });
});
