import { describe, expect, it } from 'vitest';
import type { Transcript, TranscriptRunStatus } from '../../src/transcripts/transcript.js';
import type { TranscriptEnvelope } from '../../src/transcripts/transcript-signature.js';
import { keysFromJson, verifyTranscript } from '../../src/transcripts/verify-transcript.js';
import type { RunTranscriptsQuery } from '../../src/generated/graphql.js';
import { errorCode, useTestServer } from '../support/app.js';
import { RunTranscriptDocument, RunTranscriptsDocument, SigningKeysDocument } from './documents.js';
import { driveRun, mintDeploy } from './server-runs.js';

const server = useTestServer();

async function publishedKeys() {
  const response = await fetch(`${server.running.baseUrl}/.well-known/kairos-keys.json`);
  expect(response.status).toBe(200);
  return keysFromJson(await response.json());
}

async function transcriptOf(runId: string): Promise<string> {
  return (await server.query(RunTranscriptDocument, { id: runId })).run!.transcript;
}

describe('Run.transcript', () => {
  it('is the signed, canonical record of an attested run, verifiable with the published keys', async () => {
    const protocol = await mintDeploy(server);
    const runId = await driveRun(server, protocol);
    const text = await transcriptOf(runId);
    const result = verifyTranscript(text, await publishedKeys());
    expect(result.verified, result.message).toBe(true);
    expect(result.message).toMatch(
      new RegExp(`^verified: ${protocol.label} run ${runId}, 3 steps, attested SUCCESS by local at \\S+Z \\(key [\\w-]{43}\\)$`),
    );

    const { transcript, signature } = JSON.parse(text) as TranscriptEnvelope;
    expect(signature).toMatchObject({ algorithm: 'Ed25519' });
    expect(transcript.protocol).toMatchObject({ chainId: protocol.chainId, title: protocol.label, version: '2.1.0' });
    expect(transcript.protocol.steps.map((step) => step.uri)).toEqual(protocol.stepUris);
    expect(
      transcript.proofs.map((proof) => [proof.record.stepIndex, proof.settled, proof.record.status, proof.record.source, proof.answeredBy]),
    ).toEqual([
      [1, false, 'failed', 'AGENT', null],
      [1, true, 'success', 'AGENT', null],
      [2, true, 'success', 'HUMAN', 'local'],
      [3, true, 'success', 'AGENT', null],
    ]);
    expect(transcript.proofs[0]!.record.shell).toEqual({ exitCode: 2, stdout: '', stderr: 'cc: error' });
    expect(transcript.attestation).toMatchObject({ outcome: 'SUCCESS', message: 'shipped', by: 'local' });
    expect(transcript.run.status).toBe('ATTESTED');
    // The same run exports to the same bytes: nothing in it depends on when it was exported.
    expect(await transcriptOf(runId)).toBe(text);
  });

  it('names who answered a HUMAN proof stored before proofs recorded it, from the answered prompt', async () => {
    const runId = await driveRun(server, await mintDeploy(server));
    const runs = server.mongo().db(server.dbName).collection<{ _id: string }>('runs');
    const updated = await runs.updateOne({ _id: runId }, { $unset: { 'proofs.$[].answeredBy': '' } });
    expect(updated.modifiedCount).toBe(1);
    const text = await transcriptOf(runId);
    expect((JSON.parse(text) as TranscriptEnvelope).transcript.proofs.map((proof) => proof.answeredBy)).toEqual([
      null,
      null,
      'local',
      null,
    ]);
    expect(verifyTranscript(text, await publishedKeys()).verified).toBe(true);
  });

  it('is unsigned, and marked so, while the run is active', async () => {
    const runId = await driveRun(server, await mintDeploy(server), 'BEGUN');
    const { run } = await server.query(RunTranscriptDocument, { id: runId });
    expect(run!.status).toBe('ACTIVE');
    const envelope = JSON.parse(run!.transcript) as TranscriptEnvelope;
    expect(envelope.signature).toBeNull();
    expect(envelope.transcript.run.status).toBe<TranscriptRunStatus>('ACTIVE');
    expect(verifyTranscript(run!.transcript, await publishedKeys()).message).toBe(
      'signature: none (the run was ACTIVE when exported; only finished runs are signed)',
    );
  });

  it('keeps old transcripts verifiable after a rotation, and signs new ones with the new key', async () => {
    const runId = await driveRun(server, await mintDeploy(server));
    const before = await transcriptOf(runId);
    const rotated = await server.running.services.signingKeys.rotate();
    const keys = await publishedKeys();
    expect(keys.map((key) => key.kid)).toContain(rotated.id);
    expect(verifyTranscript(before, keys).verified).toBe(true);
    const after = await transcriptOf(runId);
    expect((JSON.parse(after) as TranscriptEnvelope).signature!.keyId).toBe(rotated.id);
    expect(verifyTranscript(after, keys).verified).toBe(true);
  });
});

describe('signingKeys and /.well-known/kairos-keys.json', () => {
  it('list the same public keys, oldest first, only the newest active, never a private half', async () => {
    const { signingKeys } = await server.query(SigningKeysDocument, {});
    expect(signingKeys.length).toBeGreaterThanOrEqual(1);
    expect(signingKeys.map((key) => key.active)).toEqual([...signingKeys.slice(1).map(() => false), true]);
    const published = await (await fetch(`${server.running.baseUrl}/.well-known/kairos-keys.json`)).json();
    expect(published).toEqual({ keys: signingKeys.map((key) => key.jwk) });
    for (const key of signingKeys) {
      expect(key).toMatchObject({
        algorithm: 'Ed25519',
        jwk: { kty: 'OKP', crv: 'Ed25519', x: key.publicKey, kid: key.id, alg: 'EdDSA', use: 'sig' },
      });
      expect(Buffer.from(key.publicKey, 'base64url')).toHaveLength(32);
    }
    expect(JSON.stringify(published)).not.toMatch(/"d"|pkcs8|privateKey/);
  });

  it('keeps the private halves in the database only, sealed even without KAIROS_SECRET', async () => {
    const stored = await server.mongo().db(server.dbName).collection('signing_keys').find().toArray();
    expect(stored.length).toBeGreaterThanOrEqual(1);
    expect(stored.every((key) => (key.privateKey as { encoding: string }).encoding === 'aes-256-gcm+scrypt')).toBe(true);
  });
});

describe('runTranscripts', () => {
  it('pages through the runs begun since a date, oldest first, each transcript verifiable', async () => {
    const since = new Date();
    const protocol = await mintDeploy(server);
    const runIds = [
      await driveRun(server, protocol),
      await driveRun(server, protocol, 'BEGUN'),
      await driveRun(server, protocol, 'ATTESTED', 'FAILURE'),
    ];
    const keys = await publishedKeys();
    const seen: { runId: string; signed: boolean }[] = [];
    let after: string | null = null;
    for (let page = 0; page < 5; page++) {
      const { runTranscripts }: RunTranscriptsQuery = await server.query(RunTranscriptsDocument, {
        space: 'personal',
        since: since.toISOString(),
        first: 2,
        after,
      });
      expect(runTranscripts.totalCount).toBe(3);
      for (const { node } of runTranscripts.edges) {
        const envelope = JSON.parse(node.transcript) as { transcript: Transcript };
        expect(envelope.transcript.run.id).toBe(node.runId);
        if (node.signed) expect(verifyTranscript(node.transcript, keys).verified).toBe(true);
        seen.push({ runId: node.runId, signed: node.signed });
      }
      if (!runTranscripts.pageInfo.hasNextPage) break;
      after = runTranscripts.pageInfo.endCursor ?? null;
    }
    expect(seen).toEqual([
      { runId: runIds[0], signed: true },
      { runId: runIds[1], signed: false },
      { runId: runIds[2], signed: true },
    ]);
  });

  it('refuses a space the viewer cannot read and a page size out of range', async () => {
    expect(errorCode((await server.request(RunTranscriptsDocument, { space: 'user:someone-else' })).errors)).toBe('FORBIDDEN');
    expect(errorCode((await server.request(RunTranscriptsDocument, { first: 101 })).errors)).toBe('BAD_USER_INPUT');
  });
});
