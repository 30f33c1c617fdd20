import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Node loads graphql 16 through its CommonJS entry; Vite would pick the ESM one and so create
    // a second GraphQLError class that graphql-ws and Yoga do not recognise.
    alias: { graphql: 'graphql/index.js' },
  },
  test: {
    include: ['test/**/*.test.ts'],
    // Starts (or reuses) the real MongoDB-compatible engine once for the whole run.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Every server a test starts (in process, as a child process, or the CLI) finds the same
    // generated key-encryption secret here rather than in the machine's /var/lib/kairos-graphql,
    // so servers sharing a test database unseal the same keys.
    env: { KAIROS_DATA_DIR: join(tmpdir(), 'kairos-graphql-test') },
  },
});
