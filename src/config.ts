import {
  DEFAULT_ARTIFACT_MAX_BYTES,
  DEFAULT_ARTIFACTS_PER_ADAPTER,
  DEFAULT_DB_MAX_TIME_MS,
  DEFAULT_EMBEDDINGS_MAX_ANSWER_BYTES,
  DEFAULT_EMBEDDINGS_SEARCH_TIMEOUT_MS,
  DEFAULT_EMBEDDINGS_WRITE_TIMEOUT_MS,
  DEFAULT_MAX_LISTENS_PER_PRINCIPAL,
  DEFAULT_MCP_SKILLS_LIST_CAP,
  DEFAULT_MAX_PENDING_PROPOSALS,
  DEFAULT_MAX_PENDING_PROPOSAL_BYTES,
  DEFAULT_MAX_REPLAYED_EVENTS_PER_MINUTE,
  DEFAULT_MAX_STORED_BYTES_PER_PRINCIPAL,
  DEFAULT_MAX_STORED_BYTES_PER_SPACE,
  DEFAULT_MAX_SUBSCRIPTIONS_PER_PRINCIPAL,
  DEFAULT_MAX_SUBSCRIPTIONS_PER_SOCKET,
  DEFAULT_RESPONSE_BUDGET_BYTES,
  INLINE_EXPORT_MAX_BYTES,
  MAX_BUFFERED_BYTES,
} from './limits.js';

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
  /** Largest request body in bytes (HTTP 413 above it). */
  maxBodyBytes: number;
  /** Operations per principal per minute; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Queries and mutations one principal may run at once; 0 turns the cap off. */
  maxConcurrentPerPrincipal: number;
  /** Origins allowed by CORS (comma-separated KAIROS_CORS_ORIGINS); none means same-origin only. */
  corsOrigins: string[];
  /** Schema introspection (and field suggestions in errors). */
  introspection: boolean;
  /** KAIROS_AUTH=on requires a token on every request but /healthz and /metrics. */
  authEnabled: boolean;
  /** Days an idle run lives before it expires. */
  runIdleDays: number;
  /** Largest number of URIs in one `updateMemories`/`deleteMemories` call. */
  maxBatchUris: number;
  /** Bytes of events one subscription may hold for a client that does not read before it is cut off (WebSocket close 1013, SSE SLOW_CONSUMER). */
  maxBufferedBytes: number;
  /** Redis for events across server processes (REDIS_URL); null keeps events in-process. */
  redisUrl: string | null;
  /** KAIROS_SECRET: seals the transcript signing keys at rest (AES-256-GCM); null means the secret file in `dataDir`. */
  signingSecret: string | null;
  /** KAIROS_DATA_DIR: where the generated key-encryption secret lives (and the local engine, unless KAIROS_ENGINE_DIR says otherwise). */
  dataDir: string;
  /** Days a past version or a deleted memory is kept (KAIROS_HISTORY_DAYS); 0 keeps them forever. */
  historyDays: number;
  /** KAIROS_HISTORY=off writes no version history: only for measuring what history costs. */
  historyEnabled: boolean;
  /** Open MCP sessions at most (KAIROS_MCP_MAX_SESSIONS); a new one beyond it is refused. */
  mcpMaxSessions: number;
  /** An MCP session unused this long is closed (KAIROS_MCP_SESSION_IDLE_MINUTES). */
  mcpSessionIdleMs: number;
  /** Open 2025-era MCP sessions per principal (KAIROS_MCP_SESSIONS_PER_PRINCIPAL); beyond it, its oldest idle one is closed. */
  mcpSessionsPerPrincipal: number;
  /** A skill_zip export larger than this is served from a download URL, not inline. */
  exportInlineMaxBytes: number;
  /** KAIROS_ARTIFACT_MAX_BYTES: the largest file one artifact may hold (bytes, decoded). */
  artifactMaxBytes: number;
  /** KAIROS_ARTIFACTS_PER_ADAPTER: the most artifacts one adapter may carry at once. */
  artifactsPerAdapter: number;
  /** Search embeddings (KAIROS_EMBEDDINGS): builtin (default, offline), openai, onnx, or off (lexical only). */
  embeddings: EmbeddingsSetting;
  /** KAIROS_EMBEDDINGS_URL: base URL of an OpenAI-compatible API (…/v1), for `openai`. */
  embeddingsUrl: string | null;
  /** KAIROS_EMBEDDINGS_MODEL: the model name sent to that API, for `openai`. */
  embeddingsModel: string | null;
  /** KAIROS_EMBEDDINGS_KEY: bearer token for that API (optional). */
  embeddingsKey: string | null;
  /** KAIROS_EMBEDDINGS_MODEL_DIR: a local ONNX sentence-model directory, for `onnx`. */
  embeddingsModelDir: string | null;
  /** KAIROS_EMBEDDINGS_MAX_ANSWER_BYTES: an `openai` answer longer than this is abandoned unread. */
  embeddingsMaxAnswerBytes: number;
  /** KAIROS_EMBEDDINGS_SEARCH_TIMEOUT_MS: a search waits this long for its query vector, then ranks by words. */
  embeddingsSearchTimeoutMs: number;
  /** KAIROS_EMBEDDINGS_WRITE_TIMEOUT_MS: a write waits this long for its vectors, then leaves them to the background repair. */
  embeddingsWriteTimeoutMs: number;
  /** KAIROS_MAX_STORED_BYTES_PER_PRINCIPAL: bytes of memory text one principal may have written, in every space (0: no quota). */
  maxStoredBytesPerPrincipal: number;
  /** KAIROS_MAX_STORED_BYTES_PER_SPACE: bytes of memory text one space may hold (0: no quota). */
  maxStoredBytesPerSpace: number;
  /** KAIROS_VECTOR_SEARCH: where nearest-vector candidates come from: `auto` (Atlas `$vectorSearch` when the deployment has search indexes), `atlas`, `local` (in process). */
  vectorSearch: VectorSearchSetting;
  /** KAIROS_SEARCH_LEARNING=off: search neither keeps requests, learns triggers from successful runs, nor uses learned ones. */
  searchLearning: boolean;
  /** KAIROS_SEARCH_LEARNING_DAYS: a learned trigger's credit fades to nothing this many days after its last success (0: never). */
  searchLearningDays: number;
  /** How often each process compares the stored search-change stamps with the changes it heard of (docs/scale-out.md); not an environment setting. */
  searchCatchUpMs: number;
  /** Bytes one answer may hold (KAIROS_RESPONSE_BUDGET_BYTES): refused before it runs when projected over, cut while it runs. */
  responseBudgetBytes: number;
  /** Proposals one principal may have staged at once (KAIROS_MAX_PENDING_PROPOSALS). */
  maxPendingProposals: number;
  /** Bytes of staged proposal content one principal may hold at once (KAIROS_MAX_PENDING_PROPOSAL_BYTES). */
  maxPendingProposalBytes: number;
  /** Server-side time limit of each database operation, ms (`maxTimeMS`); 0: none. */
  dbMaxTimeMs: number;
  /** Operations (subscriptions, mostly) one WebSocket may have open at once (KAIROS_MAX_SUBSCRIPTIONS_PER_SOCKET). */
  maxSubscriptionsPerSocket: number;
  /** Subscriptions one principal may have open at once, every transport together (KAIROS_MAX_SUBSCRIPTIONS_PER_PRINCIPAL). */
  maxSubscriptionsPerPrincipal: number;
  /** MCP `subscriptions/listen` streams one principal may hold open (KAIROS_MAX_LISTENS_PER_PRINCIPAL). */
  maxListensPerPrincipal: number;
  /** Skills one MCP `skills/list` listing walks through before it ends (KAIROS_MCP_SKILLS_LIST_CAP). */
  mcpSkillsListCap: number;
  /** Run events one principal may have replayed per minute (KAIROS_MAX_REPLAYED_EVENTS_PER_MINUTE). */
  maxReplayedEventsPerMinute: number;
  /**
   * Where a KAIROS 4 client keeps a run's local files, as ordered hints it resolves on its own
   * machine (`project://<rel>`, `user://<rel>`): `kairos_local_artifact_dir` (KAIROS_LOCAL_ARTIFACT_DIRS).
   */
  localArtifactDirs: readonly string[];
}

export const EMBEDDINGS_SETTINGS = ['builtin', 'openai', 'onnx', 'off'] as const;
export type EmbeddingsSetting = (typeof EMBEDDINGS_SETTINGS)[number];

function embeddingsFromEnv(): EmbeddingsSetting {
  const raw = process.env.KAIROS_EMBEDDINGS || 'builtin';
  if (!(EMBEDDINGS_SETTINGS as readonly string[]).includes(raw))
    throw new Error(`KAIROS_EMBEDDINGS must be one of ${EMBEDDINGS_SETTINGS.join(', ')}, got "${raw}"`);
  return raw as EmbeddingsSetting;
}

export const VECTOR_SEARCH_SETTINGS = ['auto', 'atlas', 'local'] as const;
export type VectorSearchSetting = (typeof VECTOR_SEARCH_SETTINGS)[number];

function vectorSearchFromEnv(): VectorSearchSetting {
  const raw = process.env.KAIROS_VECTOR_SEARCH || 'auto';
  if (!(VECTOR_SEARCH_SETTINGS as readonly string[]).includes(raw))
    throw new Error(`KAIROS_VECTOR_SEARCH must be one of ${VECTOR_SEARCH_SETTINGS.join(', ')}, got "${raw}"`);
  return raw as VectorSearchSetting;
}

/** The same default the local engine uses for its parent directory (engine/documentdb/engine-dir.ts). */
export const DEFAULT_DATA_DIR = '/var/lib/kairos-graphql';

/** KAIROS 4.8.5's default hints: a place in the project, then one in the user's home. */
export const DEFAULT_LOCAL_ARTIFACT_DIRS = ['project://.local/kairos/work', 'user://.config/kairos/work'] as const;

/** Comma-separated `project://` or `user://` hints with a relative path that never climbs (`..`). */
function localArtifactDirsFromEnv(): readonly string[] {
  const raw = process.env.KAIROS_LOCAL_ARTIFACT_DIRS;
  if (raw === undefined || raw.trim() === '') return DEFAULT_LOCAL_ARTIFACT_DIRS;
  const hints = raw
    .split(',')
    .map((hint) => hint.trim())
    .filter(Boolean);
  for (const hint of hints) {
    const path = /^(?:project|user):\/\/(.+)$/.exec(hint)?.[1];
    if (path === undefined || path.startsWith('/') || path.split('/').includes('..'))
      throw new Error(
        `KAIROS_LOCAL_ARTIFACT_DIRS: "${hint}" must be project://<relative path> or user://<relative path>, without ".." (got "${raw}")`,
      );
  }
  return hints;
}

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

export function loadConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const config: AppConfig = {
    port: intFromEnv('PORT', 4000),
    host: process.env.HOST ?? '0.0.0.0',
    mongoDbName: process.env.MONGODB_DB ?? 'kairos',
    logLevel: process.env.LOG_LEVEL ?? 'info',
    graphiql: process.env.KAIROS_GRAPHIQL !== 'off',
    maxMarkdownBytes: 1024 * 1024,
    maxBatchUris: 1000,
    authEnabled: process.env.KAIROS_AUTH === 'on',
    maxBodyBytes: intFromEnv('KAIROS_MAX_BODY_BYTES', 2 * 1024 * 1024),
    rateLimitPerMinute: intFromEnv('KAIROS_RATE_LIMIT_PER_MINUTE', 6000),
    maxConcurrentPerPrincipal: intFromEnv('KAIROS_MAX_CONCURRENT_PER_PRINCIPAL', 64),
    corsOrigins: (process.env.KAIROS_CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    introspection: process.env.KAIROS_INTROSPECTION !== 'off',
    runIdleDays: Number(process.env.KAIROS_RUN_IDLE_DAYS ?? 7),
    redisUrl: process.env.REDIS_URL || null,
    signingSecret: process.env.KAIROS_SECRET || null,
    dataDir: process.env.KAIROS_DATA_DIR || DEFAULT_DATA_DIR,
    historyDays: intFromEnv('KAIROS_HISTORY_DAYS', 90),
    historyEnabled: process.env.KAIROS_HISTORY !== 'off',
    mcpMaxSessions: intFromEnv('KAIROS_MCP_MAX_SESSIONS', 1000),
    mcpSessionIdleMs: intFromEnv('KAIROS_MCP_SESSION_IDLE_MINUTES', 30) * 60_000,
    mcpSessionsPerPrincipal: intFromEnv('KAIROS_MCP_SESSIONS_PER_PRINCIPAL', 8),
    maxBufferedBytes: intFromEnv('KAIROS_MAX_BUFFERED_BYTES', MAX_BUFFERED_BYTES),
    exportInlineMaxBytes: INLINE_EXPORT_MAX_BYTES,
    artifactMaxBytes: intFromEnv('KAIROS_ARTIFACT_MAX_BYTES', DEFAULT_ARTIFACT_MAX_BYTES),
    artifactsPerAdapter: intFromEnv('KAIROS_ARTIFACTS_PER_ADAPTER', DEFAULT_ARTIFACTS_PER_ADAPTER),
    embeddings: embeddingsFromEnv(),
    embeddingsUrl: process.env.KAIROS_EMBEDDINGS_URL || null,
    embeddingsModel: process.env.KAIROS_EMBEDDINGS_MODEL || null,
    embeddingsKey: process.env.KAIROS_EMBEDDINGS_KEY || null,
    embeddingsModelDir: process.env.KAIROS_EMBEDDINGS_MODEL_DIR || null,
    embeddingsMaxAnswerBytes: intFromEnv('KAIROS_EMBEDDINGS_MAX_ANSWER_BYTES', DEFAULT_EMBEDDINGS_MAX_ANSWER_BYTES),
    embeddingsSearchTimeoutMs: intFromEnv('KAIROS_EMBEDDINGS_SEARCH_TIMEOUT_MS', DEFAULT_EMBEDDINGS_SEARCH_TIMEOUT_MS),
    embeddingsWriteTimeoutMs: intFromEnv('KAIROS_EMBEDDINGS_WRITE_TIMEOUT_MS', DEFAULT_EMBEDDINGS_WRITE_TIMEOUT_MS),
    maxStoredBytesPerPrincipal: intFromEnv('KAIROS_MAX_STORED_BYTES_PER_PRINCIPAL', DEFAULT_MAX_STORED_BYTES_PER_PRINCIPAL),
    maxStoredBytesPerSpace: intFromEnv('KAIROS_MAX_STORED_BYTES_PER_SPACE', DEFAULT_MAX_STORED_BYTES_PER_SPACE),
    vectorSearch: vectorSearchFromEnv(),
    searchLearning: process.env.KAIROS_SEARCH_LEARNING !== 'off',
    searchLearningDays: intFromEnv('KAIROS_SEARCH_LEARNING_DAYS', 90),
    searchCatchUpMs: 10_000,
    responseBudgetBytes: intFromEnv('KAIROS_RESPONSE_BUDGET_BYTES', DEFAULT_RESPONSE_BUDGET_BYTES),
    maxPendingProposals: intFromEnv('KAIROS_MAX_PENDING_PROPOSALS', DEFAULT_MAX_PENDING_PROPOSALS),
    maxPendingProposalBytes: intFromEnv('KAIROS_MAX_PENDING_PROPOSAL_BYTES', DEFAULT_MAX_PENDING_PROPOSAL_BYTES),
    dbMaxTimeMs: intFromEnv('KAIROS_DB_MAX_TIME_MS', DEFAULT_DB_MAX_TIME_MS),
    maxSubscriptionsPerSocket: intFromEnv('KAIROS_MAX_SUBSCRIPTIONS_PER_SOCKET', DEFAULT_MAX_SUBSCRIPTIONS_PER_SOCKET),
    maxSubscriptionsPerPrincipal: intFromEnv('KAIROS_MAX_SUBSCRIPTIONS_PER_PRINCIPAL', DEFAULT_MAX_SUBSCRIPTIONS_PER_PRINCIPAL),
    maxListensPerPrincipal: intFromEnv('KAIROS_MAX_LISTENS_PER_PRINCIPAL', DEFAULT_MAX_LISTENS_PER_PRINCIPAL),
    mcpSkillsListCap: intFromEnv('KAIROS_MCP_SKILLS_LIST_CAP', DEFAULT_MCP_SKILLS_LIST_CAP),
    maxReplayedEventsPerMinute: intFromEnv('KAIROS_MAX_REPLAYED_EVENTS_PER_MINUTE', DEFAULT_MAX_REPLAYED_EVENTS_PER_MINUTE),
    localArtifactDirs: localArtifactDirsFromEnv(),
    ...overrides,
  };
  // Without Redis no change event crosses processes: the stamps are polled often enough that another process's write shows within about a second.
  if (overrides.searchCatchUpMs === undefined) config.searchCatchUpMs = config.redisUrl ? 10_000 : 1_000;
  return config;
}
