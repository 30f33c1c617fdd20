/** A proof record as the run keeps and hashes it: the store and the rules both import it from here. */
import type { ChallengeType } from '../protocol/challenge.js';
import type { ProofSource } from './run-enums.js';

/** How a stored (and hashed) record spells a proof's status; the API shows SUCCESS / FAILED (run-enums.ts). */
export type StoredProofStatus = 'success' | 'failed';

/**
 * One stored proof: what the caller reported for one step of one run, plus the chain link
 * (`previousProofHash`). Its `proofHash` (proof-hash.ts) is computed over exactly these fields,
 * so nothing may be added to a stored record after hashing. Absent optional fields are left out
 * rather than set to `undefined`'s JSON stand-in, which keeps the hash stable across storage.
 */
export interface ProofRecord {
  runId: string;
  stepUri: string;
  stepIndex: number;
  type: ChallengeType;
  /** `failed` for a non-zero exit code, `mcp.success: false`, or a declined confirmation. */
  status: StoredProofStatus;
  source: ProofSource;
  /** ISO 8601 server time at which the proof was accepted for checking. */
  executedAt: string;
  /** The nonce the solution echoed (equal to the one issued). */
  nonce: string;
  /** Genesis for the first proven step of the run, otherwise the last proven step's hash. */
  previousProofHash: string;
  shell?: ShellProof;
  mcp?: McpProof;
  userInput?: UserInputProof;
  comment?: CommentProof;
  tensor?: TensorProof;
}

export interface ShellProof {
  exitCode: number;
  /** Empty when not reported; cut to MAX_SHELL_OUTPUT_BYTES with a marker. */
  stdout: string;
  stderr: string;
  durationSeconds?: number;
}

export interface McpProof {
  toolName: string;
  arguments?: unknown;
  /** `null` when the caller reported no result. */
  result: unknown;
  success: boolean;
}

export interface UserInputProof {
  confirmation: string;
  /** ISO 8601: the caller's timestamp normalised, or the server time. */
  timestamp: string;
}

export interface CommentProof {
  text: string;
}

/** The checked, type-specific part of a solution, ready to be stored. */
export type ProofEvidence =
  | { type: 'SHELL'; shell: ShellProof }
  | { type: 'MCP'; mcp: McpProof }
  | { type: 'USER_INPUT'; userInput: UserInputProof }
  | { type: 'COMMENT'; comment: CommentProof }
  | { type: 'TENSOR'; tensor: TensorProof };

export interface TensorProof {
  name: string;
  /** A number or (nested) arrays of numbers (at most MAX_TENSOR_VALUES); for a typed (KAIROS `output`) contract, the JSON value of that type. */
  value: unknown;
}
