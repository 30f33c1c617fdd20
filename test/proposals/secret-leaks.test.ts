/**
 * A caught secret must not appear in the response, in any collection of the database, or in
 * the logs (captured at trace level).
 */
import { randomUUID } from 'node:crypto';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import { MongoClient } from 'mongodb';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProposeUpdateInput } from '../../src/generated/graphql.js';
import { buildApp, type RunningApp } from '../../src/server.js';
import { ProposeUpdateDocument } from './documents.js';
import { fakeSecrets } from './fake-secrets.js';
import { recordDecision } from './fixtures.js';

const logLines: string[] = [];
const dbName = `kairos_test_${randomUUID().slice(0, 8)}`;
const mongoUri = inject('mongoUri');
const app = buildApp({
  mongoUri,
  config: { port: 0, host: '127.0.0.1', mongoDbName: dbName },
  log: pino({ level: 'trace' }, { write: (line: string) => void logLines.push(line) }),
});
const client = new MongoClient(mongoUri);
let running: RunningApp;

beforeAll(async () => {
  running = await app.start();
});
afterAll(async () => {
  await client.db(dbName).dropDatabase();
  await client.close();
  await app.stop();
});

async function rawRequest<TResult, TVariables>(document: TypedDocumentNode<TResult, TVariables>, variables: TVariables): Promise<string> {
  const response = await fetch(running.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: print(document), variables }),
  });
  return response.text();
}

async function databaseDump(): Promise<string> {
  const db = client.db(dbName);
  const collections = await db.listCollections().toArray();
  const dumps = await Promise.all(collections.map(async ({ name }) => JSON.stringify(await db.collection(name).find().toArray())));
  return dumps.join('\n');
}

const secret = fakeSecrets.awsAccessKey;
const cases: [string, ProposeUpdateInput, string][] = [
  ['content', recordDecision('Deploy keys', `Use the key ${secret} for deploys.`), 'decisions.md'],
  ['rationale', recordDecision('Deploy keys', 'Keys live in the vault.', { rationale: `found ${secret} in the env` }), 'rationale'],
  [
    'sources',
    recordDecision('Deploy keys', 'Keys live in the vault.', { sources: [{ type: 'FILE', ref: `.env:${secret}` }] }),
    'sources[0].ref',
  ],
  ['owner', { ...recordDecision('Deploy keys', 'Keys live in the vault.'), owner: { id: secret, kind: 'agent' } }, 'owner.id'],
];

describe('a secret caught in a proposal appears nowhere', () => {
  it.each(cases)('in %s', async (_where, input, location) => {
    const body = await rawRequest(ProposeUpdateDocument, { input });
    const { data } = JSON.parse(body) as {
      data: { proposeUpdate: { status: string; reason: string; findings: { type: string; location: string }[]; message: string } };
    };
    expect(data.proposeUpdate).toMatchObject({ status: 'REJECTED', reason: 'SECRET_DETECTED' });
    expect(data.proposeUpdate.findings).toEqual([expect.objectContaining({ type: 'AWS_ACCESS_KEY', location })]);
    expect(body).not.toContain(secret);
    expect(body).not.toContain(secret.slice(4, 16));
    const dump = await databaseDump();
    expect(dump).toContain('SECRET_DETECTED');
    expect(dump).not.toContain(secret);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(secret);
  });
});
