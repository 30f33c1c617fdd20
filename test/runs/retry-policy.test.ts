import { describe, expect, it } from 'vitest';
import { MAX_RETRIES, retriesExhausted, retryCountAfter } from '../../src/runs/retry-policy.js';
import { STEP_ERROR_CODES } from '../../src/model/refusal-codes.js';

describe('retryCountAfter', () => {
  it('adds one for a failure on the pending step and resets on success', () => {
    expect(retryCountAfter(2, 'NONCE_MISMATCH')).toBe(3);
    expect(retryCountAfter(2, 'MISSING_PROOF')).toBe(3);
    expect(retryCountAfter(2, null)).toBe(0);
  });

  it('leaves the count alone for answers that do not touch the pending step', () => {
    for (const code of ['NOT_FOUND', 'RUN_CLOSED', 'RUN_NOT_FOUND', 'INCOMPLETE_RUN', 'MAX_RETRIES_EXCEEDED'] as const) {
      expect(retryCountAfter(1, code)).toBe(1);
    }
  });

  it('is exhausted from the third failure', () => {
    expect(MAX_RETRIES).toBe(3);
    expect([1, 2, 3, 4].map(retriesExhausted)).toEqual([false, false, true, true]);
  });
});

describe('StepErrorCode', () => {
  it('lists the issue’s codes', () => {
    expect(STEP_ERROR_CODES).toEqual(
      expect.arrayContaining([
        'MISSING_PROOF',
        'NONCE_MISMATCH',
        'PROOF_HASH_MISMATCH',
        'TYPE_MISMATCH',
        'TOOL_MISMATCH',
        'USER_DECLINED',
        'HUMAN_CONFIRMATION_REQUIRED',
        'MAX_RETRIES_EXCEEDED',
        'INCOMPLETE_RUN',
        'RUN_NOT_FOUND',
        'RUN_CLOSED',
        'NOT_FOUND',
        'MISSING_FIELD',
        'COMMAND_FAILED',
        'COMMENT_TOO_SHORT',
      ]),
    );
    expect(STEP_ERROR_CODES.every((code) => /^[A-Z_]+$/.test(code))).toBe(true);
  });
});
