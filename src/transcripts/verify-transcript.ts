/**
 * Checks a transcript file with nothing but the bytes and a list of public keys: no database,
 * no network. It answers with the first thing that does not hold, in the order a reader would
 * check by hand: the file's form, the protocol, each proof's hash and link, the chain, the
 * attestation, and last the signature (so a tampered proof is named as such, not just as a bad
 * signature).
 */
import { verify } from 'node:crypto';
import { canonicalJson, CanonicalJsonError } from '../runs/canonical-json.js';
import { genesisProofHash, proofHash } from '../runs/proof-hash.js';
import type { ProofRecord } from '../runs/proof-record.js';
import { publicKeyFromRaw, SIGNATURE_ALGORITHM, signedBytes } from './transcript-signature.js';
import type { TranscriptEnvelope, TranscriptSignature } from './transcript-signature.js';
import { TRANSCRIPT_FORMAT, TRANSCRIPT_RUN_STATUSES } from './transcript.js';
import type { Transcript, TranscriptProof, TranscriptStep } from './transcript.js';

export interface VerificationKey {
  kid: string;
  /** base64url of the raw 32-byte Ed25519 public key (a JWK's `x`). */
  x: string;
}

export type VerificationResult =
  { verified: true; message: string; transcript: Transcript; keyId: string } | { verified: false; message: string };

class Refusal extends Error {}

function refuse(message: string): never {
  throw new Refusal(message);
}

export function verifyTranscript(file: Uint8Array | string, keys: readonly VerificationKey[]): VerificationResult {
  try {
    const envelope = readCanonicalEnvelope(typeof file === 'string' ? Buffer.from(file, 'utf8') : file);
    const transcript = envelope.transcript;
    checkProtocol(transcript);
    checkProofs(transcript);
    checkAttestation(transcript);
    const signature = checkSignature(envelope, keys);
    return { verified: true, message: `verified: ${summary(transcript)} (key ${signature.keyId})`, transcript, keyId: signature.keyId };
  } catch (error) {
    if (error instanceof Refusal) return { verified: false, message: error.message };
    throw error;
  }
}

/** `<title> run <id>, N steps, attested SUCCESS by … at …` (or how the run ended). */
export function summary(transcript: Transcript): string {
  const head = `${transcript.protocol.title} run ${transcript.run.id}, ${transcript.protocol.steps.length} steps`;
  const attestation = transcript.attestation;
  if (attestation) return `${head}, attested ${attestation.outcome} by ${attestation.by} at ${attestation.at}`;
  return `${head}, ${transcript.run.status.toLowerCase()} at ${transcript.run.updatedAt} without attestation`;
}

function readCanonicalEnvelope(bytes: Uint8Array): TranscriptEnvelope {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    refuse('canonical form: the file is not valid UTF-8');
  }
  // A single trailing newline (as editors and `>` redirection leave it) is not part of the document.
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    refuse(`canonical form: not JSON (${(error as Error).message})`);
  }
  let canonical: string;
  try {
    canonical = canonicalJson(parsed);
  } catch (error) {
    refuse(`canonical form: ${(error as CanonicalJsonError).message}`);
  }
  if (canonical !== body)
    refuse(`canonical form: the file differs from its canonical JSON at character ${firstDifference(canonical, body)}`);
  const envelope = objectAt(parsed, '$');
  onlyKeys(envelope, '$', ['signature', 'transcript']);
  const transcript = objectAt(envelope.transcript, '$.transcript');
  if (transcript.format !== TRANSCRIPT_FORMAT)
    refuse(`format: expected "${TRANSCRIPT_FORMAT}", found ${JSON.stringify(transcript.format ?? null)}`);
  checkShape(transcript);
  return parsed as TranscriptEnvelope;
}

function firstDifference(a: string, b: string): number {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  return index;
}

/** Just enough structure that the checks below read defined values; the hashes do the rest. */
function checkShape(transcript: Record<string, unknown>): void {
  const run = objectAt(transcript.run, 'run');
  for (const key of ['id', 'space', 'runner', 'startedAt', 'updatedAt'] as const) stringAt(run[key], `run.${key}`);
  if (!(TRANSCRIPT_RUN_STATUSES as readonly unknown[]).includes(run.status))
    refuse(`structure: run.status is not one of ${TRANSCRIPT_RUN_STATUSES.join(', ')}`);
  const protocol = objectAt(transcript.protocol, 'protocol');
  for (const key of ['chainId', 'slug', 'title'] as const) stringAt(protocol[key], `protocol.${key}`);
  arrayAt(protocol.steps, 'protocol.steps').forEach((value, position) => {
    const step = objectAt(value, `protocol.steps[${position}]`);
    if (typeof step.index !== 'number') refuse(`structure: protocol.steps[${position}].index is not a number`);
    stringAt(step.uri, `protocol.steps[${position}].uri`);
    if (step.challenge !== null) objectAt(step.challenge, `protocol.steps[${position}].challenge`);
  });
  stringAt(transcript.genesisHash, 'genesisHash');
  arrayAt(transcript.proofs, 'proofs').forEach((value, position) => {
    const proof = objectAt(value, `proofs[${position}]`);
    if (typeof proof.settled !== 'boolean') refuse(`structure: proofs[${position}].settled is not a boolean`);
    stringAt(proof.proofHash, `proofs[${position}].proofHash`);
    const record = objectAt(proof.record, `proofs[${position}].record`);
    if (typeof record.stepIndex !== 'number') refuse(`structure: proofs[${position}].record.stepIndex is not a number`);
    if (proof.answeredBy !== null) stringAt(proof.answeredBy, `proofs[${position}].answeredBy`);
  });
  arrayAt(transcript.chain, 'chain').forEach((value, position) => stringAt(value, `chain[${position}]`));
  if (transcript.attestation !== null) {
    const attestation = objectAt(transcript.attestation, 'attestation');
    for (const key of ['outcome', 'message', 'by', 'at', 'chainHead'] as const) stringAt(attestation[key], `attestation.${key}`);
  }
}

function checkProtocol(transcript: Transcript): void {
  const steps = transcript.protocol.steps;
  if (steps.length === 0) refuse('protocol: no steps');
  steps.forEach((step, position) => {
    if (step.index !== position + 1) refuse(`protocol: step ${position + 1} is missing (found step ${step.index} in its place)`);
  });
  if (transcript.genesisHash !== genesisProofHash(transcript.run.id)) refuse(`genesis: not the genesis hash of run ${transcript.run.id}`);
}

function checkProofs(transcript: Transcript): void {
  const steps = transcript.protocol.steps;
  let head = transcript.genesisHash;
  let lastSettledStep = 0;
  const settledHashes: string[] = [];
  for (const proof of transcript.proofs) {
    const record = proof.record;
    const where = `step ${record.stepIndex}${proof.settled ? '' : ' (failed attempt)'}`;
    const step: TranscriptStep | undefined = steps[record.stepIndex - 1];
    if (!step) refuse(`${where}: the protocol has no such step`);
    if (record.runId !== transcript.run.id) refuse(`${where}: the proof belongs to run ${String(record.runId)}`);
    if (record.stepUri !== step.uri) refuse(`${where}: the proof names ${String(record.stepUri)}, not the protocol's step ${step.index}`);
    if (recomputedHash(record) !== proof.proofHash) refuse(`${where}: proof hash does not match its record`);
    if (record.previousProofHash !== head) refuse(`${where}: previous proof hash does not continue the chain`);
    if (proof.settled && record.stepIndex <= lastSettledStep) refuse(`${where}: settled after step ${lastSettledStep}, out of order`);
    checkWhoAnswered(proof, where);
    if (proof.settled) {
      head = proof.proofHash;
      lastSettledStep = record.stepIndex;
      settledHashes.push(proof.proofHash);
    }
  }
  const expectedChain = [transcript.genesisHash, ...settledHashes];
  if (transcript.chain.length !== expectedChain.length || transcript.chain.some((hash, index) => hash !== expectedChain[index])) {
    refuse('chain: does not list the genesis and the settled proofs\u2019 hashes in order');
  }
}

function recomputedHash(record: ProofRecord): string {
  try {
    return proofHash(record);
  } catch (error) {
    if (error instanceof CanonicalJsonError) return '';
    throw error;
  }
}

function checkWhoAnswered(proof: TranscriptProof, where: string): void {
  if (proof.record.source === 'HUMAN' && proof.answeredBy === null) refuse(`${where}: a HUMAN proof without the principal who answered`);
  if (proof.record.source !== 'HUMAN' && proof.answeredBy !== null)
    refuse(`${where}: answered by ${proof.answeredBy} but the proof's source is ${String(proof.record.source)}`);
}

function checkAttestation(transcript: Transcript): void {
  const attestation = transcript.attestation;
  const status = transcript.run.status;
  if ((status === 'ATTESTED') !== (attestation !== null)) {
    refuse(attestation ? `attestation: present but the run is ${status}` : 'attestation: missing for an ATTESTED run');
  }
  if (!attestation) return;
  if (attestation.outcome !== 'SUCCESS' && attestation.outcome !== 'FAILURE')
    refuse(`attestation: unknown outcome ${JSON.stringify(attestation.outcome)}`);
  if (attestation.chainHead !== transcript.chain.at(-1)) refuse('attestation: does not seal the last hash of the chain');
  if (attestation.by !== transcript.run.runner) refuse('attestation: not made by the principal that ran the protocol');
  if (attestation.outcome === 'SUCCESS') {
    const settled = new Set(transcript.proofs.filter((proof) => proof.settled).map((proof) => proof.record.stepIndex));
    const unproven = transcript.protocol.steps.find((step) => step.challenge?.required === true && !settled.has(step.index));
    if (unproven) refuse(`attestation: SUCCESS, but required step ${unproven.index} has no settled proof`);
  }
}

function checkSignature(envelope: TranscriptEnvelope, keys: readonly VerificationKey[]): TranscriptSignature {
  const signature = envelope.signature;
  if (signature === null)
    refuse(`signature: none (the run was ${envelope.transcript.run.status} when exported; only finished runs are signed)`);
  const fields = objectAt(signature, 'signature');
  if (fields.algorithm !== SIGNATURE_ALGORITHM) refuse(`signature: unsupported algorithm ${JSON.stringify(fields.algorithm)}`);
  stringAt(fields.keyId, 'signature.keyId');
  stringAt(fields.value, 'signature.value');
  const key = keys.find((candidate) => candidate.kid === signature.keyId);
  if (!key) refuse(`signature: unknown key id ${signature.keyId}`);
  let valid = false;
  try {
    valid = verify(null, signedBytes(envelope.transcript), publicKeyFromRaw(key.x), Buffer.from(signature.value, 'base64url'));
  } catch {
    refuse(`signature: key ${key.kid} is not a usable Ed25519 public key`);
  }
  if (!valid) refuse(`signature: does not match the transcript (changed after signing, or not signed by key ${key.kid})`);
  return signature;
}

function objectAt(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) refuse(`structure: ${path} is not an object`);
  return value as Record<string, unknown>;
}

function arrayAt(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) refuse(`structure: ${path} is not a list`);
  return value;
}

function stringAt(value: unknown, path: string): string {
  if (typeof value !== 'string') refuse(`structure: ${path} is not a string`);
  return value;
}

function onlyKeys(value: Record<string, unknown>, path: string, keys: readonly string[]): void {
  const extra = Object.keys(value).filter((key) => !keys.includes(key));
  if (extra.length > 0) refuse(`structure: ${path} has unexpected member ${extra[0]}`);
  for (const key of keys) if (!(key in value)) refuse(`structure: ${path} lacks ${key}`);
}

/** Reads a key list (`/.well-known/kairos-keys.json`, or one JWK) into verification keys. */
export function keysFromJson(json: unknown): VerificationKey[] {
  const list =
    typeof json === 'object' && json !== null && Array.isArray((json as { keys?: unknown }).keys)
      ? (json as { keys: unknown[] }).keys
      : [json];
  return list.flatMap((entry) => {
    const jwk = entry as { kty?: unknown; crv?: unknown; x?: unknown; kid?: unknown };
    return jwk && jwk.kty === 'OKP' && jwk.crv === 'Ed25519' && typeof jwk.x === 'string' && typeof jwk.kid === 'string'
      ? [{ kid: jwk.kid, x: jwk.x }]
      : [];
  });
}
