/**
 * KAIROS 4 state that must hold across processes and principals: `activate` sequences
 * live in the database, so two server instances on one database count one sequence together;
 * another principal's execution ids are never the caller's, for activate or forward.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/observability/logger.js';
import { buildApp, type RunningApp } from '../../src/server.js';
import { useTestServer, type TestServer } from '../support/app.js';
import { uniqueTitle } from '../api/fixtures.js';
import { useMcpClients, type McpTestClient, type ToolJson } from '../mcp/mcp-client.js';

const server = useTestServer({ authEnabled: true });
const connect = useMcpClients(server);
// A second process on the same database: its own Yoga, MCP door and services, nothing shared in memory.
const secondApp = buildApp({
  mongoUri: server.mongoUri,
  config: { port: 0, host: '127.0.0.1', mongoDbName: server.dbName, authEnabled: true },
  log: createLogger('silent'),
});
let second: RunningApp;
beforeAll(async () => {
  second = await secondApp.start();
});
afterAll(async () => {
  await secondApp.stop();
});
const connectSecond = useMcpClients({
  get running() {
    return second;
  },
} as TestServer);

const fence = '```';
const PASS = { verdict_file: '/tmp/verdict.txt', exit_code: 0, stdout: 'PASS' };

async function tokenFor(name: string): Promise<string> {
  const issued = await server.running.services.auth.bootstrap({
    name: `${name}-${randomUUID().slice(0, 8)}`,
    role: 'AGENT',
    groups: [],
    tokenName: 'mcp',
    expiresInSeconds: null,
  });
  return issued.token;
}

const offersRefine = (answer: ToolJson) => answer.choices.some((choice: ToolJson) => choice.role === 'refine');

describe('activate sequences across processes', () => {
  it('counts one execution_id on two app instances: the refine row goes after two refinements; another principal starts afresh', async () => {
    const alice = await tokenFor('alice');
    const onFirst = await connect({ token: alice });
    const onSecond = await connectSecond({ token: alice });

    const started = (await onFirst.call('activate', { query: 'something vague to do' })).json;
    expect(offersRefine(started)).toBe(true);
    const id = started.execution_id as string;
    const refinedOnce = (await onSecond.call('activate', { query: 'something vague to do, please', execution_id: id })).json;
    expect(refinedOnce.execution_id).toBe(id);
    expect(offersRefine(refinedOnce)).toBe(true);
    const refinedTwice = (await onFirst.call('activate', { query: 'something vague again', execution_id: id })).json;
    expect(refinedTwice.execution_id).toBe(id);
    expect(offersRefine(refinedTwice)).toBe(false);
    expect(offersRefine((await onSecond.call('activate', { query: 'still vague', execution_id: id })).json)).toBe(false);
    const stored = await server.mongo().db(server.dbName).collection('activations').findOne({ executionId: id });
    expect(stored).toMatchObject({ refinements: 3, at: expect.any(Date) });

    // Bob sending Alice's id gets a sequence of his own: the refine row is offered again.
    const bob = await connectSecond({ token: await tokenFor('bob') });
    const bobs = (await bob.call('activate', { query: 'something vague to do', execution_id: id })).json;
    expect(offersRefine(bobs)).toBe(true);
    expect(offersRefine((await bob.call('activate', { query: 'vague', execution_id: bobs.execution_id })).json)).toBe(true);
    // Alice's count did not move.
    expect(offersRefine((await onFirst.call('activate', { query: 'vague', execution_id: id })).json)).toBe(false);
  });

  it('refuses a malformed or oversized execution_id, counting nothing', async () => {
    const client = await connect({ token: await tokenFor('carol') });
    const before = await server.mongo().db(server.dbName).collection('activations').countDocuments();
    expect((await client.call('activate', { query: 'x', execution_id: 'has spaces and {braces}' })).json.error).toBe('BAD_USER_INPUT');
    expect((await client.call('activate', { query: 'x', execution_id: 'a'.repeat(65) })).json.error).toBe('BAD_USER_INPUT');
    expect(await server.mongo().db(server.dbName).collection('activations').countDocuments()).toBe(before);
  });

  it('starts a sequence over once it expired (an hour after its last activate)', async () => {
    const viewer = {
      principalId: 'dave',
      role: 'AGENT' as const,
      authenticated: true,
      credentialExpiresAt: null,
      readableSpaces: ['user:dave'],
      writableSpaces: ['user:dave'],
      defaultWriteSpace: 'user:dave',
      narrowed: false,
    };
    const activations = server.running.services.activations;
    const start = new Date();
    const first = await activations.activate(viewer, null, start);
    expect(await activations.activate(viewer, first.executionId, new Date(start.getTime() + 60_000))).toEqual({
      executionId: first.executionId,
      refinements: 1,
      refineOffered: true,
    });
    expect(await activations.activate(viewer, first.executionId, new Date(start.getTime() + 2 * 60 * 60_000))).toEqual({
      executionId: first.executionId,
      refinements: 0,
      refineOffered: true,
    });
  });
});

function twoLayerAdapter(title: string): string {
  return `# ${title}

## Say what you did

${fence}json
{"contract": {"type": "comment", "comment": {"min_length": 10}}}
${fence}

## Confirm

${fence}json
{"contract": {"type": "comment", "comment": {"min_length": 10}}}
${fence}
`;
}

async function trainAndStart(client: McpTestClient, title: string): Promise<{ answer: ToolJson; adapterUri: string }> {
  const trained = await client.call('train', { content: twoLayerAdapter(title), llm_model_id: 'test-model', review_evidence: PASS });
  expect(trained.isError).toBe(false);
  const adapterUri = trained.json.items[0].adapter_uri as string;
  const answer = (await client.call('forward', { uri: adapterUri })).json;
  expect(answer.next_call.kind).toBe('forward');
  return { answer, adapterUri };
}

describe('forward with another principal’s execution_id', () => {
  it('answers EXECUTION_ID_MISMATCH, as for another run of one’s own, and writes nothing', async () => {
    const alice = await connect({ token: await tokenFor('alice') });
    const bob = await connect({ token: await tokenFor('bob') });
    const alices = await trainAndStart(alice, uniqueTitle('Alice adapter'));
    const bobs = await trainAndStart(bob, uniqueTitle('Bob adapter'));
    const runs = server.mongo().db(server.dbName).collection('runs');
    const before = await runs.find({}).sort({ _id: 1 }).toArray();

    // Bob proves his own layer, naming Alice's run.
    const bobsLayer = (bobs.answer.next_call.args.uri as string).split('?')[0]!;
    const solution = (answer: ToolJson) => ({
      type: 'comment',
      outcome: 'success',
      evidence: { text: 'I did the whole thing.' },
      nonce: answer.contract.nonce,
      proof_hash: answer.contract.proof_hash,
    });
    const foreign = await bob.call('forward', {
      uri: `${bobsLayer}?execution_id=${alices.answer.execution_id}`,
      solution: solution(bobs.answer),
    });
    expect(foreign).toMatchObject({ isError: true, json: { error: 'EXECUTION_ID_MISMATCH' } });
    // Alice's own layer URI, as Alice's next call names it, sent by Bob.
    const stolen = await bob.call('forward', { uri: alices.answer.next_call.args.uri, solution: solution(alices.answer) });
    expect(stolen).toMatchObject({ isError: true, json: { error: 'EXECUTION_ID_MISMATCH' } });
    // The same code as another run of one's own that lacks the layer.
    const ownOther = await trainAndStart(bob, uniqueTitle('Bob other adapter'));
    const otherRun = await bob.call('forward', {
      uri: `${bobsLayer}?execution_id=${ownOther.answer.execution_id}`,
      solution: solution(bobs.answer),
    });
    expect(otherRun).toMatchObject({ isError: true, json: { error: 'EXECUTION_ID_MISMATCH' } });
    // Bob cannot reward Alice's run either.
    const reward = await bob.call('reward', { uri: alices.answer.next_call.args.uri, outcome: 'failure' });
    expect(reward.json.error).toBe('EXECUTION_ID_MISMATCH');

    const after = await runs
      .find({ _id: { $in: before.map((run) => run._id) } })
      .sort({ _id: 1 })
      .toArray();
    expect(after).toEqual(before);
    // Alice's run goes on untouched.
    const proven = await alice.call('forward', { uri: alices.answer.next_call.args.uri, solution: solution(alices.answer) });
    expect(proven.json.error_code).toBeUndefined();
    expect(proven.json.adapter_layer_index).toBe(2);
  });
});
