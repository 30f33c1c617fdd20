/**
 * The composition root: builds every store (and its indexes), installs the built-in protocols
 * and wires the services once at start-up. server.ts calls it; nothing below it imports it.
 */
import type { Db, MongoClient } from 'mongodb';
import type { AppConfig } from './config.js';
import type { EventBus } from './events/event-bus.js';
import { ReplayBudget } from './events/replay-budget.js';
import type { Logger } from './observability/logger.js';
import type { Metrics } from './observability/metrics.js';
import { AuthStore } from './store/auth-store.js';
import { MemoryStore } from './store/memory-store.js';
import { MemoryHistoryStore } from './store/memory-history-store.js';
import { foldLegacyEventsAndPrompts } from './migrations/fold-0.1-runs.js';
import { backfillIndexedText } from './migrations/indexed-text.js';
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
import { ActivationService } from './services/activation-service.js';
import { ProtocolMoveService } from './services/protocol-move-service.js';
import { ActivationStore } from './store/activation-store.js';
import { SemanticIndex } from './search/indexes/semantic-index.js';
import { createEmbeddingProvider } from './search/embeddings/create-provider.js';
import type { EmbeddingProvider } from './search/embeddings/provider.js';
import { VectorStore } from './store/vector-store.js';
import { SearchChangeStore } from './store/search-change-store.js';
import { SearchIndexSync } from './search/indexes/search-index-sync.js';
import { AtlasVectorSearch } from './store/atlas-vector-search.js';
import { AtlasVectorSource, detectVectorSearch, type VectorSearchChoice } from './search/indexes/atlas-vector-source.js';
import { RunService } from './services/run-service.js';
import { SearchLearningService } from './services/search-learning-service.js';
import { LearnedTriggerStore } from './store/learned-trigger-store.js';
import { SigningKeyStore } from './store/signing-key-store.js';
import { SigningKeyService } from './services/signing-key-service.js';
import { TranscriptService } from './services/transcript-service.js';
import { SizeStatsStore } from './store/size-stats-store.js';
import { ResponseSizes } from './services/response-sizes.js';
import { StorageQuota } from './services/storage-quota.js';
import { ArtifactService } from './services/artifact-service.js';
import { ArtifactStore } from './store/artifact-store.js';

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
  /** Keeps the search index in step with writes made by other server processes. */
  searchSync: SearchIndexSync;
  /** Where nearest-vector candidates come from (KAIROS_VECTOR_SEARCH), and the Atlas source when that is the path. */
  vectorSearch: VectorSearchChoice & { source: AtlasVectorSource | null };
  proposals: ProposalService;
  memoryContext: MemoryContextService;
  signingKeys: SigningKeyService;
  transcripts: TranscriptService;
  exports: ExportService;
  /** Stored sizes for the response budget (src/http/response-budget.ts). */
  responseSizes: ResponseSizes;
  /** KAIROS 4 `activate` sequences (refinement counts), shared by every process through the database. */
  activations: ActivationService;
  /** Learned triggers: requests that led to successful runs (docs/search.md). */
  searchLearning: SearchLearningService;
  /** Moving a protocol to another space (KAIROS 4 `tune` with `space`). */
  protocolMoves: ProtocolMoveService;
  /** Files attached to adapters (KAIROS 4 artifacts). */
  artifacts: ArtifactService;
}

export async function createServices(
  db: Db,
  client: MongoClient,
  events: EventBus,
  config: AppConfig,
  metrics: Metrics,
  log: Logger,
): Promise<Services> {
  const memoryStore = new MemoryStore(db, client);
  await memoryStore.ensureIndexes();
  // Memories written before the text index read a normalised copy get theirs in the background.
  void backfillIndexedText(db).then(
    (written) => written > 0 && log.info({ memories: written }, 'wrote the text-index copies of memories written before 0.3'),
    (error: unknown) => log.warn({ err: error }, 'could not write the text-index copies of older memories: retried at the next start'),
  );
  // Listening before the built-in protocols are installed, so they get their vectors too.
  const vectorStore = new VectorStore(db);
  const embeddingProvider = await startEmbeddings(config, log);
  embeddingProvider?.circuit?.onStateChange((state) => {
    metrics.embeddingsCircuitOpen.set(state === 'CLOSED' ? 0 : 1);
    if (state === 'OPEN')
      log.warn(
        { model: embeddingProvider.modelId },
        'the embeddings endpoint keeps failing: search ranks by words and writes leave their vectors to the background repair until it answers again',
      );
    else log.info({ model: embeddingProvider.modelId }, 'the embeddings endpoint answers again: dense ranking is back');
  });
  const semanticIndex = new SemanticIndex(vectorStore, embeddingProvider, log, {
    snapshotDir: config.dataDir,
    searchTimeoutMs: config.embeddingsSearchTimeoutMs,
    writeTimeoutMs: config.embeddingsWriteTimeoutMs,
  });
  const vectorSearch = await startVectorSearch(config, db, vectorStore, semanticIndex, log);
  const searchChanges = new SearchChangeStore(db);
  await searchChanges.ensureIndexes();
  const searchSync = new SearchIndexSync(semanticIndex, searchChanges, events, log, config.searchCatchUpMs, {
    eventsCrossProcesses: config.redisUrl !== null,
  });
  memoryStore.onWrite(semanticIndex.onMemoryWrite);
  // Listening before the index loads: a change another process makes meanwhile is not lost.
  await searchSync.listen();
  await semanticIndex.start();
  searchSync.follow();
  await installBuiltinProtocols(memoryStore);
  const historyStore = new MemoryHistoryStore(db, { retentionDays: config.historyDays, enabled: config.historyEnabled });
  await historyStore.ensureIndexes();
  const runStore = new RunStore(db);
  await runStore.ensureIndexes();
  const legacy = await foldLegacyEventsAndPrompts(db);
  if (legacy.folded > 0)
    log.info({ runs: legacy.folded }, 'moved the events and prompts of runs begun before 0.2 into their run documents');
  if (legacy.failed > 0)
    log.warn(
      { runs: legacy.failed, error: legacy.firstError },
      'could not move the events and prompts of some runs begun before 0.2: retried at the next start',
    );
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
  const activationStore = new ActivationStore(db);
  await activationStore.ensureIndexes();
  const sizeStats = new SizeStatsStore(db);
  await sizeStats.ensureIndexes();
  // Documents written before sizes were kept get theirs in the background; until then they are priced at a fixed guess.
  void sizeStats.backfill().then(
    (written) => written > 0 && log.info({ documents: written }, 'stored the sizes of documents written before 0.3'),
    (error: unknown) => log.warn({ err: error }, 'could not store the sizes of older documents: retried at the next start'),
  );
  const storageQuota = new StorageQuota(sizeStats, config);
  const artifactStore = new ArtifactStore(db, client, config.historyDays);
  await artifactStore.ensureIndexes();
  const artifacts = new ArtifactService(artifactStore, config, storageQuota);
  const projectMemory = new ProjectMemoryStore(memoryStore, historyStore);
  // With auth off there is one local principal: it must be able to apply its own proposals.
  const proposals = new ProposalService(projectMemory, proposalStore, auditStore, events, {
    separateReviewer: config.authEnabled,
    maxPending: { count: config.maxPendingProposals, bytes: config.maxPendingProposalBytes },
    quota: storageQuota,
  });
  const learnedTriggers = new LearnedTriggerStore(db);
  await learnedTriggers.ensureIndexes();
  const searchLearning = new SearchLearningService(learnedTriggers, {
    enabled: config.searchLearning,
    days: config.searchLearningDays,
    historyDays: config.historyDays,
    historyEnabled: config.historyEnabled,
  });
  const runs = new RunService(runStore, usageStore, events, {
    runIdleTtlMs: config.runIdleDays * 24 * 60 * 60 * 1000,
    onAttest: (outcome) => metrics.runOutcomes.inc({ outcome }),
    replayBudget: new ReplayBudget(config.maxReplayedEventsPerMinute),
    // Learning is a by-product of the run: a failure to learn is logged, never the attest's answer.
    onSuccess: (run, score) =>
      searchLearning
        .learnFromRun({
          principalId: run.principalId,
          // The protocol's own space (a built-in's run is kept in the runner's space; nothing is learned for `app`).
          space: run.protocol.space ?? run.space,
          chainId: run.protocol.chainId,
          begunAt: run.createdAt,
          score,
        })
        .then(
          () => undefined,
          (error: unknown) => log.warn({ err: error, runId: run._id }, 'search could not learn from a successful run'),
        ),
  });
  return {
    auth: new AuthService(authStore, { enabled: config.authEnabled }, events),
    memoryStore,
    memories: new MemoryService(memoryStore, historyStore, events, config, storageQuota, searchLearning, artifactStore),
    history: new MemoryHistoryService(memoryStore, historyStore, events, storageQuota),
    protocols: new ProtocolService(memoryStore, historyStore, events, config, storageQuota, searchLearning, artifactStore),
    runs,
    search: new SearchService(new SearchStore(db, usageStore), semanticIndex, config.searchLearning ? searchLearning : null, (error) =>
      log.warn({ err: error }, 'a search request could not be kept for learning'),
    ),
    searchLearning,
    semanticIndex,
    searchSync,
    vectorSearch,
    proposals,
    memoryContext: new MemoryContextService(projectMemory, (space, principalId) => proposals.ensureSeeded(space, principalId)),
    signingKeys,
    transcripts: new TranscriptService(runStore, signingKeys),
    exports: new ExportService(
      runs,
      sizeStats,
      { secret: config.signingSecret, inlineMaxBytes: config.exportInlineMaxBytes, responseBudgetBytes: config.responseBudgetBytes },
      searchLearning,
      artifacts,
    ),
    responseSizes: new ResponseSizes(sizeStats),
    activations: new ActivationService(activationStore),
    protocolMoves: new ProtocolMoveService(memoryStore, historyStore, events, learnedTriggers, storageQuota, artifactStore),
    artifacts,
  };
}

/** The configured provider; one that cannot start leaves search lexical-only rather than the server down. */
async function startEmbeddings(config: AppConfig, log: Logger): Promise<EmbeddingProvider | null> {
  const started = Date.now();
  try {
    const { provider, converted } = await createEmbeddingProvider(config);
    if (provider)
      log.info(
        { model: provider.modelId, dimensions: provider.dimensions, ms: Date.now() - started, converted },
        'search embeddings ready',
      );
    return provider;
  } catch (error) {
    log.error(
      { embeddings: config.embeddings, error: error instanceof Error ? error.message : String(error) },
      'search embeddings could not start: search is lexical only',
    );
    return null;
  }
}

/**
 * Atlas `$vectorSearch` where the deployment has search indexes (KAIROS_VECTOR_SEARCH): vectors are
 * also written in Atlas's form, the index is created, and the in-process index answers until it
 * is queryable. Anything that fails here leaves the in-process index in charge.
 */
async function startVectorSearch(
  config: AppConfig,
  db: Db,
  vectorStore: VectorStore,
  semanticIndex: SemanticIndex,
  log: Logger,
): Promise<Services['vectorSearch']> {
  const provider = semanticIndex.provider;
  if (!provider) return { mode: 'LOCAL', reason: 'embeddings are off', source: null };
  await vectorStore.ensureIndexes();
  const atlas = new AtlasVectorSearch(db);
  const choice = await detectVectorSearch(config.vectorSearch, atlas);
  if (choice.mode === 'LOCAL') {
    if (config.vectorSearch === 'atlas')
      log.warn(
        { reason: choice.reason },
        'KAIROS_VECTOR_SEARCH=atlas but this deployment has no search indexes: nearest vectors come from the in-process index',
      );
    return { ...choice, source: null };
  }
  const source = new AtlasVectorSource(atlas, provider.dimensions, log);
  try {
    vectorStore.writeSearchVectors = true;
    await source.start(provider.modelId);
  } catch (error) {
    vectorStore.writeSearchVectors = false;
    log.warn(
      { error: error instanceof Error ? error.message : String(error) },
      'could not create the Atlas vector search index: nearest vectors come from the in-process index',
    );
    return { mode: 'LOCAL', reason: 'creating the Atlas vector search index failed', source: null };
  }
  semanticIndex.useNearestSource(source);
  log.info({ reason: choice.reason }, 'nearest vectors come from Atlas $vectorSearch once its index is queryable');
  return { ...choice, source };
}
