import type { ChallengeView } from '../model/run-answers.js';
import type { RunTensor } from '../model/run-state.js';
import { type Challenge, CHALLENGE_TYPES } from '../protocol/challenge.js';
import { shellInvocationDisplay } from './shell-invocation.js';

export const DEFAULT_SHELL_TIMEOUT_SECONDS = 30;
export const DEFAULT_USER_INPUT_PROMPT = 'Confirm completion';
export const DEFAULT_COMMENT_MIN_LENGTH = 10;

/** The challenge a step without one is shown and checked with: an optional comment. */
export const DEFAULT_COMMENT_CHALLENGE: Readonly<Challenge> = Object.freeze({
  type: 'COMMENT',
  required: false,
  comment: Object.freeze({ minLength: DEFAULT_COMMENT_MIN_LENGTH }),
});

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
  /** The run's tensor outputs so far (the pending tensor contract is shown those it requires). */
  tensors?: readonly RunTensor[];
}

/** The challenge as an answer shows it; each door words its description (src/render/). */
export function displayChallenge(input: DisplayChallengeInput): ChallengeView {
  const challenge = effectiveChallenge(input.stored);
  const displayed: ChallengeView = {
    type: challenge.type,
    description: input.stored ? { kind: 'OF_CHALLENGE' } : { kind: 'DEFAULT_COMMENT' },
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
        // The proof must contain these arguments, so the agent must be shown them.
        arguments: challenge.mcp?.arguments ?? null,
        expectedResult: challenge.mcp?.expectedResult ?? null,
      };
      break;
    case 'USER_INPUT':
      displayed.userInput = { prompt: userInputPrompt(challenge), requireHuman: requiresHuman(challenge) };
      break;
    case 'COMMENT':
      displayed.comment = { minLength: commentMinLength(challenge) };
      break;
    case 'TENSOR': {
      const tensor = challenge.tensor;
      const requiredInputs = tensor?.requiredInputs ?? [];
      displayed.tensor = {
        name: tensor?.name ?? '',
        shape: tensor?.shape ?? null,
        requiredInputs,
        output: tensor?.output ?? null,
        merge: tensor?.merge ?? null,
        condition: tensor?.condition ?? null,
      };
      if (requiredInputs.length > 0) {
        const tensors = input.tensors ?? [];
        displayed.tensorIn = Object.fromEntries(
          requiredInputs.flatMap((name) => tensors.filter((tensor) => tensor.name === name).map((tensor) => [name, tensor.value])),
        );
      }
      break;
    }
  }
  return displayed;
}
