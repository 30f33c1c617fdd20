/**
 * Where the secret that seals the signing keys comes from: `KAIROS_SECRET` when set, else a
 * file in the data directory, generated on first start (mode 0600) and read on every start after.
 * So the keys are never stored plain by default, and a setting still overrides the file.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const KEY_ENCRYPTION_SECRET_FILE = 'key-encryption-secret';

export type KeyEncryptionSecret =
  | { secret: string; source: 'setting' }
  /** `generated`: written by this call; `file`: found there (a restart, or another process won the race). */
  | { secret: string; source: 'generated' | 'file'; path: string };

export class KeyEncryptionSecretError extends Error {
  override readonly name = 'KeyEncryptionSecretError';
}

export async function resolveKeyEncryptionSecret(options: { configured: string | null; dataDir: string }): Promise<KeyEncryptionSecret> {
  if (options.configured) return { secret: options.configured, source: 'setting' };
  const path = join(options.dataDir, KEY_ENCRYPTION_SECRET_FILE);
  const existing = await readSecretFile(path);
  if (existing !== null) return { secret: existing, source: 'file', path };
  const secret = randomBytes(32).toString('base64url');
  // Written whole under a private name, then linked into place: a concurrent start reads
  // either no file or a complete one, and exactly one secret wins.
  const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
  try {
    await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
    await writeFile(partial, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    await link(partial, path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      const winner = await readSecretFile(path);
      if (winner !== null) return { secret: winner, source: 'file', path };
    }
    throw new KeyEncryptionSecretError(
      `cannot write the key-encryption secret to ${path} (${code ?? (error as Error).message}): set KAIROS_SECRET, or KAIROS_DATA_DIR to a writable directory`,
    );
  } finally {
    await unlink(partial).catch(() => {});
  }
  return { secret, source: 'generated', path };
}

/** The secret in `path`, or null when there is no file; refuses a file others may read. */
async function readSecretFile(path: string): Promise<string | null> {
  let mode: number;
  try {
    mode = (await stat(path)).mode;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new KeyEncryptionSecretError(`cannot read the key-encryption secret ${path}: ${(error as NodeJS.ErrnoException).code}`);
  }
  if ((mode & 0o077) !== 0) {
    throw new KeyEncryptionSecretError(`${path} may be read by others (mode ${(mode & 0o777).toString(8)}): chmod 600 it`);
  }
  const secret = (await readFile(path, 'utf8')).trim();
  if (!secret) throw new KeyEncryptionSecretError(`${path} is empty: restore it from a backup, or set KAIROS_SECRET`);
  return secret;
}

/** Added to an unseal failure, so the operator knows which secret was tried. */
export function secretSourceHint(secret: KeyEncryptionSecret): string {
  return secret.source === 'setting'
    ? 'the secret came from KAIROS_SECRET'
    : `KAIROS_SECRET is unset, so the secret came from ${secret.path}`;
}
