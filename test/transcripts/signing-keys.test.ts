import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SigningKeyService } from '../../src/services/signing-key-service.js';
import { SigningKeyStore } from '../../src/store/signing-key-store.js';
import { PrivateKeyUnsealError, sealPrivateKey, unsealPrivateKey } from '../../src/transcripts/private-key-sealing.js';
import { keysFromJson, verifyTranscript } from '../../src/transcripts/verify-transcript.js';
import { useTestServer } from '../support/app.js';
import { RunTranscriptDocument } from './documents.js';
import { driveRun, mintDeploy } from './server-runs.js';

const SECRET = 'correct horse battery staple';
const server = useTestServer({ signingSecret: SECRET });

describe('sealing a private key', () => {
  const pkcs8 = generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' });

  it('round-trips under the secret and hides the key bytes', async () => {
    const sealed = await sealPrivateKey(pkcs8, 'kid-1', SECRET);
    expect(sealed.encoding).toBe('aes-256-gcm+scrypt');
    expect(Buffer.from(sealed.data, 'base64').includes(pkcs8.subarray(-32))).toBe(false);
    expect((await unsealPrivateKey(sealed, 'kid-1', SECRET)).equals(pkcs8)).toBe(true);
  });

  it('refuses a wrong secret, a missing secret, and a sealed key passed off under another id', async () => {
    const sealed = await sealPrivateKey(pkcs8, 'kid-1', SECRET);
    await expect(unsealPrivateKey(sealed, 'kid-1', 'wrong')).rejects.toThrow(PrivateKeyUnsealError);
    await expect(unsealPrivateKey(sealed, 'kid-1', null)).rejects.toThrow('signing key kid-1 is encrypted: set KAIROS_SECRET');
    await expect(unsealPrivateKey(sealed, 'kid-2', SECRET)).rejects.toThrow('cannot be decrypted');
  });

  it('keeps the key plain without a secret', async () => {
    const sealed = await sealPrivateKey(pkcs8, 'kid-1', null);
    expect(sealed).toEqual({ encoding: 'pkcs8-der', data: pkcs8.toString('base64') });
  });
});

describe('the signing key store with KAIROS_SECRET set', () => {
  const store = () => new SigningKeyStore(server.mongo().db(server.dbName));

  it('made the first key at start, sealed, and signs with it', async () => {
    const stored = await store().keys.find().toArray();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.privateKey.encoding).toBe('aes-256-gcm+scrypt');
    const runId = await driveRun(server, await mintDeploy(server));
    const { run } = await server.query(RunTranscriptDocument, { id: runId });
    const keys = keysFromJson(await (await fetch(`${server.running.baseUrl}/.well-known/kairos-keys.json`)).json());
    expect(verifyTranscript(run!.transcript, keys)).toMatchObject({ verified: true });
  });

  it('will not start signing with a wrong secret, nor without one', async () => {
    await expect(new SigningKeyService(store(), { secret: 'wrong' }).ensureKey()).rejects.toThrow(
      /cannot be decrypted with this KAIROS_SECRET/,
    );
    await expect(new SigningKeyService(store(), { secret: null }).ensureKey()).rejects.toThrow(/is encrypted: set KAIROS_SECRET/);
  });

  it('seals keys stored before the secret was set', async () => {
    const plain = new SigningKeyService(store(), { secret: null });
    // A key added while KAIROS_SECRET was unset (rotate seals with the service's own secret: none).
    const added = await plain.rotate();
    expect((await store().findKey(added.id))!.privateKey.encoding).toBe('pkcs8-der');
    await new SigningKeyService(store(), { secret: SECRET }).ensureKey();
    expect((await store().findKey(added.id))!.privateKey.encoding).toBe('aes-256-gcm+scrypt');
  });

  it('gives every rotation a new key even when two run at once', async () => {
    const before = (await store().publicKeys()).length;
    const services = [new SigningKeyService(store(), { secret: SECRET }), new SigningKeyService(store(), { secret: SECRET })];
    const added = await Promise.all(services.map((service) => service.rotate()));
    expect(new Set(added.map((key) => key.id)).size).toBe(2);
    const keys = await store().publicKeys();
    expect(keys).toHaveLength(before + 2);
    expect(new Set(keys.map((key) => key.sequence)).size).toBe(keys.length);
  });
});
