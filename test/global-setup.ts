import type { TestProject } from 'vitest/node';
import { resolveDatabase } from '../src/engine/resolve-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of the real MongoDB-compatible engine shared by the whole run. */
    mongoUri: string;
  }
}

/**
 * Starts (or reuses) the database once per vitest run: MONGODB_URI if set, else a mongod on PATH,
 * else the local DocumentDB engine. Test files read the uri with `inject('mongoUri')`, usually
 * through `useTestDatabase()` from test/support/database.ts.
 */
export default async function setup(project: TestProject) {
  const endpoint = await resolveDatabase({ log: (message) => console.log(`[engine] ${message}`) });
  console.log(`[engine] tests use ${endpoint.description}`);
  project.provide('mongoUri', endpoint.uri);
  return async () => {
    await endpoint.stop();
  };
}
