import { describe, expect, it } from 'vitest';
import { createProofRecord, MAX_SHELL_OUTPUT_BYTES, truncateUtf8, truncationMarker } from '../../src/runs/proof-record.js';
import type { ProofRecordContext } from '../../src/runs/proof-record.js';

const context: ProofRecordContext = {
  runId: 'run-1',
  stepUri: 'kairos://mem/00000000-0000-4000-8000-000000000001',
  stepIndex: 1,
  source: 'AGENT',
  executedAt: '2026-01-01T00:00:00.000Z',
  nonce: 'n'.repeat(32),
  previousProofHash: 'g'.repeat(64),
};

describe('truncateUtf8', () => {
  it('returns text within the limit unchanged', () => {
    expect(truncateUtf8('hello', 5)).toBe('hello');
  });

  it('keeps the first bytes and appends a marker with the dropped byte count', () => {
    expect(truncateUtf8('abcdefghij', 4)).toBe('abcd…[truncated 6 bytes]');
    expect(truncationMarker(6)).toBe('…[truncated 6 bytes]');
  });

  it('never splits a multi-byte character', () => {
    // "é" is 2 bytes: a cut at byte 2 would split the second one.
    expect(truncateUtf8('aéé', 2)).toBe('a…[truncated 4 bytes]');
    expect(truncateUtf8('😀x', 3)).toBe('…[truncated 5 bytes]');
  });
});

describe('createProofRecord', () => {
  it('truncates shell output over 64 KiB with a marker', () => {
    const stdout = 'x'.repeat(MAX_SHELL_OUTPUT_BYTES + 10);
    const record = createProofRecord(context, { type: 'SHELL', shell: { exitCode: 0, stdout, stderr: 'warn' } }, 'success');
    expect(record.shell?.stdout).toBe(`${'x'.repeat(MAX_SHELL_OUTPUT_BYTES)}…[truncated 10 bytes]`);
    expect(record.shell?.stderr).toBe('warn');
    expect(record.shell).not.toHaveProperty('durationSeconds');
  });

  it('carries the chain link and context, and only the solution type’s object', () => {
    const record = createProofRecord(context, { type: 'COMMENT', comment: { text: 'summary of the work' } }, 'success');
    expect(record).toEqual({
      ...context,
      type: 'COMMENT',
      status: 'success',
      comment: { text: 'summary of the work' },
    });
  });

  it('leaves out absent mcp arguments instead of storing undefined', () => {
    const record = createProofRecord(context, { type: 'MCP', mcp: { toolName: 't', result: null, success: true } }, 'success');
    expect(Object.keys(record.mcp ?? {})).toEqual(['toolName', 'result', 'success']);
  });
});
