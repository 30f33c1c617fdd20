import { MongoBulkWriteError, MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../support/database.js';

const { db } = useTestDatabase();

async function duplicateKeyErrorOf(operation: Promise<unknown>): Promise<MongoServerError> {
  const error = await operation.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MongoServerError);
  expect((error as MongoServerError).code).toBe(11000);
  return error as MongoServerError;
}

describe('indexes', () => {
  it('rejects duplicates on a unique index with code 11000', async () => {
    const users = db.collection('users');
    await users.createIndex({ email: 1 }, { unique: true });
    await users.insertOne({ email: 'ada@example.com' });
    await duplicateKeyErrorOf(users.insertOne({ email: 'ada@example.com' }));
    await duplicateKeyErrorOf(users.updateOne({ email: 'other@example.com' }, { $set: { email: 'ada@example.com' } }, { upsert: true }));
    expect(await users.countDocuments()).toBe(1);
  });

  it('reports duplicates inside an ordered bulkWrite and stops there', async () => {
    const tickets = db.collection('tickets_ordered');
    await tickets.createIndex({ seat: 1 }, { unique: true });
    const error = await tickets
      .bulkWrite([
        { insertOne: { document: { seat: 'A1' } } },
        { insertOne: { document: { seat: 'A1' } } },
        { insertOne: { document: { seat: 'A2' } } },
      ])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MongoBulkWriteError);
    const bulkError = error as MongoBulkWriteError;
    expect(bulkError.code).toBe(11000);
    expect(bulkError.result.insertedCount).toBe(1);
    expect([bulkError.writeErrors].flat()).toHaveLength(1);
    expect([bulkError.writeErrors].flat()[0]).toMatchObject({ index: 1, code: 11000 });
    expect(await tickets.countDocuments()).toBe(1);
  });

  it('reports duplicates inside an unordered bulkWrite and carries on', async () => {
    const tickets = db.collection('tickets_unordered');
    await tickets.createIndex({ seat: 1 }, { unique: true });
    const error = await tickets
      .bulkWrite(
        [
          { insertOne: { document: { seat: 'B1' } } },
          { insertOne: { document: { seat: 'B1' } } },
          { insertOne: { document: { seat: 'B2' } } },
          { insertOne: { document: { seat: 'B2' } } },
          { insertOne: { document: { seat: 'B3' } } },
        ],
        { ordered: false },
      )
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MongoBulkWriteError);
    const bulkError = error as MongoBulkWriteError;
    expect(bulkError.result.insertedCount).toBe(3);
    const writeErrors = [bulkError.writeErrors].flat();
    expect(writeErrors.map((writeError) => [writeError.index, writeError.code])).toEqual([
      [1, 11000],
      [3, 11000],
    ]);
    expect(await tickets.countDocuments()).toBe(3);
  });

  it('rejects a findOneAndUpdate upsert that would duplicate a unique key', async () => {
    const handles = db.collection('handles');
    await handles.createIndex({ handle: 1 }, { unique: true });
    await handles.insertOne({ handle: 'ada', owner: 1 });
    await duplicateKeyErrorOf(
      handles.findOneAndUpdate({ owner: 2 }, { $set: { handle: 'ada' } }, { upsert: true, returnDocument: 'after' }),
    );
    expect(await handles.countDocuments()).toBe(1);
  });

  it('enforces a compound unique index on the combination only', async () => {
    const memberships = db.collection('memberships');
    await memberships.createIndex({ space: 1, user: 1 }, { unique: true, name: 'space_user' });
    await memberships.insertMany([
      { space: 's1', user: 'u1' },
      { space: 's1', user: 'u2' },
      { space: 's2', user: 'u1' },
    ]);
    await duplicateKeyErrorOf(memberships.insertOne({ space: 's1', user: 'u1' }));
  });

  it('enforces a partial unique index only where the filter matches', async () => {
    const tokens = db.collection('tokens');
    await tokens.createIndex({ value: 1 }, { unique: true, partialFilterExpression: { active: true }, name: 'active_value' });
    await tokens.insertMany([
      { value: 't', active: false },
      { value: 't', active: false },
      { value: 't', active: true },
    ]);
    await duplicateKeyErrorOf(tokens.insertOne({ value: 't', active: true }));
  });

  it('creates a TTL index and lists every index with its options', async () => {
    const sessions = db.collection('sessions');
    await sessions.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 3600, name: 'expiry' });
    await sessions.createIndex({ user: 1, createdAt: -1 });
    const indexes = await sessions.listIndexes().toArray();
    expect(indexes.map((index) => index.name).sort()).toEqual(['_id_', 'expiry', 'user_1_createdAt_-1']);
    expect(indexes.find((index) => index.name === 'expiry')).toMatchObject({ key: { expiresAt: 1 }, expireAfterSeconds: 3600 });
    expect(indexes.find((index) => index.name === 'user_1_createdAt_-1')?.key).toEqual({ user: 1, createdAt: -1 });

    await sessions.dropIndex('expiry');
    expect((await sessions.listIndexes().toArray()).map((index) => index.name).sort()).toEqual(['_id_', 'user_1_createdAt_-1']);
  });

  it('searches a text index and sorts by textScore', async () => {
    const notes = db.collection<{ _id: number; body: string }>('notes');
    await notes.insertMany([
      { _id: 1, body: 'graphql schema design' },
      { _id: 2, body: 'mongodb indexes and graphql resolvers for graphql servers' },
      { _id: 3, body: 'cooking pasta' },
    ]);
    await notes.createIndex({ body: 'text' });
    const found = await notes
      .find({ $text: { $search: 'graphql' } })
      .sort({ score: { $meta: 'textScore' } })
      .project<{ _id: number; score: number }>({ score: { $meta: 'textScore' } })
      .toArray();
    // Note 2 mentions graphql twice, so it ranks first.
    expect(found.map((note) => note._id)).toEqual([2, 1]);
    expect(found[0]!.score).toBeGreaterThan(found[1]!.score);
  });
});
