import { MongoClient, type Db } from 'mongodb';
import { withOperationTimeLimit } from './operation-time-limit.js';

export interface MongoHandle {
  client: MongoClient;
  db: Db;
  close(): Promise<void>;
}

/**
 * Connects with short timeouts so that a stopped engine makes calls fail fast (about 2 s for
 * a call already in flight) instead of hanging a request for the driver's 30 s default.
 * Command monitoring decodes every reply once more (~15% of `next` throughput): tests and the
 * benchmark turn it on to count round trips; production leaves it off. `maxTimeMs` bounds every
 * operation on the server (operation-time-limit.ts); without it operations are unbounded (the CLI).
 */
export async function connectMongo(uri: string, dbName: string, options: { monitorCommands?: boolean; maxTimeMs?: number } = {}): Promise<MongoHandle> {
  const client = new MongoClient(uri, {
    serverSelectionTimeoutMS: 2_000,
    connectTimeoutMS: 5_000,
    maxPoolSize: 50,
    monitorCommands: options.monitorCommands ?? false,
  });
  await client.connect();
  const db = withOperationTimeLimit(client.db(dbName), options.maxTimeMs ?? 0);
  return { client, db, close: () => client.close() };
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.command({ ping: 1 }, { timeoutMS: 2_000 });
    return true;
  } catch {
    return false;
  }
}
