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
export async function connectMongo(
  uri: string,
  dbName: string,
  options: { monitorCommands?: boolean; maxTimeMs?: number } = {},
): Promise<MongoHandle> {
  const client = new MongoClient(uri, {
    serverSelectionTimeoutMS: 2_000,
    connectTimeoutMS: 5_000,
    maxPoolSize: 50,
    // Stream the server monitor even where the driver would poll (it polls when it sees a FaaS
    // platform, Cloud Run's K_SERVICE among them): this server is one long-lived process, and a
    // polling check that starts on a connection dropping at that moment can wait forever in driver
    // 7.9, so the server would never see the database come back (test/engine/monitoring.test.ts).
    serverMonitoringMode: 'stream',
    monitorCommands: options.monitorCommands ?? false,
  });
  await client.connect();
  const db = withOperationTimeLimit(client.db(dbName), options.maxTimeMs ?? 0);
  return { client, db, close: () => client.close() };
}

/** How long /healthz waits for the database's answer before it says `down`. */
const PING_LIMIT_MS = 2_000;

/**
 * Whether the database answers a ping within `PING_LIMIT_MS`. The limit is a timer of our own:
 * the driver's `timeoutMS` does not bound an operation in this version, and a connection made
 * just as the database came back can wait far longer than server selection does.
 */
export async function pingDatabase(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_LIMIT_MS);
  });
  try {
    return await Promise.race([
      db.command({ ping: 1 }).then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
