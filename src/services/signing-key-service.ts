import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { SigningKeyRecord, SigningKeyStore } from '../store/signing-key-store.js';
import { sealPrivateKey, unsealPrivateKey } from '../transcripts/private-key-sealing.js';
import { keyIdOf, privateKeyFromPkcs8, rawPublicKey } from '../transcripts/transcript-signature.js';
import type { PublicKeySet, PublicSigningJwk, TranscriptSigner } from '../transcripts/transcript-signature.js';

export interface PublicSigningKey {
  id: string;
  algorithm: 'Ed25519';
  publicKey: string;
  createdAt: Date;
  active: boolean;
}

/**
 * The server's Ed25519 keys: one is made on first start, `keys rotate` adds a newer one, and
 * the newest signs. Every public half stays published so that old transcripts still verify.
 * Private halves are unsealed in memory only, cached by key id, and never returned or logged.
 */
export class SigningKeyService {
  private readonly unsealed = new Map<string, KeyObject>();

  constructor(
    private readonly store: SigningKeyStore,
    private readonly settings: { secret: string | null },
  ) {}

  /**
   * Makes the first key if there is none, seals plain keys once a secret is set, and checks the
   * active key can be unsealed (a wrong KAIROS_SECRET stops the server at start, not at the
   * first export).
   */
  async ensureKey(): Promise<PublicSigningKey> {
    let active = await this.store.activeKey();
    if (!active) active = await this.addKey(1);
    if (this.settings.secret) {
      for (const key of await this.store.unsealedKeys()) {
        await this.store.replacePrivateKey(
          key._id,
          await sealPrivateKey(Buffer.from(key.privateKey.data, 'base64'), key._id, this.settings.secret),
        );
      }
    }
    await this.signerFor(active);
    return toPublic(active, true);
  }

  /** Adds a new key that signs from now on; the older ones stay published. */
  async rotate(): Promise<PublicSigningKey> {
    for (;;) {
      const active = await this.store.activeKey();
      const added = await this.tryAddKey((active?.sequence ?? 0) + 1);
      if (added) return toPublic(added, true);
    }
  }

  async publicKeys(): Promise<PublicSigningKey[]> {
    const keys = await this.store.publicKeys();
    const newest = keys.at(-1)?._id;
    return keys.map((key) => toPublic(key, key._id === newest));
  }

  /** The key list served at /.well-known/kairos-keys.json (a JWK Set). */
  async publicKeySet(): Promise<PublicKeySet> {
    return { keys: (await this.publicKeys()).map(toJwk) };
  }

  /** The signer of the moment: read each time, so a `keys rotate` from the CLI takes effect at once. */
  async activeSigner(): Promise<TranscriptSigner> {
    const active = (await this.store.activeKey()) ?? (await this.addKey(1));
    return this.signerFor(active);
  }

  private async signerFor(record: SigningKeyRecord): Promise<TranscriptSigner> {
    let privateKey = this.unsealed.get(record._id);
    if (!privateKey) {
      privateKey = privateKeyFromPkcs8(await unsealPrivateKey(record.privateKey, record._id, this.settings.secret));
      this.unsealed.set(record._id, privateKey);
    }
    return { keyId: record._id, privateKey };
  }

  /** Key number `sequence`, or the one another process added under that number first. */
  private async addKey(sequence: number): Promise<SigningKeyRecord> {
    return (await this.tryAddKey(sequence)) ?? (await this.store.activeKey())!;
  }

  private async tryAddKey(sequence: number): Promise<SigningKeyRecord | null> {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const x = rawPublicKey(publicKey);
    const id = keyIdOf(x);
    const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' });
    const record: SigningKeyRecord = {
      _id: id,
      sequence,
      algorithm: 'Ed25519',
      publicKey: x,
      privateKey: await sealPrivateKey(pkcs8, id, this.settings.secret),
      createdAt: new Date(),
    };
    return (await this.store.insertKey(record)) ? record : null;
  }
}

function toPublic(record: Omit<SigningKeyRecord, 'privateKey'>, active: boolean): PublicSigningKey {
  return { id: record._id, algorithm: record.algorithm, publicKey: record.publicKey, createdAt: record.createdAt, active };
}

export function toJwk(key: PublicSigningKey): PublicSigningJwk {
  return {
    kty: 'OKP',
    crv: 'Ed25519',
    x: key.publicKey,
    kid: key.id,
    alg: 'EdDSA',
    use: 'sig',
    created: key.createdAt.toISOString(),
    active: key.active,
  };
}
