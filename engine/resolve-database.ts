import pg from 'pg';
import { startDocumentDb } from './documentdb/documentdb-engine.js';
import { isOnPath } from './documentdb/run-command.js';
import { startLocalMongod } from './local-mongod.js';
import { startWireServer, type WireServer } from './wire/wire-server.js';

export interface DatabaseEndpoint {
  /** A connection string for the official `mongodb` driver. */
  uri: string;
  /** Which engine serves it, for logs. */
  description: string;
  stop(): Promise<void>;
}

// Transactions pin one connection each; the rest serve ordinary commands. PostgreSQL allows 200 in all.
const PG_POOL_SIZE = 50;

/**
 * Every statement the engine runs stops after this long (PostgreSQL statement_timeout,
 * KAIROS_ENGINE_STATEMENT_TIMEOUT_MS), answered as MongoDB's MaxTimeMSExpired (code 50): no insert
 * or query can keep the engine busy for minutes after its client gave up. 0 turns it off.
 */
export const DEFAULT_ENGINE_STATEMENT_TIMEOUT_MS = 30_000;

export function engineStatementTimeoutMs(): number {
  const raw = process.env.KAIROS_ENGINE_STATEMENT_TIMEOUT_MS;
  if (raw === undefined || raw === '') return DEFAULT_ENGINE_STATEMENT_TIMEOUT_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`KAIROS_ENGINE_STATEMENT_TIMEOUT_MS must be a non-negative integer, got "${raw}"`);
  return value;
}

/** A PostgreSQL pool (with the statement timeout) and the wire adapter in front of it. */
export async function startEngineWire(
  pgPort: number,
  options: { log: (message: string) => void; isStopping?: () => boolean; statementTimeoutMs?: number },
): Promise<{ pool: pg.Pool; wire: WireServer }> {
  const statementTimeoutMs = options.statementTimeoutMs ?? engineStatementTimeoutMs();
  const pool = new pg.Pool({
    host: '127.0.0.1',
    port: pgPort,
    user: 'postgres',
    database: 'postgres',
    max: PG_POOL_SIZE,
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
  });
  // An idle pooled connection can die with the server; without a listener that would crash the process.
  // While stopping, connections still closing are cut by the server's shutdown: expected, not news.
  pool.on('error', (error) => {
    if (!options.isStopping?.()) options.log(`DocumentDB connection error: ${error.message}`);
  });
  const wire = await startWireServer({ pool, log: options.log });
  return { pool, wire };
}

/**
 * Finds a real MongoDB-compatible database, in this order:
 * 1. `MONGODB_URI`, used verbatim;
 * 2. a `mongod` on PATH, started on a free port;
 * 3. the local DocumentDB engine (PostgreSQL + DocumentDB in a chroot, built on first use),
 *    served to the driver by this process's wire-protocol adapter.
 */
export async function resolveDatabase(opts: { log?: (msg: string) => void } = {}): Promise<DatabaseEndpoint> {
  const log = opts.log ?? (() => {});
  const configuredUri = process.env.MONGODB_URI;
  if (configuredUri) {
    return { uri: configuredUri, description: 'MONGODB_URI', stop: async () => {} };
  }
  if (await isOnPath('mongod')) return startLocalMongod(log);

  let documentDb;
  try {
    documentDb = await startDocumentDb({ log });
  } catch (error) {
    throw new Error(
      'No MongoDB available: MONGODB_URI is not set, there is no mongod on PATH, and the local DocumentDB ' +
        `engine could not be started: ${(error as Error).message}\n` +
        'Set MONGODB_URI to a MongoDB server (for example mongodb://127.0.0.1:27017) and try again.',
    );
  }

  let stopping: Promise<void> | undefined;
  const { pool, wire } = await startEngineWire(documentDb.pgPort, { log, isStopping: () => stopping !== undefined });
  return {
    uri: `mongodb://127.0.0.1:${wire.port}/?directConnection=true`,
    description: `DocumentDB (PostgreSQL on 127.0.0.1:${documentDb.pgPort}) through the wire adapter on port ${wire.port}`,
    stop() {
      stopping ??= (async () => {
        await wire.close();
        await pool.end();
        await documentDb.stop();
      })();
      return stopping;
    },
  };
}
