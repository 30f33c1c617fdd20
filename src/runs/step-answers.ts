/** Builds the data answers of begin and next (src/model/run-answers.ts); each door words them. */
import type { ChallengeView, CurrentStep, Instruction, RunNotice, StepAnswer } from '../model/run-answers.js';
import type { StepErrorCode } from '../model/refusal-codes.js';
import { retriesExhausted } from './retry-policy.js';
import { displayStepContent } from './step-content.js';
import type { NextTarget } from './step-navigation.js';

export function currentStepView(step: {
  uri: string;
  label?: string | null;
  text: string;
  stepIndex: number;
  stepCount: number;
}): CurrentStep {
  return {
    uri: step.uri,
    content: displayStepContent(step.text),
    mimeType: 'text/markdown',
    stepIndex: step.stepIndex,
    stepCount: step.stepCount,
    label: step.label?.trim() || null,
  };
}

export interface TargetContext {
  runId: string;
  /** Step uris in order: index 0 is step 1. */
  stepUris: readonly string[];
  /** The pending step's prompt, needed when the target is AWAIT_HUMAN. */
  humanPrompt?: { promptId: string; prompt: string } | null;
  /** A begin response: a protocol of one step without a challenge says "Single-step protocol." */
  atBegin?: boolean;
}

/** Turns a navigation target into the answer's notice and instruction. */
export function instructionForTarget(target: NextTarget, context: TargetContext): { notice: RunNotice | null; instruction: Instruction } {
  const uri = context.stepUris[target.stepIndex - 1];
  const runId = context.runId;
  if (uri === undefined) throw new RangeError(`no step ${target.stepIndex}`);
  switch (target.operation) {
    case 'NEXT':
      return { notice: null, instruction: { kind: 'CALL_NEXT', uri, runId } };
    case 'AWAIT_HUMAN': {
      const human = context.humanPrompt;
      if (!human) throw new Error('AWAIT_HUMAN needs the pending prompt');
      return { notice: null, instruction: { kind: 'AWAIT_HUMAN', uri, runId, promptId: human.promptId, prompt: human.prompt } };
    }
    case 'ATTEST':
      return {
        notice: { kind: context.atBegin && context.stepUris.length === 1 ? 'SINGLE_STEP' : 'STEPS_COMPLETE' },
        instruction: { kind: 'CALL_ATTEST', uri, runId },
      };
  }
}

/** A begin or successful next: the step now pending and what to call next. */
export function stepAnswer(args: {
  runId: string;
  currentStep: CurrentStep;
  challenge: ChallengeView;
  instruction: Instruction;
  notice?: RunNotice | null;
  proofHash?: string | null;
}): StepAnswer {
  return {
    mustObey: true,
    runId: args.runId,
    currentStep: args.currentStep,
    challenge: args.challenge,
    notice: args.notice ?? null,
    instruction: args.instruction,
    proofHash: args.proofHash ?? null,
    errorCode: null,
    retryCount: 0,
  };
}

/**
 * A failed attempt at the pending step. `retryCount` is the count after this failure; from
 * MAX_RETRIES on, the code, notice and instruction give way to MAX_RETRIES_EXCEEDED's
 * three options and `mustObey` turns false. The challenge stays the pending one, so its nonce
 * and proofHash are the values to echo.
 */
export function stepErrorAnswer(args: {
  runId: string;
  currentStep: CurrentStep;
  challenge: ChallengeView;
  errorCode: StepErrorCode;
  notice: RunNotice;
  instruction: Instruction;
  retryCount: number;
}): StepAnswer {
  const exhausted = retriesExhausted(args.retryCount);
  return {
    mustObey: !exhausted,
    runId: args.runId,
    currentStep: args.currentStep,
    challenge: args.challenge,
    notice: exhausted ? { kind: 'MAX_RETRIES', retryCount: args.retryCount } : args.notice,
    instruction: exhausted ? { kind: 'RECOVERY_OPTIONS', uri: args.currentStep.uri, runId: args.runId } : args.instruction,
    proofHash: null,
    errorCode: exhausted ? 'MAX_RETRIES_EXCEEDED' : args.errorCode,
    retryCount: args.retryCount,
  };
}

/** A run-level answer with no step to show (RUN_NOT_FOUND, RUN_CLOSED). */
export function runErrorAnswer(args: { runId: string; errorCode: StepErrorCode; notice: RunNotice; instruction: Instruction }): StepAnswer {
  return {
    mustObey: true,
    runId: args.runId,
    currentStep: null,
    challenge: null,
    notice: args.notice,
    instruction: args.instruction,
    proofHash: null,
    errorCode: args.errorCode,
    retryCount: 0,
  };
}
