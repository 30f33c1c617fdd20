/**
 * Two server processes on one database and no Redis: what one mints or deletes, the other's
 * search shows within 2 seconds (the polled change stamps and their noted chains; docs/scale-out.md).
 * The request shares no word with the protocols, so only each process's own in-process vector
 * index can find them: the engine's text index cannot stand in for a sync that did not happen.
 * The 2 s is a correctness bound polled with a deadline, not a timing measurement.
 */
import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DeleteMemoriesDocument } from '../api/documents.js';
import { type GraphqlHttpClient, graphqlHttpClient } from '../support/graphql-http.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';
import { protocolMarkdown, type ProtocolSpec } from '../search/corpus.js';
import { SearchMintDocument, SearchProtocolsDocument } from '../search/documents.js';

const mongoUri = inject('mongoUri');
const dbName = `kairos_test_${randomUUID().slice(0, 8)}`;
const BOUND_MS = 2_000;
let processes: ServerProcess[] = [];
let a: GraphqlHttpClient;
let b: GraphqlHttpClient;

beforeAll(async () => {
  processes = await Promise.all([startServerProcess({ mongoUri, dbName }), startServerProcess({ mongoUri, dbName })]);
  [a, b] = processes.map((server) => graphqlHttpClient(server.graphqlUrl)) as [GraphqlHttpClient, GraphqlHttpClient];
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

async function matches(client: GraphqlHttpClient): Promise<string[]> {
  const { search } = await client.query(SearchProtocolsDocument, { query: byMeaning });
  return search.choices.filter((choice) => choice.role === 'MATCH').map((choice) => choice.chainLabel);
}

/** Searches until `done` holds or the bound passed; answers whether it held in time. */
async function within(client: GraphqlHttpClient, done: (labels: string[]) => boolean): Promise<boolean> {
  const deadline = Date.now() + BOUND_MS;
  for (;;) {
    if (done(await matches(client))) return true;
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
});
