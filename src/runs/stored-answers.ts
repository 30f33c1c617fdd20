/**
 * The one mapping between the answers the rules give (src/model/run-answers.ts) and what a run
 * document keeps of them (src/store/run-store.ts): a settled proof's answer, replayed when the
 * same solution is sent again, and a rated attest. A 0.2 document kept the words its door wrote;
 * they read back as they are.
 */
import type { AttestAnswer, StepAnswer } from '../model/run-answers.js';
import type { StoredAttestation, StoredStepResponse } from '../model/run-records.js';
import { attestedAnswer } from './attest-answers.js';

export function storedStepResponse(answer: StepAnswer): StoredStepResponse {
  return { format: 'step-answer/1', answer };
}

export function answerOfStoredResponse(stored: StoredStepResponse): StepAnswer {
  if (stored.format === 'step-answer/1') return stored.answer;
  const { message, nextAction, nextCall, challenge, ...rest } = stored;
  return {
    ...rest,
    challenge: challenge ? { ...challenge, description: { kind: 'TEXT', text: challenge.description } } : null,
    notice: message === null ? null : { kind: 'TEXT', text: message },
    instruction: { kind: 'TEXT', text: nextAction, nextCall },
  };
}

export function storedAttestation(answer: AttestAnswer & { ratedAt: string }, message: string): StoredAttestation {
  return {
    runId: answer.runId,
    uri: answer.uri,
    outcome: answer.outcome,
    message,
    qualityBonus: answer.qualityBonus,
    ratedAt: answer.ratedAt,
    ...(answer.grading ? { grading: answer.grading } : {}),
  };
}

export function answerOfStoredAttestation(stored: StoredAttestation): AttestAnswer {
  return {
    ...attestedAnswer({
      runId: stored.runId,
      uri: stored.uri,
      outcome: stored.outcome,
      message: stored.message,
      qualityBonus: stored.qualityBonus,
      ratedAt: stored.ratedAt,
    }),
    grading: stored.grading ?? null,
  };
}
