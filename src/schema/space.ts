import type { Role, Viewer } from '../auth/viewer.js';
import { APP_SPACE, ROLES } from '../auth/viewer.js';
import { builder } from '../builder.js';
import type { IssuedToken } from '../services/auth-service.js';
import type { PrincipalRecord, TokenRecord } from '../store/auth-store.js';
import type { SpaceSummary } from '../store/memory-store.js';

const ROLE_DESCRIPTIONS: Record<Role, string> = {
  AGENT: 'A program: runs protocols and edits memories in its spaces. Never answers a prompt that requires a human.',
  HUMAN: 'A person: what an agent can do, and answers prompts that require a human (not on runs it started itself).',
  REVIEWER: 'A person who also applies and rejects proposals (never its own).',
  ADMIN: 'A person who also manages principals and tokens, and may answer prompts and review proposals in every personal space.',
};

const RoleEnum = builder.enumType('Role', {
  description: 'What a principal may do. HUMAN, REVIEWER and ADMIN stand for a person; AGENT never does.',
  values: Object.fromEntries(ROLES.map((role) => [role, { description: ROLE_DESCRIPTIONS[role] }])) as Record<Role, { description: string }>,
});

const SpaceKindEnum = builder.enumType('SpaceKind', { values: ['PERSONAL', 'GROUP', 'APP'] as const });

const MeRef = builder.objectRef<Viewer>('Me').implement({
  description: 'Who you are for this request, and what you can reach.',
  fields: (t) => ({
    principalId: t.exposeID('principalId'),
    role: t.field({ type: RoleEnum, resolve: (viewer) => viewer.role }),
    authenticated: t.exposeBoolean('authenticated', { description: 'False for the local principal when KAIROS_AUTH is off.' }),
    readableSpaces: t.exposeStringList('readableSpaces'),
    writableSpaces: t.exposeStringList('writableSpaces'),
    defaultWriteSpace: t.exposeString('defaultWriteSpace'),
  }),
});

builder.queryField('me', (t) => t.field({ type: MeRef, resolve: (_root, _args, ctx) => ctx.viewer }));

const SpaceProtocolRef = builder.objectRef<SpaceSummary['protocols'][number]>('SpaceProtocol').implement({
  fields: (t) => ({
    uri: t.exposeString('uri'),
    label: t.exposeString('label'),
    slug: t.exposeString('slug'),
    stepCount: t.exposeInt('stepCount'),
  }),
});

const SpaceRef = builder.objectRef<SpaceSummary & { writable: boolean }>('Space').implement({
  fields: (t) => ({
    id: t.exposeString('space'),
    name: t.string({
      description: '"Personal", "Group: <name>" or "Kairos app".',
      resolve: (space) => (space.space === APP_SPACE ? 'Kairos app' : space.space.startsWith('group:') ? `Group: ${space.space.slice(6)}` : 'Personal'),
    }),
    kind: t.field({
      type: SpaceKindEnum,
      resolve: (space) => (space.space === APP_SPACE ? 'APP' : space.space.startsWith('group:') ? 'GROUP' : 'PERSONAL'),
    }),
    writable: t.exposeBoolean('writable'),
    memoryCount: t.exposeInt('memoryCount'),
    protocolCount: t.int({ resolve: (space) => space.protocols.length }),
    protocols: t.field({ type: [SpaceProtocolRef], resolve: (space) => space.protocols }),
  }),
});

builder.queryField('spaces', (t) =>
  t.field({
    type: [SpaceRef],
    description: 'The spaces you can read, with their counts and protocol titles.',
    resolve: (_root, _args, ctx) => ctx.reader.spaces(),
  }),
);

const PrincipalRef = builder.objectRef<PrincipalRecord>('Principal').implement({
  fields: (t) => ({
    id: t.exposeID('_id'),
    name: t.exposeString('name'),
    role: t.field({ type: RoleEnum, resolve: (principal) => principal.role }),
    groups: t.exposeStringList('groups'),
    createdAt: t.field({ type: 'DateTime', resolve: (principal) => principal.createdAt }),
  }),
});

const TokenRef = builder.objectRef<TokenRecord>('Token').implement({
  description: 'An API token; its secret is shown once, when it is created.',
  fields: (t) => ({
    id: t.exposeID('_id'),
    principalId: t.exposeID('principalId'),
    name: t.exposeString('name'),
    createdAt: t.field({ type: 'DateTime', resolve: (token) => token.createdAt }),
    expiresAt: t.field({ type: 'DateTime', nullable: true, resolve: (token) => token.expiresAt }),
    revokedAt: t.field({ type: 'DateTime', nullable: true, resolve: (token) => token.revokedAt }),
  }),
});

builder.queryField('tokens', (t) =>
  t.field({ type: [TokenRef], description: 'Your tokens (never their secrets).', resolve: (_root, _args, ctx) => ctx.services.auth.listTokens(ctx.viewer) }),
);

const CreatePrincipalInput = builder.inputType('CreatePrincipalInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    role: t.field({ type: RoleEnum, required: true }),
    groups: t.stringList({ description: 'Group names; each is the space group:<name>.' }),
  }),
});

const CreatePrincipalPayloadRef = builder.objectRef<{ principal: PrincipalRecord }>('CreatePrincipalPayload').implement({
  fields: (t) => ({
    principal: t.field({ type: PrincipalRef, description: 'The new principal: give it a token with createToken.', resolve: (payload) => payload.principal }),
  }),
});

builder.mutationField('createPrincipal', (t) =>
  t.field({
    type: CreatePrincipalPayloadRef,
    description: 'Admins only: a new principal (then createToken with its id). Errors: FORBIDDEN, BAD_USER_INPUT.',
    args: { input: t.arg({ type: CreatePrincipalInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ principal: await ctx.services.auth.createPrincipal(ctx.viewer, input) }),
  }),
);

const CreateTokenInput = builder.inputType('CreateTokenInput', {
  fields: (t) => ({
    principalId: t.id({ description: 'Omitted: yourself. Admins may name anyone.' }),
    name: t.string({ required: true }),
    expiresInSeconds: t.int(),
  }),
});

const CreateTokenPayloadRef = builder.objectRef<IssuedToken>('CreateTokenPayload').implement({
  fields: (t) => ({
    token: t.exposeString('token', { description: 'Shown once: send it as Authorization: Bearer <token>.' }),
    record: t.field({ type: TokenRef, resolve: (issued) => issued.record }),
  }),
});

builder.mutationField('createToken', (t) =>
  t.field({
    type: CreateTokenPayloadRef,
    description:
      'Issues an API token for yourself (admins: for anyone). The token has the whole scope of its principal: a request narrowed with x-kairos-space (or connectionParams.space) still makes a full-scope token, since the caller already holds one; narrow each request that uses it instead. A token made with an expiring token expires no later than it. Codes: FORBIDDEN (another principal, not an admin), NOT_FOUND, BAD_USER_INPUT (name with control characters), PAYLOAD_TOO_LARGE (name over 100 characters).',
    args: { input: t.arg({ type: CreateTokenInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.auth.createToken(ctx.viewer, input),
  }),
);

const RevokeTokenInput = builder.inputType('RevokeTokenInput', {
  fields: (t) => ({ id: t.id({ required: true, description: 'Token.id (from tokens or createToken), never the secret.' }) }),
});

const RevokeTokenPayloadRef = builder.objectRef<{ token: TokenRecord }>('RevokeTokenPayload').implement({
  fields: (t) => ({
    token: t.field({ type: TokenRef, description: 'The token, with revokedAt set: requests sending it now answer UNAUTHENTICATED.', resolve: (payload) => payload.token }),
  }),
});

builder.mutationField('revokeToken', (t) =>
  t.field({
    type: RevokeTokenPayloadRef,
    description: 'Revokes one of your tokens (admins: anyone\'s). Errors: NOT_FOUND, FORBIDDEN.',
    args: { input: t.arg({ type: RevokeTokenInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ token: await ctx.services.auth.revokeToken(ctx.viewer, input.id) }),
  }),
);
