/** Builds the data answers of attest (src/model/run-answers.ts); each door words them. */
import type { AttestAnswer } from '../model/run-answers.js';
import type { Outcome } from '../model/run-enums.js';

export function attestedAnswer(args: {
  runId: string;
  uri: string;
  outcome: Outcome;
  message: string;
  qualityBonus: number;
  ratedAt: string;
}): AttestAnswer {
  const { message, ...rest } = args;
  return { ...rest, notice: { kind: 'TEXT', text: message }, errorCode: null, instruction: { kind: 'RUN_FINISHED', runId: args.runId } };
}

/** Attest SUCCESS refused: the run stays open and the agent is sent back to the pending step. */
export function incompleteRunAnswer(args: {
  runId: string;
  uri: string;
  pendingStepUri: string;
  firstUnprovenRequiredStepIndex: number;
  stepCount: number;
}): AttestAnswer {
  return {
    runId: args.runId,
    uri: args.uri,
    outcome: 'SUCCESS',
    notice: { kind: 'INCOMPLETE_RUN', stepIndex: args.firstUnprovenRequiredStepIndex, stepCount: args.stepCount },
    qualityBonus: 0,
    ratedAt: null,
    errorCode: 'INCOMPLETE_RUN',
    instruction: { kind: 'CALL_NEXT', uri: args.pendingStepUri, runId: args.runId },
  };
}
