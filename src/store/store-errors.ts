import { MongoServerError } from 'mongodb';

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

/** Runs a write; a duplicate key comes out as DuplicateKeyError, so services never see the driver. */
export async function translateDuplicateKey<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isDuplicateKey(error)) throw new DuplicateKeyError((error as Error).message);
    throw error;
  }
}
