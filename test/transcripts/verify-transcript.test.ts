import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/runs/canonical-json.js';
import { proofHash } from '../../src/runs/proof-hash.js';
import { buildTranscript } from '../../src/transcripts/transcript.js';
import type { TranscriptEnvelope } from '../../src/transcripts/transcript-signature.js';
import { renderEnvelope } from '../../src/transcripts/transcript-signature.js';
import { keysFromJson, verifyTranscript } from '../../src/transcripts/verify-transcript.js';
import { deployRun, signedFile, testSigner, transcriptSource } from './synthetic-run.js';

const server = testSigner();
const transcript = buildTranscript(transcriptSource(deployRun()));
const file = signedFile(transcript, server.signer);

/** The file with `change` applied to its parsed form, written back in canonical form. */
function tampered(change: (envelope: TranscriptEnvelope) => void, source = file): string {
  const envelope = JSON.parse(source) as TranscriptEnvelope;
  change(envelope);
  return renderEnvelope(envelope);
}

function reason(text: string, keys = [server.key]): string {
  const result = verifyTranscript(text, keys);
  expect(result.verified).toBe(false);
  return result.message;
}

describe('buildTranscript', () => {
  it('holds the protocol as proven, every proof in order, the chain from the genesis and the attestation', () => {
    expect(transcript.protocol).toMatchObject({ chainId: 'chain-run-deploy-1', title: 'Deploy to production', version: '1.0.0' });
    expect(transcript.protocol.steps.map((step) => [step.index, step.label])).toEqual([
      [1, 'Build'],
      [2, 'Test'],
      [3, 'Approve'],
      [4, 'Ship'],
    ]);
    expect(transcript.proofs.map((proof) => [proof.record.stepIndex, proof.settled, proof.record.source, proof.answeredBy])).toEqual([
      [1, false, 'AGENT', null],
      [1, true, 'AGENT', null],
      [2, true, 'AGENT', null],
      [3, true, 'HUMAN', 'principal-reviewer'],
      [4, true, 'AGENT', null],
    ]);
    expect(transcript.chain).toEqual([
      transcript.genesisHash,
      ...transcript.proofs.filter((proof) => proof.settled).map((proof) => proof.proofHash),
    ]);
    expect(transcript.proofs.every((proof) => proofHash(proof.record) === proof.proofHash)).toBe(true);
    expect(transcript.attestation).toMatchObject({ outcome: 'SUCCESS', by: 'principal-runner', chainHead: transcript.chain.at(-1) });
  });

  it('hashes each step text as the run received it', async () => {
    const { createHash } = await import('node:crypto');
    expect(transcript.protocol.steps[1]!.contentSha256).toBe(createHash('sha256').update('Run the tests.').digest('hex'));
  });

  it('signs exactly the bytes of the transcript member as they appear in the file', async () => {
    const { verify } = await import('node:crypto');
    const { publicKeyFromRaw } = await import('../../src/transcripts/transcript-signature.js');
    const envelope = JSON.parse(file) as TranscriptEnvelope;
    const member = canonicalJson(envelope.transcript);
    expect(file.endsWith(`"transcript":${member}}`)).toBe(true);
    expect(verify(null, Buffer.from(member), publicKeyFromRaw(server.key.x), Buffer.from(envelope.signature!.value, 'base64url'))).toBe(
      true,
    );
  });
});

describe('verifyTranscript', () => {
  it('verifies an untouched transcript and says what it proves', () => {
    expect(verifyTranscript(file, [server.key])).toMatchObject({
      verified: true,
      message: `verified: Deploy to production run run-deploy-1, 4 steps, attested SUCCESS by principal-runner at ${transcript.attestation!.at} (key ${server.key.kid})`,
    });
    expect(verifyTranscript(`${file}\n`, [server.key]).verified).toBe(true);
  });

  it('names a changed stdout in one proof', () => {
    expect(reason(tampered((envelope) => void (envelope.transcript.proofs[2]!.record.shell!.stdout = '214 passed')))).toBe(
      'step 2: proof hash does not match its record',
    );
  });

  it('names two proofs swapped', () => {
    const swapped = tampered(({ transcript: { proofs } }) => void ([proofs[2], proofs[4]] = [proofs[4]!, proofs[2]!]));
    expect(reason(swapped)).toBe('step 4: previous proof hash does not continue the chain');
  });

  it('names a proven step removed', () => {
    expect(reason(tampered(({ transcript: { proofs } }) => void proofs.splice(2, 1)))).toBe(
      'step 3: previous proof hash does not continue the chain',
    );
    const lastRemoved = tampered(({ transcript }) => {
      transcript.proofs.pop();
      transcript.chain.pop();
    });
    expect(reason(lastRemoved)).toBe('attestation: does not seal the last hash of the chain');
    expect(reason(tampered(({ transcript }) => void transcript.protocol.steps.splice(1, 1)))).toBe(
      'protocol: step 2 is missing (found step 3 in its place)',
    );
  });

  it('names a HUMAN source changed to AGENT, whether or not the answerer is dropped too', () => {
    expect(reason(tampered(({ transcript }) => void (transcript.proofs[3]!.record.source = 'AGENT')))).toBe(
      'step 3: proof hash does not match its record',
    );
    const laundered = tampered(({ transcript }) => {
      const proof = transcript.proofs[3]!;
      proof.record.source = 'AGENT';
      proof.answeredBy = null;
      proof.proofHash = proofHash(proof.record);
    });
    expect(reason(laundered)).toBe('step 4: previous proof hash does not continue the chain');
  });

  it('names a changed outcome', () => {
    expect(reason(tampered(({ transcript }) => void (transcript.attestation!.outcome = 'FAILURE')))).toBe(
      `signature: does not match the transcript (changed after signing, or not signed by key ${server.key.kid})`,
    );
  });

  it('names a signature from another server\u2019s key, and another key passed off under this id', () => {
    const other = testSigner();
    const foreign = signedFile(transcript, other.signer);
    expect(reason(foreign)).toBe(`signature: unknown key id ${other.key.kid}`);
    const impostor = signedFile(transcript, { keyId: server.key.kid, privateKey: other.signer.privateKey });
    expect(reason(impostor)).toBe(
      `signature: does not match the transcript (changed after signing, or not signed by key ${server.key.kid})`,
    );
  });

  it('still verifies transcripts signed before a rotation, with the old key published next to the new', () => {
    const rotated = testSigner();
    const newer = signedFile(transcript, rotated.signer);
    expect(verifyTranscript(file, [server.key, rotated.key]).verified).toBe(true);
    expect(verifyTranscript(newer, [server.key, rotated.key]).verified).toBe(true);
    expect(reason(newer, [server.key])).toBe(`signature: unknown key id ${rotated.key.kid}`);
  });

  it('refuses an active run\u2019s unsigned transcript even though its chain holds', () => {
    const active = buildTranscript(transcriptSource({ ...deployRun(), status: 'ACTIVE', outcome: null }));
    expect(reason(renderEnvelope({ signature: null, transcript: active }))).toBe(
      'signature: none (the run was ACTIVE when exported; only finished runs are signed)',
    );
  });

  it('refuses a file that is not canonical JSON, not JSON or not UTF-8', () => {
    expect(reason(JSON.stringify(JSON.parse(file), null, 2))).toMatch(
      /^canonical form: the file differs from its canonical JSON at character 1$/,
    );
    expect(reason(file.slice(0, -1))).toMatch(/^canonical form: not JSON/);
    expect(reason(Buffer.concat([Buffer.from(file.slice(0, 20)), Buffer.from([0xff]), Buffer.from(file.slice(21))]) as never)).toBe(
      'canonical form: the file is not valid UTF-8',
    );
  });

  it('refuses a SUCCESS attestation over a required step without a settled proof', () => {
    const run = deployRun();
    run.steps[3]!.attempts = [];
    const unproven = buildTranscript(transcriptSource(run));
    expect(reason(signedFile(unproven, server.signer))).toBe('attestation: SUCCESS, but required step 4 has no settled proof');
  });

  it('refuses a proof moved to another run, and a genesis of another run', () => {
    expect(reason(tampered(({ transcript }) => void (transcript.run.id = 'run-deploy-2')))).toBe(
      'genesis: not the genesis hash of run run-deploy-2',
    );
    expect(reason(tampered(({ transcript }) => void (transcript.format = 'other/1' as never)))).toBe(
      'format: expected "kairos-transcript/1", found "other/1"',
    );
  });
});

describe('keysFromJson', () => {
  it('reads a JWK Set or a single JWK, and skips what is not an Ed25519 key', () => {
    const jwk = { kty: 'OKP', crv: 'Ed25519', x: server.key.x, kid: server.key.kid };
    expect(keysFromJson({ keys: [jwk, { kty: 'RSA', n: 'x', e: 'AQAB', kid: 'rsa' }] })).toEqual([server.key]);
    expect(keysFromJson(jwk)).toEqual([server.key]);
    expect(keysFromJson({ nothing: true })).toEqual([]);
  });
});
