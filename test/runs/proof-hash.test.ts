import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/runs/canonical-json.js';
import { newNonce } from '../../src/runs/nonce.js';
import { genesisProofHash, proofHash } from '../../src/runs/proof-hash.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('proofHash', () => {
  it('is the SHA-256 hex of the canonical JSON', () => {
    const record = { type: 'COMMENT', comment: { text: 'done the thing' } };
    expect(proofHash(record)).toBe(sha256(canonicalJson(record)));
    expect(proofHash(record)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('does not depend on key order', () => {
    expect(proofHash({ a: 1, b: { c: 2, d: 3 } })).toBe(proofHash({ b: { d: 3, c: 2 }, a: 1 }));
  });

  it('covers nested payloads (unlike the reference, which hashed them as {})', () => {
    const base = { type: 'MCP', mcp: { toolName: 'x', result: { rows: 1 } } };
    const changed = { type: 'MCP', mcp: { toolName: 'x', result: { rows: 2 } } };
    expect(proofHash(base)).not.toBe(proofHash(changed));
  });
});

describe('genesisProofHash', () => {
  it('is sha256("kairos:genesis:" + runId), different for every run', () => {
    expect(genesisProofHash('run-1')).toBe(sha256('kairos:genesis:run-1'));
    expect(genesisProofHash('run-1')).not.toBe(genesisProofHash('run-2'));
    expect(genesisProofHash('run-1')).not.toBe(sha256('genesis'));
  });
});

describe('newNonce', () => {
  it('is 32 lower-case hex characters and does not repeat', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(nonce).toMatch(/^[0-9a-f]{32}$/);
  });
});
