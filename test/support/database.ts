import { randomBytes } from 'node:crypto';
import { type Db, MongoClient } from 'mongodb';
import { afterAll, beforeAll, inject } from 'vitest';

export interface TestDatabase {
  client: MongoClient;
  db: Db;
  dbName: string;
}

/**
 * Call once at the top of a test file: a MongoClient on the run's real engine (see
 * test/global-setup.ts) and a database of its own, `kairos_test_<random>`, dropped after the file.
 * Files run in parallel without seeing each other's data.
 *
 *   const { db } = useTestDatabase();
 *   it('...', async () => { await db.collection('things').insertOne({ ... }); });
 */
export function useTestDatabase(): TestDatabase {
  const dbName = `kairos_test_${randomBytes(6).toString('hex')}`;
  const client = new MongoClient(inject('mongoUri'));
  const db = client.db(dbName);
  beforeAll(async () => {
    await client.connect();
  });
  afterAll(async () => {
    await db.dropDatabase();
    await client.close();
  });
  return { client, db, dbName };
}
