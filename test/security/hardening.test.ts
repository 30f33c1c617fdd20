import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_LIMITS } from '../../src/http/yoga.js';
import { errorCode, useTestServer } from '../support/app.js';
import { MemoryDocument, MintDocument } from '../api/documents.js';
import { noChallengeProtocol } from '../api/fixtures.js';

const server = useTestServer({ rateLimitPerMinute: 0, maxBodyBytes: 64 * 1024, introspection: false });

async function post(body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; text: string; json: () => any }> {
  const response = await fetch(server.running.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) };
}

describe('document limits (graphql-armor)', () => {
  /** memories → edges → node, then protocol → steps pairs until the selection is `depth` deep. */
  const nested = (depth: number) => {
    const pairs = Math.ceil((depth - 3) / 2);
    return `{ memories { edges { node { ${'protocol { steps { '.repeat(pairs)}uri${' } }'.repeat(pairs)} } } } }`;
  };
  const cases: [string, string, RegExp][] = [
    ['depth', nested(DOCUMENT_LIMITS.maxDepth + 1), /depth/i],
    [
      'aliases',
      `{ ${Array.from({ length: DOCUMENT_LIMITS.maxAliases + 1 }, (_, index) => `a${index}: me { principalId }`).join(' ')} }`,
      /alias/i,
    ],
    ['directives', `{ me { principalId ${'@include(if: true) '.repeat(DOCUMENT_LIMITS.maxDirectives + 1)} } }`, /directive/i],
    ['tokens', `{ me { ${'principalId '.repeat(DOCUMENT_LIMITS.maxTokens)} } }`, /token/i],
  ];
  for (const [limit, query, reason] of cases) {
    it(`refuses a document over the ${limit} limit before running it`, async () => {
      const result = await post({ query }, { accept: 'application/graphql-response+json' });
      expect(result.status).toBe(400);
      const body = result.json();
      expect(body.data ?? null).toBeNull();
      expect(body.errors?.[0]?.message).toMatch(reason);
      expect(body.errors?.[0]?.message).not.toMatch(/^Syntax Error/);
      expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'DOCUMENT_TOO_COMPLEX', limit, requestId: expect.any(String) });
    });
  }

  it('refuses a document over the cost limit', async () => {
    const wide = `{ ${Array.from({ length: 12 }, (_, index) => `m${index}: memories(first: 500) { edges { node { protocol { steps { uri label text tags chain { chainId label slug stepIndex stepCount } challenge { type required } } } } } }`).join(' ')} }`;
    const body = (await post({ query: wide })).json();
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]?.message).toMatch(/cost/i);
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'DOCUMENT_TOO_COMPLEX', limit: 'cost' });
  });

  it('accepts the deepest operation the clients use', async () => {
    const { mint } = await server.query(MintDocument, { input: { markdown: noChallengeProtocol() } });
    expect(mint.protocol.steps.length).toBe(3);
  });
});

describe('request hygiene', () => {
  it('refuses bodies over the limit with 413 and writes nothing', async () => {
    const result = await post({
      query: 'mutation($m: String!) { mint(input: { markdown: $m }) { protocol { uri } } }',
      variables: { m: `# Big\n\n## S\n\n${'x'.repeat(70 * 1024)}` },
    });
    expect(result.status).toBe(413);
    expect(result.json().errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
    expect(result.json().errors[0].extensions.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await server.mongo().db(server.dbName).collection('memories').countDocuments({ 'chain.label': 'Big' })).toBe(0);
  });

  it('blocks simple cross-site requests (CSRF) and puts a request id on every response', async () => {
    const simple = await fetch(`${server.running.graphqlUrl}?query=${encodeURIComponent('{ me { principalId } }')}`);
    expect(simple.status).toBe(403);
    const form = await fetch(server.running.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ query: '{ me { principalId } }' }),
    });
    expect(form.status).toBe(403);
    const refusal = (await form.json()) as { errors: { extensions: Record<string, unknown> }[] };
    expect(refusal.errors[0]!.extensions).toMatchObject({ code: 'CSRF_HEADER_REQUIRED', requestId: form.headers.get('x-request-id') });

    const response = await fetch(server.running.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'trace-123' },
      body: JSON.stringify({ query: '{ me { principalId } }' }),
    });
    expect(response.headers.get('x-request-id')).toBe('trace-123');
    expect(((await response.json()) as { extensions: { requestId: string } }).extensions.requestId).toBe('trace-123');
    const anonymous = await post({ query: '{ me { principalId } }' });
    expect(anonymous.json().extensions.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('can turn introspection off', async () => {
    const result = await post({ query: '{ __schema { types { name } } }' });
    expect(result.json().errors?.[0]?.message).toMatch(/introspection/i);
  });

  it('serves Prometheus metrics', async () => {
    await server.request(MemoryDocument, { uri: 'kairos://mem/00000000-0000-4000-8000-000000000000' });
    const metrics = await (await fetch(`${server.running.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/kairos_graphql_operations_total\{type="query",operation="memory",outcome="ok"\} [1-9]/);
    expect(metrics).toContain('kairos_graphql_operation_duration_seconds_bucket');
    expect(metrics).toContain('kairos_graphql_active_subscriptions');
  });
});

describe('WebSocket robustness', () => {
  it('answers a broken operation with errors and keeps the socket and its other subscriptions', async () => {
    const client = server.wsClient();
    let closed = false;
    client.on('closed', () => {
      closed = true;
    });
    const first = await new Promise<unknown>((resolve) => {
      client.subscribe(
        { query: 'subscription { memoryEvents(space: "personal") {' },
        { next: resolve, error: resolve, complete: () => {} },
      );
    });
    expect(JSON.stringify(first)).toMatch(/Syntax Error/);
    const second = await server.query(MemoryDocument, { uri: 'kairos://mem/00000000-0000-4000-8000-000000000000' });
    expect(second.memory).toBeNull();
    const over = await new Promise<unknown>((resolve) => {
      client.subscribe({ query: '{ me { principalId } }' }, { next: resolve, error: resolve, complete: () => {} });
    });
    expect(JSON.stringify(over)).toContain('principalId');
    expect(closed).toBe(false);
  });
});

describe('operations open at once on one WebSocket', () => {
  const capped = useTestServer({ maxSubscriptionsPerSocket: 3 });
  it('refuses one more than KAIROS_MAX_SUBSCRIPTIONS_PER_SOCKET with QUOTA_EXCEEDED and keeps the socket and the others', async () => {
    const client = capped.wsClient();
    let closed = false;
    client.on('closed', () => {
      closed = true;
    });
    const query = 'subscription { memoryEvents(space: "personal") { uri } }';
    const open = Array.from({ length: 3 }, () => client.subscribe({ query }, { next: () => {}, error: () => {}, complete: () => {} }));
    const refused = await new Promise<unknown>((resolve) => {
      client.subscribe({ query }, { next: resolve, error: resolve, complete: () => {} });
    });
    expect(refused).toMatchObject([{ extensions: { code: 'QUOTA_EXCEEDED', details: { limit: 3 }, requestId: expect.any(String) } }]);

    // One completed frees its place: a query on the same socket goes through again.
    open[0]!();
    let answer: unknown;
    for (let attempt = 0; attempt < 20 && !JSON.stringify(answer ?? '').includes('principalId'); attempt++) {
      answer = await new Promise<unknown>((resolve) => {
        client.subscribe({ query: '{ me { principalId } }' }, { next: resolve, error: resolve, complete: () => {} });
      });
      if (!JSON.stringify(answer).includes('principalId')) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(JSON.stringify(answer)).toContain('principalId');
    expect(closed).toBe(false);
    for (const stop of open.slice(1)) stop();
  });
});

describe('operations open at once on one WebSocket, with the cap off', () => {
  const uncapped = useTestServer({ maxSubscriptionsPerSocket: 0 });
  it('KAIROS_MAX_SUBSCRIPTIONS_PER_SOCKET=0 refuses nothing', async () => {
    const client = uncapped.wsClient();
    const open = Array.from({ length: 5 }, () =>
      client.subscribe(
        { query: 'subscription { memoryEvents(space: "personal") { uri } }' },
        { next: () => {}, error: () => {}, complete: () => {} },
      ),
    );
    const answer = await new Promise<unknown>((resolve) => {
      client.subscribe({ query: '{ me { principalId } }' }, { next: resolve, error: resolve, complete: () => {} });
    });
    expect(JSON.stringify(answer)).toContain('principalId');
    for (const stop of open) stop();
  });
});

describe('reads never write where the viewer may not', () => {
  it('memoryContext narrowed to the app space seeds nothing there', async () => {
    const result = await post({ query: '{ memoryContext { budgetChars } }' }, { 'x-kairos-space': 'app' });
    expect(result.json().errors).toBeUndefined();
    expect(
      await server
        .mongo()
        .db(server.dbName)
        .collection('memories')
        .countDocuments({ space: 'app', path: { $exists: true } }),
    ).toBe(0);
  });
});

describe('malformed-input sweep', () => {
  it('answers thousands of broken documents and variables without a 5xx, a crash or a write', async () => {
    const db = server.mongo().db(server.dbName);
    // A run's events and prompts live in its document: its version moves with any write to them.
    const snapshot = async () => ({
      counts: await Promise.all(
        ['memories', 'memory_versions', 'memory_usage', 'runs'].map((name) => db.collection(name).countDocuments()),
      ),
      runVersions: await db
        .collection('runs')
        .find({}, { projection: { version: 1 } })
        .sort({ _id: 1 })
        .toArray(),
    });
    const before = await snapshot();
    const operations = [
      'mutation($input: MintInput!) { mint(input: $input) { protocol { uri } } }',
      'mutation($input: UpdateMemoriesInput!) { updateMemories(input: $input) { totalUpdated } }',
      'mutation($input: DeleteMemoriesInput!) { deleteMemories(input: $input) { totalDeleted } }',
      'mutation($input: NextInput!) { next(input: $input) { errorCode } }',
      'mutation($input: AttestInput!) { attest(input: $input) { errorCode } }',
      'mutation($input: BeginInput!) { begin(input: $input) { runId } }',
      'query($uri: String!) { memory(uri: $uri) { uri } }',
    ];
    // Broken variables: wrong types, missing fields, junk; never a valid protocol document.
    const junk = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 })),
    );
    const badInput = fc.record(
      {
        markdown: fc.oneof(
          fc.integer(),
          fc.constant(''),
          fc.string({ maxLength: 30 }).filter((text) => !/^\s*#/m.test(text)),
        ),
        uris: fc.oneof(fc.constant([]), fc.array(fc.string({ maxLength: 40 }), { maxLength: 4 }), fc.integer()),
        uri: fc.oneof(fc.string({ maxLength: 40 }), fc.integer()),
        updates: junk,
        solution: junk,
        outcome: fc.oneof(fc.string({ maxLength: 8 }), fc.constant('MAYBE')),
      },
      { requiredKeys: [] },
    );
    const requests = fc.oneof(
      {
        weight: 2,
        arbitrary: fc.record({
          query: fc.constantFrom(...operations),
          variables: fc.record({ input: badInput, uri: junk }, { requiredKeys: [] }),
        }),
      },
      { weight: 1, arbitrary: fc.record({ query: fc.string({ maxLength: 200 }) }) },
      {
        weight: 1,
        arbitrary: fc.record({ query: fc.constantFrom(...operations).map((text) => text.slice(0, text.length - 3)), variables: junk }),
      },
      { weight: 1, arbitrary: fc.string({ maxLength: 100 }) },
    );
    const samples = fc.sample(requests, { numRuns: 2_000, seed: 20261121 });
    const statuses = new Map<number, number>();
    for (let index = 0; index < samples.length; index += 50) {
      const batch = await Promise.all(samples.slice(index, index + 50).map((sample) => post(typeof sample === 'string' ? sample : sample)));
      for (const response of batch) statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
    console.log(`malformed-input sweep: ${samples.length} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect([...statuses.keys()].every((status) => status < 500)).toBe(true);
    expect((await fetch(`${server.running.baseUrl}/healthz`)).status).toBe(200);
    const after = await snapshot();
    expect(after).toEqual(before);
  });
});

describe('rate limit', () => {
  const limited = useTestServer({ rateLimitPerMinute: 5 });
  it('answers RATE_LIMITED with a retry hint once a principal spends its budget', async () => {
    const results = [];
    for (let index = 0; index < 7; index++)
      results.push(await limited.request(MemoryDocument, { uri: 'kairos://mem/00000000-0000-4000-8000-000000000000' }));
    expect(results.slice(0, 5).every((result) => !result.errors)).toBe(true);
    const refused = results[5]!;
    expect(errorCode(refused.errors)).toBe('RATE_LIMITED');
    expect(refused.errors?.[0]?.extensions?.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.errors?.[0]?.extensions?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(refused.status).toBe(429);
    expect(refused.data ?? null).toBeNull();
  });
});
