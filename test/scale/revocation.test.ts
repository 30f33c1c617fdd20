/**
 * Across processes: a token revoked through process B ends its WebSocket and its
 * SSE stream on process A at once (the revocation travels on the Redis bus), not at A's next
 * 30-second re-check.
 */
import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { AuthService } from '../../src/services/auth-service.js';
import { AuthStore } from '../../src/store/auth-store.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';

const mongoUri = inject('mongoUri');
const redis = inject('redis');
const dbName = `kairos_test_${randomUUID().slice(0, 8)}`;
const processes: ServerProcess[] = [];
let mongo: MongoClient;
let adminToken: string;

beforeAll(async () => {
  if ('missing' in redis) throw new Error(`The scale-out tests need Redis: ${redis.missing}.`);
  processes.push(
    ...(await Promise.all([0, 1].map(() => startServerProcess({ mongoUri, dbName, redisUrl: redis.url, env: { KAIROS_AUTH: 'on' } })))),
  );
  mongo = new MongoClient(mongoUri);
  // The first admin, the way `kairos-graphql tokens create` makes it: straight in the database.
  adminToken = (
    await new AuthService(new AuthStore(mongo.db(dbName)), { enabled: true }).bootstrap({
      name: 'admin',
      role: 'ADMIN',
      groups: [],
      tokenName: 'test',
      expiresInSeconds: null,
    })
  ).token;
}, 120_000);

afterAll(async () => {
  await Promise.all(processes.map((server) => server.stop()));
  await mongo.db(dbName).dropDatabase();
  await mongo.close();
});

async function call(server: ServerProcess, token: string, query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const response = await fetch(server.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return response.json();
}

describe('revocation across server processes', () => {
  it('closes the WebSocket (4403) and ends the SSE stream on A when B revokes the token', async () => {
    const [processA, processB] = processes as [ServerProcess, ServerProcess];
    const created = await call(
      processB,
      adminToken,
      'mutation { createPrincipal(input: { name: "roaming", role: AGENT }) { principal { id } } }',
    );
    const issued = await call(
      processB,
      adminToken,
      'mutation($id: ID) { createToken(input: { principalId: $id, name: "t" }) { token record { id } } }',
      { id: created.data.createPrincipal.principal.id },
    );
    const { token, record } = issued.data.createToken;

    const socket = new WebSocket(processA.wsUrl, 'graphql-transport-ws');
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
    await new Promise((resolve) => socket.once('message', resolve));

    const stream = await fetch(processA.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: 'subscription { memoryEvents(space: "personal") { uri } }' }),
    });
    const streamText = stream.text();

    await call(processB, adminToken, 'mutation($id: ID!) { revokeToken(input: { id: $id }) { token { revokedAt } } }', { id: record.id });
    expect(await closed).toEqual({ code: 4403, reason: 'Token revoked' });
    expect(await streamText).toContain('The token was revoked');
    // A's token cache dropped it too: the next request there is refused.
    expect((await call(processA, token, '{ me { principalId } }')).errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
