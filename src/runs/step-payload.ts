import type { DisplayedChallenge } from './challenge-display.js';
import { retriesExhausted } from './retry-policy.js';
import type { StepErrorCode } from './step-error-code.js';
import { displayStepContent } from './step-content.js';
import {
  awaitHumanInstruction,
  callAttestInstruction,
  callNextInstruction,
  maxRetriesInstruction,
  maxRetriesMessage,
  singleStepMessage,
  stepsCompleteMessage,
} from './step-messages.js';
import type { Vocabulary } from './vocabulary.js';
import type { Instruction, NextCall } from './step-messages.js';
import type { NextTarget } from './step-navigation.js';

/** The answer of begin and next (reference field names mapped one-to-one to camelCase). */
export interface StepPayload {
  /** True unless retries are exhausted: the agent must follow `nextAction` verbatim. */
  mustObey: boolean;
  runId: string;
  /** Null only for run-level answers (RUN_NOT_FOUND, RUN_CLOSED) that show no step. */
  currentStep: CurrentStep | null;
  /** Null exactly when `currentStep` is. */
  challenge: DisplayedChallenge | null;
  message: string | null;
  nextAction: string;
  nextCall: NextCall;
  /** Hash of the proof just stored (success only); equal to `challenge.proofHash`. */
  proofHash: string | null;
  errorCode: StepErrorCode | null;
  retryCount: number;
}

export interface CurrentStep {
  uri: string;
  /** The step body, BODY markers honoured. */
  content: string;
  mimeType: 'text/markdown';
  stepIndex: number;
  stepCount: number;
}

export function currentStepView(step: { uri: string; text: string; stepIndex: number; stepCount: number }): CurrentStep {
  return {
    uri: step.uri,
    content: displayStepContent(step.text),
    mimeType: 'text/markdown',
    stepIndex: step.stepIndex,
    stepCount: step.stepCount,
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
  vocabulary: Vocabulary;
}

/** Turns a navigation target into the response's `message`, `nextAction` and `nextCall`. */
export function instructionForTarget(
  target: NextTarget,
  context: TargetContext,
): { message: string | null; instruction: Instruction } {
  const uri = context.stepUris[target.stepIndex - 1];
  const v = context.vocabulary;
  if (uri === undefined) throw new RangeError(`no step ${target.stepIndex}`);
  switch (target.operation) {
    case 'NEXT':
      return { message: null, instruction: callNextInstruction(uri, context.runId, v) };
    case 'AWAIT_HUMAN': {
      const human = context.humanPrompt;
      if (!human) throw new Error('AWAIT_HUMAN needs the pending prompt');
      return { message: null, instruction: awaitHumanInstruction(uri, context.runId, human.promptId, human.prompt, v) };
    }
    case 'ATTEST':
      return {
        message: context.atBegin && context.stepUris.length === 1 ? singleStepMessage(v) : stepsCompleteMessage(v),
        instruction: callAttestInstruction(uri, context.runId, v),
      };
  }
}

/** A begin or successful next: the step now pending and what to call next. */
export function stepPayload(args: {
  runId: string;
  currentStep: CurrentStep;
  challenge: DisplayedChallenge;
  instruction: Instruction;
  message?: string | null;
  proofHash?: string | null;
}): StepPayload {
  return {
    mustObey: true,
    runId: args.runId,
    currentStep: args.currentStep,
    challenge: args.challenge,
    message: args.message ?? null,
    nextAction: args.instruction.nextAction,
    nextCall: args.instruction.nextCall,
    proofHash: args.proofHash ?? null,
    errorCode: null,
    retryCount: 0,
  };
}

/**
 * A failed attempt at the pending step. `retryCount` is the count after this failure; from
 * MAX_RETRIES on, the code, message and instruction give way to MAX_RETRIES_EXCEEDED's
 * three options and `mustObey` turns false. The challenge stays the pending one, so its nonce
 * and proofHash are the values to echo.
 */
export function stepErrorPayload(args: {
  runId: string;
  currentStep: CurrentStep;
  challenge: DisplayedChallenge;
  errorCode: StepErrorCode;
  message: string;
  instruction: Instruction;
  retryCount: number;
  vocabulary: Vocabulary;
}): StepPayload {
  const exhausted = retriesExhausted(args.retryCount);
  const instruction = exhausted ? maxRetriesInstruction(args.currentStep.uri, args.runId, args.vocabulary) : args.instruction;
  return {
    mustObey: !exhausted,
    runId: args.runId,
    currentStep: args.currentStep,
    challenge: args.challenge,
    message: exhausted ? maxRetriesMessage(args.retryCount) : args.message,
    nextAction: instruction.nextAction,
    nextCall: instruction.nextCall,
    proofHash: null,
    errorCode: exhausted ? 'MAX_RETRIES_EXCEEDED' : args.errorCode,
    retryCount: args.retryCount,
  };
}

/** A run-level answer with no step to show (RUN_NOT_FOUND, RUN_CLOSED). */
export function runErrorPayload(args: {
  runId: string;
  errorCode: StepErrorCode;
  message: string;
  instruction: Instruction;
}): StepPayload {
  return {
    mustObey: true,
    runId: args.runId,
    currentStep: null,
    challenge: null,
    message: args.message,
    nextAction: args.instruction.nextAction,
    nextCall: args.instruction.nextCall,
    proofHash: null,
    errorCode: args.errorCode,
    retryCount: 0,
  };
}
