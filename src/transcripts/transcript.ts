/**
 * A run's portable record: the protocol as proven, every proof in order, the hash chain from the
 * genesis and the attestation, as one canonical JSON document. Pure: the service hands in what
 * the database holds; signing is in transcript-signature.ts, checking in verify-transcript.ts.
 */
import type { Challenge } from '../protocol/challenge.js';
import { genesisProofHash, sha256Hex } from '../runs/proof-hash.js';
import type { ProofRecord } from '../model/proof-record.js';
import type { RunStep } from '../model/run-state.js';
import { type Outcome, RUN_STATUSES, type RunStatus } from '../model/run-enums.js';

/** Names this layout; a verifier refuses any other. */
export const TRANSCRIPT_FORMAT = 'kairos-transcript/1';

/** A transcript carries the run's status as the server stores it. */
export const TRANSCRIPT_RUN_STATUSES = RUN_STATUSES;
export type TranscriptRunStatus = RunStatus;

/** Runs in these states can change no more, so their transcript is signed. */
export const FINAL_RUN_STATUSES: readonly TranscriptRunStatus[] = ['ATTESTED', 'EXPIRED'];

export interface TranscriptStep {
  index: number;
  uri: string;
  label: string | null;
  /** The challenge the run was given for this step (null: none, the optional comment applies). */
  challenge: Challenge | null;
  /** SHA-256 (hex) of the step's markdown text exactly as the run received it at begin. */
  contentSha256: string;
}

export interface TranscriptProof {
  /** Part of the hash chain (the step moved on); false for a failed attempt kept for the record. */
  settled: boolean;
  proofHash: string;
  /** Exactly the record the hash was computed over. */
  record: ProofRecord;
  /** The principal whose answerPrompt produced a HUMAN proof; null for an agent's proof. */
  answeredBy: string | null;
}

export interface TranscriptAttestation {
  outcome: Outcome;
  message: string;
  /** The principal that attested (the runner). */
  by: string;
  at: string;
  /** The chain's last hash when the run was attested: the attestation seals the chain. */
  chainHead: string;
}

export interface Transcript {
  format: typeof TRANSCRIPT_FORMAT;
  run: {
    id: string;
    space: string;
    /** The principal that ran the protocol. */
    runner: string;
    status: TranscriptRunStatus;
    startedAt: string;
    updatedAt: string;
  };
  protocol: {
    chainId: string;
    slug: string;
    title: string;
    /** The protocol's declared version when the run began (null: none declared, or not recorded). */
    version: string | null;
    steps: TranscriptStep[];
  };
  /** sha256("kairos:genesis:" + run id): what the first settled proof links to. */
  genesisHash: string;
  /** Every proof the run received, in the order received. */
  proofs: TranscriptProof[];
  /** The hash chain: the genesis, then each settled proof's hash in order. */
  chain: string[];
  attestation: TranscriptAttestation | null;
}

/** What a transcript is built from: the run as stored. */
export interface TranscriptSource {
  runId: string;
  space: string;
  principalId: string;
  status: TranscriptRunStatus;
  protocol: { chainId: string; label: string; slug: string; version?: string | null };
  /** The steps as they were at begin (the run's state). */
  steps: readonly RunStep[];
  proofs: readonly { record: ProofRecord; proofHash: string; settled: boolean; answeredBy?: string | null }[];
  /** The rated attest as the run keeps it. */
  attestation: { outcome: Outcome; message: string; ratedAt: string | null } | null;
  createdAt: Date;
  updatedAt: Date;
}

export function buildTranscript(source: TranscriptSource): Transcript {
  const genesisHash = genesisProofHash(source.runId);
  const chain = [genesisHash, ...source.proofs.filter((proof) => proof.settled).map((proof) => proof.proofHash)];
  const attestation = source.attestation;
  return {
    format: TRANSCRIPT_FORMAT,
    run: {
      id: source.runId,
      space: source.space,
      runner: source.principalId,
      status: source.status,
      startedAt: source.createdAt.toISOString(),
      updatedAt: source.updatedAt.toISOString(),
    },
    protocol: {
      chainId: source.protocol.chainId,
      slug: source.protocol.slug,
      title: source.protocol.label,
      version: source.protocol.version ?? null,
      steps: source.steps.map((step, position) => ({
        index: position + 1,
        uri: step.uri,
        label: step.label ?? null,
        challenge: step.challenge ?? null,
        contentSha256: sha256Hex(step.text),
      })),
    },
    genesisHash,
    proofs: source.proofs.map((proof) => ({
      settled: proof.settled,
      proofHash: proof.proofHash,
      record: proof.record,
      answeredBy: proof.answeredBy ?? null,
    })),
    chain,
    attestation:
      attestation && attestation.ratedAt
        ? {
            outcome: attestation.outcome,
            message: attestation.message,
            by: source.principalId,
            at: attestation.ratedAt,
            chainHead: chain.at(-1)!,
          }
        : null,
  };
}

export function isFinalRunStatus(status: TranscriptRunStatus): boolean {
  return FINAL_RUN_STATUSES.includes(status);
}
