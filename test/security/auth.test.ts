import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { collect, errorCode, useTestServer } from '../support/app.js';
import { MemoryEventsDocument } from '../api/documents.js';
import { CreatePrincipalDocument, CreateTokenDocument, MeDocument, RevokeTokenDocument, SpacesDocument } from './documents.js';

const server = useTestServer({ authEnabled: true });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The first admin, made the way `kairos-graphql tokens create --role admin` makes it. */
async function adminToken(): Promise<string> {
  const issued = await server.running.services.auth.bootstrap({
    name: `admin-${Date.now()}`,
    role: 'ADMIN',
    groups: [],
    tokenName: 'test',
    expiresInSeconds: null,
  });
  return issued.token;
}

async function principalWithToken(
  admin: string,
  name: string,
  options: { groups?: string[]; expiresInSeconds?: number; role?: 'AGENT' | 'HUMAN' | 'REVIEWER' | 'ADMIN' } = {},
) {
  const created = await server.request(
    CreatePrincipalDocument,
    { input: { name, role: options.role ?? 'AGENT', groups: options.groups } },
    bearer(admin),
  );
  const principal = created.data!.createPrincipal.principal;
  const issued = await server.request(
    CreateTokenDocument,
    { input: { principalId: principal.id, name: 'cli', expiresInSeconds: options.expiresInSeconds } },
    bearer(admin),
  );
  return { principal, token: issued.data!.createToken.token, tokenId: issued.data!.createToken.record.id };
}

/** Waits for a graphql-ws socket to close and returns its close code. */
function closeCode(url: string, params: Record<string, unknown>): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, 'graphql-transport-ws');
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: params })));
    socket.on('close', (code) => resolve(code));
  });
}

describe('tokens over HTTP', () => {
  it('requires a valid token on every request but /healthz', async () => {
    const none = await server.request(MeDocument, {});
    expect(errorCode(none.errors)).toBe('UNAUTHENTICATED');
    const forged = await server.request(MeDocument, {}, bearer(`kairos_${'0'.repeat(32)}.${'A'.repeat(43)}`));
    expect(errorCode(forged.errors)).toBe('UNAUTHENTICATED');
    expect((await fetch(`${server.running.baseUrl}/healthz`)).status).toBe(200);
  });

  it('creates, uses and revokes a token; the secret is stored only as a hash', async () => {
    const admin = await adminToken();
    const alice = await principalWithToken(admin, `alice-${Date.now()}`, { groups: ['ops'] });
    const me = await server.request(MeDocument, {}, bearer(alice.token));
    expect(me.data?.me).toMatchObject({
      principalId: alice.principal.id,
      role: 'AGENT',
      authenticated: true,
      defaultWriteSpace: `user:${alice.principal.id}`,
      writableSpaces: [`user:${alice.principal.id}`, 'group:ops'],
      readableSpaces: [`user:${alice.principal.id}`, 'group:ops', 'app'],
    });
    const stored = await server
      .mongo()
      .db(server.dbName)
      .collection('tokens')
      .findOne({ _id: alice.tokenId as never });
    expect(JSON.stringify(stored)).not.toContain(alice.token.split('.')[1]);

    const revoked = await server.request(RevokeTokenDocument, { id: alice.tokenId }, bearer(admin));
    expect(revoked.data?.revokeToken.token.revokedAt).toBeTruthy();
    const after = await server.request(MeDocument, {}, bearer(alice.token));
    expect(errorCode(after.errors)).toBe('UNAUTHENTICATED');
    expect(after.errors?.[0]?.message).toBe('The token was revoked');
  });

  it('stops accepting a token when it expires', async () => {
    const admin = await adminToken();
    const shortLived = await principalWithToken(admin, `brief-${Date.now()}`, { expiresInSeconds: 1 });
    expect((await server.request(MeDocument, {}, bearer(shortLived.token))).data?.me.principalId).toBe(shortLived.principal.id);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const expired = await server.request(MeDocument, {}, bearer(shortLived.token));
    expect(expired.errors?.[0]?.message).toBe('The token has expired');
  });

  it('lets only admins create principals and tokens for others', async () => {
    const admin = await adminToken();
    const agent = await principalWithToken(admin, `agent-${Date.now()}`);
    const refused = await server.request(CreatePrincipalDocument, { input: { name: 'mallory', role: 'ADMIN' } }, bearer(agent.token));
    expect(errorCode(refused.errors)).toBe('FORBIDDEN');
    const forOther = await server.request(CreateTokenDocument, { input: { principalId: 'someone-else', name: 'x' } }, bearer(agent.token));
    expect(errorCode(forOther.errors)).toBe('FORBIDDEN');
    const own = await server.request(CreateTokenDocument, { input: { name: 'second' } }, bearer(agent.token));
    expect(own.data?.createToken.record.principalId).toBe(agent.principal.id);
  });

  it('narrows a request to one space with x-kairos-space, and refuses a space that is not yours', async () => {
    const admin = await adminToken();
    const member = await principalWithToken(admin, `member-${Date.now()}`, { groups: ['team'] });
    const narrowed = await server.request(MeDocument, {}, { ...bearer(member.token), 'x-kairos-space': 'group:team' });
    expect(narrowed.data?.me.readableSpaces).toEqual(['group:team']);
    expect(narrowed.data?.me.defaultWriteSpace).toBe('group:team');
    const spaces = await server.request(SpacesDocument, {}, { ...bearer(member.token), 'x-kairos-space': 'group:team' });
    expect(spaces.data?.spaces.map((space) => [space.id, space.name, space.kind, space.writable])).toEqual([
      ['group:team', 'Group: team', 'GROUP', true],
    ]);
    const foreign = await server.request(MeDocument, {}, { ...bearer(member.token), 'x-kairos-space': 'group:elsewhere' });
    expect(errorCode(foreign.errors)).toBe('FORBIDDEN');
  });
});

describe('tokens over graphql-ws', () => {
  it('closes the socket with 4403 without a valid token', async () => {
    expect(await closeCode(server.running.wsUrl, {})).toBe(4403);
    expect(await closeCode(server.running.wsUrl, { authorization: 'Bearer nope' })).toBe(4403);
  });

  it('serves subscriptions to a valid token and ends them when it expires', async () => {
    const admin = await adminToken();
    const brief = await principalWithToken(admin, `ws-${Date.now()}`, { expiresInSeconds: 2 });
    const client = server.wsClient({ authorization: `Bearer ${brief.token}` });
    const closed = new Promise<number>((resolve) => client.on('closed', (event) => resolve((event as { code: number }).code)));
    const subscription = collect(client, MemoryEventsDocument, { space: 'personal' });
    expect(await closed).toBe(4403);
    subscription.stop();

    // Revocation closes an open socket at once (the bus carries it), not at the next re-check.
    const revokedLater = await principalWithToken(admin, `ws-revoked-${Date.now()}`);
    const second = server.wsClient({ authorization: `Bearer ${revokedLater.token}` });
    await new Promise<void>((resolve) => second.on('connected', () => resolve()));
    const secondClosed = new Promise<{ code: number; reason: string }>((resolve) =>
      second.on('closed', (event) => resolve(event as { code: number; reason: string })),
    );
    await server.request(RevokeTokenDocument, { id: revokedLater.tokenId }, bearer(admin));
    expect(await secondClosed).toMatchObject({ code: 4403, reason: 'Token revoked' });
  });
});

describe('proposal review with auth on', () => {
  it('a proposer cannot apply its own proposal; another reviewer of the space can; an agent cannot', async () => {
    const admin = await adminToken();
    const headers = bearer(admin);
    const make = async (name: string, role: 'AGENT' | 'REVIEWER') => {
      const created = await server.request(CreatePrincipalDocument, { input: { name, role, groups: ['review-team'] } }, headers);
      const issued = await server.request(
        CreateTokenDocument,
        { input: { principalId: created.data!.createPrincipal.principal.id, name: 'test' } },
        headers,
      );
      return issued.data!.createToken.token;
    };
    const stamp = Date.now();
    const [author, reviewer, agent] = [
      await make(`author-${stamp}`, 'REVIEWER'),
      await make(`reviewer-${stamp}`, 'REVIEWER'),
      await make(`agent-${stamp}`, 'AGENT'),
    ];
    const post = async (token: string, query: string, variables: Record<string, unknown> = {}) =>
      (await (
        await fetch(server.running.graphqlUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...bearer(token) },
          body: JSON.stringify({ query, variables }),
        })
      ).json()) as any;

    const staged = await post(author, 'mutation($input: ProposeUpdateInput!) { proposeUpdate(input: $input) { status stagingId } }', {
      input: {
        intent: 'RECORD_DECISION',
        space: 'group:review-team',
        rationale: 'pick a queue',
        operations: [
          {
            kind: 'APPEND_SECTION',
            file: 'decisions.md',
            heading: 'Queue choice',
            content: 'Date: 2026-11-21\nStatus: active\nConfidence: confirmed\n\nUse one queue.',
          },
        ],
        sources: [{ type: 'FILE', ref: 'docs/queues.md' }],
      },
    });
    expect(staged.data.proposeUpdate.status).toBe('STAGED');
    const id = staged.data.proposeUpdate.stagingId;
    const apply = `mutation { applyProposal(input: { id: "${id}" }) { status } }`;
    expect(errorCode((await post(author, apply)).errors)).toBe('FORBIDDEN');
    expect(errorCode((await post(agent, apply)).errors)).toBe('FORBIDDEN');
    expect((await post(reviewer, apply)).data.applyProposal.status).toBe('APPLIED');
  });
});

describe('kairos-graphql tokens create', () => {
  it('makes the first admin token straight in the database, and the server accepts it', async () => {
    const { stdout } = await promisify(execFile)(
      'node',
      ['bin/kairos-graphql.js', 'tokens', 'create', '--role', 'admin', '--name', `cli-admin-${Date.now()}`],
      {
        env: { ...process.env, MONGODB_URI: server.mongoUri, MONGODB_DB: server.dbName },
      },
    );
    const token = stdout.trim().split('\n').at(-1)!;
    expect(token).toMatch(/^kairos_[0-9a-f]{32}\.[A-Za-z0-9_-]{43}$/);
    const me = await server.request(MeDocument, {}, bearer(token));
    expect(me.data?.me.role).toBe('ADMIN');
  });
});

describe('credentials cannot grow', () => {
  it('a token made with an expiring token expires no later than it', async () => {
    const admin = await adminToken();
    const brief = await principalWithToken(admin, `grow-${Date.now()}`, { expiresInSeconds: 60 });
    const made = await server.request(CreateTokenDocument, { input: { name: 'forever' } }, bearer(brief.token));
    const expiresAt = made.data?.createToken.record.expiresAt;
    expect(expiresAt).toBeTruthy();
    expect(Date.parse(expiresAt!)).toBeLessThanOrEqual(Date.now() + 61_000);
  });

  it('only a person other than the runner answers a require_human prompt', async () => {
    const admin = await adminToken();
    const stamp = Date.now();
    const agent = await principalWithToken(admin, `runner-${stamp}`, { groups: [`desk${stamp}`] });
    const person = await principalWithToken(admin, `person-${stamp}`, { groups: [`desk${stamp}`], role: 'HUMAN' });
    const post = async (token: string, query: string, variables: Record<string, unknown> = {}) =>
      (await (
        await fetch(server.running.graphqlUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...bearer(token) },
          body: JSON.stringify({ query, variables }),
        })
      ).json()) as any;
    const markdown = `# Human gate ${stamp}\n\n## Sign off\n\n\`\`\`json\n{"challenge": {"type": "user_input", "user_input": {"prompt": "Sign?", "require_human": true}}}\n\`\`\`\n\n## Ship\n\nShip.\n`;
    const minted = await post(
      agent.token,
      'mutation($m: String!, $s: String) { mint(input: { markdown: $m, space: $s }) { protocol { uri } } }',
      { m: markdown, s: `group:desk${stamp}` },
    );
    const begun = await post(agent.token, 'mutation($uri: String) { begin(input: { uri: $uri }) { challenge { promptId } } }', {
      uri: minted.data.mint.protocol.uri,
    });
    const answer = `mutation { answerPrompt(input: { promptId: "${begun.data.begin.challenge.promptId}", confirmation: "approve" }) { prompt { status } } }`;
    expect(errorCode((await post(agent.token, answer)).errors)).toBe('FORBIDDEN');
    expect((await post(person.token, answer)).data.answerPrompt.prompt.status).toBe('ANSWERED');
  });
});

describe('WebSocket origins', () => {
  it("refuses a browser page from another origin and accepts the server's own", async () => {
    const open = (origin: string) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(server.running.wsUrl, 'graphql-transport-ws', { origin });
        socket.on('open', () => {
          socket.close();
          resolve('open');
        });
        socket.on('error', (error) => resolve(error.message));
      });
    expect(await open('https://evil.example')).toMatch(/403|Unexpected server response/);
    expect(await open(server.running.baseUrl)).toBe('open');
  });
});
