import type { Collection, Db } from 'mongodb';
import type { Role } from '../auth/viewer.js';
import { translateDuplicateKey } from './store-errors.js';

export interface PrincipalRecord {
  _id: string;
  name: string;
  role: Role;
  /** Group names; each gives the space `group:<name>`. */
  groups: string[];
  createdAt: Date;
  createdBy: string;
}

export interface TokenRecord {
  _id: string;
  principalId: string;
  name: string;
  /** SHA-256 of the secret part; the secret itself is shown once and never stored. */
  secretHash: string;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** Every MongoDB call on `principals` and `tokens`. */
export class AuthStore {
  readonly principals: Collection<PrincipalRecord>;
  readonly tokens: Collection<TokenRecord>;

  constructor(db: Db) {
    this.principals = db.collection<PrincipalRecord>('principals');
    this.tokens = db.collection<TokenRecord>('tokens');
  }

  async ensureIndexes(): Promise<void> {
    await this.principals.createIndexes([{ key: { name: 1 }, name: 'unique_name', unique: true }]);
    await this.tokens.createIndexes([{ key: { principalId: 1 }, name: 'principal' }]);
  }

  /** Throws DuplicateKeyError when the name is taken. */
  async insertPrincipal(principal: PrincipalRecord): Promise<void> {
    await translateDuplicateKey(() => this.principals.insertOne(principal));
  }

  async findPrincipal(id: string): Promise<PrincipalRecord | null> {
    return this.principals.findOne({ _id: id });
  }

  async findPrincipalByName(name: string): Promise<PrincipalRecord | null> {
    return this.principals.findOne({ name });
  }

  async insertToken(token: TokenRecord): Promise<void> {
    await this.tokens.insertOne(token);
  }

  async findToken(id: string): Promise<TokenRecord | null> {
    return this.tokens.findOne({ _id: id });
  }

  async revokeToken(id: string, at: Date): Promise<TokenRecord | null> {
    return this.tokens.findOneAndUpdate({ _id: id, revokedAt: null }, { $set: { revokedAt: at } }, { returnDocument: 'after' });
  }

  async listTokens(principalId: string): Promise<TokenRecord[]> {
    return this.tokens.find({ principalId }, { sort: { createdAt: 1 } }).toArray();
  }
}
