import type { Grading } from './grading.js';
import type { Outcome } from './run-enums.js';
import type { StepErrorCode } from './step-error-code.js';
import { callNextInstruction, incompleteRunMessage, runFinishedInstruction } from './step-messages.js';
import type { Vocabulary } from './vocabulary.js';

/** The answer of attest. */
export interface AttestPayload {
  runId: string;
  uri: string;
  outcome: Outcome;
  /** The caller's message when rated; the reason otherwise. */
  message: string;
  /** The bonus recorded (0 when nothing was rated). */
  qualityBonus: number;
  /** ISO 8601; null when nothing was rated. */
  ratedAt: string | null;
  errorCode: StepErrorCode | null;
  nextAction: string;
  /** How the run was graded (issue 24); absent before 0.3 and when nothing was rated. */
  grading?: Grading | null;
}

export function attestedPayload(args: {
  runId: string;
  uri: string;
  outcome: Outcome;
  message: string;
  qualityBonus: number;
  ratedAt: string;
}): AttestPayload {
  return { ...args, errorCode: null, nextAction: runFinishedInstruction(args.runId).nextAction };
}

/** Attest SUCCESS refused: the run stays open and the agent is sent back to the pending step. */
export function incompleteRunPayload(args: {
  runId: string;
  uri: string;
  pendingStepUri: string;
  firstUnprovenRequiredStepIndex: number;
  stepCount: number;
  vocabulary: Vocabulary;
}): AttestPayload {
  return {
    runId: args.runId,
    uri: args.uri,
    outcome: 'SUCCESS',
    message: incompleteRunMessage(args.firstUnprovenRequiredStepIndex, args.stepCount, args.vocabulary),
    qualityBonus: 0,
    ratedAt: null,
    errorCode: 'INCOMPLETE_RUN',
    nextAction: callNextInstruction(args.pendingStepUri, args.runId, args.vocabulary).nextAction,
  };
}
