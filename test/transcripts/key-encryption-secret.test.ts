import { generateKeyPairSync } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { AppConfig } from '../../src/config.js';
import { buildApp } from '../../src/server.js';
import { SigningKeyStore } from '../../src/store/signing-key-store.js';
import { KEY_ENCRYPTION_SECRET_FILE, resolveKeyEncryptionSecret } from '../../src/transcripts/key-encryption-secret.js';
import { unsealPrivateKey } from '../../src/transcripts/private-key-sealing.js';
import { keyIdOf, rawPublicKey } from '../../src/transcripts/transcript-signature.js';
import { useTestDatabase } from '../support/database.js';

const { db, dbName } = useTestDatabase();
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function freshDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'kairos-secret-test-'));
  dirs.push(dir);
  return dir;
}

/** Starts the real server on `dataDir` and stops it again; answers what it logged at warn and above. */
async function startAndStop(config: Partial<AppConfig>, database = dbName): Promise<string[]> {
  const lines: string[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
  const app = buildApp({ mongoUri: inject('mongoUri'), log, config: { port: 0, host: '127.0.0.1', mongoDbName: database, ...config } });
  try {
    await app.start();
  } finally {
    await app.stop();
  }
  return lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
}

const storedKeys = (database = db) => database.collection('signing_keys').find().sort({ sequence: 1 }).toArray();

describe('the key-encryption secret without KAIROS_SECRET', () => {
  it('is generated on first start into the data directory (mode 0600), said once, and reused by a restart', async () => {
    const dataDir = join(await freshDir(), 'nested', 'data');
    const first = await startAndStop({ dataDir });
    const path = join(dataDir, KEY_ENCRYPTION_SECRET_FILE);
    expect(first.filter((msg) => msg.includes('generated a key-encryption secret'))).toEqual([expect.stringContaining(path)]);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    const secret = (await readFile(path, 'utf8')).trim();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [key] = await storedKeys();
    expect(key!.privateKey.encoding).toBe('aes-256-gcm+scrypt');
    expect((await unsealPrivateKey(key!.privateKey, key!._id as unknown as string, secret)).length).toBeGreaterThan(32);

    const second = await startAndStop({ dataDir });
    expect(second.join('\n')).not.toMatch(/key-encryption secret|KAIROS_SECRET/);
    expect((await readFile(path, 'utf8')).trim()).toBe(secret);
    expect((await storedKeys()).map((stored) => stored._id)).toEqual([key!._id]);
  });

  it('seals keys stored plain by an earlier version, which keep their id and keep signing', async () => {
    const other = db.client.db(`${dbName}_plain`);
    try {
      const { publicKey, privateKey } = generateKeyPairSync('ed25519');
      const x = rawPublicKey(publicKey);
      const id = keyIdOf(x);
      const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' });
      const store = new SigningKeyStore(other);
      await store.ensureIndexes();
      await store.insertKey({
        _id: id,
        sequence: 1,
        algorithm: 'Ed25519',
        publicKey: x,
        privateKey: { encoding: 'pkcs8-der', data: pkcs8.toString('base64') },
        createdAt: new Date(),
      });

      const dataDir = await freshDir();
      await startAndStop({ dataDir }, other.databaseName);
      const [key] = await storedKeys(other);
      expect(key!._id).toBe(id);
      expect(key!.privateKey.encoding).toBe('aes-256-gcm+scrypt');
      const secret = (await readFile(join(dataDir, KEY_ENCRYPTION_SECRET_FILE), 'utf8')).trim();
      expect((await unsealPrivateKey(key!.privateKey, id, secret)).equals(pkcs8)).toBe(true);
    } finally {
      await other.dropDatabase();
    }
  });

  it('stops the start with the file named when the keys were sealed with another secret', async () => {
    const other = db.client.db(`${dbName}_wrong`);
    try {
      await startAndStop({ dataDir: await freshDir() }, other.databaseName);
      const dataDir = await freshDir();
      await writeFile(join(dataDir, KEY_ENCRYPTION_SECRET_FILE), 'not-the-secret\n', { mode: 0o600 });
      await expect(startAndStop({ dataDir }, other.databaseName)).rejects.toThrow(
        `cannot be decrypted with this KAIROS_SECRET (KAIROS_SECRET is unset, so the secret came from ${join(dataDir, KEY_ENCRYPTION_SECRET_FILE)})`,
      );
    } finally {
      await other.dropDatabase();
    }
  });
});

describe('KAIROS_SECRET set', () => {
  it('overrides the file: none is written, and the keys are sealed with the setting', async () => {
    const other = db.client.db(`${dbName}_setting`);
    try {
      const dataDir = await freshDir();
      const logged = await startAndStop({ dataDir, signingSecret: 'from the setting' }, other.databaseName);
      expect(logged.join('\n')).not.toMatch(/key-encryption secret/);
      await expect(stat(join(dataDir, KEY_ENCRYPTION_SECRET_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
      const [key] = await storedKeys(other);
      expect(key!.privateKey.encoding).toBe('aes-256-gcm+scrypt');
      await expect(unsealPrivateKey(key!.privateKey, key!._id as unknown as string, 'from the setting')).resolves.toBeInstanceOf(Buffer);
    } finally {
      await other.dropDatabase();
    }
  });
});

describe('resolveKeyEncryptionSecret', () => {
  it('gives concurrent first starts one secret, generated exactly once', async () => {
    const dataDir = await freshDir();
    const results = await Promise.all(Array.from({ length: 8 }, () => resolveKeyEncryptionSecret({ configured: null, dataDir })));
    expect(new Set(results.map((result) => result.secret)).size).toBe(1);
    expect(results.filter((result) => result.source === 'generated')).toHaveLength(1);
    expect(results.filter((result) => result.source === 'file')).toHaveLength(7);
  });

  it('refuses a secret file others may read, an empty one, and a data directory it cannot write', async () => {
    const dataDir = await freshDir();
    const path = join(dataDir, KEY_ENCRYPTION_SECRET_FILE);
    await writeFile(path, 'secret\n', { mode: 0o600 });
    await chmod(path, 0o644);
    await expect(resolveKeyEncryptionSecret({ configured: null, dataDir })).rejects.toThrow(
      `${path} may be read by others (mode 644): chmod 600 it`,
    );
    await writeFile(path, '\n');
    await chmod(path, 0o600);
    await expect(resolveKeyEncryptionSecret({ configured: null, dataDir })).rejects.toThrow('is empty');
    const notADirectory = join(path, 'below-a-file');
    await expect(resolveKeyEncryptionSecret({ configured: null, dataDir: notADirectory })).rejects.toThrow(
      /cannot (read|write) the key-encryption secret .*below-a-file/,
    );
  });
});
