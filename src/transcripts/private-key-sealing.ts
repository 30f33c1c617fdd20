/**
 * The private half of a signing key at rest: AES-256-GCM under a key derived from
 * `KAIROS_SECRET` with scrypt (a fresh salt and IV per key; the key id is bound in as
 * additional data, so a sealed key cannot be passed off under another id). Without a secret
 * the key is kept as plain PKCS#8: the server always has one (key-encryption-secret.ts), so
 * plain keys are only those stored before 0.3, sealed at the next start.
 */
import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';

/** A private key as stored: PKCS#8 DER in base64, or sealed with KAIROS_SECRET. */
export type SealedPrivateKey =
  { encoding: 'pkcs8-der'; data: string } | { encoding: 'aes-256-gcm+scrypt'; salt: string; iv: string; tag: string; data: string };

export class PrivateKeyUnsealError extends Error {
  override readonly name = 'PrivateKeyUnsealError';
}

function deriveKey(secret: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(secret, salt, 32, (error, key) => (error ? reject(error) : resolve(key))));
}

export async function sealPrivateKey(pkcs8: Buffer, keyId: string, secret: string | null): Promise<SealedPrivateKey> {
  if (!secret) return { encoding: 'pkcs8-der', data: pkcs8.toString('base64') };
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await deriveKey(secret, salt), iv);
  cipher.setAAD(Buffer.from(keyId, 'utf8'));
  const data = Buffer.concat([cipher.update(pkcs8), cipher.final()]);
  return {
    encoding: 'aes-256-gcm+scrypt',
    salt: salt.toString('base64'),
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

export async function unsealPrivateKey(sealed: SealedPrivateKey, keyId: string, secret: string | null): Promise<Buffer> {
  if (sealed.encoding === 'pkcs8-der') return Buffer.from(sealed.data, 'base64');
  if (!secret) throw new PrivateKeyUnsealError(`signing key ${keyId} is encrypted: set KAIROS_SECRET to the secret it was stored with`);
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      await deriveKey(secret, Buffer.from(sealed.salt, 'base64')),
      Buffer.from(sealed.iv, 'base64'),
    );
    decipher.setAAD(Buffer.from(keyId, 'utf8'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]);
  } catch {
    throw new PrivateKeyUnsealError(`signing key ${keyId} cannot be decrypted with this KAIROS_SECRET`);
  }
}
