/**
 * The run as a pure state machine: begin → next… → attest (attest-transition.ts), plus
 * answerPrompt. Each function takes the stored RunState and a request and returns the new
 * state, the answer as data (src/model/run-answers.ts: each door words it), and what the
 * service must persist (proof records, quality counts). No I/O: nonces, prompt ids and the clock
 * come in from the caller, so a service only loads, calls, saves (with a version check) and
 * publishes.
 */
import type { Instruction, MissingProof, RunNotice, StepAnswer } from '../model/run-answers.js';
import type { RunState, RunStep } from '../model/run-state.js';
import type { StepErrorCode } from '../model/refusal-codes.js';
import type { Challenge } from '../protocol/challenge.js';
import { commentMinLength, effectiveChallenge, requiresHuman, userInputPrompt } from './challenge-display.js';
import { genesisProofHash } from './proof-hash.js';
import type { ProofRecord } from './proof-record.js';
import { retryCountAfter } from './retry-policy.js';
import { pendingStep, pendingView, progressOf } from './run-view.js';
import { shellInvocationDisplay } from './shell-invocation.js';
import { checkSolution } from './solution-check.js';
import { tensorBytes, tensorConditionHolds } from './tensor-check.js';
import type { ProofSource, SolutionInput } from './solution-input.js';
import { stepAnswer, stepErrorAnswer, runErrorAnswer } from './step-answers.js';
import { advancePastPending, routeNextCall } from './step-navigation.js';

export type { RunState, RunStep } from '../model/run-state.js';

/** Fresh identifiers, injected so the transitions stay deterministic under test. */
export interface IdSource {
  newNonce(): string;
  newPromptId(): string;
}

/** A proof to store in the run's history; `settled` ones are part of the hash chain. */
export interface ProofToStore {
  record: ProofRecord;
  proofHash: string;
  settled: boolean;
}

export interface StepTransition {
  state: RunState;
  answer: StepAnswer;
  /** The proof this call produced, if any: count it on its step (quality.countProof). */
  proof: ProofToStore | null;
}

export function beginRun(args: {
  runId: string;
  steps: readonly RunStep[];
  ids: IdSource;
  /** The caller named a later step and was sent to step 1. */
  redirected?: boolean;
}): StepTransition {
  if (args.steps.length === 0) throw new RangeError('a protocol has at least one step');
  const opened: RunState = {
    runId: args.runId,
    status: 'OPEN',
    steps: args.steps,
    pendingStepIndex: 0,
    pendingNonce: null,
    pendingPromptId: null,
    lastProofHash: genesisProofHash(args.runId),
    retryCount: 0,
    outcome: null,
  };
  const state = enterStep(opened, 1, args.ids);
  const view = pendingView(state, { atBegin: true });
  const notice = view.notice ?? (args.redirected ? ({ kind: 'REDIRECTED_TO_FIRST_STEP' } as const) : null);
  return { state, answer: stepAnswer({ ...view, notice }), proof: null };
}

export function applyNext(
  state: RunState,
  request: { uri: string; solution: SolutionInput | null | undefined; now: Date },
  ids: IdSource,
): StepTransition {
  if (state.status === 'CLOSED') return closedRun(state, request.uri);
  const requested = state.steps.findIndex((step) => step.uri === request.uri);
  const route = routeNextCall(progressOf(state), {
    requestedStepIndex: requested < 0 ? null : requested + 1,
    hasSolution: request.solution !== null && request.solution !== undefined,
  });
  switch (route.kind) {
    case 'NOT_FOUND': {
      // Shows the pending step again; a wrong uri is not an attempt at it, so retries stay put.
      const answer = stepAnswer({ ...pendingView(state), notice: { kind: 'STEP_NOT_IN_RUN', uri: request.uri } });
      return { state, answer: { ...answer, errorCode: 'NOT_FOUND', retryCount: state.retryCount }, proof: null };
    }
    case 'RUN_COMPLETE':
    case 'ALREADY_SETTLED': {
      const view = pendingView(state);
      const notice = route.kind === 'ALREADY_SETTLED' ? ({ kind: 'ALREADY_SETTLED' } as const) : view.notice;
      return { state, answer: stepAnswer({ ...view, notice }), proof: null };
    }
    case 'SKIP_PENDING': {
      const advanced = settlePending(state, state.lastProofHash, ids);
      return { state: advanced, answer: stepAnswer(pendingView(advanced)), proof: null };
    }
    case 'MISSING_PROOF': {
      const step = pendingStep(state);
      const proof = missingProof(effectiveChallenge(step.challenge), state.pendingPromptId);
      const notice: RunNotice = { kind: 'MISSING_PROOF', uri: step.uri, label: step.label ?? null, proof };
      if (proof.type === 'HUMAN') return awaitingPerson(state, step.uri, proof, notice);
      const instruction: Instruction = { kind: 'PROVE_MISSING', uri: step.uri, runId: state.runId, proof };
      return fail(state, 'MISSING_PROOF', { kind: 'MISSING_PROOF', uri: step.uri, label: step.label ?? null, proof }, instruction, null);
    }
    case 'PROVE_PENDING':
      return conditionFalse(state, ids) ?? provePending(state, request.solution as SolutionInput, 'AGENT', request.now, ids);
  }
}

/**
 * A tensor contract whose KAIROS 4 `condition` does not hold on its inputs: as KAIROS does when
 * the solution arrives, the step is passed over without a proof and the run moves on. Null when
 * the pending step has no such condition, or it holds.
 */
function conditionFalse(state: RunState, ids: IdSource): StepTransition | null {
  const condition = pendingStep(state).challenge?.tensor?.condition;
  if (!condition || pendingStep(state).challenge?.type !== 'TENSOR') return null;
  if (tensorConditionHolds(condition, pendingView(state).challenge.tensorIn ?? {})) return null;
  const stepIndex = state.pendingStepIndex;
  const advanced = settlePending(state, state.lastProofHash, ids);
  return {
    state: advanced,
    answer: stepAnswer({ ...pendingView(advanced), notice: { kind: 'CONDITION_FALSE', stepIndex, condition } }),
    proof: null,
  };
}

/**
 * A person's reply to the pending user_input prompt. Returns null when `promptId` is not the
 * pending prompt of this open run (the service answers NOT_FOUND).
 */
export function applyPromptAnswer(
  state: RunState,
  request: { promptId: string; confirmation: string; now: Date },
  ids: IdSource,
): StepTransition | null {
  if (state.status !== 'OPEN' || state.pendingPromptId === null || state.pendingPromptId !== request.promptId) {
    return null;
  }
  const solution: SolutionInput = {
    type: 'USER_INPUT',
    nonce: state.pendingNonce,
    proofHash: state.lastProofHash,
    userInput: { confirmation: request.confirmation, timestamp: request.now.toISOString() },
  };
  return provePending(state, solution, 'HUMAN', request.now, ids);
}

/** The run as it stands, changing nothing: the pending step (or the closed-run answer). */
export function showRun(state: RunState): StepAnswer {
  if (state.status === 'CLOSED') return closedRun(state, state.steps[0]?.uri ?? '').answer;
  return stepAnswer(pendingView(state));
}

/** For next with a run id the caller cannot see: nothing to show but the way back to begin. */
export function runNotFoundAnswer(runId: string, uri: string): StepAnswer {
  return runErrorAnswer({
    runId,
    errorCode: 'RUN_NOT_FOUND',
    notice: { kind: 'RUN_NOT_FOUND', runId },
    instruction: { kind: 'BEGIN_AGAIN', uri },
  });
}

/** What a skipped pending step still needs, by its challenge type. */
function missingProof(challenge: Challenge, promptId: string | null): MissingProof {
  switch (challenge.type) {
    case 'SHELL':
      return { type: 'SHELL', invocation: shellInvocationDisplay(challenge.shell ?? { cmd: '', timeoutSeconds: 0 }) };
    case 'USER_INPUT': {
      const prompt = challenge.userInput?.prompt?.trim() || null;
      return requiresHuman(challenge) ? { type: 'HUMAN', promptId: promptId ?? '', prompt } : { type: 'USER_INPUT', prompt };
    }
    case 'MCP':
      return { type: 'MCP', toolName: challenge.mcp?.toolName?.trim() || null };
    case 'COMMENT':
      return { type: 'COMMENT', minLength: commentMinLength(challenge) };
    case 'TENSOR':
      return { type: 'TENSOR', name: challenge.tensor?.name ?? '' };
  }
}

function provePending(state: RunState, solution: SolutionInput, source: ProofSource, now: Date, ids: IdSource): StepTransition {
  const step = pendingStep(state);
  const result = checkSolution({
    runId: state.runId,
    step: { uri: step.uri, index: state.pendingStepIndex },
    challenge: step.challenge,
    solution,
    expectedNonce: state.pendingNonce ?? '',
    expectedPreviousHash: state.lastProofHash,
    source,
    now,
    tensorBytesHeld: state.tensorBytes ?? 0,
  });
  if (result.ok) {
    const tensor = result.record.status === 'success' ? result.record.tensor : undefined;
    const proven = tensor
      ? {
          ...state,
          tensors: [...(state.tensors ?? []).filter((kept) => kept.name !== tensor.name), { name: tensor.name, value: tensor.value }],
          tensorBytes: (state.tensorBytes ?? 0) + tensorBytes(tensor.value),
        }
      : state;
    const advanced = settlePending(proven, result.proofHash, ids);
    return {
      state: advanced,
      answer: stepAnswer({ ...pendingView(advanced), proofHash: result.proofHash }),
      proof: { record: result.record, proofHash: result.proofHash, settled: true },
    };
  }
  const instruction: Instruction =
    result.errorCode === 'HUMAN_CONFIRMATION_REQUIRED'
      ? {
          kind: 'AWAIT_HUMAN',
          uri: step.uri,
          runId: state.runId,
          promptId: state.pendingPromptId ?? '',
          prompt: userInputPrompt(effectiveChallenge(step.challenge)),
        }
      : { kind: 'RETRY_NEXT', uri: step.uri, runId: state.runId };
  const failedProof = result.record && result.proofHash ? { record: result.record, proofHash: result.proofHash, settled: false } : null;
  return fail(state, result.errorCode, { kind: 'SOLUTION_REFUSED', refusal: result.refusal }, instruction, failedProof);
}

/**
 * A call without a solution while only a person can prove the pending step: the runner is waiting
 * (polling), not failing, so its retries stay as they are and it is told to wait for the person.
 */
function awaitingPerson(state: RunState, uri: string, proof: Extract<MissingProof, { type: 'HUMAN' }>, notice: RunNotice): StepTransition {
  const view = pendingView(state);
  const prompt = userInputPrompt(effectiveChallenge(pendingStep(state).challenge));
  const instruction: Instruction = { kind: 'AWAIT_HUMAN', uri, runId: state.runId, promptId: proof.promptId, prompt };
  return {
    state,
    answer: stepErrorAnswer({
      runId: state.runId,
      currentStep: view.currentStep,
      challenge: view.challenge,
      errorCode: 'MISSING_PROOF',
      notice,
      instruction,
      retryCount: state.retryCount,
    }),
    proof: null,
  };
}

function fail(
  state: RunState,
  errorCode: StepErrorCode,
  notice: RunNotice,
  instruction: Instruction,
  proof: ProofToStore | null,
): StepTransition {
  const retryCount = retryCountAfter(state.retryCount, errorCode);
  const next = { ...state, retryCount };
  const view = pendingView(next);
  return {
    state: next,
    answer: stepErrorAnswer({
      runId: state.runId,
      currentStep: view.currentStep,
      challenge: view.challenge,
      errorCode,
      notice,
      instruction,
      retryCount,
    }),
    proof,
  };
}

function closedRun(state: RunState, uri: string): StepTransition {
  const known = state.steps.some((step) => step.uri === uri) ? uri : (state.steps[0]?.uri ?? uri);
  return {
    state,
    answer: runErrorAnswer({
      runId: state.runId,
      errorCode: 'RUN_CLOSED',
      notice: { kind: 'RUN_CLOSED', runId: state.runId },
      instruction: { kind: 'BEGIN_AGAIN', uri: known },
    }),
    proof: null,
  };
}

function settlePending(state: RunState, proofHash: string, ids: IdSource): RunState {
  const progress = advancePastPending(progressOf(state));
  return enterStep({ ...state, lastProofHash: proofHash, retryCount: 0 }, progress.pendingStepIndex, ids);
}

/**
 * Makes `index` the pending step, issuing its nonce (and prompt id for user_input). A last step
 * without a challenge has nothing to prove (the instruction says attest), so it is settled at once.
 */
function enterStep(state: RunState, index: number, ids: IdSource): RunState {
  const step = state.steps[index - 1];
  if (!step) return { ...state, pendingStepIndex: index, pendingNonce: null, pendingPromptId: null };
  if (index === state.steps.length && !step.challenge) {
    return { ...state, pendingStepIndex: index + 1, pendingNonce: null, pendingPromptId: null };
  }
  const isUserInput = effectiveChallenge(step.challenge).type === 'USER_INPUT';
  return {
    ...state,
    pendingStepIndex: index,
    pendingNonce: ids.newNonce(),
    pendingPromptId: isUserInput ? ids.newPromptId() : null,
  };
}
