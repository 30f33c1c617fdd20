/** Every setting the server reads from the environment, parsed once. */
export interface AppConfig {
  port: number;
  host: string;
  /** MongoDB database name; the connection itself comes from `resolveDatabase`. */
  mongoDbName: string;
  logLevel: string;
  graphiql: boolean;
  /** Largest markdown document `mint` accepts, in bytes. */
  maxMarkdownBytes: number;
  /** Days an idle run lives before it expires. */
  runIdleDays: number;
  /** Largest number of URIs in one `updateMemories`/`deleteMemories` call. */
  maxBatchUris: number;
}

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

export function loadConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: intFromEnv('PORT', 4000),
    host: process.env.HOST ?? '0.0.0.0',
    mongoDbName: process.env.MONGODB_DB ?? 'kairos',
    logLevel: process.env.LOG_LEVEL ?? 'info',
    graphiql: process.env.KAIROS_GRAPHIQL !== 'off',
    maxMarkdownBytes: 1024 * 1024,
    maxBatchUris: 1000,
    runIdleDays: Number(process.env.KAIROS_RUN_IDLE_DAYS ?? 7),
    ...overrides,
  };
}
