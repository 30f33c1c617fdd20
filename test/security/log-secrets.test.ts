/**
 * Logs hold no secrets. Known secret shapes go through every client-error path
 * (an invalid enum value, a bad scalar, bad JSON, an oversized body, an unknown field, a bad
 * token on the WebSocket); the captured log holds none of them, and no client error is logged at
 * error level or with a stack trace.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
import { fakeSecrets } from '../proposals/fake-secrets.js';

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
const server = useTestServer({ maxBodyBytes: 64 * 1024 }, { log: pino({ level: 'debug', base: { service: 'kairos-graphql' } }, capture) });

/** With authentication on, for the bad-token paths (HTTP and the WebSocket handshake). */
const guarded = useTestServer({ authEnabled: true }, { log: pino({ level: 'debug', base: { service: 'kairos-graphql' } }, capture) });

/** Secrets that are valid GraphQL names can be sent as enum values and field names too. */
const secrets = [
  fakeSecrets.githubToken,
  fakeSecrets.awsAccessKey,
  fakeSecrets.stripeKey,
  fakeSecrets.openAiKey,
  fakeSecrets.jwt,
  fakeSecrets.anthropicKey,
];
const nameShaped = secrets.filter((secret) => /^[_A-Za-z][_0-9A-Za-z]*$/.test(secret));

async function send(body: string, headers: Record<string, string> = {}): Promise<number> {
  const response = await fetch(server.running.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  await response.text();
  return response.status;
}

describe('logs hold no secrets', () => {
  it('no secret reaches the log through any client-error path, and client errors carry no stack', async () => {
    const statuses: Record<string, number> = {};
    for (const secret of secrets) {
      const json = (query: string, variables?: unknown) => JSON.stringify({ query, variables });
      // Invalid enum value, as a variable and (when it is a name) as a literal.
      statuses.enumVariable = await send(
        json('mutation($input: ProposeUpdateInput!) { proposeUpdate(input: $input) { status } }', {
          input: { intent: secret, operations: [] },
        }),
      );
      // A bad scalar: a String where an Int goes, a secret as a DateTime.
      statuses.intVariable = await send(json('query($n: Int) { memories(first: $n) { totalCount } }', { n: secret }));
      statuses.dateTime = await send(json('query($at: DateTime) { protocol(uri: "kairos://mem/x", at: $at) { label } }', { at: secret }));
      statuses.stringLiteralAsInt = await send(json(`{ memories(first: "${secret}") { totalCount } }`));
      // Bad JSON, a syntax error and an oversized body, each holding the secret.
      statuses.badJson = await send(`{"query": "{ me { principalId } }", "variables": {"x": "${secret}"`);
      statuses.syntax = await send(json(`{ me { principalId ${secret.replace(/[^A-Za-z]/g, '')} "${secret}" } }`));
      statuses.oversized = await send(json('{ me { principalId } }', { pad: secret.repeat(Math.ceil((80 * 1024) / secret.length)) }));
      // A secret as a variable of the wrong shape (an object where a string goes).
      statuses.wrongShape = await send(json('query($uri: String!) { memory(uri: $uri) { uri } }', { uri: { token: secret } }));
      // A token that is not one, on HTTP and on the WebSocket.
      statuses.badToken = await send(json('{ me { principalId } }'), { authorization: `Bearer ${secret}` });
    }
    for (const secret of nameShaped) {
      statuses.enumLiteral = await send(
        JSON.stringify({ query: `mutation { proposeUpdate(input: { intent: ${secret}, operations: [] }) { status } }` }),
      );
      statuses.unknownField = await send(JSON.stringify({ query: `{ ${secret} }` }));
      statuses.unknownArgument = await send(JSON.stringify({ query: `{ memories(${secret}: 1) { totalCount } }` }));
    }
    for (const secret of secrets) {
      const response = await fetch(guarded.running.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
        body: JSON.stringify({ query: '{ me { principalId } }' }),
      });
      statuses.badTokenAuthOn = response.status;
      await response.text();
      const refused = createClient({
        url: guarded.running.wsUrl,
        webSocketImpl: WebSocket,
        retryAttempts: 0,
        lazy: false,
        connectionParams: { authorization: `Bearer ${secret}` },
        onNonLazyError: () => {},
      });
      await new Promise<void>((resolve) => refused.on('closed', () => resolve()));
      await refused.dispose();
    }
    const ws = createClient({
      url: server.running.wsUrl,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      lazy: false,
      connectionParams: { authorization: `Bearer ${fakeSecrets.githubToken}` },
      onNonLazyError: () => {},
    });
    await new Promise<void>((resolve) => {
      ws.on('closed', () => resolve());
      ws.on('connected', () => {
        ws.subscribe(
          { query: 'subscription($space: String) { memoryEvents(space: $space) { uri } }', variables: { space: 5 } },
          { next: () => {}, error: () => resolve(), complete: () => resolve() },
        );
      });
    });
    await ws.dispose();
    console.log(`[logs] ${lines.length} log lines over ${Object.keys(statuses).length} error paths: ${JSON.stringify(statuses)}`);
    expect(Object.values(statuses).every((status) => status >= 400 || status === 200)).toBe(true);
    const log = lines.join('\n');
    for (const secret of secrets) expect(log, 'a secret in the log').not.toContain(secret);
    // Client errors are info/warn at most, and never carry a stack trace.
    const entries = lines.map((line) => JSON.parse(line) as { level: number; msg?: string; err?: { stack?: string } });
    const errorLevel = entries.filter((entry) => entry.level >= 50);
    expect(errorLevel.map((entry) => entry.msg)).toEqual([]);
    expect(entries.filter((entry) => entry.err?.stack).map((entry) => JSON.stringify(entry).slice(0, 400))).toEqual([]);
  });
});
