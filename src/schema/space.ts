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

const SpaceKindEnum = builder.enumType('SpaceKind', {
  description: 'Whose a space is. Memories, protocols, runs and proposals each live in one space.',
  values: {
    PERSONAL: { description: "One principal's own space (\"personal\" in `space` arguments)." },
    GROUP: { description: 'A group\'s space (group:<name>), shared by its members.' },
    APP: { description: 'The built-in protocols, readable by everyone and writable by no one.' },
  } as const,
});

const MeRef = builder.objectRef<Viewer>('Me').implement({
  description: 'Who you are for this request, and what you can reach.',
  fields: (t) => ({
    principalId: t.exposeID('principalId', { description: 'Your principal id.' }),
    role: t.field({ type: RoleEnum, description: 'What you may do.', resolve: (viewer) => viewer.role }),
    authenticated: t.exposeBoolean('authenticated', { description: 'False for the local principal when `KAIROS_AUTH` is off.' }),
    readableSpaces: t.exposeStringList('readableSpaces', { description: 'The spaces you can read in this request (narrowed by an x-kairos-space header, if sent).' }),
    writableSpaces: t.exposeStringList('writableSpaces', { description: 'The spaces you can write in this request.' }),
    defaultWriteSpace: t.exposeString('defaultWriteSpace', { description: 'Where writes go when `space` is omitted or "personal".' }),
  }),
});

builder.queryField('me', (t) =>
  t.field({ type: MeRef, description: 'Who you are for this request: principal, role and spaces.', resolve: (_root, _args, ctx) => ctx.viewer }),
);

const SpaceProtocolRef = builder.objectRef<SpaceSummary['protocols'][number]>('SpaceProtocol').implement({
  description: 'A protocol of a space, in brief; `protocol(uri)` gives the whole of it.',
  fields: (t) => ({
    uri: t.exposeString('uri', { description: 'Step 1 of the protocol: pass it to `begin`.' }),
    chainId: t.exposeID('chainId', { description: 'The protocol id (`Protocol.chainId`; KAIROS 4 `adapter_id`, as in kairos://adapter/{chainId}).' }),
    label: t.exposeString('label', { description: 'The protocol title.' }),
    slug: t.exposeString('slug', { description: 'The protocol key.' }),
    stepCount: t.exposeInt('stepCount', { description: 'Number of steps.' }),
  }),
});

export const SpaceRef = builder.objectRef<SpaceSummary & { writable: boolean }>('Space').implement({
  description: 'A space you can read, with what it holds.',
  fields: (t) => ({
    id: t.exposeString('space', { description: 'The space id to pass as `space` (e.g. group:<name>, app).' }),
    name: t.string({
      description: '"Personal", "Group: <name>" or "Kairos app".',
      resolve: (space) => (space.space === APP_SPACE ? 'Kairos app' : space.space.startsWith('group:') ? `Group: ${space.space.slice(6)}` : 'Personal'),
    }),
    kind: t.field({
      type: SpaceKindEnum,
      description: 'Personal, group or app.',
      resolve: (space) => (space.space === APP_SPACE ? 'APP' : space.space.startsWith('group:') ? 'GROUP' : 'PERSONAL'),
    }),
    writable: t.exposeBoolean('writable', { description: 'True when you can write it in this request.' }),
    memoryCount: t.exposeInt('memoryCount', { description: 'Memories stored in it (steps and documents).' }),
    protocolCount: t.int({ description: 'Protocols in it.', resolve: (space) => space.protocols.length }),
    protocols: t.field({ type: [SpaceProtocolRef], description: 'Its protocols, by title.', resolve: (space) => space.protocols }),
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
  description: 'Someone or something that holds tokens: an agent or a person.',
  fields: (t) => ({
    id: t.exposeID('_id', { description: 'The principal id (`CreateTokenInput.principalId`).' }),
    name: t.exposeString('name', { description: 'A unique name.' }),
    role: t.field({ type: RoleEnum, description: 'What it may do.', resolve: (principal) => principal.role }),
    groups: t.exposeStringList('groups', { description: 'Its groups; each gives the space group:<name>.' }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was created.', resolve: (principal) => principal.createdAt }),
  }),
});

const TokenRef = builder.objectRef<TokenRecord>('Token').implement({
  description: 'An API token; its secret is shown once, when it is created.',
  fields: (t) => ({
    id: t.exposeID('_id', { description: 'The token id, for `revokeToken` (never the secret).' }),
    principalId: t.exposeID('principalId', { description: 'Whose token it is.' }),
    name: t.exposeString('name', { description: 'A name to recognise it by.' }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was issued.', resolve: (token) => token.createdAt }),
    expiresAt: t.field({ type: 'DateTime', nullable: true, description: 'When it stops working; null: never.', resolve: (token) => token.expiresAt }),
    revokedAt: t.field({ type: 'DateTime', nullable: true, description: 'When it was revoked; null while valid.', resolve: (token) => token.revokedAt }),
  }),
});

builder.queryField('tokens', (t) =>
  t.field({ type: [TokenRef], description: 'Your tokens (never their secrets).', resolve: (_root, _args, ctx) => ctx.services.auth.listTokens(ctx.viewer) }),
);

const CreatePrincipalInput = builder.inputType('CreatePrincipalInput', {
  description: 'A new principal.',
  fields: (t) => ({
    name: t.string({ required: true, description: '1 to 64 lowercase letters, digits, dots, dashes or underscores; unique.' }),
    role: t.field({ type: RoleEnum, required: true, description: 'What it may do.' }),
    groups: t.stringList({ description: 'Group names (same rules as `name`); each is the space group:<name>.' }),
  }),
});

const CreatePrincipalPayloadRef = builder.objectRef<{ principal: PrincipalRecord }>('CreatePrincipalPayload').implement({
  description: 'The principal created.',
  fields: (t) => ({
    principal: t.field({ type: PrincipalRef, description: 'The new principal: give it a token with `createToken`.', resolve: (payload) => payload.principal }),
  }),
});

builder.mutationField('createPrincipal', (t) =>
  t.field({
    type: CreatePrincipalPayloadRef,
    description: 'Admins only: a new principal (then `createToken` with its id). Codes: `FORBIDDEN` (not an admin), `BAD_USER_INPUT` (a bad or taken name).',
    args: { input: t.arg({ type: CreatePrincipalInput, required: true, description: 'The name, role and groups.' }) },
    resolve: async (_root, { input }, ctx) => ({ principal: await ctx.services.auth.createPrincipal(ctx.viewer, input) }),
  }),
);

const CreateTokenInput = builder.inputType('CreateTokenInput', {
  description: 'Whose token, its name, and how long it lives.',
  fields: (t) => ({
    principalId: t.id({ description: 'Omitted: yourself. Admins may name anyone.' }),
    name: t.string({ required: true, description: 'A name to recognise it by (at most 100 characters, no control characters).' }),
    expiresInSeconds: t.int({ description: 'Lifetime in seconds (positive); omitted: no expiry. Unless you are an admin, never later than the token you call with.' }),
  }),
});

const CreateTokenPayloadRef = builder.objectRef<IssuedToken>('CreateTokenPayload').implement({
  description: 'The new token: its secret, shown this once, and its record.',
  fields: (t) => ({
    token: t.exposeString('token', { description: 'Shown once: send it as Authorization: Bearer <token>.' }),
    record: t.field({ type: TokenRef, description: 'The token as `tokens` lists it.', resolve: (issued) => issued.record }),
  }),
});

builder.mutationField('createToken', (t) =>
  t.field({
    type: CreateTokenPayloadRef,
    description:
      'Issues an API token for yourself (admins: for anyone). The token has the whole scope of its principal: a request narrowed with x-kairos-space (or connectionParams.space) still makes a full-scope token, since the caller already holds one; narrow each request that uses it instead. A token made with an expiring token expires no later than it (admins excepted). Codes: `FORBIDDEN` (another principal, not an admin), `NOT_FOUND` (no such principal), `BAD_USER_INPUT` (name with control characters, `expiresInSeconds` not positive), `PAYLOAD_TOO_LARGE` (name over 100 characters).',
    args: { input: t.arg({ type: CreateTokenInput, required: true, description: 'The token to issue.' }) },
    resolve: (_root, { input }, ctx) => ctx.services.auth.createToken(ctx.viewer, input),
  }),
);

const RevokeTokenInput = builder.inputType('RevokeTokenInput', {
  description: 'The token to revoke.',
  fields: (t) => ({ id: t.id({ required: true, description: '`Token.id` (from `tokens` or `createToken`), never the secret.' }) }),
});

const RevokeTokenPayloadRef = builder.objectRef<{ token: TokenRecord }>('RevokeTokenPayload').implement({
  description: 'The revoked token.',
  fields: (t) => ({
    token: t.field({ type: TokenRef, description: 'The token, with revokedAt set: requests sending it now answer `UNAUTHENTICATED`.', resolve: (payload) => payload.token }),
  }),
});

builder.mutationField('revokeToken', (t) =>
  t.field({
    type: RevokeTokenPayloadRef,
    description: "Revokes one of your tokens (admins: anyone's) at once. Codes: `NOT_FOUND` (no such token of yours).",
    args: { input: t.arg({ type: RevokeTokenInput, required: true, description: 'The token id.' }) },
    resolve: async (_root, { input }, ctx) => ({ token: await ctx.services.auth.revokeToken(ctx.viewer, input.id) }),
  }),
);
