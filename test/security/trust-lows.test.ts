/**
 * The low findings of the trust review: mint and updates scan protocol text for secrets (kind and line, never
 * the value); one rule for lone surrogates on every text input (INVALID_UNICODE); a per-principal
 * cap on staged proposals (count and bytes); the active-subscriptions gauge counts every
 * subscriber, shared fan-out included; event-loop delay on /metrics.
 */
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
import { fakeSecrets } from '../proposals/fake-secrets.js';
import { recordDecision } from '../proposals/fixtures.js';
import { deployProtocol, uniqueTitle } from '../api/fixtures.js';

// The gauge test opens 502 subscriptions as one principal: above the per-principal default (500).
const server = useTestServer({ maxPendingProposals: 3, maxPendingProposalBytes: 20_000, maxSubscriptionsPerPrincipal: 1_000 });

async function post(query: string, variables: Record<string, unknown> = {}): Promise<{ status: number; data?: any; errors?: any[] }> {
  const response = await fetch(server.running.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, ...((await response.json()) as { data?: any; errors?: any[] }) };
}

const MINT = 'mutation($input: MintInput!) { mint(input: $input) { protocol { uri label } } }';
const UPDATE = 'mutation($input: UpdateMemoriesInput!) { updateMemories(input: $input) { totalUpdated results { status message } } }';
const PROPOSE = 'mutation($input: ProposeUpdateInput!) { proposeUpdate(input: $input) { status reason stagingId } }';

function protocolWith(body: string, title = uniqueTitle('Holds text')): string {
  return `# ${title}\n\n## Step\n\n${body}\n`;
}

describe('secrets in protocol text', () => {
  it('mint refuses a protocol holding a secret with SECRET_DETECTED, the kind and the line, never the value; nothing is stored', async () => {
    const title = uniqueTitle('Leaky');
    const secret = fakeSecrets.githubToken;
    const refused = await post(MINT, { input: { markdown: protocolWith(`Use the token\n\n${secret}`, title) } });
    expect(refused.errors?.[0]?.extensions?.code).toBe('SECRET_DETECTED');
    expect(refused.errors?.[0]?.extensions?.details?.findings).toEqual([{ type: 'GITHUB_TOKEN', line: 7, location: 'protocol document' }]);
    expect(JSON.stringify(refused)).not.toContain(secret);
    const search = await post('query($q: String!) { protocol(key: $q) { uri } }', { q: title.toLowerCase().replace(/\s+/g, '-') });
    expect(search.data?.protocol ?? null).toBeNull();
    // A documented example, marked as such, is allowed.
    const allowed = await post(MINT, {
      input: {
        markdown: protocolWith(`<!-- @secret-scan: allow reason="example of a revoked token" -->\n${secret}\n<!-- @secret-scan: end -->`),
      },
    });
    expect(allowed.errors).toBeUndefined();
  });

  it('updateMemories refuses a step text holding a secret, per item, never echoing it', async () => {
    const uri = (await post(MINT, { input: { markdown: deployProtocol() } })).data.mint.protocol.uri as string;
    for (const input of [
      { uris: [uri], markdownDoc: [`New body with ${fakeSecrets.awsAccessKey}`] },
      { uris: [uri], updates: { text: `key: ${fakeSecrets.stripeKey}` } },
    ]) {
      const { data } = await post(UPDATE, { input });
      expect(data.updateMemories.totalUpdated).toBe(0);
      expect(data.updateMemories.results[0].status).toBe('ERROR');
      expect(data.updateMemories.results[0].message).toMatch(/SECRET_DETECTED.*(AWS_ACCESS_KEY|STRIPE_LIVE_KEY) on line 1/);
      expect(JSON.stringify(data)).not.toMatch(new RegExp(`${fakeSecrets.awsAccessKey}|${fakeSecrets.stripeKey}`));
    }
    const stored = await post('query($uri: String!) { memory(uri: $uri) { text } }', { uri });
    expect(stored.data.memory.text).not.toContain('New body');
  });
});

describe('lone surrogates', () => {
  const lone = 'before \ud800 after';
  it('are refused with INVALID_UNICODE and the place on every text input, before anything runs', async () => {
    const uri = (await post(MINT, { input: { markdown: deployProtocol() } })).data.mint.protocol.uri as string;
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['mint', MINT, { input: { markdown: protocolWith(lone) } }, 'variables.input.markdown'],
      ['mint title', MINT, { input: { markdown: `# Title ${lone}\n\n## Step\n\nBody.\n` } }, 'variables.input.markdown'],
      ['update', UPDATE, { input: { uris: [uri], markdownDoc: [lone] } }, 'variables.input.markdownDoc[0]'],
      ['update JSON', UPDATE, { input: { uris: [uri], updates: { label: lone } } }, 'variables.input.updates.label'],
      ['proposal', PROPOSE, { input: recordDecision('Surrogates', lone) }, 'variables.input.operations[0].content'],
      ['a lone low surrogate', MINT, { input: { markdown: protocolWith('x \udc00') } }, 'variables.input.markdown'],
    ];
    for (const [name, query, variables, place] of cases) {
      const answer = await post(query, variables);
      expect(answer.errors?.[0]?.extensions?.code, name).toBe('INVALID_UNICODE');
      expect(answer.errors?.[0]?.extensions?.details?.field, name).toBe(place);
      expect(answer.data ?? null, name).toBeNull();
    }
    // In the document itself, graphql-js's lexer refuses them first.
    const literal = await post(`{ memories(tag: "${lone}") { totalCount } }`);
    expect(literal.errors?.[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
    // Over the WebSocket as well.
    const ws = createClient({ url: server.running.wsUrl, webSocketImpl: WebSocket, retryAttempts: 0 });
    const overWs = await new Promise<any>((resolve) => {
      let result: unknown;
      ws.subscribe(
        { query: MINT, variables: { input: { markdown: protocolWith(lone) } } },
        { next: (value) => (result = value), error: resolve, complete: () => resolve(result) },
      );
    });
    await ws.dispose();
    expect(JSON.stringify(overWs)).toContain('INVALID_UNICODE');
    // A well-formed pair (an emoji) is a character like any other.
    const emoji = await post(MINT, { input: { markdown: protocolWith('Ship it 🚀') } });
    expect(emoji.errors).toBeUndefined();
  });
});

describe('staged proposals per principal', () => {
  it('caps the count, then the bytes, with QUOTA_EXCEEDED', async () => {
    for (let index = 0; index < 3; index++) {
      const staged = await post(PROPOSE, { input: recordDecision(`Cap ${index}`, 'a decision') });
      expect(staged.data.proposeUpdate.status).toBe('STAGED');
    }
    const fourth = await post(PROPOSE, { input: recordDecision('Cap 3', 'one too many') });
    expect(fourth.errors?.[0]?.extensions?.code).toBe('QUOTA_EXCEEDED');
    expect(fourth.errors?.[0]?.extensions?.details).toMatchObject({ limit: 'count', max: 3, pending: 3 });
  });
});

describe('the bytes cap', () => {
  const bytesServer = useTestServer({ maxPendingProposals: 100, maxPendingProposalBytes: 30_000 });
  it('refuses a proposal that would take a principal past its bytes', async () => {
    const postTo = async (variables: Record<string, unknown>) =>
      (await (
        await fetch(bytesServer.running.graphqlUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: PROPOSE, variables }),
        })
      ).json()) as any;
    const first = await postTo({ input: recordDecision('Big one', 'word '.repeat(4_000)) });
    expect(first.data.proposeUpdate.status).toBe('STAGED');
    const second = await postTo({ input: recordDecision('Big two', 'word '.repeat(4_000)) });
    expect(second.errors?.[0]?.extensions?.code).toBe('QUOTA_EXCEEDED');
    expect(second.errors?.[0]?.extensions?.details).toMatchObject({ limit: 'bytes', max: 30_000 });
  });
});

describe('metrics', () => {
  it('the active-subscriptions gauge counts every subscriber, those sharing one execution included, over WebSocket and SSE, and returns to 0', async () => {
    const metric = async (name: string) =>
      Number(new RegExp(`^${name} (\\d+)`, 'm').exec(await (await fetch(`${server.running.baseUrl}/metrics`)).text())![1]);
    const gauge = () => metric('kairos_graphql_active_subscriptions');
    expect(await gauge()).toBe(0);
    // 500 subscriptions on 10 sockets, in three groups that each share one execution per event
    // (same document, variables and viewer: src/http/subscription-sharing.ts); 2 more over SSE.
    const documents = [
      'subscription { memoryEvents { uri } }',
      'subscription { memoryEvents { uri type } }',
      'subscription($space: String) { memoryEvents(space: $space) { uri } }',
    ];
    const SOCKETS = 10;
    const PER_SOCKET = 50;
    const received = new Array<number>(SOCKETS * PER_SOCKET).fill(0);
    const clients = Array.from({ length: SOCKETS }, () => server.wsClient());
    clients.forEach((client, socket) => {
      for (let index = 0; index < PER_SOCKET; index++) {
        const subscriber = socket * PER_SOCKET + index;
        const query = documents[subscriber % documents.length]!;
        client.subscribe(
          { query, variables: query.includes('$space') ? { space: 'personal' } : {} },
          { next: () => void received[subscriber]!++, error: () => {}, complete: () => {} },
        );
      }
    });
    const streams = await Promise.all(
      [0, 1].map(() =>
        fetch(server.running.graphqlUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
          body: JSON.stringify({ query: documents[0] }),
        }),
      ),
    );
    const open = SOCKETS * PER_SOCKET + streams.length;
    await expect.poll(gauge, { timeout: 30_000, interval: 100 }).toBe(open);
    // Events flow through the shared executions to every subscriber: the count stays.
    const sharedBefore = await metric('kairos_graphql_subscription_results_shared_total');
    await post(MINT, { input: { markdown: deployProtocol() } });
    await expect.poll(() => received.filter((count) => count > 0).length, { timeout: 30_000, interval: 100 }).toBe(received.length);
    expect(await metric('kairos_graphql_subscription_results_shared_total')).toBeGreaterThan(
      sharedBefore + received.length - 3 * documents.length,
    );
    expect(await gauge()).toBe(open);
    for (const stream of streams) await stream.body?.cancel();
    await clients[0]!.dispose();
    await expect.poll(gauge, { timeout: 10_000 }).toBe(open - PER_SOCKET - streams.length);
    for (const client of clients.slice(1)) await client.dispose();
    await expect.poll(gauge, { timeout: 30_000 }).toBe(0);
  }, 120_000);

  it('exposes event-loop delay', async () => {
    const text = await (await fetch(`${server.running.baseUrl}/metrics`)).text();
    expect(text).toMatch(/^kairos_nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^kairos_nodejs_eventloop_lag_max_seconds \d/m);
  });
});
