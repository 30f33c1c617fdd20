import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../support/database.js';

const { client, db } = useTestDatabase();

interface Account {
  _id: string;
  balance: number;
  tags?: string[];
  grades?: number[];
  owner?: string;
}

describe('CRUD through the official driver', () => {
  it('answers ping', async () => {
    expect(await client.db('admin').command({ ping: 1 })).toMatchObject({ ok: 1 });
  });

  it('inserts one and many documents and reads them back', async () => {
    const people = db.collection('people');
    const one = await people.insertOne({ name: 'Ada', born: 1815 });
    const many = await people.insertMany([
      { name: 'Grace', born: 1906 },
      { name: 'Edsger', born: 1930 },
    ]);
    expect(many.insertedCount).toBe(2);
    expect(await people.findOne({ _id: one.insertedId })).toEqual({ _id: one.insertedId, name: 'Ada', born: 1815 });
    expect(await people.countDocuments()).toBe(3);
  });

  it('finds with filter, sort, skip, limit and projection', async () => {
    const numbers = db.collection<{ _id: number; n: number; parity: string }>('numbers');
    await numbers.insertMany(Array.from({ length: 20 }, (_, n) => ({ _id: n, n, parity: n % 2 ? 'odd' : 'even' })));
    const page = await numbers
      .find({ parity: 'even' }, { projection: { _id: 0, n: 1 } })
      .sort({ n: -1 })
      .skip(2)
      .limit(3)
      .toArray();
    expect(page).toEqual([{ n: 14 }, { n: 12 }, { n: 10 }]);
  });

  it('pages through a cursor with getMore when batchSize is small', async () => {
    const items = db.collection('items');
    await items.insertMany(Array.from({ length: 25 }, (_, i) => ({ i })));
    const unsorted = await items.find({}, { batchSize: 4 }).toArray();
    expect(unsorted.map((item) => item.i).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    const sorted = await items
      .find({ i: { $gte: 5 } }, { batchSize: 3 })
      .sort({ i: 1 })
      .toArray();
    expect(sorted.map((item) => item.i)).toEqual(Array.from({ length: 20 }, (_, i) => i + 5));
    const aggregated = await items.aggregate([{ $sort: { i: -1 } }], { batchSize: 2 }).toArray();
    expect(aggregated).toHaveLength(25);
    expect(aggregated[0]?.i).toBe(24);
  });

  it('closes a cursor that is abandoned half way', async () => {
    const items = db.collection('abandoned');
    await items.insertMany(Array.from({ length: 10 }, (_, i) => ({ i })));
    const cursor = items.find({}, { batchSize: 2 }).sort({ i: 1 });
    expect((await cursor.next())?.i).toBe(0);
    await cursor.close();
    expect(await items.countDocuments()).toBe(10);
  });

  it('counts and lists distinct values', async () => {
    const fruit = db.collection('fruit');
    await fruit.insertMany([
      { kind: 'apple', colour: 'red' },
      { kind: 'apple', colour: 'green' },
      { kind: 'pear', colour: 'green' },
    ]);
    expect(await fruit.countDocuments({ colour: 'green' })).toBe(2);
    expect(await fruit.estimatedDocumentCount()).toBe(3);
    expect((await fruit.distinct('kind')).sort()).toEqual(['apple', 'pear']);
    expect(await fruit.distinct('kind', { colour: 'red' })).toEqual(['apple']);
  });

  it('updates with $set, $inc, $push, $pull, upsert and arrayFilters', async () => {
    const accounts = db.collection<Account>('accounts');
    await accounts.insertMany([
      { _id: 'a', balance: 10, tags: ['x', 'y'], grades: [50, 90, 95] },
      { _id: 'b', balance: 20, tags: ['y'], grades: [] },
    ]);
    const setInc = await accounts.updateOne({ _id: 'a' }, { $set: { owner: 'Ada' }, $inc: { balance: 5 } });
    expect(setInc).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    await accounts.updateOne({ _id: 'a' }, { $push: { tags: 'z' } });
    await accounts.updateMany({}, { $pull: { tags: 'y' } });
    await accounts.updateOne({ _id: 'a' }, { $set: { 'grades.$[high]': 100 } }, { arrayFilters: [{ high: { $gte: 90 } }] });
    const many = await accounts.updateMany({ balance: { $gte: 15 } }, { $inc: { balance: 1 } });
    expect(many).toMatchObject({ matchedCount: 2, modifiedCount: 2 });
    const upsert = await accounts.updateOne({ _id: 'c' }, { $set: { balance: 0 } }, { upsert: true });
    expect(upsert).toMatchObject({ upsertedCount: 1, upsertedId: 'c' });

    expect(await accounts.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 'a', balance: 16, tags: ['x', 'z'], grades: [50, 100, 100], owner: 'Ada' },
      { _id: 'b', balance: 21, tags: [], grades: [] },
      { _id: 'c', balance: 0 },
    ]);
  });

  it('replaces a document', async () => {
    const settings = db.collection<{ _id: string; colour: string; font?: string }>('settings');
    await settings.insertOne({ _id: 'theme', colour: 'dark', font: 'serif' });
    const result = await settings.replaceOne({ _id: 'theme' }, { colour: 'light' });
    expect(result.modifiedCount).toBe(1);
    expect(await settings.findOne({ _id: 'theme' })).toEqual({ _id: 'theme', colour: 'light' });
  });

  it('deletes one and many', async () => {
    const logs = db.collection('logs');
    await logs.insertMany([{ level: 'debug' }, { level: 'debug' }, { level: 'debug' }, { level: 'error' }]);
    expect((await logs.deleteOne({ level: 'debug' })).deletedCount).toBe(1);
    expect((await logs.deleteMany({ level: 'debug' })).deletedCount).toBe(2);
    expect(await logs.find({}, { projection: { _id: 0 } }).toArray()).toEqual([{ level: 'error' }]);
  });

  it('finds and modifies atomically', async () => {
    const jobs = db.collection<{ _id: number; state: string; attempts: number }>('jobs');
    await jobs.insertMany([
      { _id: 1, state: 'queued', attempts: 0 },
      { _id: 2, state: 'queued', attempts: 0 },
    ]);
    const claimed = await jobs.findOneAndUpdate(
      { state: 'queued' },
      { $set: { state: 'running' }, $inc: { attempts: 1 } },
      { sort: { _id: 1 }, returnDocument: 'after' },
    );
    expect(claimed).toEqual({ _id: 1, state: 'running', attempts: 1 });
    const before = await jobs.findOneAndUpdate({ _id: 2 }, { $set: { state: 'running' } }, { returnDocument: 'before' });
    expect(before).toEqual({ _id: 2, state: 'queued', attempts: 0 });
    const removed = await jobs.findOneAndDelete({ _id: 1 });
    expect(removed).toEqual({ _id: 1, state: 'running', attempts: 1 });
    expect(await jobs.findOneAndDelete({ _id: 1 })).toBeNull();
    expect(await jobs.countDocuments()).toBe(1);
  });

  it('creates, lists, renames and drops collections', async () => {
    await db.createCollection('created');
    await db.collection('to_rename').insertOne({ x: 1 });
    await db.renameCollection('to_rename', 'renamed');
    const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((collection) => collection.name);
    expect(names).toEqual(expect.arrayContaining(['created', 'renamed']));
    expect(names).not.toContain('to_rename');
    expect(await db.collection('renamed').findOne({}, { projection: { _id: 0 } })).toEqual({ x: 1 });
    expect(await db.collection('created').drop()).toBe(true);
    const after = (await db.listCollections({}, { nameOnly: true }).toArray()).map((collection) => collection.name);
    expect(after).not.toContain('created');
  });

  it('lists databases including this one', async () => {
    const { databases } = await client.db('admin').admin().listDatabases();
    expect(databases.map((database) => database.name)).toContain(db.databaseName);
  });
});
