/** attest as a pure transition of the run state machine (see run-transitions.ts). */
import type { AttestAnswer, Instruction, RunNotice } from '../model/run-answers.js';
import type { Outcome } from '../model/run-enums.js';
import type { RunState } from '../model/run-state.js';
import type { StepErrorCode } from '../model/refusal-codes.js';
import { attestedAnswer, incompleteRunAnswer } from './attest-answers.js';
import { attestQualityBonus } from './quality.js';
import type { AttestRating } from './quality.js';
import { pendingStep, pendingView, progressOf } from './run-view.js';
import { attestReadiness } from './step-navigation.js';

export interface AttestTransition {
  state: RunState;
  answer: AttestAnswer;
  /** Set when the run was rated: count it on each of `qualityTargetUris` (quality.countAttest). */
  rating: AttestRating | null;
  /** The attested step and the protocol head, once each. */
  qualityTargetUris: string[];
}

export function applyAttest(
  state: RunState,
  request: { uri: string; outcome: Outcome; message: string; qualityBonus?: number | null; llmModelId?: string | null; now: Date },
): AttestTransition {
  const unchanged = (answer: AttestAnswer): AttestTransition => ({ state, answer, rating: null, qualityTargetUris: [] });
  const refused = (errorCode: StepErrorCode, notice: RunNotice, instruction: Instruction) =>
    unchanged({
      runId: state.runId,
      uri: request.uri,
      outcome: request.outcome,
      notice,
      qualityBonus: 0,
      ratedAt: null,
      errorCode,
      instruction,
    });

  const head = state.steps[0];
  if (!head) throw new RangeError('a run has at least one step');
  if (state.status === 'CLOSED') {
    return refused('RUN_CLOSED', { kind: 'RUN_CLOSED', runId: state.runId }, { kind: 'BEGIN_AGAIN', uri: head.uri });
  }
  if (!state.steps.some((step) => step.uri === request.uri)) {
    return refused('NOT_FOUND', { kind: 'STEP_NOT_IN_RUN', uri: request.uri }, pendingView(state).instruction);
  }
  if (request.outcome === 'SUCCESS') {
    const readiness = attestReadiness(progressOf(state));
    if (!readiness.ready) {
      return unchanged(
        incompleteRunAnswer({
          runId: state.runId,
          uri: request.uri,
          pendingStepUri: pendingStep(state).uri,
          firstUnprovenRequiredStepIndex: readiness.firstUnprovenRequiredStepIndex,
          stepCount: state.steps.length,
        }),
      );
    }
  }
  const ratedAt = request.now.toISOString();
  const rating: AttestRating = {
    outcome: request.outcome,
    qualityBonus: attestQualityBonus(request.outcome, request.qualityBonus ?? 0),
    ratedAt,
    rater: request.llmModelId,
    message: request.message,
  };
  return {
    state: { ...state, status: 'CLOSED', outcome: request.outcome, pendingNonce: null, pendingPromptId: null },
    answer: attestedAnswer({
      runId: state.runId,
      uri: request.uri,
      outcome: request.outcome,
      message: request.message,
      qualityBonus: rating.qualityBonus,
      ratedAt,
    }),
    rating,
    qualityTargetUris: [...new Set([request.uri, head.uri])],
  };
}
