import { type Challenge, CHALLENGE_TYPES, type ChallengeType } from '../protocol/challenge.js';
import { shellInvocationDisplay } from './shell-invocation.js';
import { GRAPHQL_VOCABULARY, type Vocabulary } from './vocabulary.js';

export const DEFAULT_SHELL_TIMEOUT_SECONDS = 30;
export const DEFAULT_USER_INPUT_PROMPT = 'Confirm completion';
export const DEFAULT_COMMENT_MIN_LENGTH = 10;
export const DEFAULT_MCP_TOOL_LABEL = 'No tool specified';

/** The challenge a step without one is shown and checked with: an optional comment. */
export const DEFAULT_COMMENT_CHALLENGE: Readonly<Challenge> = Object.freeze({
  type: 'COMMENT',
  required: false,
  comment: Object.freeze({ minLength: DEFAULT_COMMENT_MIN_LENGTH }),
});

/** The challenge as shown in a StepPayload. Absent parts are `null`, not missing. */
export interface DisplayedChallenge {
  type: ChallengeType;
  description: string;
  required: boolean;
  /** `null` only when no proof is expected any more (every step settled). */
  nonce: string | null;
  /** Always the value to echo as `solution.proofHash`. */
  proofHash: string;
  /** Set for user_input challenges, so a person can answer through `answerPrompt`. */
  promptId: string | null;
  shell: DisplayedShellChallenge | null;
  mcp: { toolName: string; expectedResult: unknown } | null;
  userInput: { prompt: string; requireHuman: boolean } | null;
  comment: { minLength: number } | null;
  tensor: { name: string; shape: number[] | null } | null;
}

export interface DisplayedShellChallenge {
  cmd: string;
  timeoutSeconds: number;
  interpreter: string | null;
  flags: string[] | null;
  args: string[] | null;
  workdir: string | null;
  invocationDisplay: string;
}

/**
 * The challenge a step is checked against: its own, the default comment challenge when it has
 * none, and a comment challenge when stored data carries an unknown type (reference PR #198).
 */
export function effectiveChallenge(stored: Challenge | null | undefined): Challenge {
  if (!stored) return DEFAULT_COMMENT_CHALLENGE;
  if (!CHALLENGE_TYPES.includes(stored.type)) {
    return { type: 'COMMENT', required: stored.required, comment: stored.comment ?? {} };
  }
  return stored;
}

export function commentMinLength(challenge: Challenge): number {
  const minLength = challenge.comment?.minLength;
  return minLength && minLength > 0 ? minLength : DEFAULT_COMMENT_MIN_LENGTH;
}

export function shellTimeoutSeconds(challenge: Challenge): number {
  const timeout = challenge.shell?.timeoutSeconds;
  return timeout && timeout > 0 ? timeout : DEFAULT_SHELL_TIMEOUT_SECONDS;
}

export function userInputPrompt(challenge: Challenge): string {
  return challenge.userInput?.prompt?.trim() || DEFAULT_USER_INPUT_PROMPT;
}

export function requiresHuman(challenge: Challenge): boolean {
  return challenge.type === 'USER_INPUT' && challenge.userInput?.requireHuman === true;
}

export interface DisplayChallengeInput {
  /** The step's stored challenge; `null`/`undefined` shows the default comment challenge. */
  stored: Challenge | null | undefined;
  nonce: string | null;
  proofHash: string;
  promptId?: string | null;
  /** How the description names fields (default: GraphQL's). */
  vocabulary?: Vocabulary;
}

export function displayChallenge(input: DisplayChallengeInput): DisplayedChallenge {
  const challenge = effectiveChallenge(input.stored);
  const displayed: DisplayedChallenge = {
    type: challenge.type,
    description: '',
    required: challenge.required,
    nonce: input.nonce,
    proofHash: input.proofHash,
    promptId: challenge.type === 'USER_INPUT' ? (input.promptId ?? null) : null,
    shell: null,
    mcp: null,
    userInput: null,
    comment: null,
    tensor: null,
  };
  switch (challenge.type) {
    case 'SHELL': {
      const shell = challenge.shell ?? { cmd: '', timeoutSeconds: DEFAULT_SHELL_TIMEOUT_SECONDS };
      displayed.shell = {
        cmd: shell.cmd,
        timeoutSeconds: shellTimeoutSeconds(challenge),
        interpreter: shell.interpreter ?? null,
        flags: shell.flags ?? null,
        args: shell.args ?? null,
        workdir: shell.workdir ?? null,
        invocationDisplay: shellInvocationDisplay(shell),
      };
      break;
    }
    case 'MCP':
      displayed.mcp = {
        toolName: challenge.mcp?.toolName ?? '',
        expectedResult: challenge.mcp?.expectedResult ?? null,
      };
      break;
    case 'USER_INPUT':
      displayed.userInput = { prompt: userInputPrompt(challenge), requireHuman: requiresHuman(challenge) };
      break;
    case 'COMMENT':
      displayed.comment = { minLength: commentMinLength(challenge) };
      break;
    case 'TENSOR':
      displayed.tensor = { name: challenge.tensor?.name ?? '', shape: challenge.tensor?.shape ?? null };
      break;
  }
  displayed.description = input.stored
    ? challengeDescription(challenge, displayed.promptId, input.vocabulary)
    : DEFAULT_COMMENT_DESCRIPTION;
  return displayed;
}

export const DEFAULT_COMMENT_DESCRIPTION =
  'Provide a verification comment describing how you completed this step. Write a genuine summary; do not paste unrelated text.';

/** The reference §4.1 descriptions, with field names in the caller's vocabulary. */
export function challengeDescription(challenge: Challenge, promptId: string | null = null, v: Vocabulary = GRAPHQL_VOCABULARY): string {
  switch (challenge.type) {
    case 'SHELL': {
      const shell = challenge.shell ?? { cmd: '', timeoutSeconds: DEFAULT_SHELL_TIMEOUT_SECONDS };
      let text =
        `Shell challenge (timeout ${shellTimeoutSeconds(challenge)}s): run exactly: ${shellInvocationDisplay(shell)}. ` +
        `Capture stdout and stderr (do not suppress stderr); ${v.field('exitCode')} 0 = pass. ` +
        `Report real ${v.field('exitCode')}/stdout/stderr; do not fabricate.`;
      if (shell.interpreter) {
        text += ` Before running, ensure the interpreter is on PATH (e.g. \`which ${shell.interpreter}\`); if not found, fail with a clear local error.`;
      }
      if (shell.workdir) {
        text += ` Use workdir "${shell.workdir}" as the process working directory after expanding env vars (e.g. $KAIROS_WORK_DIR); if it does not exist, is not a directory, or a required variable is unset, fail with a clear local error.`;
      }
      return text;
    }
    case 'MCP':
      return `Call MCP tool: ${challenge.mcp?.toolName || DEFAULT_MCP_TOOL_LABEL}. You MUST actually call this tool and report its real result; do not fabricate.`;
    case 'USER_INPUT':
      if (requiresHuman(challenge)) {
        return `User confirmation: ${userInputPrompt(challenge)}. Only the user can answer this: show them the prompt; their reply arrives through ${v.operation('answerPrompt')} (${v.field('promptId')} ${promptId ?? 'pending'}). Do not submit ${v.field('userInput.confirmation')} yourself.`;
      }
      return `User confirmation: ${userInputPrompt(challenge)}. You MUST show this prompt to the user and use only their reply as ${v.field('userInput.confirmation')}; do not assume or invent it.`;
    case 'COMMENT':
      return `Provide a verification comment (minimum ${commentMinLength(challenge)} characters) that genuinely summarises what was done in this step; do not paste unrelated text.`;
    case 'TENSOR': {
      const shape = challenge.tensor?.shape;
      const form = shape === undefined ? 'a number or an array of numbers' : shape.length === 0 ? 'a single number' : `numbers in shape [${shape.join(', ')}]`;
      return `Report the value "${challenge.tensor?.name ?? ''}" as ${v.field('tensor.value')} (${form}) with ${v.field('tensor.name')} "${challenge.tensor?.name ?? ''}"; compute it, do not invent it.`;
    }
  }
}
