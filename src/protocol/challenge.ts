/**
 * A step's challenge (proof-of-work definition) as stored in MongoDB and used by services.
 * Authored markdown uses the reference's snake_case JSON (`timeout_seconds`, `tool_name`,
 * `user_input`, `min_length`); the mapping to these camelCase fields is one-to-one and lives
 * in `challenge-json.ts` only.
 */
export const CHALLENGE_TYPES = ['SHELL', 'MCP', 'USER_INPUT', 'COMMENT', 'TENSOR'] as const;
export type ChallengeType = (typeof CHALLENGE_TYPES)[number];

export interface ShellChallenge {
  cmd: string;
  timeoutSeconds: number;
  interpreter?: string;
  flags?: string[];
  args?: string[];
  workdir?: string;
}

export interface McpChallenge {
  toolName: string;
  expectedResult?: unknown;
  /** KAIROS 4: a solution's arguments must contain these (deep subset). */
  arguments?: unknown;
}

export interface UserInputChallenge {
  prompt?: string;
  /** When true only a person (answerPrompt) can satisfy the challenge. */
  requireHuman?: boolean;
}

export interface CommentChallenge {
  minLength?: number;
}

/** A named value the agent reports (KAIROS 4 `tensor`): a number, or an array of numbers. */
export interface TensorChallenge {
  name: string;
  /** Dimensions the value must have: [] a single number, [3] three numbers, [2, 3] two rows of three. */
  shape?: number[];
}

export interface Challenge {
  type: ChallengeType;
  required: boolean;
  shell?: ShellChallenge;
  mcp?: McpChallenge;
  userInput?: UserInputChallenge;
  comment?: CommentChallenge;
  tensor?: TensorChallenge;
  /**
   * The authored keys the reader does not read, at their places, as JSON text (e.g.
   * `{"user_input":{"requred_human":true}}`): kept as KAIROS 4 keeps any key, written back when
   * the contract is rendered (challenge-json.ts `unreadContractKeys` names them).
   */
  unreadJson?: string;
}
