import type { StepErrorCode } from '../model/refusal-codes.js';

/**
 * Consecutive failures allowed on one pending step: the third returns MAX_RETRIES_EXCEEDED
 * with `mustObey: false`. The count lives on the run (no time-based expiry) and goes back to 0
 * whenever a step is settled.
 */
export const MAX_RETRIES = 3;

/**
 * Failures that count toward the limit: every rejected attempt at the pending step, including
 * skipping it (MISSING_PROOF) and an agent answering a person-only prompt. Lookup and run-level
 * answers (NOT_FOUND, RUN_CLOSED, INCOMPLETE_RUN…) leave the pending step untouched.
 */
export const RETRY_COUNTED_CODES: ReadonlySet<StepErrorCode> = new Set<StepErrorCode>([
  'MISSING_FIELD',
  'INVALID_FIELD',
  'NONCE_MISMATCH',
  'PROOF_HASH_MISMATCH',
  'TYPE_MISMATCH',
  'TOOL_MISMATCH',
  'COMMAND_FAILED',
  'COMMENT_TOO_SHORT',
  'USER_DECLINED',
  'HUMAN_CONFIRMATION_REQUIRED',
  'MISSING_PROOF',
]);

/** The run's retry count after a response with `errorCode` (null for a settled step). */
export function retryCountAfter(previousCount: number, errorCode: StepErrorCode | null): number {
  if (errorCode === null) return 0;
  return RETRY_COUNTED_CODES.has(errorCode) ? previousCount + 1 : previousCount;
}

export function retriesExhausted(retryCount: number): boolean {
  return retryCount >= MAX_RETRIES;
}
