import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Role, Viewer } from '../auth/viewer.js';
import { hasRole, localViewer, narrowViewer, viewerOf } from '../auth/viewer.js';
import type { AuthStore, PrincipalRecord, TokenRecord } from '../store/auth-store.js';
import { DuplicateKeyError } from '../store/store-errors.js';
import type { EventBus } from '../events/event-bus.js';
import { checkText } from './check-text.js';
import { RequestError } from './errors.js';

/** Tokens read `kairos_<token id>.<secret>`: the id finds the record, the secret proves it. */
const TOKEN_PATTERN = /^kairos_([0-9a-f]{32})\.([A-Za-z0-9_-]{43})$/;
/** A verified token is trusted this long in-process; revoking here drops it from this process at once. */
const VERIFIED_TOKEN_TTL_MS = 30_000;
const NAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export interface IssuedToken {
  /** The whole token; shown once, stored only as a hash. */
  token: string;
  record: TokenRecord;
}

export interface Authentication {
  viewer: Viewer;
  /** When the token stops working (long-lived connections end then). */
  expiresAt: Date | null;
  tokenId: string | null;
}

export class AuthService {
  private readonly verified = new Map<string, { authentication: Authentication; until: number }>();

  constructor(
    private readonly store: AuthStore,
    readonly settings: { enabled: boolean },
    private readonly events?: EventBus,
  ) {}

  /**
   * Turns an `Authorization` header (or graphql-ws connectionParams.authorization) into a
   * viewer. With auth off everyone is the local principal; with it on a valid token is required.
   * `space` narrows the viewer to one of its spaces.
   */
  async authenticate(authorization: string | null | undefined, space?: string | null): Promise<Authentication> {
    const authentication = this.settings.enabled
      ? await this.verifyToken(authorization)
      : { viewer: localViewer(), expiresAt: null, tokenId: null };
    if (!space) return authentication;
    const narrowed = narrowViewer(authentication.viewer, space);
    if (!narrowed) throw new RequestError('FORBIDDEN', `Space "${space}" is not readable by you`);
    return { ...authentication, viewer: narrowed };
  }

  /**
   * Acts as the token `tokenId` without its secret: for a capability link that token signed
   * (src/services/export-service.ts). Read from the database every time, so a revoked or expired
   * token's links stop at once; `space` narrows as the request that made the link was narrowed.
   */
  async authenticateAsIssuer(tokenId: string | null, space: string | null): Promise<Authentication> {
    let authentication: Authentication;
    if (!this.settings.enabled) authentication = { viewer: localViewer(), expiresAt: null, tokenId: null };
    else {
      const token = tokenId ? await this.store.findToken(tokenId) : null;
      if (!token) throw new RequestError('UNAUTHENTICATED', 'The token that made this link is not valid');
      if (token.revokedAt) throw new RequestError('UNAUTHENTICATED', 'The token that made this link was revoked');
      if (token.expiresAt && token.expiresAt.getTime() <= Date.now())
        throw new RequestError('UNAUTHENTICATED', 'The token that made this link has expired');
      const principal = await this.store.findPrincipal(token.principalId);
      if (!principal) throw new RequestError('UNAUTHENTICATED', 'The token that made this link is not valid');
      const viewer = {
        ...viewerOf({ id: principal._id, role: principal.role, groups: principal.groups }),
        credentialExpiresAt: token.expiresAt,
      };
      authentication = { viewer, expiresAt: token.expiresAt, tokenId: token._id };
    }
    if (!space) return authentication;
    const narrowed = narrowViewer(authentication.viewer, space);
    if (!narrowed) throw new RequestError('FORBIDDEN', `Space "${space}" is not readable by you`);
    return { ...authentication, viewer: narrowed };
  }

  /** Still valid? Long-lived connections ask before each new operation. */
  async isStillValid(tokenId: string | null): Promise<boolean> {
    if (!tokenId) return true;
    const token = await this.store.findToken(tokenId);
    return Boolean(token && !token.revokedAt && (!token.expiresAt || token.expiresAt > new Date()));
  }

  async createPrincipal(viewer: Viewer, input: { name: string; role: Role; groups?: string[] | null }): Promise<PrincipalRecord> {
    this.requireAdmin(viewer);
    const groups = input.groups ?? [];
    for (const name of [input.name, ...groups]) {
      if (!NAME_PATTERN.test(name))
        throw new RequestError('BAD_USER_INPUT', `"${name}" must be 1-64 lowercase letters, digits, dots, dashes or underscores`);
    }
    const principal: PrincipalRecord = {
      _id: randomUUID(),
      name: input.name,
      role: input.role,
      groups,
      createdAt: new Date(),
      createdBy: viewer.principalId,
    };
    try {
      await this.store.insertPrincipal(principal);
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw new RequestError('BAD_USER_INPUT', `A principal named "${input.name}" already exists`);
      throw error;
    }
    return principal;
  }

  /** Admins issue tokens for anyone; others only for themselves. */
  async createToken(
    viewer: Viewer,
    input: { principalId?: string | null; name: string; expiresInSeconds?: number | null },
  ): Promise<IssuedToken> {
    checkText('tokenName', input.name, { plain: true, name: 'name' });
    const principalId = input.principalId ?? viewer.principalId;
    if (principalId !== viewer.principalId) this.requireAdmin(viewer);
    if (!(await this.store.findPrincipal(principalId))) throw new RequestError('NOT_FOUND', `Principal ${principalId} not found`);
    if (input.expiresInSeconds !== null && input.expiresInSeconds !== undefined && !(input.expiresInSeconds > 0)) {
      throw new RequestError('BAD_USER_INPUT', 'expiresInSeconds must be positive');
    }
    let expiresInSeconds = input.expiresInSeconds ?? null;
    // A short-lived credential cannot make itself permanent: its tokens expire with it.
    if (viewer.credentialExpiresAt && !hasRole(viewer, 'ADMIN')) {
      const remaining = Math.max(1, Math.floor((viewer.credentialExpiresAt.getTime() - Date.now()) / 1000));
      expiresInSeconds = Math.min(expiresInSeconds ?? remaining, remaining);
    }
    return this.issueToken(principalId, input.name, expiresInSeconds);
  }

  async revokeToken(viewer: Viewer, tokenId: string): Promise<TokenRecord> {
    const token = await this.store.findToken(tokenId);
    if (!token || (token.principalId !== viewer.principalId && !hasRole(viewer, 'ADMIN')))
      throw new RequestError('NOT_FOUND', `Token ${tokenId} not found`);
    const revoked = (await this.store.revokeToken(tokenId, new Date())) ?? token;
    this.forget(tokenId);
    // Every process (this one included) ends the token's streams and sockets and drops it from its cache.
    this.events?.publish('credential', 'revoked', { tokenId, at: (revoked.revokedAt ?? new Date()).toISOString() });
    return revoked;
  }

  /** Drops a revoked token from this process's cache of verified tokens. */
  forget(tokenId: string): void {
    for (const [key, entry] of this.verified) if (entry.authentication.tokenId === tokenId) this.verified.delete(key);
  }

  async listTokens(viewer: Viewer): Promise<TokenRecord[]> {
    return this.store.listTokens(viewer.principalId);
  }

  /**
   * The first admin: creates the principal (once) and issues it a token. For the command line,
   * which talks to the database directly because no token exists yet.
   */
  async bootstrap(input: {
    name: string;
    role: Role;
    groups: string[];
    tokenName: string;
    expiresInSeconds: number | null;
  }): Promise<IssuedToken & { principal: PrincipalRecord }> {
    let principal = await this.store.findPrincipalByName(input.name);
    if (!principal) {
      principal = { _id: randomUUID(), name: input.name, role: input.role, groups: input.groups, createdAt: new Date(), createdBy: 'cli' };
      await this.store.insertPrincipal(principal);
    }
    return { principal, ...(await this.issueToken(principal._id, input.tokenName, input.expiresInSeconds)) };
  }

  private async issueToken(principalId: string, name: string, expiresInSeconds: number | null): Promise<IssuedToken> {
    const id = randomBytes(16).toString('hex');
    const secret = randomBytes(32).toString('base64url');
    const now = new Date();
    const record: TokenRecord = {
      _id: id,
      principalId,
      name,
      secretHash: sha256(secret),
      createdAt: now,
      expiresAt: expiresInSeconds ? new Date(now.getTime() + expiresInSeconds * 1000) : null,
      revokedAt: null,
    };
    await this.store.insertToken(record);
    return { token: `kairos_${id}.${secret}`, record };
  }

  private async verifyToken(authorization: string | null | undefined): Promise<Authentication> {
    const raw = authorization?.replace(/^Bearer\s+/i, '').trim();
    if (!raw) throw new RequestError('UNAUTHENTICATED', 'A token is required: send Authorization: Bearer <token>');
    const cached = this.verified.get(raw);
    const now = Date.now();
    if (cached && cached.until > now && (!cached.authentication.expiresAt || cached.authentication.expiresAt.getTime() > now))
      return cached.authentication;
    this.verified.delete(raw);

    const match = TOKEN_PATTERN.exec(raw);
    const token = match ? await this.store.findToken(match[1]!) : null;
    if (!token || !sameHash(token.secretHash, sha256(match![2]!))) throw new RequestError('UNAUTHENTICATED', 'The token is not valid');
    if (token.revokedAt) throw new RequestError('UNAUTHENTICATED', 'The token was revoked');
    if (token.expiresAt && token.expiresAt.getTime() <= now) throw new RequestError('UNAUTHENTICATED', 'The token has expired');
    const principal = await this.store.findPrincipal(token.principalId);
    if (!principal) throw new RequestError('UNAUTHENTICATED', 'The token is not valid');
    const viewer = {
      ...viewerOf({ id: principal._id, role: principal.role, groups: principal.groups }),
      credentialExpiresAt: token.expiresAt,
    };
    const authentication = { viewer, expiresAt: token.expiresAt, tokenId: token._id };
    this.verified.set(raw, { authentication, until: now + VERIFIED_TOKEN_TTL_MS });
    return authentication;
  }

  private requireAdmin(viewer: Viewer): void {
    if (!hasRole(viewer, 'ADMIN')) throw new RequestError('FORBIDDEN', 'Only an admin can do this');
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
