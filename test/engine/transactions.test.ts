import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../support/database.js';

const { client, db } = useTestDatabase();

describe('transactions', () => {
  it('commits every write of the transaction together', async () => {
    const accounts = db.collection<{ _id: string; balance?: number; moved?: number }>('accounts_commit');
    await accounts.insertMany([
      { _id: 'alice', balance: 100 },
      { _id: 'bob', balance: 0 },
    ]);
    await client.withSession((session) =>
      session.withTransaction(async () => {
        await accounts.updateOne({ _id: 'alice' }, { $inc: { balance: -30 } }, { session });
        await accounts.updateOne({ _id: 'bob' }, { $inc: { balance: 30 } }, { session });
        await accounts.insertOne({ _id: 'audit', moved: 30 }, { session });
      }),
    );
    expect(await accounts.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 'alice', balance: 70 },
      { _id: 'audit', moved: 30 },
      { _id: 'bob', balance: 30 },
    ]);
  });

  it('leaves nothing behind when aborted', async () => {
    const orders = db.collection<{ _id: number; state: string }>('orders_abort');
    await orders.insertOne({ _id: 1, state: 'new' });
    const session = client.startSession();
    try {
      session.startTransaction();
      await orders.insertOne({ _id: 2, state: 'new' }, { session });
      await orders.updateOne({ _id: 1 }, { $set: { state: 'paid' } }, { session });
      expect(await orders.countDocuments({}, { session })).toBe(2);
      await session.abortTransaction();
    } finally {
      await session.endSession();
    }
    expect(await orders.find().toArray()).toEqual([{ _id: 1, state: 'new' }]);
  });

  it('hides uncommitted writes from readers outside the transaction', async () => {
    const inventory = db.collection<{ _id: string; stock: number }>('inventory_isolation');
    await inventory.insertOne({ _id: 'widget', stock: 5 });
    const session = client.startSession();
    try {
      session.startTransaction();
      await inventory.updateOne({ _id: 'widget' }, { $set: { stock: 0 } }, { session });
      await inventory.insertOne({ _id: 'gadget', stock: 1 }, { session });
      expect(await inventory.findOne({ _id: 'widget' })).toEqual({ _id: 'widget', stock: 5 });
      expect(await inventory.findOne({ _id: 'gadget' })).toBeNull();
      expect(await inventory.findOne({ _id: 'widget' }, { session })).toEqual({ _id: 'widget', stock: 0 });
      await session.commitTransaction();
    } finally {
      await session.endSession();
    }
    expect(await inventory.findOne({ _id: 'widget' })).toEqual({ _id: 'widget', stock: 0 });
    expect(await inventory.countDocuments()).toBe(2);
  });

  it('retries conflicting read-modify-write transactions so no update is lost', async () => {
    const counters = db.collection<{ _id: string; value: number }>('counters');
    await counters.insertOne({ _id: 'hits', value: 0 });
    const increment = () =>
      client.withSession((session) =>
        session.withTransaction(async () => {
          const current = await counters.findOne({ _id: 'hits' }, { session });
          await counters.updateOne({ _id: 'hits' }, { $set: { value: (current?.value ?? 0) + 1 } }, { session });
        }),
      );
    await Promise.all(Array.from({ length: 20 }, increment));
    expect(await counters.findOne({ _id: 'hits' })).toEqual({ _id: 'hits', value: 20 });
  });
});
