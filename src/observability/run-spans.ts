import type { Attributes } from '@opentelemetry/api';
import type { AttestAnswer, StepAnswer } from '../model/run-answers.js';
import { SPAN_ATTRIBUTES } from './span-attributes.js';

const MAX_SENT_LENGTH = 256;

export type RunTransitionName = 'begin' | 'next' | 'attest' | 'answerPrompt';

/** The span of one run transition: `kairos.run next`, with what is known before the rules answer. */
export function runSpan(transition: RunTransitionName, request: { uri?: string | null; runId?: string | null }): [string, Attributes] {
  return [
    `kairos.run ${transition}`,
    // As the caller sent them, before any check: cut to the length a real URI or id has.
    {
      [SPAN_ATTRIBUTES.runTransition]: transition,
      [SPAN_ATTRIBUTES.protocolUri]: request.uri?.slice(0, MAX_SENT_LENGTH),
      [SPAN_ATTRIBUTES.runId]: request.runId?.slice(0, MAX_SENT_LENGTH),
    },
  ];
}

/** What a step answer tells an operator: the run, the step, its challenge, the instruction, a refusal. */
export function stepAnswerAttributes(answer: StepAnswer): Attributes {
  return {
    [SPAN_ATTRIBUTES.runId]: answer.runId,
    [SPAN_ATTRIBUTES.protocolUri]: answer.currentStep?.uri,
    [SPAN_ATTRIBUTES.stepIndex]: answer.currentStep?.stepIndex,
    [SPAN_ATTRIBUTES.challengeType]: answer.challenge?.type,
    [SPAN_ATTRIBUTES.runOutcome]: answer.instruction.kind,
    [SPAN_ATTRIBUTES.refusalCode]: answer.errorCode ?? undefined,
  };
}

export function attestAnswerAttributes(answer: AttestAnswer): Attributes {
  return {
    [SPAN_ATTRIBUTES.runId]: answer.runId,
    [SPAN_ATTRIBUTES.protocolUri]: answer.uri,
    [SPAN_ATTRIBUTES.runOutcome]: answer.outcome,
    [SPAN_ATTRIBUTES.refusalCode]: answer.errorCode ?? undefined,
  };
}
