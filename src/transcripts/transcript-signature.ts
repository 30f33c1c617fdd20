/**
 * The signed file: `{"signature": …, "transcript": …}` in canonical JSON. The signature is
 * Ed25519 over exactly the bytes of the `transcript` member as they appear in the file (its
 * canonical JSON), so a reader can cut them out and check them with any Ed25519 library.
 * Keys are published as JWKs (RFC 8037 `OKP`/`Ed25519`); a key's id is its RFC 7638 thumbprint.
 */
import { createHash, createPrivateKey, createPublicKey, type KeyObject, sign } from 'node:crypto';
import { canonicalJson } from '../runs/canonical-json.js';
import type { Transcript } from './transcript.js';

export const SIGNATURE_ALGORITHM = 'Ed25519';

/** Where a server publishes the public halves of its signing keys (a JWK Set), without a token. */
export const PUBLIC_KEYS_PATH = '/.well-known/kairos-keys.json';

export interface TranscriptSignature {
  algorithm: typeof SIGNATURE_ALGORITHM;
  keyId: string;
  /** base64url (no padding) of the 64-byte Ed25519 signature. */
  value: string;
}

export interface TranscriptEnvelope {
  /** Null while the run is still active: such a transcript is a preview and proves nothing. */
  signature: TranscriptSignature | null;
  transcript: Transcript;
}

/** A published public key: an RFC 8037 JWK plus when it was made and whether it signs now. */
export interface PublicSigningJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  /** base64url of the 32-byte raw public key. */
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
  created: string;
  active: boolean;
}

export interface PublicKeySet {
  keys: PublicSigningJwk[];
}

/** What a signer needs: the private key and the id under which its public half is published. */
export interface TranscriptSigner {
  keyId: string;
  privateKey: KeyObject;
}

/** The bytes the signature covers. */
export function signedBytes(transcript: Transcript): Buffer {
  return Buffer.from(canonicalJson(transcript), 'utf8');
}

export function signTranscript(transcript: Transcript, signer: TranscriptSigner): TranscriptEnvelope {
  const value = sign(null, signedBytes(transcript), signer.privateKey).toString('base64url');
  return { signature: { algorithm: SIGNATURE_ALGORITHM, keyId: signer.keyId, value }, transcript };
}

/** The file's text: the envelope's canonical JSON (no trailing newline). */
export function renderEnvelope(envelope: TranscriptEnvelope): string {
  return canonicalJson(envelope);
}

/** base64url of an Ed25519 public key's 32 raw bytes. */
export function rawPublicKey(publicKey: KeyObject): string {
  const jwk = publicKey.export({ format: 'jwk' });
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') throw new TypeError('not an Ed25519 public key');
  return jwk.x;
}

/** RFC 7638 thumbprint: SHA-256 over the required members in lexicographic order, base64url. */
export function keyIdOf(x: string): string {
  return createHash('sha256').update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`, 'utf8').digest('base64url');
}

export function publicKeyFromRaw(x: string): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
}

export function privateKeyFromPkcs8(der: Buffer): KeyObject {
  return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
}
