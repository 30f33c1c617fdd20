/** How a run state is shown: the pending step with its challenge, notice and instruction. */
import type { ChallengeView, CurrentStep, Instruction, RunNotice } from '../model/run-answers.js';
import type { RunState, RunStep } from '../model/run-state.js';
import { displayChallenge, effectiveChallenge, requiresHuman, userInputPrompt } from './challenge-display.js';
import { allStepsSettled, displayedStepIndex, nextTarget, outlineStep } from './step-navigation.js';
import type { RunProgress } from './step-navigation.js';
import { currentStepView, instructionForTarget } from './step-answers.js';

export interface PendingView {
  runId: string;
  currentStep: CurrentStep;
  challenge: ChallengeView;
  instruction: Instruction;
  notice: RunNotice | null;
}

/** The pending step as shown, or the last step with an optional, nonce-less challenge when done. */
export function pendingView(state: RunState, options: { atBegin?: boolean } = {}): PendingView {
  const progress = progressOf(state);
  const index = displayedStepIndex(progress);
  const step = state.steps[index - 1];
  if (!step) throw new RangeError(`no step ${index}`);
  const done = allStepsSettled(progress);
  const stored = done ? null : step.challenge;
  const challenge = displayChallenge({
    stored,
    nonce: done ? null : state.pendingNonce,
    proofHash: state.lastProofHash,
    promptId: state.pendingPromptId,
    ...(state.tensors && { tensors: state.tensors }),
  });
  const human =
    !done && stored && requiresHuman(effectiveChallenge(stored))
      ? { promptId: state.pendingPromptId ?? '', prompt: userInputPrompt(effectiveChallenge(stored)) }
      : null;
  const { notice, instruction } = instructionForTarget(nextTarget(progress), {
    runId: state.runId,
    stepUris: state.steps.map((s) => s.uri),
    humanPrompt: human,
    atBegin: options.atBegin ?? false,
  });
  return {
    runId: state.runId,
    currentStep: currentStepView({ uri: step.uri, label: step.label, text: step.text, stepIndex: index, stepCount: state.steps.length }),
    challenge,
    instruction,
    notice,
  };
}

export function progressOf(state: RunState): RunProgress {
  return { steps: state.steps.map((step) => outlineStep(step.challenge)), pendingStepIndex: state.pendingStepIndex };
}

export function pendingStep(state: RunState): RunStep {
  const step = state.steps[state.pendingStepIndex - 1];
  if (!step) throw new RangeError('every step is settled');
  return step;
}

/** Every step is settled (the run is COMPLETED): no step waits for a proof, only attest remains. */
export function isEveryStepSettled(state: RunState): boolean {
  return allStepsSettled(progressOf(state));
}
