/**
 * Runs built the way the server builds them (createProofRecord, proofHash, the genesis), without
 * a database, so the pure transcript code can be checked directly and with random runs.
 */
import { generateKeyPairSync } from 'node:crypto';
import type { Challenge, ChallengeType } from '../../src/protocol/challenge.js';
import { genesisProofHash, proofHash } from '../../src/runs/proof-hash.js';
import { createProofRecord, type ProofEvidence, type StoredProofStatus } from '../../src/runs/proof-record.js';
import type { Outcome, ProofSource } from '../../src/model/run-enums.js';
import { type Transcript, type TranscriptRunStatus, type TranscriptSource } from '../../src/transcripts/transcript.js';
import {
  keyIdOf,
  rawPublicKey,
  renderEnvelope,
  signTranscript,
  type TranscriptSigner,
} from '../../src/transcripts/transcript-signature.js';
import type { VerificationKey } from '../../src/transcripts/verify-transcript.js';

export interface SyntheticAttempt {
  /** false: a failed attempt kept for the record (not part of the chain). */
  settled: boolean;
  source: ProofSource;
  evidence: ProofEvidence;
  status: StoredProofStatus;
}

export interface SyntheticStep {
  label: string;
  text: string;
  challenge: Challenge | null;
  /** Attempts in order; the step is proven when one is settled. */
  attempts: SyntheticAttempt[];
}

export interface SyntheticRun {
  runId: string;
  title: string;
  steps: SyntheticStep[];
  status: TranscriptRunStatus;
  outcome: Outcome | null;
}

export function testSigner(): { signer: TranscriptSigner; key: VerificationKey } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const x = rawPublicKey(publicKey);
  return { signer: { keyId: keyIdOf(x), privateKey }, key: { kid: keyIdOf(x), x } };
}

export function transcriptSource(run: SyntheticRun): TranscriptSource {
  const start = Date.parse('2026-11-20T10:00:00.000Z');
  let head = genesisProofHash(run.runId);
  let clock = start;
  const proofs: TranscriptSource['proofs'][number][] = [];
  run.steps.forEach((step, position) => {
    for (const attempt of step.attempts) {
      clock += 1000;
      const record = createProofRecord(
        {
          runId: run.runId,
          stepUri: stepUri(run, position),
          stepIndex: position + 1,
          source: attempt.source,
          executedAt: new Date(clock).toISOString(),
          nonce: `nonce-${position + 1}-${proofs.length}`,
          previousProofHash: head,
        },
        attempt.evidence,
        attempt.status,
      );
      const hash = proofHash(record);
      proofs.push({
        record,
        proofHash: hash,
        settled: attempt.settled,
        answeredBy: attempt.source === 'HUMAN' ? 'principal-reviewer' : null,
      });
      if (attempt.settled) head = hash;
    }
  });
  return {
    runId: run.runId,
    space: 'user:principal-runner',
    principalId: 'principal-runner',
    status: run.status,
    protocol: { chainId: `chain-${run.runId}`, label: run.title, slug: 'synthetic', version: '1.0.0' },
    steps: run.steps.map((step, position) => ({
      uri: stepUri(run, position),
      label: step.label,
      text: step.text,
      challenge: step.challenge,
    })),
    proofs,
    attestation:
      run.status === 'ATTESTED' && run.outcome
        ? { outcome: run.outcome, message: 'done', ratedAt: new Date(clock + 1000).toISOString() }
        : null,
    createdAt: new Date(start),
    updatedAt: new Date(clock + 1000),
  };
}

export function stepUri(run: SyntheticRun, position: number): string {
  return `kairos://mem/${run.runId}-step-${position + 1}`;
}

export function signedFile(transcript: Transcript, signer: TranscriptSigner): string {
  return renderEnvelope(signTranscript(transcript, signer));
}

export function deployRun(): SyntheticRun {
  const shell = (stdout: string): SyntheticAttempt => ({
    settled: true,
    source: 'AGENT',
    status: 'success',
    evidence: { type: 'SHELL', shell: { exitCode: 0, stdout, stderr: '' } },
  });
  return {
    runId: 'run-deploy-1',
    title: 'Deploy to production',
    status: 'ATTESTED',
    outcome: 'SUCCESS',
    steps: [
      {
        label: 'Build',
        text: 'Build the release.',
        challenge: challenge('SHELL'),
        attempts: [
          {
            settled: false,
            source: 'AGENT',
            status: 'failed',
            evidence: { type: 'SHELL', shell: { exitCode: 1, stdout: '', stderr: 'boom' } },
          },
          shell('built 42 files'),
        ],
      },
      { label: 'Test', text: 'Run the tests.', challenge: challenge('SHELL'), attempts: [shell('213 passed')] },
      {
        label: 'Approve',
        text: 'Ask the owner.',
        challenge: challenge('USER_INPUT'),
        attempts: [
          {
            settled: true,
            source: 'HUMAN',
            status: 'success',
            evidence: { type: 'USER_INPUT', userInput: { confirmation: 'approved', timestamp: '2026-11-20T10:00:05.000Z' } },
          },
        ],
      },
      { label: 'Ship', text: 'Ship it.', challenge: challenge('SHELL'), attempts: [shell('deployed v1.2.3')] },
    ],
  };
}

function challenge(type: ChallengeType): Challenge {
  switch (type) {
    case 'SHELL':
      return { type, required: true, shell: { cmd: 'make', timeoutSeconds: 30 } };
    case 'USER_INPUT':
      return { type, required: true, userInput: { prompt: 'Approve deployment to production?', requireHuman: true } };
    case 'MCP':
      return { type, required: true, mcp: { toolName: 'deploy' } };
    case 'COMMENT':
      return { type, required: false, comment: { minLength: 10 } };
    case 'TENSOR':
      return { type, required: true, tensor: { name: 'score', shape: [2] } };
  }
}

export { challenge as syntheticChallenge };
