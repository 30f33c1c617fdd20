import { randomBytes } from 'node:crypto';

/** A challenge nonce: 16 random bytes as 32 lower-case hex characters (reference §4.5). */
export function newNonce(): string {
  return randomBytes(16).toString('hex');
}
