/**
 * Subscribers with the same document, variables and viewer share one execution per
 * event; different viewers never do; a stalled subscriber in a shared group holds no one back.
 * Executions are counted by the server's own metrics (/metrics).
 */
import { describe, expect, it } from 'vitest';
import { stalledSubscriber } from '../support/stalled-socket.js';
import { collect, useTestServer } from '../support/app.js';
import { RunEventsDocument } from './run-documents.js';

const MAX_BUFFERED_BYTES = 256 * 1024;
const server = useTestServer({ authEnabled: true, rateLimitPerMinute: 0, maxBufferedBytes: MAX_BUFFERED_BYTES });

interface Principal {
  id: string;
  token: string;
  space: string;
}

async function gql(token: string, query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const response = await fetch(server.running.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: any; errors?: unknown[] };
  if (body.errors?.length) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

let adminToken: string | null = null;
let names = 0;
async function principal(groups: string[]): Promise<Principal> {
  if (!adminToken) {
    const issued = await server.running.services.auth.bootstrap({
      name: 'fanout-admin',
      role: 'ADMIN',
      groups: [],
      tokenName: 'test',
      expiresInSeconds: null,
    });
    adminToken = issued.token;
  }
  const created = await gql(adminToken, 'mutation($input: CreatePrincipalInput!) { createPrincipal(input: $input) { principal { id } } }', {
    input: { name: `fanout-${++names}`, role: 'AGENT', groups },
  });
  const id = created.createPrincipal.principal.id as string;
  const issued = await gql(adminToken, 'mutation($input: CreateTokenInput!) { createToken(input: $input) { token } }', {
    input: { principalId: id, name: 'test' },
  });
  return { id, token: issued.createToken.token, space: `user:${id}` };
}

async function counter(name: string): Promise<number> {
  const text = await (await fetch(`${server.running.baseUrl}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
}
const executions = () => counter('kairos_graphql_subscription_executions_total');
const shared = () => counter('kairos_graphql_subscription_results_shared_total');

const fence = '```';
const MINT = 'mutation($m: String!, $s: String) { mint(input: { markdown: $m, space: $s }) { protocol { uri } } }';
const BEGIN = 'mutation($uri: String) { begin(input: { uri: $uri }) { runId challenge { promptId } } }';
const promptProtocol = (title: string, stepText = 'Ask the owner.') =>
  `# ${title}\n\n## Ask\n\n${stepText}\n\n${fence}json\n{"challenge": {"type": "user_input", "user_input": {"prompt": "Go?"}}}\n${fence}\n`;

type Feed = ReturnType<typeof collect<any, any>>;
const runIdsOf = (feed: Feed) => feed.events.map((event) => event.runEvents.runId as string);

/** Begins runs until every feed has seen one (runEvents has no replay), then one more that all see: nothing is left in flight. */
async function untilLive(token: string, uri: string, feeds: Feed[]): Promise<void> {
  for (let attempt = 0; feeds.some((feed) => feed.events.length === 0) && attempt < 100; attempt++) {
    await gql(token, BEGIN, { uri });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const { runId } = (await gql(token, BEGIN, { uri })).begin;
  await Promise.all(feeds.map((feed) => feed.until(1, { where: (event) => event.runEvents.runId === runId })));
}

describe('subscribers that ask the same share one execution per event', () => {
  it('five identical subscribers: one execution per event, four results reused, every subscriber gets every event', async () => {
    const agent = await principal(['same']);
    const uri = (await gql(agent.token, MINT, { m: promptProtocol('Shared feed'), s: 'group:same' })).mint.protocol.uri;
    const feeds = Array.from({ length: 5 }, () =>
      collect(server.wsClient({ authorization: `Bearer ${agent.token}` }), RunEventsDocument, { space: 'group:same' }),
    );
    await untilLive(agent.token, uri, feeds);

    const [executionsBefore, sharedBefore] = [await executions(), await shared()];
    const runIds: string[] = [];
    for (let index = 0; index < 3; index++) runIds.push((await gql(agent.token, BEGIN, { uri })).begin.runId);
    for (const feed of feeds) await feed.until(1, { where: (event) => event.runEvents.runId === runIds[2] });

    for (const feed of feeds) expect(runIdsOf(feed).slice(-3)).toEqual(runIds);
    expect(await executions()).toBe(executionsBefore + 3);
    expect(await shared()).toBe(sharedBefore + 3 * 4);
    for (const feed of feeds) feed.stop();
  });

  it('viewers who may see different things never share, and each sees only its own', async () => {
    const [alice, bob] = [await principal(['both']), await principal(['both'])];
    const inGroup = (await gql(alice.token, MINT, { m: promptProtocol('Group feed'), s: 'group:both' })).mint.protocol.uri;
    const inAlicesSpace = (await gql(alice.token, MINT, { m: promptProtocol('Alice only') })).mint.protocol.uri;
    // The same document and variables (no space: every space the viewer reads) for all three.
    const alices = [0, 1].map(() => collect(server.wsClient({ authorization: `Bearer ${alice.token}` }), RunEventsDocument, {}));
    const bobs = collect(server.wsClient({ authorization: `Bearer ${bob.token}` }), RunEventsDocument, {});
    await untilLive(alice.token, inGroup, [...alices, bobs]);

    const [executionsBefore, sharedBefore] = [await executions(), await shared()];
    const privateRun = (await gql(alice.token, BEGIN, { uri: inAlicesSpace })).begin.runId as string;
    const groupRun = (await gql(alice.token, BEGIN, { uri: inGroup })).begin.runId as string;
    for (const feed of [...alices, bobs]) await feed.until(1, { where: (event) => event.runEvents.runId === groupRun });

    for (const feed of alices) expect(runIdsOf(feed).slice(-2)).toEqual([privateRun, groupRun]);
    expect(runIdsOf(bobs)).not.toContain(privateRun);
    expect(runIdsOf(bobs).at(-1)).toBe(groupRun);
    // Alice's run: one execution for her two subscribers. The group's run: one for Alice's, one for Bob's.
    expect(await executions()).toBe(executionsBefore + 3);
    expect(await shared()).toBe(sharedBefore + 2);
    for (const feed of [...alices, bobs]) feed.stop();
  });

  it('a stalled subscriber sharing an execution with a live one is cut off (1013) and does not hold the live one back', async () => {
    const agent = await principal(['stall']);
    const uri = (await gql(agent.token, MINT, { m: promptProtocol('Stalled feed', 'word '.repeat(10_000)), s: 'group:stall' })).mint
      .protocol.uri;
    const query = 'subscription { challengePrompts(space: "group:stall") { promptId stepContent } }';
    const slowConsumersClosed = () => counter('kairos_graphql_slow_consumers_closed_total\\{transport="websocket"\\}');
    const closedBefore = await slowConsumersClosed();

    // Subscribes with the very text the live reader sends, then never reads its socket again.
    const stalled = await stalledSubscriber(server.running.wsUrl, agent.token, query);
    const closed = stalled.closed;

    const live = server.wsClient({ authorization: `Bearer ${agent.token}` });
    const seen = new Set<string>();
    live.subscribe(
      { query },
      { next: (value: any) => seen.add(value.data.challengePrompts.promptId), error: () => {}, complete: () => {} },
    );
    const sharedBefore = await shared();

    const promptIds: string[] = [];
    for (let index = 0; index < 200 && (await slowConsumersClosed()) === closedBefore; index++)
      promptIds.push((await gql(agent.token, BEGIN, { uri })).begin.challenge.promptId);
    expect(await slowConsumersClosed()).toBe(closedBefore + 1);
    expect(await shared()).toBeGreaterThan(sharedBefore);
    stalled.resume();
    expect(await closed).toBe(1013);

    // The live reader gets every prompt, including the ones published after the stalled socket went.
    promptIds.push((await gql(agent.token, BEGIN, { uri })).begin.challenge.promptId);
    for (let wait = 0; wait < 200 && !promptIds.every((id) => seen.has(id)); wait++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(promptIds.filter((id) => !seen.has(id))).toEqual([]);
  });
});

describe("the shared subscribe path answers like Yoga's executor", () => {
  it('a variable that does not coerce is BAD_USER_INPUT, a refusal of the resolver keeps its code', async () => {
    const agent = await principal(['codes']);
    const client = server.wsClient({ authorization: `Bearer ${agent.token}` });
    const firstAnswer = (query: string, variables: Record<string, unknown>) =>
      new Promise<{ errors?: readonly { extensions?: Record<string, unknown> }[] }>((resolve) => {
        client.subscribe(
          { query, variables },
          { next: (value) => resolve(value as never), error: (error) => resolve({ errors: error as never }), complete: () => {} },
        );
      });
    const badVariable = await firstAnswer('subscription($runId: ID!) { runProgress(runId: $runId) { seq } }', { runId: { not: 'an id' } });
    expect(badVariable.errors?.[0]?.extensions?.code, JSON.stringify(badVariable)).toBe('BAD_USER_INPUT');
    const forbidden = await firstAnswer('subscription { memoryEvents(space: "user:someone-else") { uri } }', {});
    expect(forbidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
