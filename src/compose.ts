/**
 * The composition root: builds every store (and its indexes), installs the built-in protocols
 * and wires the services once at start-up. server.ts calls it; nothing below it imports it.
 */
import type { Db, MongoClient } from 'mongodb';
import type { AppConfig } from './config.js';
import type { EventBus } from './events/event-bus.js';
import type { Logger } from './observability/logger.js';
import type { Metrics } from './observability/metrics.js';
import { AuthStore } from './store/auth-store.js';
import { MemoryStore } from './store/memory-store.js';
import { MemoryHistoryStore } from './store/memory-history-store.js';
import { foldLegacyEventsAndPrompts } from './migrations/fold-0.1-runs.js';
import { RunStore } from './store/run-store.js';
import { SearchStore } from './store/search-store.js';
import { UsageStore } from './store/usage-store.js';
import { installBuiltinProtocols } from './builtin/install-builtin-protocols.js';
import { AuditStore } from './store/audit-store.js';
import { ProjectMemoryStore } from './store/project-memory-store.js';
import { ProposalStore } from './store/proposal-store.js';
import { AuthService } from './services/auth-service.js';
import { MemoryContextService } from './services/memory-context-service.js';
import { ProposalService } from './services/proposal-service.js';
import { MemoryService } from './services/memory-service.js';
import { MemoryHistoryService } from './services/memory-history-service.js';
import { ProtocolService } from './services/protocol-service.js';
import { SearchService } from './services/search-service.js';
import { ExportService } from './services/export-service.js';
import { SemanticIndex } from './services/semantic-index.js';
import { createEmbeddingProvider } from './search/embeddings/create-provider.js';
import type { EmbeddingProvider } from './search/embeddings/provider.js';
import { VectorStore } from './store/vector-store.js';
import { RunService } from './services/run-service.js';
import { SigningKeyStore } from './store/signing-key-store.js';
import { SigningKeyService } from './services/signing-key-service.js';
import { TranscriptService } from './services/transcript-service.js';
import { SizeStatsStore } from './store/size-stats-store.js';
import { ResponseSizes } from './services/response-sizes.js';

/** The long-lived services shared by every request; per-request state lives in the context. */
export interface Services {
  auth: AuthService;
  memoryStore: MemoryStore;
  memories: MemoryService;
  history: MemoryHistoryService;
  protocols: ProtocolService;
  runs: RunService;
  search: SearchService;
  /** The search vectors (dense half of hybrid search); `activate` and `search` share it. */
  semanticIndex: SemanticIndex;
  proposals: ProposalService;
  memoryContext: MemoryContextService;
  signingKeys: SigningKeyService;
  transcripts: TranscriptService;
  exports: ExportService;
  /** Stored sizes for the response budget (src/http/response-budget.ts). */
  responseSizes: ResponseSizes;
}

export async function createServices(db: Db, client: MongoClient, events: EventBus, config: AppConfig, metrics: Metrics, log: Logger): Promise<Services> {
  const memoryStore = new MemoryStore(db, client);
  await memoryStore.ensureIndexes();
  // Listening before the built-in protocols are installed, so they get their vectors too.
  const semanticIndex = new SemanticIndex(new VectorStore(db), await startEmbeddings(config, log), log, { snapshotDir: config.dataDir });
  memoryStore.onWrite(semanticIndex.onMemoryWrite);
  await semanticIndex.start();
  await installBuiltinProtocols(memoryStore);
  const historyStore = new MemoryHistoryStore(db, { retentionDays: config.historyDays, enabled: config.historyEnabled });
  await historyStore.ensureIndexes();
  const runStore = new RunStore(db);
  await runStore.ensureIndexes();
  const legacy = await foldLegacyEventsAndPrompts(db);
  if (legacy.folded > 0) log.info({ runs: legacy.folded }, 'moved the events and prompts of runs begun before 0.2 into their run documents');
  if (legacy.failed > 0) log.warn({ runs: legacy.failed, error: legacy.firstError }, 'could not move the events and prompts of some runs begun before 0.2: retried at the next start');
  const usageStore = new UsageStore(db);
  await usageStore.ensureIndexes();
  const authStore = new AuthStore(db);
  await authStore.ensureIndexes();
  const proposalStore = new ProposalStore(db);
  const auditStore = new AuditStore(db);
  await Promise.all([proposalStore.ensureIndexes(), auditStore.ensureIndexes()]);
  const signingKeyStore = new SigningKeyStore(db);
  await signingKeyStore.ensureIndexes();
  const signingKeys = new SigningKeyService(signingKeyStore, { secret: config.signingSecret });
  await signingKeys.ensureKey();
  const sizeStats = new SizeStatsStore(db);
  await sizeStats.ensureIndexes();
  // Documents written before sizes were kept get theirs in the background; until then they are priced at a fixed guess.
  void sizeStats.backfill().then(
    (written) => written > 0 && log.info({ documents: written }, 'stored the sizes of documents written before 0.3'),
    (error: unknown) => log.warn({ err: error }, 'could not store the sizes of older documents: retried at the next start'),
  );
  const projectMemory = new ProjectMemoryStore(memoryStore, historyStore);
  // With auth off there is one local principal: it must be able to apply its own proposals.
  const proposals = new ProposalService(projectMemory, proposalStore, auditStore, events, { separateReviewer: config.authEnabled, maxPending: { count: config.maxPendingProposals, bytes: config.maxPendingProposalBytes } });
  const runs = new RunService(runStore, usageStore, events, { runIdleTtlMs: config.runIdleDays * 24 * 60 * 60 * 1000, onAttest: (outcome) => metrics.runOutcomes.inc({ outcome }) });
  return {
    auth: new AuthService(authStore, { enabled: config.authEnabled }, events),
    memoryStore,
    memories: new MemoryService(memoryStore, historyStore, events, config),
    history: new MemoryHistoryService(memoryStore, historyStore, events),
    protocols: new ProtocolService(memoryStore, historyStore, events, config),
    runs,
    search: new SearchService(new SearchStore(db, usageStore), semanticIndex),
    semanticIndex,
    proposals,
    memoryContext: new MemoryContextService(projectMemory, (space, principalId) => proposals.ensureSeeded(space, principalId)),
    signingKeys,
    transcripts: new TranscriptService(runStore, signingKeys),
    exports: new ExportService(runs, { secret: config.signingSecret, inlineMaxBytes: config.exportInlineMaxBytes }),
    responseSizes: new ResponseSizes(sizeStats),
  };
}

/** The configured provider; one that cannot start leaves search lexical-only rather than the server down. */
async function startEmbeddings(config: AppConfig, log: Logger): Promise<EmbeddingProvider | null> {
  const started = Date.now();
  try {
    const { provider, converted } = await createEmbeddingProvider(config);
    if (provider) log.info({ model: provider.modelId, dimensions: provider.dimensions, ms: Date.now() - started, converted }, 'search embeddings ready');
    return provider;
  } catch (error) {
    log.error({ embeddings: config.embeddings, error: error instanceof Error ? error.message : String(error) }, 'search embeddings could not start: search is lexical only');
    return null;
  }
}
