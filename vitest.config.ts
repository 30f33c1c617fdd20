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
  },
});
