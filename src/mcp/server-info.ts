import { createRequire } from 'node:module';

/** How this server names itself to MCP clients (the package version). */
export const SERVER_INFO = {
  name: 'kairos-graphql',
  version: (createRequire(import.meta.url)('../../package.json') as { version: string }).version,
};
