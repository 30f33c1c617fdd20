import type { TestProject } from 'vitest/node';
import { ensureUiBuild } from '../src/http/ui-build.js';
import { resolveDatabase } from '../engine/resolve-database.js';
import { startRedisServer } from './support/redis-server.js';
import { ensureSystemPackages } from './support/system-packages.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of the real MongoDB-compatible engine shared by the whole run. */
    mongoUri: string;
    /** A Redis for the scale-out tests (REDIS_URL, or a `redis-server` started here), else why there is none. */
    redis: { url: string } | { missing: string };
  }
}

/**
 * Starts (or reuses) the database once per vitest run: MONGODB_URI if set, else a mongod on PATH,
 * else the local DocumentDB engine. Test files read the uri with `inject('mongoUri')`, usually
 * through `useTestDatabase()` from test/support/database.ts.
 */
export default async function setup(project: TestProject) {
  ensureSystemPackages((line) => console.log(line));
  // The browser tests load the built live page from the server (built once here, when stale).
  await ensureUiBuild();
  const endpoint = await resolveDatabase({ log: (message) => console.log(`[engine] ${message}`) });
  console.log(`[engine] tests use ${endpoint.description}`);
  project.provide('mongoUri', endpoint.uri);
  const redis = process.env.REDIS_URL ? { url: process.env.REDIS_URL, stop: async () => {} } : await startRedisServer();
  project.provide('redis', 'url' in redis ? { url: redis.url } : redis);
  return async () => {
    if ('stop' in redis) await redis.stop();
    await endpoint.stop();
  };
}
