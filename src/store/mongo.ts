import { MongoClient, type Db } from 'mongodb';

export interface MongoHandle {
  client: MongoClient;
  db: Db;
  close(): Promise<void>;
}

/**
 * Connects with short timeouts so that a stopped engine makes calls fail fast
 * instead of hanging a request for the driver's 30 s default.
 */
export async function connectMongo(uri: string, dbName: string): Promise<MongoHandle> {
  const client = new MongoClient(uri, {
    serverSelectionTimeoutMS: 5_000,
    connectTimeoutMS: 5_000,
    maxPoolSize: 50,
    monitorCommands: true,
  });
  await client.connect();
  const db = client.db(dbName);
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
