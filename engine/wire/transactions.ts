import type { Binary, Document, Long } from 'bson';
import type pg from 'pg';
import type { CursorRegistry } from './cursors.js';
import { badValue, noSuchTransaction } from './mongo-errors.js';

/**
 * Maps a driver session's transaction (lsid + txnNumber) onto one dedicated PostgreSQL connection
 * at REPEATABLE READ, so a conflicting concurrent write fails with a serialization error
 * (reported as a retryable WriteConflict) instead of being lost.
 */
interface SessionTransaction {
  txnNumber: bigint;
  /** Present while the transaction is open. */
  client?: pg.PoolClient;
  outcome?: 'committed' | 'aborted';
  /** The wire connection that last used it: if that connection dies mid-transaction, nobody will finish it. */
  connectionId: number;
  commandsInFlight: number;
  lastUsedAt: number;
}

// mongod's transactionLifetimeLimitSeconds.
const TRANSACTION_LIFETIME_MS = 60_000;
// Finished transactions are remembered this long so a retried commitTransaction still succeeds.
const OUTCOME_MEMORY_MS = 30 * 60_000;

export function sessionKey(lsid: unknown): string | undefined {
  const id = (lsid as { id?: Binary } | undefined)?.id;
  return id && typeof id.toString === 'function' ? id.toString('hex') : undefined;
}

function txnNumberOf(command: Document): bigint {
  const value = command.txnNumber as Long | number | undefined;
  if (value === undefined) throw badValue('txnNumber is required with autocommit: false');
  return BigInt(value.toString());
}

export class TransactionRegistry {
  private readonly sessions = new Map<string, SessionTransaction>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly cursors: CursorRegistry,
    private readonly log: (message: string) => void,
  ) {}

  /**
   * The PostgreSQL client to run `command` on if it belongs to a transaction, opening the
   * transaction on its first command. Pair with `finished()`.
   */
  async enter(command: Document, connectionId: number): Promise<pg.PoolClient | undefined> {
    if (command.autocommit !== false) return undefined;
    const key = sessionKey(command.lsid);
    if (key === undefined) throw badValue('a transaction needs an lsid');
    const txnNumber = txnNumberOf(command);
    let session = this.sessions.get(key);
    if (command.startTransaction === true) {
      if (session?.client) await this.end(key, session, 'ROLLBACK');
      const client = await this.pool.connect();
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      session = { txnNumber, client, connectionId, commandsInFlight: 0, lastUsedAt: Date.now() };
      this.sessions.set(key, session);
    }
    if (!session?.client || session.txnNumber !== txnNumber) {
      throw noSuchTransaction(`Transaction ${txnNumber} has been aborted or is not open`);
    }
    session.connectionId = connectionId;
    session.commandsInFlight += 1;
    session.lastUsedAt = Date.now();
    return session.client;
  }

  /** Marks the end of a command started with `enter`; a failed command aborts the transaction, as in MongoDB. */
  async finished(command: Document, failed: boolean): Promise<void> {
    const key = sessionKey(command.lsid);
    const session = key === undefined ? undefined : this.sessions.get(key);
    if (!key || !session?.client) return;
    session.commandsInFlight -= 1;
    session.lastUsedAt = Date.now();
    if (failed) await this.end(key, session, 'ROLLBACK');
  }

  async commit(command: Document): Promise<Document> {
    const { key, session, txnNumber } = this.lookup(command);
    if (session?.txnNumber === txnNumber && session.outcome === 'committed') return { ok: 1 };
    if (!session?.client || session.txnNumber !== txnNumber) {
      throw noSuchTransaction(`Transaction ${txnNumber} has been aborted or is not open`);
    }
    await this.end(key, session, 'COMMIT');
    return { ok: 1 };
  }

  async abort(command: Document): Promise<Document> {
    const { key, session, txnNumber } = this.lookup(command);
    if (!session?.client || session.txnNumber !== txnNumber) {
      throw noSuchTransaction(`Transaction ${txnNumber} has been aborted or is not open`);
    }
    await this.end(key, session, 'ROLLBACK');
    return { ok: 1 };
  }

  async endSessions(lsids: unknown[]): Promise<void> {
    for (const lsid of lsids) {
      const key = sessionKey(lsid);
      const session = key === undefined ? undefined : this.sessions.get(key);
      if (!key || !session) continue;
      if (session.client) await this.end(key, session, 'ROLLBACK');
      this.sessions.delete(key);
    }
  }

  async connectionClosed(connectionId: number): Promise<void> {
    for (const [key, session] of this.sessions) {
      if (session.client && session.connectionId === connectionId && session.commandsInFlight === 0) {
        this.log(`wire: rolling back transaction ${session.txnNumber} abandoned by closed connection ${connectionId}`);
        await this.end(key, session, 'ROLLBACK');
      }
    }
  }

  /** Rolls back transactions left open past mongod's lifetime limit and forgets old outcomes. */
  async reapAbandoned(now = Date.now()): Promise<void> {
    for (const [key, session] of this.sessions) {
      const idleFor = now - session.lastUsedAt;
      if (session.client && session.commandsInFlight === 0 && idleFor > TRANSACTION_LIFETIME_MS) {
        this.log(`wire: rolling back transaction ${session.txnNumber} left open for ${Math.round(idleFor / 1000)} s`);
        await this.end(key, session, 'ROLLBACK');
      } else if (!session.client && idleFor > OUTCOME_MEMORY_MS) {
        this.sessions.delete(key);
      }
    }
  }

  async closeAll(): Promise<void> {
    for (const [key, session] of this.sessions) if (session.client) await this.end(key, session, 'ROLLBACK');
    this.sessions.clear();
  }

  private lookup(command: Document) {
    const key = sessionKey(command.lsid);
    if (key === undefined) throw badValue('a transaction needs an lsid');
    return { key, session: this.sessions.get(key), txnNumber: txnNumberOf(command) };
  }

  private async end(key: string, session: SessionTransaction, statement: 'COMMIT' | 'ROLLBACK'): Promise<void> {
    const client = session.client;
    if (!client) return;
    session.client = undefined;
    session.outcome = statement === 'COMMIT' ? 'committed' : 'aborted';
    session.lastUsedAt = Date.now();
    this.cursors.forgetClient(client);
    try {
      await client.query(statement);
      // Cursors that DocumentDB opened WITH HOLD outlive the transaction; the next user must not inherit them.
      await client.query('CLOSE ALL');
      client.release();
    } catch (error) {
      client.release(error as Error);
      if (statement === 'COMMIT') {
        session.outcome = 'aborted';
        throw error;
      }
      this.log(`wire: ROLLBACK of session ${key} failed, connection discarded: ${(error as Error).message}`);
    }
  }
}
