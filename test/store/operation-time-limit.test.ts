/**
 * Every database operation has a server-side time limit (`maxTimeMS`,
 * KAIROS_DB_MAX_TIME_MS), answered DATABASE_TIMEOUT with nothing written, never a hang. The local
 * engine honours maxTimeMS as a PostgreSQL statement timeout of that length, reads and writes
 * alike, inside transactions too; a real MongoDB honours it itself.
 */
import { randomBytes } from 'node:crypto';
import { type CommandStartedEvent, MongoClient, MongoServerError } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TIME_LIMITED_METHODS, withOperationTimeLimit } from '../../src/store/operation-time-limit.js';
import { isDatabaseTimeout } from '../../src/store/store-errors.js';
import { useTestServer } from '../support/app.js';

const LIMIT_MS = 1_000;
const server = useTestServer({ dbMaxTimeMs: LIMIT_MS });

const dbName = `kairos_test_${randomBytes(6).toString('hex')}`;
const client = new MongoClient(inject('mongoUri'), { monitorCommands: true });
const started: CommandStartedEvent[] = [];
client.on('commandStarted', (event) => started.push(event));
beforeAll(() => client.connect());
afterAll(async () => {
  await client.db(dbName).dropDatabase();
  await client.close();
});

async function post(
  query: string,
  variables: Record<string, unknown>,
): Promise<{ data?: any; errors?: { extensions?: { code?: string } }[] }> {
  const response = await fetch(server.running.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: any; errors?: { extensions?: { code?: string } }[] };
}

describe('the time limit of database operations', () => {
  it('every collection method that sends a command sends maxTimeMS, unless its caller set its own', async () => {
    const things = withOperationTimeLimit(client.db(dbName), 1_234).collection<{ _id: number; n?: number }>('things');
    const calls: Record<string, () => Promise<unknown>> = {
      insertOne: () => things.insertOne({ _id: 1 }),
      insertMany: () => things.insertMany([{ _id: 2 }, { _id: 3 }]),
      find: () => things.find({}).toArray(),
      findOne: () => things.findOne({ _id: 1 }),
      aggregate: () => things.aggregate([{ $match: {} }]).toArray(),
      countDocuments: () => things.countDocuments({}),
      distinct: () => things.distinct('_id'),
      updateOne: () => things.updateOne({ _id: 1 }, { $set: { n: 1 } }),
      updateMany: () => things.updateMany({}, { $set: { n: 2 } }),
      replaceOne: () => things.replaceOne({ _id: 1 }, { n: 3 }),
      findOneAndUpdate: () => things.findOneAndUpdate({ _id: 1 }, { $set: { n: 4 } }),
      findOneAndReplace: () => things.findOneAndReplace({ _id: 1 }, { n: 5 }),
      findOneAndDelete: () => things.findOneAndDelete({ _id: 3 }),
      bulkWrite: () => things.bulkWrite([{ updateOne: { filter: { _id: 2 }, update: { $set: { n: 6 } } } }]),
      deleteOne: () => things.deleteOne({ _id: 2 }),
      deleteMany: () => things.deleteMany({}),
    };
    expect(Object.keys(calls).sort()).toEqual([...TIME_LIMITED_METHODS].sort());
    for (const [method, call] of Object.entries(calls)) {
      started.length = 0;
      await call();
      const sent = started.filter((event) => event.databaseName === dbName);
      expect(sent.length, method).toBeGreaterThan(0);
      for (const event of sent) expect([method, event.commandName, event.command.maxTimeMS]).toEqual([method, event.commandName, 1_234]);
    }
    started.length = 0;
    await things.find({}, { maxTimeMS: 99 }).toArray();
    expect(started.find((event) => event.commandName === 'find')?.command.maxTimeMS).toBe(99);
    // 0 turns the limit off.
    started.length = 0;
    await withOperationTimeLimit(client.db(dbName), 0).collection('things').find({}).toArray();
    expect(started.find((event) => event.commandName === 'find')?.command.maxTimeMS).toBeUndefined();
  });

  it('a read over the limit is stopped by the database with MaxTimeMSExpired', async () => {
    const things = withOperationTimeLimit(client.db(dbName), 300).collection<{ _id: number }>('slow');
    await things.insertOne({ _id: 1 });
    const begun = performance.now();
    // Millions of values built and counted on the server: seconds of work for one document.
    const outcome = await things
      .aggregate([{ $project: { x: { $range: [0, 5_000_000] } } }, { $unwind: '$x' }, { $group: { _id: null, n: { $sum: 1 } } }])
      .toArray()
      .then(
        () => 'answered',
        (error: unknown) => error,
      );
    console.log(
      `[db time limit] a 5,000,000-value aggregation under a 300 ms limit: ${outcome === 'answered' ? 'answered' : (outcome as MongoServerError).codeName} after ${(performance.now() - begun).toFixed(0)} ms`,
    );
    expect(outcome).toBeInstanceOf(MongoServerError);
    expect(isDatabaseTimeout(outcome)).toBe(true);
  });

  it('a request whose write runs over the limit answers DATABASE_TIMEOUT and writes nothing', async () => {
    const minted = await post('mutation($input: MintInput!) { mint(input: $input) { protocol { uri } } }', {
      input: { markdown: '# Slow write\n\n## Step\n\nShort for now.\n' },
    });
    const uri = minted.data.mint.protocol.uri as string;
    // The text index of 0.2 (raw text), on which the engine's text parser is quadratic for '_a' runs.
    const memories = server.mongo().db(server.dbName).collection('memories');
    await memories.dropIndex('memory_text_v3');
    await memories.createIndex({ text: 'text' }, { name: 'raw_text_for_this_test' });
    const begun = performance.now();
    const answer = await post(
      'mutation($input: UpdateMemoriesInput!) { updateMemories(input: $input) { totalUpdated results { status } } }',
      { input: { uris: [uri], updates: { text: '_a'.repeat(50_000) } } },
    );
    console.log(
      `[db time limit] an update the engine needs about a minute for, under a ${LIMIT_MS} ms limit: ${answer.errors?.[0]?.extensions?.code ?? 'answered'} after ${(performance.now() - begun).toFixed(0)} ms`,
    );
    expect(answer.errors?.[0]?.extensions?.code).toBe('DATABASE_TIMEOUT');
    expect((await memories.findOne({ uri }))?.text).toBe('## Step\n\nShort for now.');
  }, 60_000);
});
