import type pg from 'pg';

/**
 * Open DocumentDB cursors, by cursor id, shared by all wire connections: the driver may send a
 * getMore on a different pooled connection than the find that opened the cursor.
 *
 * DocumentDB either hands back a continuation that works on any PostgreSQL connection, or
 * (persistConnection) keeps the cursor open in the backend that ran the first page; such a cursor
 * keeps its PostgreSQL client until it is exhausted, killed or idle for too long.
 */
export interface OpenCursor {
  id: bigint;
  database: string;
  continuation: Buffer;
  /** The PostgreSQL client holding the cursor, when DocumentDB asked for the connection to persist. */
  client?: pg.PoolClient;
  /** False when the client belongs to a transaction, which releases it. */
  ownsClient: boolean;
  lastUsedAt: number;
}

// mongod's default cursorTimeoutMillis.
const IDLE_CURSOR_LIMIT_MS = 10 * 60_000;

export class CursorRegistry {
  private readonly cursors = new Map<bigint, OpenCursor>();

  constructor(private readonly log: (message: string) => void) {}

  open(cursor: Omit<OpenCursor, 'lastUsedAt'>): void {
    this.cursors.set(cursor.id, { ...cursor, lastUsedAt: Date.now() });
  }

  get(id: bigint): OpenCursor | undefined {
    const cursor = this.cursors.get(id);
    if (cursor) cursor.lastUsedAt = Date.now();
    return cursor;
  }

  async close(id: bigint): Promise<boolean> {
    const cursor = this.cursors.get(id);
    if (!cursor) return false;
    this.cursors.delete(id);
    if (cursor.client && cursor.ownsClient) await releaseCursorClient(cursor.client, this.log);
    return true;
  }

  /** A transaction ended: its backend's cursors are gone with it. */
  forgetClient(client: pg.PoolClient): void {
    for (const [id, cursor] of this.cursors) if (cursor.client === client) this.cursors.delete(id);
  }

  async closeIdle(now = Date.now()): Promise<void> {
    for (const [id, cursor] of this.cursors) {
      if (now - cursor.lastUsedAt > IDLE_CURSOR_LIMIT_MS) await this.close(id);
    }
  }

  async closeAll(): Promise<void> {
    for (const id of [...this.cursors.keys()]) await this.close(id);
  }
}

/** Closes whatever the backend still holds open before the client goes back to the pool. */
async function releaseCursorClient(client: pg.PoolClient, log: (message: string) => void): Promise<void> {
  try {
    await client.query('CLOSE ALL');
    client.release();
  } catch (error) {
    log(`wire: could not close a cursor's PostgreSQL connection cleanly, discarding it: ${(error as Error).message}`);
    client.release(error as Error);
  }
}
