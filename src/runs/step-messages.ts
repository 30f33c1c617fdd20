/**
 * Every message and `nextAction` string of a run, from reference §4.4 and §5.4–§5.8, in the
 * caller's vocabulary (src/runs/vocabulary.ts): over GraphQL the tool names become this API's
 * mutations (kairos_next → next, kairos_attest → attest, kairos_update → updateMemories,
 * kairos_begin → begin) and fields its camelCase (proof_hash → proofHash,
 * user_input.confirmation → userInput.confirmation); over MCP they stay the reference's, so an
 * agent can act on a string without translating it. `nextCall` carries the same instruction in
 * machine-readable form.
 */
import { type Challenge, CHALLENGE_TYPES, type ChallengeType } from '../protocol/challenge.js';
import { commentMinLength, requiresHuman } from './challenge-display.js';
import { shellInvocationDisplay } from './shell-invocation.js';
import type { NextOperation } from './run-enums.js';
import { GRAPHQL_VOCABULARY, type Vocabulary } from './vocabulary.js';

export interface NextCall {
  operation: NextOperation;
  uri: string | null;
  runId: string | null;
}

/** A `nextAction` sentence and its machine-readable twin. */
export interface Instruction {
  nextAction: string;
  nextCall: NextCall;
}

// ── Success (§5.6) ────────────────────────────────────────────────────────────────────────

/** `Protocol steps complete. Call attest to finalize.` */
export function stepsCompleteMessage(v: Vocabulary = GRAPHQL_VOCABULARY): string {
  return `Protocol steps complete. Call ${v.operation('attest')} to finalize.`;
}

/** `Single-step protocol. Call attest to finalize.` */
export function singleStepMessage(v: Vocabulary = GRAPHQL_VOCABULARY): string {
  return `Single-step protocol. Call ${v.operation('attest')} to finalize.`;
}
export const REDIRECTED_TO_FIRST_STEP_MESSAGE = 'Redirected to step 1 of this protocol chain.';
export const ALREADY_SETTLED_MESSAGE =
  'That step is already settled in this run. The pending step is shown; nothing was recorded.';

/** `call next with {uri} and solution matching challenge` */
export function callNextInstruction(uri: string, runId: string, v: Vocabulary = GRAPHQL_VOCABULARY): Instruction {
  return {
    nextAction: `call ${v.operation('next')} with ${uri} and solution matching challenge`,
    nextCall: { operation: 'NEXT', uri, runId },
  };
}

/** `call attest with {uri} and outcome (success or failure) and message to complete the protocol` */
export function callAttestInstruction(uri: string, runId: string, v: Vocabulary = GRAPHQL_VOCABULARY): Instruction {
  return {
    nextAction: `call ${v.operation('attest')} with ${uri} and outcome (success or failure) and message to complete the protocol`,
    nextCall: { operation: 'ATTEST', uri, runId },
  };
}

/** For a step only a person can prove: the agent waits for answerPrompt, then asks for the next step. */
export function awaitHumanInstruction(uri: string, runId: string, promptId: string, prompt: string, v: Vocabulary = GRAPHQL_VOCABULARY): Instruction {
  return {
    nextAction: `ask the user to answer prompt ${promptId} ("${prompt}") through ${v.operation('answerPrompt')}, then call ${v.operation('next')} with ${uri} without a solution`,
    nextCall: { operation: 'NEXT', uri, runId },
  };
}

// ── Errors and retries (§5.4) ─────────────────────────────────────────────────────────────

/** `retry next with {uri} -- use nonce and proofHash from THIS response's challenge` */
export function retryNextInstruction(uri: string, runId: string, v: Vocabulary = GRAPHQL_VOCABULARY): Instruction {
  return {
    nextAction: `retry ${v.operation('next')} with ${uri} -- use nonce and ${v.field('proofHash')} from THIS response's challenge`,
    nextCall: { operation: 'NEXT', uri, runId },
  };
}

/** `Step failed {n} times. Use your judgment to recover.` */
export function maxRetriesMessage(retryCount: number): string {
  return `Step failed ${retryCount} times. Use your judgment to recover.`;
}

/**
 * The three-option recovery. `nextCall` is NONE: `mustObey` is false here and the agent
 * chooses; the uri is the failing step every option refers to.
 */
export function maxRetriesInstruction(uri: string, runId: string, v: Vocabulary = GRAPHQL_VOCABULARY): Instruction {
  return {
    nextAction:
      `Options: (1) call ${v.operation('updateMemories')} with ${uri} to fix the step for future executions ` +
      `(2) call ${v.operation('attest')} with ${uri} and outcome failure to abort (3) ask the user for help`,
    nextCall: { operation: 'NONE', uri, runId },
  };
}

// ── Solution check (§4.3, §4.4, and the additions) ────────────────────────────────

export type SolutionMessages = ReturnType<typeof solutionMessages>;

export function solutionMessages(v: Vocabulary = GRAPHQL_VOCABULARY) {
  const types = CHALLENGE_TYPES.map((type) => v.challengeType(type)).join(', ');
  return {
    invalidType: `solution.type must be one of ${types}.`,
    missingNonce: 'Include nonce in solution (use challenge.nonce).',
    nonceMismatch: "Nonce mismatch. Use the nonce from this response's challenge.",
    proofHashMismatch: `${v.field('proofHash')} mismatch. Use ${v.field('proofHash')} from the previous response or challenge.`,
    missingProofHash: `Include ${v.field('proofHash')} in solution (use challenge.${v.field('proofHash')}).`,
    humanConfirmationRequired: `This step needs the user's own confirmation through ${v.operation('answerPrompt')}; an agent cannot supply it.`,
    shellMissing: `Shell proof requires shell field with ${v.field('exitCode')}`,
    mcpMissing: 'MCP proof requires mcp field',
    mcpToolNameMissing: `MCP proof requires ${v.field('mcp.toolName')}`,
    userInputMissing: `User input proof requires ${v.field('userInput.confirmation')}`,
    commentMissing: 'Comment proof requires comment.text',
    proofFailed: 'Proof of work failed. Fix and retry.',
    userDeclined: 'User declined confirmation.',
  } as const;
}

/** `Expected proof type: {required}, got: {given}` */
export function typeMismatchMessage(expected: ChallengeType, given: ChallengeType, v: Vocabulary = GRAPHQL_VOCABULARY): string {
  return `Expected proof type: ${v.challengeType(expected)}, got: ${v.challengeType(given)}`;
}

/** `Expected MCP tool: {expected}, got: {given}` */
export function toolMismatchMessage(expected: string, given: string): string {
  return `Expected MCP tool: ${expected}, got: ${given}`;
}

/** `Comment must be at least {n} characters` */
export function commentTooShortMessage(minLength: number): string {
  return `Comment must be at least ${minLength} characters`;
}

/** `{field} {requirement}`, e.g. `shell.exitCode must be an integer` */
export function invalidFieldMessage(field: string, requirement: string): string {
  return `${field} ${requirement}`;
}

// ── MISSING_PROOF (§5.5) ──────────────────────────────────────────────────────────────────

export interface MissingProofContext {
  /** The pending step's uri. */
  uri: string;
  runId: string;
  /** The pending step's title; falls back to "the pending step". */
  label?: string | null;
  /** The pending step's effective challenge. */
  challenge: Challenge;
  /** Required for user_input challenges that only a person can answer. */
  promptId?: string | null;
  vocabulary?: Vocabulary;
}

/** Message and nextAction for a skipped pending step, chosen by its challenge type. */
export function missingProofText(context: MissingProofContext): { message: string; instruction: Instruction } {
  const { uri, runId, challenge } = context;
  const v = context.vocabulary ?? GRAPHQL_VOCABULARY;
  const next = v.operation('next');
  const head = `Proof of work missing for ${context.label?.trim() || 'the pending step'}.`;
  const retry = { operation: 'NEXT', uri, runId } as const;
  switch (challenge.type) {
    case 'SHELL': {
      const invocation = shellInvocationDisplay(challenge.shell ?? { cmd: '', timeoutSeconds: 0 });
      return {
        message: `${head} Run: ${invocation} (see challenge.shell.workdir if set). Capture real ${v.field('exitCode')}/stdout/stderr before continuing.`,
        instruction: {
          nextAction: `Run \`${invocation}\`, then call ${next} with ${uri} and solution.shell matching that step's challenge.`,
          nextCall: retry,
        },
      };
    }
    case 'USER_INPUT': {
      const prompt = challenge.userInput?.prompt?.trim() || 'Confirm (see step content).';
      if (requiresHuman(challenge)) {
        const promptId = context.promptId ?? '';
        return {
          message: `${head} Only the user can answer this step: show them the prompt; their reply arrives through ${v.operation('answerPrompt')} (${v.field('promptId')} ${promptId}).`,
          instruction: awaitHumanInstruction(uri, runId, promptId, prompt, v),
        };
      }
      return {
        message: `${head} For user_input you must obtain the user's actual reply — do not infer or invent. Submit that proof by calling ${next} with ${uri} and solution.${v.field('userInput.confirmation')}.`,
        instruction: {
          nextAction: `Ask the user: "${prompt}" then call ${next} with ${uri} and solution.${v.field('userInput.confirmation')} set to their reply.`,
          nextCall: retry,
        },
      };
    }
    case 'MCP': {
      const tool = challenge.mcp?.toolName?.trim() || 'the required tool';
      return {
        message: `${head} Submit that proof by calling ${next} with ${uri} and solution.mcp. Call the MCP tool "${tool}" and report its real result; do not fabricate.`,
        instruction: {
          nextAction: `Call ${tool}, then call ${next} with ${uri} and solution.mcp with the real result.`,
          nextCall: retry,
        },
      };
    }
    case 'COMMENT': {
      const minLength = commentMinLength(challenge);
      return {
        message: `${head} Submit that proof by calling ${next} with ${uri} and solution.comment.text (min ${minLength} chars). Write a genuine summary of what was done; do not paste unrelated text.`,
        instruction: {
          nextAction: `call ${next} with ${uri} and solution.comment.text (min ${minLength} chars).`,
          nextCall: retry,
        },
      };
    }
    case 'TENSOR': {
      const name = challenge.tensor?.name ?? '';
      return {
        message: `${head} Submit that proof by calling ${next} with ${uri} and solution.tensor: the value "${name}" you computed.`,
        instruction: { nextAction: `Compute "${name}", then call ${next} with ${uri} and solution.tensor {name: "${name}", value}.`, nextCall: retry },
      };
    }
  }
}

// ── Run-level outcomes ────────────────────────────────────────────────────────────────────

/** `Cannot attest success: step {i} of {n} has no accepted proof yet. …` */
export function incompleteRunMessage(stepIndex: number, stepCount: number, v: Vocabulary = GRAPHQL_VOCABULARY): string {
  return `Cannot attest success: step ${stepIndex} of ${stepCount} has no accepted proof yet. Prove it with ${v.operation('next')}, or ${v.operation('attest')} with outcome failure.`;
}

export function runNotFoundMessage(runId: string, v: Vocabulary = GRAPHQL_VOCABULARY): string {
  return `Run ${runId} not found. Call ${v.operation('begin')} to start a run.`;
}

export function runClosedMessage(runId: string, v: Vocabulary = GRAPHQL_VOCABULARY): string {
  return `Run ${runId} is already closed. Call ${v.operation('begin')} to start a new run.`;
}

/** For RUN_NOT_FOUND and RUN_CLOSED: start over at the protocol the caller named. */
export function beginAgainInstruction(uri: string, v: Vocabulary = GRAPHQL_VOCABULARY): Instruction {
  return {
    nextAction: `call ${v.operation('begin')} with ${uri} to start a new run`,
    nextCall: { operation: 'BEGIN', uri, runId: null },
  };
}

/** `{uri} is not a step of this run's protocol.` */
export function stepNotInRunMessage(uri: string): string {
  return `${uri} is not a step of this run's protocol.`;
}

/** `No step found at {uri}.` (begin with an unknown uri) */
export function stepNotFoundMessage(uri: string): string {
  return `No step found at ${uri}.`;
}

/** After attest: nothing left to call but the summary for the user. */
export function runFinishedInstruction(runId: string): Instruction {
  return {
    nextAction: 'run complete -- report the outcome to the user',
    nextCall: { operation: 'NONE', uri: null, runId },
  };
}
