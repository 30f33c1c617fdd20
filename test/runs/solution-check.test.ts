import { describe, expect, it } from 'vitest';
import type { Challenge } from '../../src/protocol/challenge.js';
import { graphqlRenderer } from '../../src/render/graphql-renderer.js';
import { canonicalJson } from '../../src/runs/canonical-json.js';
import { proofHash } from '../../src/runs/proof-hash.js';
import { checkSolution, MAX_MCP_JSON_BYTES, MAX_TEXT_FIELD_BYTES } from '../../src/runs/solution-check.js';
import type { CheckSolutionInput } from '../../src/runs/solution-check.js';
import type { SolutionInput } from '../../src/runs/solution-input.js';

const NONCE = 'a'.repeat(32);
const PREVIOUS = 'b'.repeat(64);
const NOW = new Date('2026-02-01T10:00:00.000Z');
const STEP = { uri: 'kairos://mem/00000000-0000-4000-8000-000000000001', index: 1 };

const shell: Challenge = { type: 'SHELL', required: true, shell: { cmd: 'npm test', timeoutSeconds: 60 } };
const mcp: Challenge = { type: 'MCP', required: true, mcp: { toolName: 'search_docs' } };
const userInput: Challenge = { type: 'USER_INPUT', required: true, userInput: { prompt: 'Approve?' } };
const humanOnly: Challenge = { type: 'USER_INPUT', required: true, userInput: { prompt: 'Approve?', requireHuman: true } };
const comment: Challenge = { type: 'COMMENT', required: true, comment: { minLength: 20 } };

/** The check's result, a refusal with its message as the GraphQL door words it. */
function check(challenge: Challenge | null, solution: Partial<SolutionInput>, overrides: Partial<CheckSolutionInput> = {}) {
  const result = checkSolution({
    runId: 'run-1',
    step: STEP,
    challenge,
    solution: { nonce: NONCE, proofHash: PREVIOUS, ...solution } as SolutionInput,
    expectedNonce: NONCE,
    expectedPreviousHash: PREVIOUS,
    source: 'AGENT',
    now: NOW,
    ...overrides,
  });
  return result.ok ? result : { ...result, message: graphqlRenderer.notice({ kind: 'SOLUTION_REFUSED', refusal: result.refusal }) };
}

function codeOf(result: ReturnType<typeof check>) {
  return result.ok ? 'OK' : result.errorCode;
}

describe('checkSolution: passes', () => {
  it('stores a shell proof with exit code 0 and hashes the full record', () => {
    const result = check(shell, { type: 'SHELL', shell: { exitCode: 0, stdout: 'ok', durationSeconds: 1.5 } });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.record).toEqual({
      runId: 'run-1',
      stepUri: STEP.uri,
      stepIndex: 1,
      type: 'SHELL',
      status: 'success',
      source: 'AGENT',
      executedAt: NOW.toISOString(),
      nonce: NONCE,
      previousProofHash: PREVIOUS,
      shell: { exitCode: 0, stdout: 'ok', stderr: '', durationSeconds: 1.5 },
    });
    expect(result.proofHash).toBe(proofHash(result.record));
    // Survives a storage round trip: the hash of the stored JSON is the same.
    expect(proofHash(JSON.parse(canonicalJson(result.record)) as object)).toBe(result.proofHash);
  });

  it('accepts an mcp proof naming the challenge tool, keeping arguments and result', () => {
    const result = check(mcp, {
      type: 'MCP',
      mcp: { toolName: 'search_docs', arguments: { q: 'x' }, result: { hits: 2 }, success: true },
    });
    expect(result.ok && result.record.mcp).toEqual({ toolName: 'search_docs', arguments: { q: 'x' }, result: { hits: 2 }, success: true });
  });

  it('fills a missing user_input timestamp with the server time, and normalises a given one', () => {
    const filled = check(userInput, { type: 'USER_INPUT', userInput: { confirmation: 'approved' } });
    expect(filled.ok && filled.record.userInput).toEqual({ confirmation: 'approved', timestamp: NOW.toISOString() });
    const given = check(userInput, { type: 'USER_INPUT', userInput: { confirmation: 'yes', timestamp: '2026-02-01T11:00:00+01:00' } });
    expect(given.ok && given.record.userInput?.timestamp).toBe('2026-02-01T10:00:00.000Z');
  });

  it('checks a step without a challenge against the optional default comment (min 10)', () => {
    expect(codeOf(check(null, { type: 'COMMENT', comment: { text: 'short' } }))).toBe('COMMENT_TOO_SHORT');
    expect(codeOf(check(null, { type: 'COMMENT', comment: { text: 'ten chars!' } }))).toBe('OK');
  });

  it('lets a person answer a person-only prompt', () => {
    const result = check(humanOnly, { type: 'USER_INPUT', userInput: { confirmation: 'yes' } }, { source: 'HUMAN' });
    expect(result.ok && result.record.source).toBe('HUMAN');
  });
});

describe('checkSolution: every error code', () => {
  it('INVALID_FIELD for an unknown solution type', () => {
    expect(codeOf(check(shell, { type: 'SCRIPT' as never }))).toBe('INVALID_FIELD');
  });

  it('MISSING_FIELD when the nonce is absent, null or empty (no silent skip)', () => {
    for (const nonce of [undefined, null, '']) {
      const result = check(shell, { type: 'SHELL', nonce, shell: { exitCode: 0 } });
      expect(result).toMatchObject({ ok: false, errorCode: 'MISSING_FIELD', message: 'Include nonce in solution (use challenge.nonce).' });
    }
  });

  it('NONCE_MISMATCH for a stale nonce', () => {
    expect(check(shell, { type: 'SHELL', nonce: 'c'.repeat(32), shell: { exitCode: 0 } })).toMatchObject({
      ok: false,
      errorCode: 'NONCE_MISMATCH',
      message: "Nonce mismatch. Use the nonce from this response's challenge.",
    });
  });

  it('PROOF_HASH_MISMATCH for a wrong proofHash, MISSING_FIELD for none', () => {
    expect(check(shell, { type: 'SHELL', proofHash: 'f'.repeat(64), shell: { exitCode: 0 } })).toMatchObject({
      errorCode: 'PROOF_HASH_MISMATCH',
      message: 'proofHash mismatch. Use proofHash from the previous response or challenge.',
    });
    expect(check(shell, { type: 'SHELL', proofHash: null, shell: { exitCode: 0 } })).toMatchObject({
      errorCode: 'MISSING_FIELD',
      message: 'Include proofHash in solution (use challenge.proofHash).',
    });
  });

  it('TYPE_MISMATCH names both types', () => {
    expect(check(shell, { type: 'COMMENT', comment: { text: 'a long enough comment' } })).toMatchObject({
      errorCode: 'TYPE_MISMATCH',
      message: 'Expected proof type: SHELL, got: COMMENT',
    });
  });

  it('checks in the reference order: nonce, then proofHash, then type', () => {
    const everythingWrong = { type: 'COMMENT' as const, nonce: 'x', proofHash: 'y' };
    expect(codeOf(check(shell, everythingWrong))).toBe('NONCE_MISMATCH');
    expect(codeOf(check(shell, { ...everythingWrong, nonce: NONCE }))).toBe('PROOF_HASH_MISMATCH');
    expect(codeOf(check(shell, { ...everythingWrong, nonce: NONCE, proofHash: PREVIOUS }))).toBe('TYPE_MISMATCH');
  });

  it('MISSING_FIELD when the type-specific object or its key field is absent', () => {
    expect(check(shell, { type: 'SHELL' })).toMatchObject({
      errorCode: 'MISSING_FIELD',
      message: 'Shell proof requires shell field with exitCode',
    });
    expect(check(mcp, { type: 'MCP', comment: { text: 'wrong object' } })).toMatchObject({
      errorCode: 'MISSING_FIELD',
      message: 'MCP proof requires mcp field',
    });
    expect(check(mcp, { type: 'MCP', mcp: { toolName: ' ', success: true } })).toMatchObject({
      errorCode: 'MISSING_FIELD',
      message: 'MCP proof requires mcp.toolName',
    });
    expect(check(userInput, { type: 'USER_INPUT', userInput: { confirmation: '  ' } })).toMatchObject({
      errorCode: 'MISSING_FIELD',
      message: 'User input proof requires userInput.confirmation',
    });
    expect(check(comment, { type: 'COMMENT', comment: { text: '' } })).toMatchObject({
      errorCode: 'MISSING_FIELD',
      message: 'Comment proof requires comment.text',
    });
  });

  it.each([
    ['a fractional exit code', shell, { type: 'SHELL', shell: { exitCode: 0.5 } }, 'shell.exitCode must be an integer'],
    ['a string exit code', shell, { type: 'SHELL', shell: { exitCode: '0' } }, 'shell.exitCode must be an integer'],
    [
      'a negative duration',
      shell,
      { type: 'SHELL', shell: { exitCode: 0, durationSeconds: -1 } },
      'shell.durationSeconds must be a finite number of seconds, 0 or more',
    ],
    ['a non-string stdout', shell, { type: 'SHELL', shell: { exitCode: 0, stdout: 42 } }, 'shell.stdout must be a string'],
    [
      'a non-boolean mcp success',
      mcp,
      { type: 'MCP', mcp: { toolName: 'search_docs', success: 'yes' } },
      'mcp.success must be true or false',
    ],
    [
      'a bad timestamp',
      userInput,
      { type: 'USER_INPUT', userInput: { confirmation: 'yes', timestamp: 'yesterday' } },
      'userInput.timestamp must be an ISO 8601 date-time',
    ],
  ] as const)('INVALID_FIELD for %s', (_name, challenge, solution, message) => {
    expect(check(challenge, solution as unknown as Partial<SolutionInput>)).toMatchObject({
      ok: false,
      errorCode: 'INVALID_FIELD',
      message,
    });
  });

  it('INVALID_FIELD for mcp JSON that cannot be hashed or is too large', () => {
    expect(check(mcp, { type: 'MCP', mcp: { toolName: 'search_docs', result: { n: Number.NaN }, success: true } })).toMatchObject({
      errorCode: 'INVALID_FIELD',
      message: expect.stringMatching(/^mcp\.result must be plain JSON/) as unknown as string,
    });
    const huge = 'x'.repeat(MAX_MCP_JSON_BYTES);
    expect(check(mcp, { type: 'MCP', mcp: { toolName: 'search_docs', arguments: { huge }, success: true } })).toMatchObject({
      errorCode: 'INVALID_FIELD',
      message: `mcp.arguments must be at most ${MAX_MCP_JSON_BYTES} bytes of JSON`,
    });
  });

  it('INVALID_FIELD for an oversized comment or confirmation (rejected, not cut)', () => {
    const big = 'x'.repeat(MAX_TEXT_FIELD_BYTES + 1);
    expect(codeOf(check(comment, { type: 'COMMENT', comment: { text: big } }))).toBe('INVALID_FIELD');
    expect(codeOf(check(userInput, { type: 'USER_INPUT', userInput: { confirmation: big } }))).toBe('INVALID_FIELD');
  });

  it('TOOL_MISMATCH when the mcp solution names another tool', () => {
    expect(check(mcp, { type: 'MCP', mcp: { toolName: 'other_tool', result: 1, success: true } })).toMatchObject({
      errorCode: 'TOOL_MISMATCH',
      message: 'Expected MCP tool: search_docs, got: other_tool',
    });
  });

  it('COMMENT_TOO_SHORT counts characters after trimming', () => {
    expect(check(comment, { type: 'COMMENT', comment: { text: `${'x'.repeat(19)}          ` } })).toMatchObject({
      errorCode: 'COMMENT_TOO_SHORT',
      message: 'Comment must be at least 20 characters',
    });
    expect(codeOf(check(comment, { type: 'COMMENT', comment: { text: '😀'.repeat(20) } }))).toBe('OK');
  });

  it('COMMAND_FAILED for a required shell exiting non-zero, with the failed record', () => {
    const result = check(shell, { type: 'SHELL', shell: { exitCode: 2, stderr: 'boom' } });
    expect(result).toMatchObject({ ok: false, errorCode: 'COMMAND_FAILED', message: 'Proof of work failed. Fix and retry.' });
    expect(!result.ok && result.record?.status).toBe('failed');
    expect(!result.ok && result.proofHash).toBe(!result.ok && result.record ? proofHash(result.record) : null);
  });

  it('COMMAND_FAILED for a required mcp call reporting success: false', () => {
    expect(codeOf(check(mcp, { type: 'MCP', mcp: { toolName: 'search_docs', result: 'err', success: false } }))).toBe('COMMAND_FAILED');
  });

  it('USER_DECLINED when the reply declines a required confirmation', () => {
    const result = check(userInput, { type: 'USER_INPUT', userInput: { confirmation: 'Rejected' } });
    expect(result).toMatchObject({ ok: false, errorCode: 'USER_DECLINED', message: 'User declined confirmation.' });
    expect(!result.ok && result.record?.status).toBe('failed');
  });

  it('HUMAN_CONFIRMATION_REQUIRED when an agent answers a person-only prompt', () => {
    expect(check(humanOnly, { type: 'USER_INPUT', userInput: { confirmation: 'yes' } })).toMatchObject({
      errorCode: 'HUMAN_CONFIRMATION_REQUIRED',
      message: "This step needs the user's own confirmation through answerPrompt; an agent cannot supply it.",
    });
  });
});

describe('checkSolution: optional steps', () => {
  it('settles a failed proof of a non-required step without blocking', () => {
    const optionalShell: Challenge = { ...shell, required: false };
    const result = check(optionalShell, { type: 'SHELL', shell: { exitCode: 1 } });
    expect(result.ok).toBe(true);
    expect(result.ok && result.record.status).toBe('failed');
    const optionalInput: Challenge = { ...userInput, required: false };
    const declined = check(optionalInput, { type: 'USER_INPUT', userInput: { confirmation: 'no' } });
    expect(declined.ok && declined.record.status).toBe('failed');
  });

  it('still rejects an invalid proof of a non-required step', () => {
    expect(codeOf(check({ ...shell, required: false }, { type: 'SHELL', nonce: 'stale', shell: { exitCode: 0 } }))).toBe('NONCE_MISMATCH');
  });
});
