// Over 400 lines: one test per finding, all on one server with auth on.
/**
 * "Trust under attack": one test per finding, through the public surface (HTTP, SSE,
 * graphql-ws), auth on, against the real engine. Each failed on 0.1.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stalledSubscriber } from '../support/stalled-socket.js';
import { MAX_FAILED_PROOF_BYTES, MAX_PROTOCOL_STEPS, TEXT_LIMITS } from '../../src/limits.js';
import { errorCode, useTestServer } from '../support/app.js';

const MAX_BUFFERED_BYTES = 256 * 1024;
const server = useTestServer({
  authEnabled: true,
  rateLimitPerMinute: 0,
  maxBufferedBytes: MAX_BUFFERED_BYTES,
  maxBodyBytes: 4 * 1024 * 1024,
});

type Role = 'AGENT' | 'HUMAN' | 'REVIEWER' | 'ADMIN';
interface Principal {
  id: string;
  token: string;
  tokenId: string;
  space: string;
}

interface Answer {
  status: number;
  headers: Headers;
  data?: any;
  errors?: any[];
  extensions?: any;
}

async function gql(
  who: Principal | string | null,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<Answer> {
  const token = typeof who === 'string' ? who : who?.token;
  const response = await fetch(server.running.graphqlUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, headers: response.headers, ...((await response.json()) as object) };
}

let adminPrincipal: Principal | null = null;
async function admin(): Promise<Principal> {
  if (adminPrincipal) return adminPrincipal;
  const issued = await server.running.services.auth.bootstrap({
    name: 'trust-admin',
    role: 'ADMIN',
    groups: [],
    tokenName: 'test',
    expiresInSeconds: null,
  });
  adminPrincipal = { id: issued.principal._id, token: issued.token, tokenId: issued.record._id, space: `user:${issued.principal._id}` };
  return adminPrincipal;
}

let names = 0;
async function principal(role: Role, groups: string[] = [], expiresInSeconds?: number): Promise<Principal> {
  const boss = await admin();
  const name = `p${++names}-${role.toLowerCase()}`;
  const created = await gql(boss, 'mutation($input: CreatePrincipalInput!) { createPrincipal(input: $input) { principal { id } } }', {
    input: { name, role, groups },
  });
  const id = created.data.createPrincipal.principal.id;
  const issued = await gql(boss, 'mutation($input: CreateTokenInput!) { createToken(input: $input) { token record { id } } }', {
    input: { principalId: id, name: 'test', expiresInSeconds },
  });
  return { id, token: issued.data.createToken.token, tokenId: issued.data.createToken.record.id, space: `user:${id}` };
}

const fence = '```';
const humanGate = (title: string) =>
  `# ${title}\n\n## Sign off\n\n${fence}json\n{"challenge": {"type": "user_input", "user_input": {"prompt": "Sign?", "require_human": true}}}\n${fence}\n\n## Ship\n\nShip.\n`;
const MINT = 'mutation($m: String!, $s: String) { mint(input: { markdown: $m, space: $s }) { protocol { uri stepUris } } }';
const BEGIN = 'mutation($uri: String) { begin(input: { uri: $uri }) { runId challenge { promptId nonce proofHash } } }';
const ANSWER = 'mutation($id: ID!) { answerPrompt(input: { promptId: $id, confirmation: "approve" }) { prompt { status } } }';

describe('§1 a human gate no agent can pass', () => {
  it('refuses an agent of the same group, accepts a person who is not the runner, and stores source HUMAN', async () => {
    const [runner, otherAgent, person] = [
      await principal('AGENT', ['gate']),
      await principal('AGENT', ['gate']),
      await principal('HUMAN', ['gate']),
    ];
    const minted = await gql(runner, MINT, { m: humanGate('Gate one'), s: 'group:gate' });
    const begun = await gql(runner, BEGIN, { uri: minted.data.mint.protocol.uri });
    const promptId = begun.data.begin.challenge.promptId;

    const byAgent = await gql(otherAgent, ANSWER, { id: promptId });
    expect(errorCode(byAgent.errors)).toBe('FORBIDDEN');
    expect(byAgent.errors![0].message).toMatch(/requires a human/);
    expect(errorCode((await gql(runner, ANSWER, { id: promptId })).errors)).toBe('FORBIDDEN');

    const byPerson = await gql(person, ANSWER, { id: promptId });
    expect(byPerson.data.answerPrompt.prompt).toEqual({ status: 'ANSWERED' });
    const run = await gql(runner, 'query($id: ID!) { run(id: $id) { proofs { source stepIndex } } }', { id: begun.data.begin.runId });
    expect(run.data.run.proofs).toEqual([{ source: 'HUMAN', stepIndex: 1 }]);
  });

  it('keeps the old rule for prompts that do not require a human: any principal of the space may answer', async () => {
    const [runner, otherAgent] = [await principal('AGENT', ['plain']), await principal('AGENT', ['plain'])];
    const markdown = `# Plain prompt\n\n## Ask\n\n${fence}json\n{"challenge": {"type": "user_input", "user_input": {"prompt": "Go?"}}}\n${fence}\n`;
    const minted = await gql(runner, MINT, { m: markdown, s: 'group:plain' });
    const begun = await gql(runner, BEGIN, { uri: minted.data.mint.protocol.uri });
    expect((await gql(otherAgent, ANSWER, { id: begun.data.begin.challenge.promptId })).data.answerPrompt.prompt.status).toBe('ANSWERED');
  });
});

describe('§1 the person role from the command line', () => {
  it('kairos-graphql tokens create --role human makes a HUMAN principal', async () => {
    const { execFile } = await import('node:child_process');
    const { promisify } = await import('node:util');
    const { stdout } = await promisify(execFile)(
      'node',
      ['bin/kairos-graphql.js', 'tokens', 'create', '--role', 'human', '--name', 'cli-person'],
      {
        env: { ...process.env, MONGODB_URI: server.mongoUri, MONGODB_DB: server.dbName },
      },
    );
    const token = stdout.trim().split('\n').at(-1)!;
    expect((await gql(token, '{ me { role } }')).data.me.role).toBe('HUMAN');
  });
});

describe('§7 personal spaces have a reviewer: the admins', () => {
  it("an admin answers a require_human prompt in an agent's personal space; another person cannot reach it", async () => {
    const [agent, person] = [await principal('AGENT'), await principal('HUMAN')];
    const minted = await gql(agent, MINT, { m: humanGate('Personal gate') });
    const begun = await gql(agent, BEGIN, { uri: minted.data.mint.protocol.uri });
    const promptId = begun.data.begin.challenge.promptId;
    expect(errorCode((await gql(person, ANSWER, { id: promptId })).errors)).toBe('NOT_FOUND');
    const boss = await admin();
    // The admin finds it by naming the space, then answers it.
    const sub = await firstEvent(boss.token, `subscription { challengePrompts(space: "${agent.space}") { promptId requireHuman } }`);
    expect(sub).toMatchObject({ data: { challengePrompts: { promptId, requireHuman: true } } });
    expect((await gql(boss, ANSWER, { id: promptId })).data.answerPrompt.prompt).toEqual({ status: 'ANSWERED' });
  });

  it("an admin applies a proposal staged in an agent's personal space; a reviewer of a group cannot", async () => {
    const [agent, reviewer] = [await principal('AGENT'), await principal('REVIEWER', ['elsewhere'])];
    const staged = await gql(agent, 'mutation($input: ProposeUpdateInput!) { proposeUpdate(input: $input) { status stagingId } }', {
      input: {
        intent: 'RECORD_DECISION',
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
    const apply = `mutation { applyProposal(input: { id: "${staged.data.proposeUpdate.stagingId}" }) { status } }`;
    expect(errorCode((await gql(agent, apply)).errors)).toBe('FORBIDDEN');
    expect((await gql(reviewer, apply)).data?.applyProposal.status).not.toBe('APPLIED');
    expect((await gql(await admin(), apply)).data.applyProposal.status).toBe('APPLIED');
  });

  it('an admin narrowed to one space (x-kairos-space) does not reach personal spaces', async () => {
    const agent = await principal('AGENT');
    const minted = await gql(agent, MINT, { m: humanGate('Narrowed gate') });
    const begun = await gql(agent, BEGIN, { uri: minted.data.mint.protocol.uri });
    const boss = await admin();
    const narrowed = await gql(boss, ANSWER, { id: begun.data.begin.challenge.promptId }, { 'x-kairos-space': boss.space });
    expect(errorCode(narrowed.errors)).toBe('NOT_FOUND');
  });
});

/** The first result of a subscription over graphql-ws (then the socket closes). */
function firstEvent(token: string, query: string): Promise<unknown> {
  const client = server.wsClient({ authorization: `Bearer ${token}` });
  return new Promise((resolve) => {
    const unsubscribe = client.subscribe(
      { query },
      {
        next: (value) => {
          resolve(value);
          unsubscribe();
        },
        error: resolve,
        complete: () => {},
      },
    );
  });
}

describe('§2 one cheap query cannot stall the server', () => {
  const steps = (count: number) => `# Long ${count}\n\n${Array.from({ length: count }, (_, index) => `## S${index}\n\nx\n`).join('\n')}`;

  it(`refuses a protocol over ${MAX_PROTOCOL_STEPS} steps with PAYLOAD_TOO_LARGE`, async () => {
    const agent = await principal('AGENT');
    const refused = await gql(agent, MINT, { m: steps(MAX_PROTOCOL_STEPS + 500) });
    expect(refused.errors![0].extensions).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      details: { field: 'steps', limit: MAX_PROTOCOL_STEPS },
    });
  });

  it('refuses the nested steps query before running it, over HTTP and WebSocket, while /healthz answers', async () => {
    const agent = await principal('AGENT');
    const minted = await gql(agent, MINT, { m: steps(MAX_PROTOCOL_STEPS) });
    expect(minted.data.mint.protocol.stepUris).toHaveLength(MAX_PROTOCOL_STEPS);
    const uri = minted.data.mint.protocol.uri;
    const nested = `{ protocol(uri: "${uri}") { steps { protocol { steps { uri } } } } }`;
    const [refused, health] = await Promise.all([gql(agent, nested), fetch(`${server.running.baseUrl}/healthz`)]);
    expect(health.status).toBe(200);
    expect(refused.status).toBe(400);
    expect(refused.data).toBeUndefined();
    expect(refused.errors![0].extensions).toMatchObject({ code: 'DOCUMENT_TOO_COMPLEX', limit: 'cost' });

    const page = await gql(agent, '{ memories(first: 500) { edges { node { protocol { steps { uri } } } } } }');
    expect(page.errors![0].extensions.code).toBe('DOCUMENT_TOO_COMPLEX');

    const overSocket = await firstEvent(agent.token, nested);
    expect(JSON.stringify(overSocket)).toContain('DOCUMENT_TOO_COMPLEX');
    // One protocol with its steps is well within the budget.
    const single = await gql(agent, `{ protocol(uri: "${uri}") { steps { uri label text } } }`);
    expect(single.data.protocol.steps).toHaveLength(MAX_PROTOCOL_STEPS);
  });
});

/** A Yoga SSE stream (POST with Accept: text/event-stream): its events, and when it ends. */
function sse(token: string, query: string) {
  const events: any[] = [];
  const controller = new AbortController();
  let notify = () => {};
  const ended = (async () => {
    const response = await fetch(server.running.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query }),
      signal: controller.signal,
    });
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data = frame.split('\n').find((line) => line.startsWith('data: '));
        if (data) events.push(JSON.parse(data.slice(6)));
        notify();
      }
    }
  })();
  return {
    events,
    ended,
    until: (predicate: () => boolean) =>
      new Promise<void>((resolve) => {
        notify = () => predicate() && resolve();
        notify();
      }),
    close: () => controller.abort(),
  };
}

describe('§3 subscriptions end with their credentials', () => {
  const MEMORY_EVENTS = 'subscription { memoryEvents(space: "personal") { type uri } }';

  it('an SSE stream ends with UNAUTHENTICATED as soon as its token is revoked', async () => {
    const agent = await principal('AGENT');
    const stream = sse(agent.token, MEMORY_EVENTS);
    await gql(agent, MINT, { m: '# Before revoke\n\n## One\n\nx\n' });
    await stream.until(() => stream.events.length > 0);
    await gql(await admin(), 'mutation($id: ID!) { revokeToken(input: { id: $id }) { token { revokedAt } } }', { id: agent.tokenId });
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ errors: [{ message: 'The token was revoked', extensions: { code: 'UNAUTHENTICATED' } }] });
  });

  it('an SSE stream ends when its token expires', async () => {
    const brief = await principal('AGENT', [], 2);
    const stream = sse(brief.token, MEMORY_EVENTS);
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ errors: [{ message: 'The token has expired', extensions: { code: 'UNAUTHENTICATED' } }] });
  });

  it('a revoked token is refused at once, not after the 30 s cache', async () => {
    const agent = await principal('AGENT');
    expect((await gql(agent, '{ me { principalId } }')).data.me.principalId).toBe(agent.id);
    await gql(await admin(), 'mutation($id: ID!) { revokeToken(input: { id: $id }) { token { revokedAt } } }', { id: agent.tokenId });
    const after = await gql(agent, '{ me { principalId } }');
    expect(after.status).toBe(401);
  });
});

describe('§4 no tenant writes into a space it cannot write', () => {
  it('an attest of a built-in protocol leaves the shared app documents untouched and counts usage in the runner space', async () => {
    const agent = await principal('AGENT');
    const begun = await gql(agent, 'mutation { begin(input: { key: "refine-search" }) { runId currentStep { uri } } }');
    const { runId } = begun.data.begin;
    const db = server.mongo().db(server.dbName);
    const appBefore = await db.collection('memories').find({ space: 'app' }).sort({ _id: 1 }).toArray();

    const huge = await gql(agent, 'mutation($input: AttestInput!) { attest(input: $input) { errorCode } }', {
      input: { uri: begun.data.begin.currentStep.uri, runId, outcome: 'FAILURE', message: 'x', llmModelId: 'm'.repeat(1_900_000) },
    });
    expect(huge.errors![0].extensions).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      details: { field: 'llmModelId', limit: TEXT_LIMITS.llmModelId },
    });

    const attested = await gql(agent, 'mutation($input: AttestInput!) { attest(input: $input) { errorCode outcome } }', {
      input: {
        uri: begun.data.begin.currentStep.uri,
        runId,
        outcome: 'FAILURE',
        message: 'tenant text that must stay with the tenant',
        llmModelId: 'model-x',
      },
    });
    expect(attested.data.attest).toEqual({ errorCode: null, outcome: 'FAILURE' });
    const appAfter = await db.collection('memories').find({ space: 'app' }).sort({ _id: 1 }).toArray();
    expect(appAfter).toEqual(appBefore);
    expect(JSON.stringify(appAfter)).not.toContain('tenant text');
    const usage = await db.collection('memory_usage').find({ space: agent.space }).toArray();
    expect(usage.length).toBeGreaterThan(0);
    expect(usage.every((row) => row.space === agent.space)).toBe(true);
    expect(JSON.stringify(usage)).not.toContain('tenant text');
  });

  it('limits free text: attest message, token names, titles, protocol versions', async () => {
    const agent = await principal('AGENT');
    const token = await gql(agent, 'mutation($input: CreateTokenInput!) { createToken(input: $input) { token } }', {
      input: { name: 'n'.repeat(TEXT_LIMITS.tokenName + 1) },
    });
    expect(token.errors![0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
    const title = await gql(agent, MINT, { m: `# ${'t'.repeat(TEXT_LIMITS.title + 1)}\n\n## S\n\nx\n` });
    expect(title.errors![0].extensions).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: { field: 'title' } });
    const version = await gql(
      agent,
      'mutation($m: String!, $v: String) { mint(input: { markdown: $m, protocolVersion: $v }) { protocol { uri } } }',
      {
        m: '# Versioned\n\n## S\n\nx\n',
        v: 'v'.repeat(TEXT_LIMITS.protocolVersion + 1),
      },
    );
    expect(version.errors![0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('§4 limits, swept through the API', () => {
  it('every limited field is accepted up to its limit and refused with PAYLOAD_TOO_LARGE past it', async () => {
    const agent = await principal('AGENT');
    const sends: Record<'tokenName' | 'title' | 'protocolVersion' | 'label', (text: string) => Promise<Answer>> = {
      tokenName: (text) =>
        gql(agent, 'mutation($input: CreateTokenInput!) { createToken(input: $input) { token } }', { input: { name: text } }),
      title: (text) => gql(agent, MINT, { m: `# ${text} ${randomTag()}\n\n## S\n\nx\n` }),
      protocolVersion: (text) =>
        gql(agent, 'mutation($m: String!, $v: String) { mint(input: { markdown: $m, protocolVersion: $v }) { protocol { uri } } }', {
          m: `# V ${randomTag()}\n\n## S\n\nx\n`,
          v: text,
        }),
      label: (text) => gql(agent, MINT, { m: `# L ${randomTag()}\n\n## ${text}\n\nx\n` }),
    };
    // The title carries a 10-character suffix (" t00000001") to keep titles unique.
    const room: Record<keyof typeof sends, number> = {
      tokenName: TEXT_LIMITS.tokenName,
      title: TEXT_LIMITS.title - 10,
      protocolVersion: TEXT_LIMITS.protocolVersion,
      label: TEXT_LIMITS.label,
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...(Object.keys(sends) as (keyof typeof sends)[])),
        fc.integer({ min: -3, max: 3 }),
        async (field, offset) => {
          const length = room[field] + offset;
          const answer = await sends[field]('k'.repeat(length));
          if (length <= room[field]) expect(answer.errors, `${field} ${length}`).toBeUndefined();
          else expect(answer.errors?.[0]?.extensions.code, `${field} ${length}`).toBe('PAYLOAD_TOO_LARGE');
        },
      ),
      { numRuns: 24 },
    );
  });
});

let tags = 0;
const randomTag = () => `t${String(++tags).padStart(8, '0')}`;

describe('§5 secrets are never applied, stored or echoed', () => {
  const secret = `ghp_${'A1b2C3d4E5'.repeat(4)}`;
  const PROPOSE = 'mutation($input: ProposeUpdateInput!) { proposeUpdate(input: $input) { status reason message } }';

  it('refuses a secret in a path, a section id or a heading, and never repeats it', async () => {
    const agent = await principal('AGENT');
    const cases = [
      { intent: 'UPDATE_CURRENT', operations: [{ kind: 'CREATE_FILE', file: `current/${secret}.md`, content: '# Now\n\nx' }] },
      { intent: 'ADD_PITFALL', operations: [{ kind: 'APPEND_TO_SECTION', file: 'pitfalls.md', sectionId: secret, content: '- x' }] },
      {
        intent: 'UPDATE_CURRENT',
        operations: [{ kind: 'REPLACE_SECTION_CONTENT', file: 'current/now.md', heading: `Key ${secret}`, content: 'x' }],
      },
      { intent: 'UPDATE_CURRENT', operations: [{ kind: 'CREATE_FILE', file: `decisions/${secret}.md`, content: 'x' }] },
    ];
    for (const input of cases) {
      const result = await gql(agent, PROPOSE, { input });
      expect(result.data.proposeUpdate, JSON.stringify(input)).toMatchObject({ status: 'REJECTED', reason: 'SECRET_DETECTED' });
      expect(JSON.stringify(result)).not.toContain(secret);
    }
    const db = server.mongo().db(server.dbName);
    for (const name of ['memories', 'audit', 'proposals'])
      expect(JSON.stringify(await db.collection(name).find({}).toArray())).not.toContain(secret);
  });

  it('an invalid enum value holding a secret does not come back in the error', async () => {
    const agent = await principal('AGENT');
    const literal = await gql(agent, `mutation { proposeUpdate(input: { intent: ${secret}, operations: [] }) { status } }`);
    expect(literal.errors![0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const variable = await gql(agent, PROPOSE, { input: { intent: secret, operations: [] } });
    for (const answer of [literal, variable]) {
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer)).not.toContain(secret);
    }
  });
});

describe('§6 slow consumers are cut off', () => {
  it(`closes a WebSocket that lets more than ${MAX_BUFFERED_BYTES} bytes queue, and keeps serving a reader`, async () => {
    const agent = await principal('AGENT', ['slow']);
    const bigStep = 'word '.repeat(10_000);
    const markdown = `# Slow feed\n\n## Ask\n\n${bigStep}\n\n${fence}json\n{"challenge": {"type": "user_input", "user_input": {"prompt": "Go?"}}}\n${fence}\n`;
    const uri = (await gql(agent, MINT, { m: markdown, s: 'group:slow' })).data.mint.protocol.uri;
    const query = 'subscription { challengePrompts(space: "group:slow") { promptId stepContent } }';
    const metric = async () =>
      Number(
        /kairos_graphql_slow_consumers_closed_total\{transport="websocket"\} (\d+)/.exec(
          await (await fetch(`${server.running.baseUrl}/metrics`)).text(),
        )?.[1] ?? 0,
      );
    const before = await metric();

    // A client that subscribes, then never reads its socket again.
    const stalled = await stalledSubscriber(server.running.wsUrl, agent.token, query);
    const closed = stalled.closed;

    const reader = server.wsClient({ authorization: `Bearer ${agent.token}` });
    const seen = new Set<string>();
    reader.subscribe(
      { query },
      { next: (value: any) => seen.add(value.data.challengePrompts.promptId), error: () => {}, complete: () => {} },
    );

    const promptIds: string[] = [];
    // Each prompt event carries ~50 KB of step text, ten times over to the stalled socket; the kernel's buffers fill first.
    for (let index = 0; index < 200 && (await metric()) === before; index++)
      promptIds.push((await gql(agent, BEGIN, { uri })).data.begin.challenge.promptId);
    expect(await metric()).toBe(before + 1);
    stalled.resume();
    expect(await closed).toBe(1013);
    await new Promise<void>((resolve) => {
      const check = setInterval(() => promptIds.every((id) => seen.has(id)) && (clearInterval(check), resolve()), 50);
    });
    expect(promptIds.every((id) => seen.has(id))).toBe(true);
  });
});

describe('§6 slow consumers are cut off over SSE too', () => {
  it('ends an SSE subscription whose reader stops reading, and counts it', async () => {
    const agent = await principal('AGENT', ['slowsse']);
    const markdown = `# Slow stream\n\n## Ask\n\n${'word '.repeat(40_000)}\n\n${fence}json\n{"challenge": {"type": "user_input", "user_input": {"prompt": "Go?"}}}\n${fence}\n`;
    const uri = (await gql(agent, MINT, { m: markdown, s: 'group:slowsse' })).data.mint.protocol.uri;
    const metric = async () =>
      Number(
        /kairos_graphql_slow_consumers_closed_total\{transport="sse"\} (\d+)/.exec(
          await (await fetch(`${server.running.baseUrl}/metrics`)).text(),
        )?.[1] ?? 0,
      );
    const before = await metric();

    // A client that reads the response headers, then never reads the body.
    const { request } = await import('node:http');
    const body = JSON.stringify({ query: 'subscription { challengePrompts(space: "group:slowsse") { promptId stepContent } }' });
    const response = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
      const outgoing = request(server.running.graphqlUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          accept: 'text/event-stream',
          authorization: `Bearer ${agent.token}`,
        },
      });
      outgoing.on('response', resolve).on('error', reject);
      outgoing.end(body);
    });
    response.pause();
    expect(response.statusCode).toBe(200);

    // Each prompt event carries ~200 KB of step text.
    for (let index = 0; index < 300 && (await metric()) === before; index++) await gql(agent, BEGIN, { uri });
    expect(await metric()).toBe(before + 1);
    // Once it reads again, the stream ends with the reason.
    response.resume();
    let text = '';
    for await (const chunk of response) text += String(chunk);
    expect(text).toContain('SLOW_CONSUMER');
  });
});

describe('§8 a nonce binds its solution', () => {
  it('thirty concurrent next calls with one nonce and different solutions: one settles, the others never hear success', async () => {
    const agent = await principal('AGENT');
    const markdown = `# Shell step\n\n## Check\n\n${fence}json\n{"challenge": {"type": "shell", "shell": {"cmd": "true", "timeout_seconds": 5}}}\n${fence}\n\n## Done\n\nDone.\n`;
    const uri = (await gql(agent, MINT, { m: markdown })).data.mint.protocol.uri;
    const begun = await gql(agent, BEGIN, { uri });
    const { runId, challenge } = begun.data.begin;
    const NEXT = 'mutation($input: NextInput!) { next(input: $input) { errorCode currentStep { stepIndex } } }';
    const calls = Array.from({ length: 30 }, (_, index) => {
      const exitCode = index % 2;
      return gql(agent, NEXT, {
        input: {
          uri,
          runId,
          solution: {
            type: 'SHELL',
            nonce: challenge.nonce,
            proofHash: challenge.proofHash,
            shell: { exitCode, stdout: `attempt ${index}` },
          },
        },
      }).then((answer) => ({ exitCode, index, answer }));
    });
    const answers = await Promise.all(calls);
    const run = await gql(agent, 'query($id: ID!) { run(id: $id) { proofs { settled status shell { stdout } } } }', { id: runId });
    const settled = run.data.run.proofs.filter((proof: any) => proof.settled);
    expect(settled).toHaveLength(1);
    const winner = Number(/attempt (\d+)/.exec(settled[0].shell.stdout)![1]);
    for (const { index, exitCode, answer } of answers) {
      const code = answer.data.next.errorCode;
      if (index === winner) expect(code).toBeNull();
      else if (exitCode === 1) expect(['COMMAND_FAILED', 'NONCE_REUSED', 'MAX_RETRIES_EXCEEDED']).toContain(code);
      else expect(code).toBe('NONCE_REUSED');
    }
  });
});

describe('§9 stored proofs stay bounded', () => {
  it('a run whose failed attempts carry megabytes still answers and stays under the document limit', async () => {
    const agent = await principal('AGENT');
    const markdown = `# Mcp step\n\n## Call\n\n${fence}json\n{"challenge": {"type": "mcp", "mcp": {"tool_name": "probe"}}}\n${fence}\n`;
    const uri = (await gql(agent, MINT, { m: markdown })).data.mint.protocol.uri;
    const begun = await gql(agent, BEGIN, { uri });
    const { runId, challenge } = begun.data.begin;
    const big = { blob: 'r'.repeat(250 * 1024) };
    for (let attempt = 0; attempt < 12; attempt++) {
      const answer = await gql(agent, 'mutation($input: NextInput!) { next(input: $input) { errorCode } }', {
        input: {
          uri,
          runId,
          solution: {
            type: 'MCP',
            nonce: challenge.nonce,
            proofHash: challenge.proofHash,
            mcp: { toolName: 'probe', success: false, arguments: big, result: big },
          },
        },
      });
      expect(answer.errors).toBeUndefined();
    }
    const stored = await server
      .mongo()
      .db(server.dbName)
      .collection('runs')
      .findOne({ _id: runId as never });
    const bytes = Buffer.byteLength(JSON.stringify(stored), 'utf8');
    expect(bytes).toBeLessThan(MAX_FAILED_PROOF_BYTES + 512 * 1024);
    expect(JSON.stringify(stored!.proofs[0].record.mcp.result)).toContain('"truncated":true');
  });
});

describe('§10 input hygiene', () => {
  it('refuses NUL and bidi-override characters in titles, labels and tags', async () => {
    const agent = await principal('AGENT');
    for (const title of ['Nul\u0000title', 'Bidi \u202Egnp.exe']) {
      const refused = await gql(agent, MINT, { m: `# ${title}\n\n## S\n\nx\n` });
      expect(refused.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { field: 'title' } });
    }
    const uri = (await gql(agent, MINT, { m: '# Clean title\n\n## S\n\nx\n' })).data.mint.protocol.uri;
    const update = await gql(
      agent,
      'mutation($input: UpdateMemoriesInput!) { updateMemories(input: $input) { results { status message } } }',
      {
        input: { uris: [uri], updates: { label: 'left\u2066right' } },
      },
    );
    expect(update.data.updateMemories.results[0].status).not.toBe('UPDATED');
  });

  it('answers deeply nested JSON with BAD_USER_INPUT and 400, not a 500', async () => {
    const agent = await principal('AGENT');
    const deep = `${'['.repeat(6_000)}${']'.repeat(6_000)}`;
    const body = `{"query":"mutation($input: NextInput!) { next(input: $input) { errorCode } }","variables":{"input":{"uri":"kairos://mem/00000000-0000-4000-8000-000000000000","solution":{"type":"MCP","mcp":{"toolName":"x","result":${deep}}}}}}`;
    const response = await fetch(server.running.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', authorization: `Bearer ${agent.token}` },
      body,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('UNAUTHENTICATED over HTTP is 401 with WWW-Authenticate, with a code and a request id', async () => {
    const none = await gql(null, '{ me { principalId } }');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(none.errors![0].extensions).toMatchObject({ code: 'UNAUTHENTICATED', requestId: none.headers.get('x-request-id') });
  });

  it('keeps only a short printable x-request-id and bounds operation names', async () => {
    const agent = await principal('AGENT');
    const odd = await gql(agent, '{ me { principalId } }', {}, { 'x-request-id': `ok\t${'z'.repeat(500)}` });
    expect(odd.headers.get('x-request-id')).toBe(`ok${'z'.repeat(TEXT_LIMITS.requestId - 2)}`);
    const named = await gql(agent, `query ${'Q'.repeat(5_000)} { me { principalId } }`);
    expect(named.data.me.principalId).toBe(agent.id);
  });

  it('the active-subscriptions gauge returns to 0 when clients leave, refused subscriptions included', async () => {
    const agent = await principal('AGENT');
    const gauge = async () =>
      Number(/kairos_graphql_active_subscriptions (\d+)/.exec(await (await fetch(`${server.running.baseUrl}/metrics`)).text())![1]);
    const baseline = await gauge();
    const refused = await firstEvent(agent.token, 'subscription { runProgress(runId: "no-such-run") { seq } }');
    expect(JSON.stringify(refused)).toContain('NOT_FOUND');
    const forbidden = await firstEvent(agent.token, 'subscription { memoryEvents(space: "group:not-mine") { uri } }');
    expect(JSON.stringify(forbidden)).toContain('FORBIDDEN');
    const stream = sse(agent.token, 'subscription { memoryEvents(space: "personal") { uri } }');
    await expect.poll(gauge).toBeGreaterThan(baseline);
    stream.close();
    await stream.ended.catch(() => {});
    await expect.poll(gauge, { timeout: 5_000 }).toBe(baseline);
  });
});
