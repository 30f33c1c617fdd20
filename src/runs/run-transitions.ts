/**
 * The run as a pure state machine: begin → next… → attest, plus answerPrompt. Each function
 * takes the stored RunState and a request and returns the new state, the payload to answer
 * with, and what the service must persist (proof records, quality counts). No I/O: nonces,
 * prompt ids and the clock come in from the caller, so a service only loads, calls, saves
 * (with a version check) and publishes.
 */
import type { Challenge } from '../protocol/challenge.js';
import { displayChallenge, effectiveChallenge, requiresHuman, userInputPrompt } from './challenge-display.js';
import type { DisplayedChallenge } from './challenge-display.js';
import { attestedPayload, incompleteRunPayload } from './attest-payload.js';
import type { AttestPayload } from './attest-payload.js';
import { genesisProofHash } from './proof-hash.js';
import type { ProofRecord } from './proof-record.js';
import { attestQualityBonus } from './quality.js';
import type { AttestRating } from './quality.js';
import { retryCountAfter } from './retry-policy.js';
import { checkSolution } from './solution-check.js';
import type { Outcome, ProofSource, SolutionInput } from './solution-input.js';
import type { StepErrorCode } from './step-error-code.js';
import {
  ALREADY_SETTLED_MESSAGE,
  awaitHumanInstruction,
  beginAgainInstruction,
  missingProofText,
  REDIRECTED_TO_FIRST_STEP_MESSAGE,
  retryNextInstruction,
  runClosedMessage,
  runNotFoundMessage,
  stepNotInRunMessage,
} from './step-messages.js';
import type { Instruction } from './step-messages.js';
import {
  advancePastPending,
  allStepsSettled,
  attestReadiness,
  displayedStepIndex,
  nextTarget,
  outlineStep,
  routeNextCall,
} from './step-navigation.js';
import type { RunProgress } from './step-navigation.js';
import { currentStepView, instructionForTarget, runErrorPayload, stepErrorPayload, stepPayload } from './step-payload.js';
import type { CurrentStep, StepPayload } from './step-payload.js';
import { GRAPHQL_VOCABULARY, type Vocabulary } from './vocabulary.js';

/** One step of the protocol as the run sees it (a snapshot taken at begin). */
export interface RunStep {
  uri: string;
  label?: string | null;
  /** Stored markdown body; BODY markers are applied when shown. */
  text: string;
  challenge: Challenge | null;
  /** The memory's version when the run began (absent in runs begun before history was kept). */
  version?: number;
}

export interface RunState {
  runId: string;
  status: 'OPEN' | 'CLOSED';
  steps: readonly RunStep[];
  /** 1-based; `steps.length + 1` once every step is settled. */
  pendingStepIndex: number;
  /** Issued with the pending step's challenge; null once every step is settled. */
  pendingNonce: string | null;
  /** Set while the pending step is a user_input challenge, for answerPrompt. */
  pendingPromptId: string | null;
  /** The value to echo as `solution.proofHash`: genesis, then the last settled proof's hash. */
  lastProofHash: string;
  /** Consecutive failures on the pending step. */
  retryCount: number;
  outcome: Outcome | null;
}

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
  payload: StepPayload;
  /** The proof this call produced, if any: count it on its step (quality.countProof). */
  proof: ProofToStore | null;
}

export function beginRun(args: {
  runId: string;
  steps: readonly RunStep[];
  ids: IdSource;
  /** The caller named a later step and was sent to step 1. */
  redirected?: boolean;
  vocabulary?: Vocabulary;
}): StepTransition {
  const vocabulary = args.vocabulary ?? GRAPHQL_VOCABULARY;
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
  const view = pendingView(state, vocabulary, { atBegin: true });
  return {
    state,
    payload: stepPayload({
      ...view,
      message: view.message ?? (args.redirected ? REDIRECTED_TO_FIRST_STEP_MESSAGE : null),
    }),
    proof: null,
  };
}

export function applyNext(
  state: RunState,
  request: { uri: string; solution: SolutionInput | null | undefined; now: Date; vocabulary?: Vocabulary },
  ids: IdSource,
): StepTransition {
  const vocabulary = request.vocabulary ?? GRAPHQL_VOCABULARY;
  if (state.status === 'CLOSED') return closedRun(state, request.uri, vocabulary);
  const requested = state.steps.findIndex((step) => step.uri === request.uri);
  const route = routeNextCall(progressOf(state), {
    requestedStepIndex: requested < 0 ? null : requested + 1,
    hasSolution: request.solution !== null && request.solution !== undefined,
  });
  switch (route.kind) {
    case 'NOT_FOUND': {
      // Shows the pending step again; a wrong uri is not an attempt at it, so retries stay put.
      const view = pendingView(state, vocabulary);
      const payload = stepPayload({ ...view, message: stepNotInRunMessage(request.uri) });
      return { state, payload: { ...payload, errorCode: 'NOT_FOUND', retryCount: state.retryCount }, proof: null };
    }
    case 'RUN_COMPLETE':
    case 'ALREADY_SETTLED': {
      const view = pendingView(state, vocabulary);
      const message = route.kind === 'ALREADY_SETTLED' ? ALREADY_SETTLED_MESSAGE : view.message;
      return { state, payload: stepPayload({ ...view, message }), proof: null };
    }
    case 'SKIP_PENDING': {
      const advanced = settlePending(state, state.lastProofHash, ids);
      return { state: advanced, payload: stepPayload(pendingView(advanced, vocabulary)), proof: null };
    }
    case 'MISSING_PROOF': {
      const step = pendingStep(state);
      const text = missingProofText({
        uri: step.uri,
        runId: state.runId,
        label: step.label ?? null,
        challenge: effectiveChallenge(step.challenge),
        promptId: state.pendingPromptId,
        vocabulary,
      });
      return fail(state, 'MISSING_PROOF', text.message, text.instruction, null, vocabulary);
    }
    case 'PROVE_PENDING':
      return provePending(state, request.solution as SolutionInput, 'AGENT', request.now, ids, vocabulary);
  }
}

/**
 * A person's reply to the pending user_input prompt. Returns null when `promptId` is not the
 * pending prompt of this open run (the service answers NOT_FOUND).
 */
export function applyPromptAnswer(
  state: RunState,
  request: { promptId: string; confirmation: string; now: Date; vocabulary?: Vocabulary },
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
  return provePending(state, solution, 'HUMAN', request.now, ids, request.vocabulary ?? GRAPHQL_VOCABULARY);
}

export interface AttestTransition {
  state: RunState;
  payload: AttestPayload;
  /** Set when the run was rated: count it on each of `qualityTargetUris` (quality.countAttest). */
  rating: AttestRating | null;
  /** The attested step and the protocol head, once each. */
  qualityTargetUris: string[];
}

export function applyAttest(
  state: RunState,
  request: { uri: string; outcome: Outcome; message: string; qualityBonus?: number | null; llmModelId?: string | null; now: Date; vocabulary?: Vocabulary },
): AttestTransition {
  const vocabulary = request.vocabulary ?? GRAPHQL_VOCABULARY;
  const unchanged = (payload: AttestPayload): AttestTransition => ({ state, payload, rating: null, qualityTargetUris: [] });
  const refused = (errorCode: StepErrorCode, message: string, instruction: Instruction) =>
    unchanged({
      runId: state.runId,
      uri: request.uri,
      outcome: request.outcome,
      message,
      qualityBonus: 0,
      ratedAt: null,
      errorCode,
      nextAction: instruction.nextAction,
    });

  const head = state.steps[0];
  if (!head) throw new RangeError('a run has at least one step');
  if (state.status === 'CLOSED') return refused('RUN_CLOSED', runClosedMessage(state.runId, vocabulary), beginAgainInstruction(head.uri, vocabulary));
  if (!state.steps.some((step) => step.uri === request.uri)) {
    return refused('NOT_FOUND', stepNotInRunMessage(request.uri), pendingView(state, vocabulary).instruction);
  }
  if (request.outcome === 'SUCCESS') {
    const readiness = attestReadiness(progressOf(state));
    if (!readiness.ready) {
      return unchanged(
        incompleteRunPayload({
          runId: state.runId,
          uri: request.uri,
          pendingStepUri: pendingStep(state).uri,
          firstUnprovenRequiredStepIndex: readiness.firstUnprovenRequiredStepIndex,
          stepCount: state.steps.length,
          vocabulary,
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
    payload: attestedPayload({
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

/** Every required step is proven: attest SUCCESS would be accepted. */
export function isReadyToAttest(state: RunState): boolean {
  return attestReadiness(progressOf(state)).ready;
}

/** Every step is settled (the run is COMPLETED): no step waits for a proof, only attest remains. */
export function isEveryStepSettled(state: RunState): boolean {
  return allStepsSettled(progressOf(state));
}

/** The run as it stands, changing nothing: the pending step (or the closed-run answer). */
export function showRun(state: RunState, vocabulary: Vocabulary = GRAPHQL_VOCABULARY): StepPayload {
  if (state.status === 'CLOSED') return closedRun(state, state.steps[0]?.uri ?? '', vocabulary).payload;
  return stepPayload(pendingView(state, vocabulary));
}

/** For next with a run id the caller cannot see: nothing to show but the way back to begin. */
export function runNotFoundPayload(runId: string, uri: string, vocabulary: Vocabulary = GRAPHQL_VOCABULARY): StepPayload {
  return runErrorPayload({
    runId,
    errorCode: 'RUN_NOT_FOUND',
    message: runNotFoundMessage(runId, vocabulary),
    instruction: beginAgainInstruction(uri, vocabulary),
  });
}

function provePending(
  state: RunState,
  solution: SolutionInput,
  source: ProofSource,
  now: Date,
  ids: IdSource,
  vocabulary: Vocabulary,
): StepTransition {
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
    vocabulary,
  });
  if (result.ok) {
    const advanced = settlePending(state, result.proofHash, ids);
    return {
      state: advanced,
      payload: stepPayload({ ...pendingView(advanced, vocabulary), proofHash: result.proofHash }),
      proof: { record: result.record, proofHash: result.proofHash, settled: true },
    };
  }
  const instruction =
    result.errorCode === 'HUMAN_CONFIRMATION_REQUIRED'
      ? awaitHumanInstruction(step.uri, state.runId, state.pendingPromptId ?? '', userInputPrompt(effectiveChallenge(step.challenge)), vocabulary)
      : retryNextInstruction(step.uri, state.runId, vocabulary);
  const failedProof =
    result.record && result.proofHash ? { record: result.record, proofHash: result.proofHash, settled: false } : null;
  return fail(state, result.errorCode, result.message, instruction, failedProof, vocabulary);
}

function fail(
  state: RunState,
  errorCode: StepErrorCode,
  message: string,
  instruction: Instruction,
  proof: ProofToStore | null,
  vocabulary: Vocabulary,
): StepTransition {
  const retryCount = retryCountAfter(state.retryCount, errorCode);
  const next = { ...state, retryCount };
  const view = pendingView(next, vocabulary);
  return {
    state: next,
    payload: stepErrorPayload({
      runId: state.runId,
      currentStep: view.currentStep,
      challenge: view.challenge,
      errorCode,
      message,
      instruction,
      retryCount,
      vocabulary,
    }),
    proof,
  };
}

function closedRun(state: RunState, uri: string, vocabulary: Vocabulary): StepTransition {
  const instruction = beginAgainInstruction(state.steps.some((step) => step.uri === uri) ? uri : (state.steps[0]?.uri ?? uri), vocabulary);
  return {
    state,
    payload: runErrorPayload({ runId: state.runId, errorCode: 'RUN_CLOSED', message: runClosedMessage(state.runId, vocabulary), instruction }),
    proof: null,
  };
}

function settlePending(state: RunState, proofHash: string, ids: IdSource): RunState {
  const progress = advancePastPending(progressOf(state));
  return enterStep({ ...state, lastProofHash: proofHash, retryCount: 0 }, progress.pendingStepIndex, ids);
}

/**
 * Makes `index` the pending step, issuing its nonce (and prompt id for user_input). A last step
 * without a challenge has nothing to prove (nextAction says attest), so it is settled at once.
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

interface PendingView {
  runId: string;
  currentStep: CurrentStep;
  challenge: DisplayedChallenge;
  instruction: Instruction;
  message: string | null;
}

/** The pending step as shown, or the last step with an optional, nonce-less challenge when done. */
function pendingView(state: RunState, vocabulary: Vocabulary, options: { atBegin?: boolean } = {}): PendingView {
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
    vocabulary,
  });
  const target = nextTarget(progress);
  const human =
    !done && stored && requiresHuman(effectiveChallenge(stored))
      ? { promptId: state.pendingPromptId ?? '', prompt: userInputPrompt(effectiveChallenge(stored)) }
      : null;
  const { message, instruction } = instructionForTarget(target, {
    runId: state.runId,
    stepUris: state.steps.map((s) => s.uri),
    humanPrompt: human,
    atBegin: options.atBegin ?? false,
    vocabulary,
  });
  return {
    runId: state.runId,
    currentStep: currentStepView({ uri: step.uri, text: step.text, stepIndex: index, stepCount: state.steps.length }),
    challenge,
    instruction,
    message,
  };
}

function progressOf(state: RunState): RunProgress {
  return { steps: state.steps.map((step) => outlineStep(step.challenge)), pendingStepIndex: state.pendingStepIndex };
}

function pendingStep(state: RunState): RunStep {
  const step = state.steps[state.pendingStepIndex - 1];
  if (!step) throw new RangeError('every step is settled');
  return step;
}
