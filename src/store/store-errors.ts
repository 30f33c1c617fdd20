import { MongoNetworkError, MongoOperationTimeoutError, MongoServerError, MongoServerSelectionError } from 'mongodb';

/** A write hit a unique index (a title, slug, path or name taken meanwhile). */
export class DuplicateKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DuplicateKeyError';
  }
}

/** The driver's refusal of a write that would break a unique index. */
export function isDuplicateKey(error: unknown): boolean {
  return error instanceof MongoServerError && error.code === 11000;
}

/**
 * A write that lost a race with a concurrent one and may simply be sent again: MongoDB's
 * WriteConflict (112), or PostgreSQL's deadlock under the local engine (its code 16908292), seen
 * when server processes starting together insert into the same unique indexes.
 */
export function isTransientWriteConflict(error: unknown): boolean {
  return error instanceof MongoServerError && (error.code === 112 || error.code === 16908292 || /deadlock detected/i.test(error.message));
}

/** Runs a write; a duplicate key comes out as DuplicateKeyError, so services never see the driver. */
export async function translateDuplicateKey<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isDuplicateKey(error)) throw new DuplicateKeyError((error as Error).message);
    throw error;
  }
}

/**
 * A lost database: no server to select, a network error, or (mongodb 7) the raw socket error a
 * command gets when the engine closed its pooled connection.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (error instanceof MongoServerSelectionError || error instanceof MongoNetworkError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'EPIPE' || code === 'ECONNRESET' || code === 'ECONNREFUSED';
}

/**
 * A database operation over its time limit: the driver's own (timeoutMS) or the server's
 * (maxTimeMS, code 50 MaxTimeMSExpired; the local engine's statement timeout answers the same).
 */
export function isDatabaseTimeout(error: unknown): boolean {
  if (error instanceof MongoOperationTimeoutError) return true;
  return error instanceof MongoServerError && (error.code === 50 || error.codeName === 'MaxTimeMSExpired');
}
