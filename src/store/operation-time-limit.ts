/**
 * A server-side time limit on every database operation the stores make: each collection method
 * that sends a command gets `maxTimeMS` (KAIROS_DB_MAX_TIME_MS) unless its caller set one. The
 * server stops the operation there and answers MaxTimeMSExpired (code 50), which every door
 * answers as DATABASE_TIMEOUT (store-errors.ts). mongodb 7's client-level `timeoutMS` is not an
 * option: the driver makes it a no-op for operations (utils.js `resolveOptions`), and
 * `maxTimeMS` is not inherited from the client, database or collection, so it is added here, at
 * the one place every store gets its collections from. Index builds (`createIndexes`) and
 * `db.command` are left unlimited. The local engine answers maxTimeMS with a PostgreSQL statement
 * timeout of that length (test/engine/statement-timeout.test.ts).
 */
import type { Collection, Db, Document } from 'mongodb';

/** Where each limited collection method takes its options (the argument index). */
const OPTIONS_ARGUMENT: Readonly<Record<string, number>> = {
  find: 1,
  findOne: 1,
  aggregate: 1,
  countDocuments: 1,
  distinct: 2,
  findOneAndUpdate: 2,
  findOneAndReplace: 2,
  findOneAndDelete: 1,
  updateOne: 2,
  updateMany: 2,
  replaceOne: 2,
  insertOne: 1,
  insertMany: 1,
  deleteOne: 1,
  deleteMany: 1,
  bulkWrite: 1,
};

/** The methods given a limit, for tests to check each against the commands sent. */
export const TIME_LIMITED_METHODS = Object.keys(OPTIONS_ARGUMENT);

/** `db` whose collections add `maxTimeMS` to every operation; 0 turns the limit off. */
export function withOperationTimeLimit(db: Db, maxTimeMS: number): Db {
  if (maxTimeMS <= 0) return db;
  return new Proxy(db, {
    get(target, property) {
      if (property === 'collection') {
        return (...args: Parameters<Db['collection']>) => limitedCollection(target.collection(...args), maxTimeMS);
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function limitedCollection<T extends Document>(collection: Collection<T>, maxTimeMS: number): Collection<T> {
  return new Proxy(collection, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const at = typeof property === 'string' ? OPTIONS_ARGUMENT[property] : undefined;
      if (at === undefined) return value.bind(target);
      return (...args: unknown[]) => {
        const options = (args[at] ?? {}) as { maxTimeMS?: number };
        if (options.maxTimeMS === undefined) args[at] = { ...options, maxTimeMS };
        return (value as (...callArgs: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
