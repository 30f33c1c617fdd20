import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChallengeType } from '../../src/protocol/challenge.js';
import type { ProofEvidence } from '../../src/runs/proof-record.js';
import { buildTranscript } from '../../src/transcripts/transcript.js';
import { canonicalJson } from '../../src/runs/canonical-json.js';
import type { TranscriptEnvelope } from '../../src/transcripts/transcript-signature.js';
import { verifyTranscript } from '../../src/transcripts/verify-transcript.js';
import {
  signedFile,
  syntheticChallenge,
  testSigner,
  transcriptSource,
  type SyntheticAttempt,
  type SyntheticRun,
  type SyntheticStep,
} from './synthetic-run.js';

const server = testSigner();
const text = fc.string({ unit: 'grapheme', maxLength: 40 });

function evidenceOf(type: ChallengeType): fc.Arbitrary<{ evidence: ProofEvidence; ok: boolean }> {
  switch (type) {
    case 'SHELL':
      return fc
        .record({ exitCode: fc.integer({ min: 0, max: 3 }), stdout: text, stderr: text })
        .map((shell) => ({ evidence: { type, shell }, ok: shell.exitCode === 0 }));
    case 'MCP':
      return fc
        .record({ result: fc.jsonValue({ maxDepth: 2 }), success: fc.boolean() })
        .map(({ result, success }) => ({ evidence: { type, mcp: { toolName: 'deploy', result, success } }, ok: success }));
    case 'USER_INPUT':
      return fc.constantFrom('approved', 'yes', 'rejected').map((confirmation) => ({
        evidence: { type, userInput: { confirmation, timestamp: '2026-11-20T10:00:00.000Z' } },
        ok: confirmation !== 'rejected',
      }));
    case 'COMMENT':
      return text.map((comment) => ({ evidence: { type, comment: { text: comment } }, ok: true }));
    case 'TENSOR':
      return fc
        .array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: 2, maxLength: 2 })
        .map((value) => ({ evidence: { type, tensor: { name: 'score', value } }, ok: true }));
  }
}

const attempt = (type: ChallengeType, settled: boolean): fc.Arbitrary<SyntheticAttempt> =>
  fc.tuple(evidenceOf(type), fc.constantFrom<'AGENT' | 'HUMAN'>('AGENT', 'HUMAN')).map(([{ evidence, ok }, source]) => ({
    settled,
    source: type === 'USER_INPUT' ? source : 'AGENT',
    evidence,
    status: settled && !ok ? 'failed' : ok ? 'success' : 'failed',
  }));

const step: fc.Arbitrary<SyntheticStep> = fc
  .record({
    type: fc.constantFrom<ChallengeType>('SHELL', 'MCP', 'USER_INPUT', 'COMMENT'),
    required: fc.boolean(),
    failures: fc.integer({ min: 0, max: 2 }),
    proven: fc.boolean(),
    label: text,
    body: text,
  })
  .chain(({ type, required, failures, proven, label, body }) =>
    fc
      .tuple(
        fc.array(attempt(type, false), { minLength: failures, maxLength: failures }),
        proven ? attempt(type, true).map((one) => [one]) : fc.constant([]),
      )
      .map(([failed, settled]) => ({
        label,
        text: body,
        challenge: { ...syntheticChallenge(type), required },
        attempts: [...failed, ...settled],
      })),
  );

const finishedRun: fc.Arbitrary<SyntheticRun> = fc
  .record({
    id: fc.uuid(),
    title: text,
    steps: fc.array(step, { minLength: 1, maxLength: 5 }),
    expired: fc.boolean(),
    success: fc.boolean(),
  })
  .map(({ id, title, steps, expired, success }) => {
    const complete = steps.every((one) => !one.challenge?.required || one.attempts.some((attempt) => attempt.settled));
    return {
      runId: id,
      title,
      steps,
      status: expired ? 'EXPIRED' : 'ATTESTED',
      outcome: expired ? null : success && complete ? 'SUCCESS' : 'FAILURE',
    };
  });

describe('transcripts of random runs', () => {
  it('round-trip: built, signed, written, read back and verified', () => {
    fc.assert(
      fc.property(finishedRun, (run) => {
        const transcript = buildTranscript(transcriptSource(run));
        const file = signedFile(transcript, server.signer);
        const result = verifyTranscript(Buffer.from(file, 'utf8'), [server.key]);
        expect(result).toMatchObject({ verified: true });
        if (result.verified) expect(canonicalJson(result.transcript)).toBe(canonicalJson(transcript));
      }),
      { numRuns: 150 },
    );
  });

  it('fail on any single-byte change to the signed part', () => {
    fc.assert(
      fc.property(finishedRun, fc.nat(), fc.integer({ min: 1, max: 255 }), (run, offset, delta) => {
        const file = Buffer.from(signedFile(buildTranscript(transcriptSource(run)), server.signer), 'utf8');
        const member = Buffer.from(canonicalJson((JSON.parse(file.toString('utf8')) as TranscriptEnvelope).transcript), 'utf8');
        const start = file.length - 1 - member.length;
        expect(file.subarray(start, start + member.length).equals(member)).toBe(true);
        const changed = Buffer.from(file);
        const at = start + (offset % member.length);
        changed[at] = (changed[at]! + delta) % 256;
        expect(verifyTranscript(changed, [server.key]).verified).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
