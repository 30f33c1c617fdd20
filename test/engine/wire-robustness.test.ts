import net from 'node:net';
import { BSON, Long, UUID } from 'bson';
import { MongoClient } from 'mongodb';
import { describe, expect, inject, it } from 'vitest';
import { useTestDatabase } from '../support/database.js';

const OP_MSG = 2013;
const { db, dbName } = useTestDatabase();
const uri = inject('mongoUri');
const { hostname, port } = new URL(uri.replace(/^mongodb:/, 'http:'));

/** Sends raw bytes and resolves with whatever comes back before the server closes the socket or goes quiet. */
function exchange(bytes: Buffer, quietMs = 300): Promise<{ reply: Buffer; closedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    const finish = (closedByServer: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ reply: Buffer.concat(chunks), closedByServer });
    };
    socket.on('connect', () => {
      socket.write(bytes);
      timer = setTimeout(() => finish(false), quietMs);
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', () => finish(true));
    socket.on('error', reject);
  });
}

function opMsg(body: Buffer, declaredLength?: number): Buffer {
  const header = Buffer.alloc(16);
  header.writeInt32LE(declaredLength ?? 16 + 5 + body.length, 0);
  header.writeInt32LE(7, 4);
  header.writeInt32LE(OP_MSG, 12);
  return Buffer.concat([header, Buffer.alloc(5), body]);
}

async function driverStillWorks(): Promise<void> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5_000 });
  try {
    expect(await client.db('admin').command({ ping: 1 })).toMatchObject({ ok: 1 });
  } finally {
    await client.close();
  }
}

describe('the wire adapter under malformed input', () => {
  it('answers a well-formed raw OP_MSG ping', async () => {
    const { reply } = await exchange(opMsg(Buffer.from(BSON.serialize({ ping: 1, $db: 'admin' }))));
    expect(reply.readInt32LE(12)).toBe(OP_MSG);
    expect(reply.readInt32LE(8)).toBe(7); // responseTo
    expect(BSON.deserialize(reply.subarray(21))).toMatchObject({ ok: 1 });
  });

  it('closes a connection that sends garbage', async () => {
    const { closedByServer } = await exchange(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(closedByServer).toBe(true);
    await driverStillWorks();
  });

  it('closes a connection that declares a message larger than 48 MB', async () => {
    const { closedByServer } = await exchange(opMsg(Buffer.alloc(8), 64 * 1024 * 1024));
    expect(closedByServer).toBe(true);
    await driverStillWorks();
  });

  it('keeps waiting on a truncated message and survives the client hanging up', async () => {
    const whole = opMsg(Buffer.from(BSON.serialize({ ping: 1, $db: 'admin' })));
    const { reply, closedByServer } = await exchange(whole.subarray(0, whole.length - 6));
    expect(closedByServer).toBe(false);
    expect(reply.length).toBe(0);
    await driverStillWorks();
  });

  it('answers invalid BSON inside a well-framed message with an error reply', async () => {
    const brokenDocument = Buffer.from(BSON.serialize({ ping: 1, $db: 'admin' }));
    brokenDocument.writeInt32LE(brokenDocument.length + 100, 0);
    const { reply } = await exchange(opMsg(brokenDocument));
    const answer = BSON.deserialize(reply.subarray(21));
    expect(answer).toMatchObject({ ok: 0, code: 22 });
    await driverStillWorks();
  });

  it('closes a connection that uses an unknown opCode', async () => {
    const message = opMsg(Buffer.from(BSON.serialize({ ping: 1 })));
    message.writeInt32LE(9999, 12);
    const { closedByServer } = await exchange(message);
    expect(closedByServer).toBe(true);
    await driverStillWorks();
  });

  it('answers unknown commands with CommandNotFound', async () => {
    const client = new MongoClient(uri);
    try {
      await expect(client.db('admin').command({ definitelyNotACommand: 1 })).rejects.toMatchObject({ code: 59 });
    } finally {
      await client.close();
    }
  });
});

describe('the wire adapter when a client vanishes', () => {
  it('rolls back the transaction of a connection that disconnects mid-transaction', async () => {
    const locks = db.collection<{ _id: string; holder: string }>('locks');
    await locks.insertOne({ _id: 'row', holder: 'nobody' });
    const updateInTransaction = BSON.serialize({
      update: 'locks',
      updates: [{ q: { _id: 'row' }, u: { $set: { holder: 'vanished client' } } }],
      $db: dbName,
      lsid: { id: new UUID() },
      txnNumber: Long.fromNumber(1),
      startTransaction: true,
      autocommit: false,
    });
    const { reply } = await exchange(opMsg(Buffer.from(updateInTransaction)));
    expect(BSON.deserialize(reply.subarray(21))).toMatchObject({ ok: 1, n: 1 });
    // Had the transaction stayed open, its row lock would block this update until the test times out.
    await locks.updateOne({ _id: 'row' }, { $set: { holder: 'next client' } });
    expect(await locks.findOne({ _id: 'row' })).toEqual({ _id: 'row', holder: 'next client' });
  });
});
