import type { ChallengeType } from '../protocol/challenge.js';

/**
 * What a caller sends to prove a step (`next`'s `solution`, or the solution `answerPrompt`
 * builds from a person's reply), exactly as the schema's SolutionInput delivers it: every field
 * but `type` may be absent or null, and the rules (solution-check.ts) report a missing one as
 * data (MISSING_FIELD). The object matching `type` is the only one read; others are ignored.
 */
export interface SolutionInput {
  type: ChallengeType;
  /** Echo of `challenge.nonce`. */
  nonce?: string | null;
  /** Echo of `challenge.proofHash`. */
  proofHash?: string | null;
  shell?: ShellSolution | null;
  mcp?: McpSolution | null;
  userInput?: UserInputSolution | null;
  comment?: CommentSolution | null;
  tensor?: TensorSolution | null;
}

/** KAIROS 4 `tensor`: a named value, a number or an array of numbers. */
export interface TensorSolution {
  name?: string | null;
  value?: unknown;
}

export interface ShellSolution {
  exitCode?: number | null;
  stdout?: string | null;
  stderr?: string | null;
  durationSeconds?: number | null;
}

export interface McpSolution {
  toolName?: string | null;
  arguments?: unknown;
  result?: unknown;
  success?: boolean | null;
}

export interface UserInputSolution {
  confirmation?: string | null;
  /** ISO 8601; the server time is recorded when absent. */
  timestamp?: string | null;
}

export interface CommentSolution {
  text?: string | null;
}

export type { Outcome, ProofSource } from '../model/run-enums.js';
