import type { Collection, Db } from 'mongodb';
import type { SealedPrivateKey } from '../transcripts/private-key-sealing.js';
import { isDuplicateKey, isTransientWriteConflict } from './store-errors.js';

/** One Ed25519 signing key. The private half never leaves this collection unsealed. */
export interface SigningKeyRecord {
  /** The key id: RFC 7638 thumbprint of the public key. */
  _id: string;
  /** 1, 2, …: the highest signs; unique, so two servers starting at once cannot both add key 1. */
  sequence: number;
  algorithm: 'Ed25519';
  /** base64url of the raw 32-byte public key. */
  publicKey: string;
  privateKey: SealedPrivateKey;
  createdAt: Date;
}

/** Every MongoDB call on `signing_keys`. */
export class SigningKeyStore {
  readonly keys: Collection<SigningKeyRecord>;

  constructor(db: Db) {
    this.keys = db.collection<SigningKeyRecord>('signing_keys');
  }

  async ensureIndexes(): Promise<void> {
    await this.keys.createIndexes([{ key: { sequence: 1 }, name: 'unique_sequence', unique: true }]);
  }

  /** The key that signs now (the newest), or null before the first one is made. */
  async activeKey(): Promise<SigningKeyRecord | null> {
    return this.keys.findOne({}, { sort: { sequence: -1 } });
  }

  async findKey(id: string): Promise<SigningKeyRecord | null> {
    return this.keys.findOne({ _id: id });
  }

  /** Public halves only, oldest first. */
  async publicKeys(): Promise<Omit<SigningKeyRecord, 'privateKey'>[]> {
    return this.keys.find({}, { sort: { sequence: 1 }, projection: { privateKey: 0 } }).toArray();
  }

  /**
   * False when another process took this sequence number first. Processes starting together race
   * here; the engine may end the race with a deadlock instead of a duplicate key, so the insert is
   * sent again, and then meets the winner's key.
   */
  async insertKey(record: SigningKeyRecord): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.keys.insertOne(record);
        return true;
      } catch (error) {
        if (isDuplicateKey(error)) return false;
        if (attempt < 5 && isTransientWriteConflict(error)) continue;
        throw error;
      }
    }
  }

  /** Keys stored before KAIROS_SECRET was set, to seal them. */
  async unsealedKeys(): Promise<SigningKeyRecord[]> {
    return this.keys.find({ 'privateKey.encoding': 'pkcs8-der' }).toArray();
  }

  async replacePrivateKey(id: string, privateKey: SealedPrivateKey): Promise<void> {
    await this.keys.updateOne({ _id: id }, { $set: { privateKey } });
  }
}
