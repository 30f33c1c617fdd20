/**
 * Two server processes on one database and no Redis: what one mints, updates, moves or deletes, the
 * other's search shows within 2 seconds (the polled change stamps and their noted chains; docs/scale-out.md).
 * The request shares no word with the protocols, so only each process's own in-process vector
 * index can find them: the engine's text index cannot stand in for a sync that did not happen.
 * The 2 s is a correctness bound polled with a deadline, not a timing measurement.
 */
import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { DeleteMemoriesDocument, UpdateMemoriesDocument } from '../api/documents.js';
import { AuthService } from '../../src/services/auth-service.js';
import { AuthStore } from '../../src/store/auth-store.js';
import { type GraphqlHttpClient, graphqlHttpClient } from '../support/graphql-http.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';
import { protocolMarkdown, type ProtocolSpec } from '../search/corpus.js';
import { LearningMoveProtocolDocument, SearchMintDocument, SearchProtocolsDocument } from '../search/documents.js';

const mongoUri = inject('mongoUri');
const dbName = `kairos_test_${randomUUID().slice(0, 8)}`;
const BOUND_MS = 2_000;
const crew = `crew${randomUUID().slice(0, 6)}`;
let processes: ServerProcess[] = [];
let a: Client;
let b: Client;

/** One principal (personal space and a group, so a protocol can move) on either process. */
interface Client {
  query<TResult, TVariables>(document: TypedDocumentNode<TResult, TVariables>, variables?: TVariables): Promise<TResult>;
}

function clientOf(server: ServerProcess, token: string): Client {
  const http: GraphqlHttpClient = graphqlHttpClient(server.graphqlUrl);
  return {
    async query(document, variables) {
      const result = await http.request(document, variables, { authorization: `Bearer ${token}` });
      if (result.errors?.length) throw new Error(`GraphQL errors from ${server.graphqlUrl}: ${JSON.stringify(result.errors)}`);
      return result.data!;
    },
  };
}

beforeAll(async () => {
  const env = { KAIROS_AUTH: 'on' };
  processes = await Promise.all([startServerProcess({ mongoUri, dbName, env }), startServerProcess({ mongoUri, dbName, env })]);
  const mongo = new MongoClient(mongoUri);
  try {
    // The way `kairos-graphql tokens create` makes a principal: straight in the database.
    const { token } = await new AuthService(new AuthStore(mongo.db(dbName)), { enabled: true }).bootstrap({
      name: 'keeper',
      role: 'AGENT',
      groups: [crew],
      tokenName: 'test',
      expiresInSeconds: null,
    });
    [a, b] = processes.map((server) => clientOf(server, token)) as [Client, Client];
  } finally {
    await mongo.close();
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(processes.map((server) => server.stop()));
  const mongo = new MongoClient(mongoUri);
  await mongo.db(dbName).dropDatabase();
  await mongo.close();
});

const pet = (title: string, slug: string): ProtocolSpec => ({
  slug,
  title,
  intro: 'Daily care.',
  triggers: '',
  steps: [
    {
      heading: 'Breakfast',
      text: 'Put wet food in the bowl at nine.',
      challenge: { type: 'comment', comment: { min_length: 5 }, required: true },
    },
  ],
});
const byMeaning = 'lunch for the dog';

async function matches(client: Client, query = byMeaning, space: string | null = null): Promise<string[]> {
  const { search } = await client.query(SearchProtocolsDocument, { query, space });
  return search.choices.filter((choice) => choice.role === 'MATCH').map((choice) => choice.chainLabel);
}

/** Searches until `done` holds or the bound passed; answers whether it held in time. */
async function within(
  client: Client,
  done: (labels: string[]) => boolean,
  search: { query?: string; space?: string } = {},
): Promise<boolean> {
  const deadline = Date.now() + BOUND_MS;
  for (;;) {
    if (done(await matches(client, search.query, search.space ?? null))) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('search current on every process without Redis', () => {
  it.each([
    ['A', 'B', 'Look After the Office Cat', 'office-cat'],
    ['B', 'A', 'Look After the Studio Cat', 'studio-cat'],
  ])('what %s mints and deletes, %s finds and stops finding within 2 s', async (writerName, readerName, title, slug) => {
    const [writer, reader] = writerName === 'A' ? [a, b] : [b, a];
    // Both processes have built their indexes (the writer finds by meaning what it wrote only through its vectors).
    expect(await matches(reader)).not.toContain(title);
    const { mint } = await writer.query(SearchMintDocument, { input: { markdown: protocolMarkdown(pet(title, slug)) } });
    expect(await matches(writer)).toContain(title);
    expect(await within(reader, (labels) => labels.includes(title)), `${readerName} finds the mint`).toBe(true);

    const deleted = await writer.query(DeleteMemoriesDocument, { input: { uris: mint.protocol.stepUris } });
    expect(deleted.deleteMemories.results.every((result) => result.status === 'DELETED')).toBe(true);
    expect(await within(reader, (labels) => !labels.includes(title)), `${readerName} drops the delete`).toBe(true);
  });

  it.each([
    ['A', 'B', 'Look After the Garden Tortoise', 'garden-tortoise'],
    ['B', 'A', 'Look After the Porch Tortoise', 'porch-tortoise'],
  ])(
    'what %s re-words and moves, %s finds by the new words and in the new space within 2 s',
    async (writerName, readerName, title, slug) => {
      const [writer, reader] = writerName === 'A' ? [a, b] : [b, a];
      const { mint } = await writer.query(SearchMintDocument, { input: { markdown: protocolMarkdown(pet(title, slug)) } });
      expect(await within(reader, (labels) => labels.includes(title), { query: title }), `${readerName} finds the mint`).toBe(true);

      // New words no protocol had: only the reader's own indexes, brought up to date, can match them.
      const newWords = 'quokka marmalade';
      expect(await matches(reader, newWords)).not.toContain(title);
      const updated = await writer.query(UpdateMemoriesDocument, {
        input: { uris: [mint.protocol.stepUris[0]!], updates: { text: `Spread quokka marmalade on the lettuce at nine.` } },
      });
      expect(updated.updateMemories.totalUpdated).toBe(1);
      expect(await matches(writer, newWords)).toContain(title);
      expect(await within(reader, (labels) => labels.includes(title), { query: newWords }), `${readerName} finds the new words`).toBe(true);

      const group = `group:${crew}`;
      expect(await matches(reader, newWords, 'personal')).toContain(title);
      const moved = await writer.query(LearningMoveProtocolDocument, { input: { uri: mint.protocol.uri, space: group } });
      expect(moved.moveProtocol).toMatchObject({ moved: true, protocol: { space: group } });
      expect(
        await within(reader, (labels) => labels.includes(title), { query: newWords, space: group }),
        `${readerName} finds the moved protocol in its new space`,
      ).toBe(true);
      expect(
        await within(reader, (labels) => !labels.includes(title), { query: newWords, space: 'personal' }),
        `${readerName} drops it from the space it left`,
      ).toBe(true);
    },
  );
});
