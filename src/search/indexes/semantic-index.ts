// Over 400 lines: four jobs (state, write follow-ups, backfill and repair, queries) over one index map; to split.
/**
 * Keeps every protocol step's search vector in step with the memories and answers the dense half
 * of hybrid search. Vectors live in the database (src/store/vector-store.ts) and, per space, in
 * an in-process index rebuilt from it at start (src/search/vector-index.ts).
 *
 * States: `READY` (dense ranking on), `STALE` (the stored vectors were made by another model:
 * lexical only until `kairos-graphql reindex` has finished; checked every `STALE_POLL_MS`),
 * `OFF` (KAIROS_EMBEDDINGS=off). Steps without a vector (a database from before vectors, or an
 * embed that failed) are filled in the background after start.
 */
import { EmbeddingsUnavailableError } from '../embeddings/circuit-breaker.js';
import type { EmbeddingProvider, EmbedOptions, StepTerms } from '../embeddings/provider.js';
import { combineFieldVectors, DESCRIBED_FIELDS, describeStep, TERM_FIELD_WEIGHTS, type DescribedField } from '../step-description.js';
import { SpaceVectorIndex, type ChainSimilarity } from '../vector-index.js';
import { readSnapshot, writeSnapshot } from '../vector-snapshot.js';
import type { LexicalHead } from '../lexical-index.js';
import { LexicalIndexes, type LexicalSpaceHit } from './lexical-indexes.js';
import type { ChainKey, MemoryEdit, MemoryWrite } from '../../store/memory-store.js';
import type { EmbeddableStep, StepVector, VectorStore } from '../../store/vector-store.js';

export const SEMANTIC_INDEX_STATES = ['OFF', 'STALE', 'READY'] as const;
export type SemanticIndexState = (typeof SEMANTIC_INDEX_STATES)[number];

const STALE_POLL_MS = 10_000;
const BACKFILL_BATCH = 500;
/** Chains re-read per query when a whole space is re-read. */
const RELOAD_SLICE = 500;

const chainKeyOf = (key: ChainKey) => `${key.space}\u0000${key.chainId}`;

function uniqueChains(keys: readonly ChainKey[]): ChainKey[] {
  return [...new Map(keys.map((key) => [chainKeyOf(key), key])).values()];
}
/** Below this many vectors the engine read is quick: no local snapshot is written. */
export const SNAPSHOT_MIN_VECTORS = 2_000;
/**
 * Vectors carry their writer's clock: a snapshot counts as holding what was written up to this
 * long before it was taken, so a write in flight, or from a host whose clock is behind by less
 * (NTP keeps hosts far closer), is still read back. Longer margins re-read a bulk load's last
 * minutes at every start.
 */
const CLOCK_MARGIN_MS = 5_000;

export const VECTOR_SOURCES = ['SNAPSHOT', 'ENGINE'] as const;
/** Where the vectors came from at start: the local snapshot (plus what was written since) or the engine alone. */
export type VectorSource = (typeof VECTOR_SOURCES)[number];

export interface SemanticIndexOptions {
  /** The data directory holding the local snapshot of the vectors (src/search/vector-snapshot.ts); none: always read from the engine. */
  snapshotDir?: string | null;
  snapshotMinVectors?: number;
  /** How long a search waits for its query vector before ranking by words alone. */
  searchTimeoutMs?: number;
  /** How long a write waits for its vectors before leaving them to the background repair. */
  writeTimeoutMs?: number;
}

export interface SemanticIndexLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface DenseHit extends ChainSimilarity {
  space: string;
}

/** Nearest-vector candidates answered outside this process (src/search/indexes/atlas-vector-source.ts). */
export interface NearestVectorSource {
  readonly ready: boolean;
  nearest(query: Float32Array, spaces: readonly string[], limit: number, model: string): Promise<DenseHit[]>;
}

/** A write whose vectors could not be stored is embedded again after this long, doubling while it fails. */
export const VECTOR_REPAIR_FIRST_DELAY_MS = 5_000;
const VECTOR_REPAIR_MAX_DELAY_MS = 10 * 60_000;

export class SemanticIndex {
  private spaces = new Map<string, SpaceVectorIndex>();
  /** The stored vectors and notices of the writes told so far, one after another in write order. */
  private trailing: Promise<void> = Promise.resolve();
  /** The in-process lexical index per space, kept whatever the provider. */
  private readonly lexical: LexicalIndexes;
  private stateValue: SemanticIndexState;
  private stalePoll: NodeJS.Timeout | null = null;
  /** Settles when the background fill of missing vectors is done (tests and the bench wait on it). */
  backfilled: Promise<void> = Promise.resolve();
  private readonly refreshedListeners: ((chains: ChainKey[]) => Promise<void>)[] = [];
  private nearestSource: NearestVectorSource | null = null;
  /** How the vectors were loaded at start (null before, or without a provider). */
  vectorSource: VectorSource | null = null;
  /** The database's snapshot id and the instant up to which the index holds every stored vector. */
  private synced: { instanceId: string; syncedAt: number } | null = null;
  /** The index changed since the snapshot was written. */
  private dirty = false;
  /** While the index catches up with the database: the memory ids this process wrote meanwhile. */
  private writtenDuringCatchUp: Set<string> | null = null;
  /** Chains whose vectors a write could not store (the embeddings endpoint or the database failed): embedded again later. */
  private readonly vectorRepair = new Map<string, ChainKey>();
  private vectorRepairTimer: NodeJS.Timeout | null = null;
  private vectorRepairDelayMs = VECTOR_REPAIR_FIRST_DELAY_MS;
  private stopped = false;

  constructor(
    private readonly store: VectorStore,
    readonly provider: EmbeddingProvider | null,
    private readonly log: SemanticIndexLog,
    private readonly options: SemanticIndexOptions = {},
  ) {
    this.stateValue = provider ? 'STALE' : 'OFF';
    this.lexical = new LexicalIndexes(store, log);
  }

  get state(): SemanticIndexState {
    return this.stateValue;
  }

  /** Dense ranking answers now: vectors ready, and the embeddings endpoint (when remote) not failing. */
  get denseAvailable(): boolean {
    return this.stateValue === 'READY' && !!this.provider && !this.provider.circuit?.refusing;
  }

  /** For `/healthz`: whether a remote embeddings endpoint answers (`down` while its circuit is open); null for local providers. */
  get embeddingsHealth(): 'up' | 'down' | null {
    const circuit = this.provider?.circuit;
    if (!circuit) return null;
    return circuit.state === 'CLOSED' ? 'up' : 'down';
  }

  /** Vectors held in process, over all spaces. */
  get size(): number {
    let total = 0;
    for (const index of this.spaces.values()) total += index.size;
    return total;
  }

  /** True once the lexical index is built: searches no longer ask the engine's text index. */
  get lexicalReady(): boolean {
    return this.lexical.ready;
  }

  /** Settles when the lexical index is built (or its build failed); searches use `$text` until then. */
  get lexicalBuilt(): Promise<void> {
    return this.lexical.built;
  }

  /**
   * Builds the lexical index from the protocol steps, then loads the stored vectors of the current
   * model; with another model's vectors stored, dense ranking stays STALE.
   */
  async start(): Promise<void> {
    // Built in the background, beside the vectors: it mostly waits on the engine's reads, which the
    // vectors' load (from the local snapshot, mostly CPU) overlaps. Until it is ready, search asks
    // the engine's text index (always current).
    this.lexical.build();
    await this.startVectors();
  }

  private async startVectors(): Promise<void> {
    const provider = this.provider;
    if (!provider) return;
    await this.store.ensureIndexes();
    const state = await this.store.readState();
    if (state && (state.model !== provider.modelId || !state.complete) && (await this.store.countOfModel(state.model)) > 0) {
      this.log.warn(
        { stored: state.model, configured: provider.modelId, complete: state.complete },
        'search vectors were made by another embedding model (or a re-index did not finish): search is lexical only until `kairos-graphql reindex` is run',
      );
      this.pollUntilReindexed();
      return;
    }
    if (!state || state.model !== provider.modelId) await this.store.writeState(provider.modelId, provider.dimensions, true);
    if (!(await this.loadSnapshot())) await this.loadVectors();
    this.stateValue = 'READY';
    this.backfilled = this.backfill()
      .then(() => this.saveSnapshot())
      .catch((error: unknown) =>
        this.log.warn({ error: String(error) }, 'filling in missing search vectors failed; retried at the next start'),
      );
  }

  stop(): void {
    this.stopped = true;
    if (this.stalePoll) clearInterval(this.stalePoll);
    this.stalePoll = null;
    if (this.vectorRepairTimer) clearTimeout(this.vectorRepairTimer);
    this.vectorRepairTimer = null;
    this.lexical.stop();
  }

  /** Called with the chains of each local write once this index and the stored vectors hold it (search-index-sync.ts tells the other processes). */
  onRefreshed(listener: (chains: ChainKey[]) => Promise<void>): void {
    this.refreshedListeners.push(listener);
  }

  /** At shutdown: stops polling and writes the local snapshot when the index changed since the last. */
  async close(): Promise<void> {
    this.stop();
    await this.trailing;
    await this.backfilled;
    await this.saveSnapshot();
  }

  /**
   * Loads the local snapshot when it belongs to this database and model, then reads from the
   * engine what was written since it was taken; when the counts still disagree (vectors deleted
   * meanwhile), drops what the database no longer holds. False: no usable snapshot (read the engine).
   */
  private async loadSnapshot(): Promise<boolean> {
    const dir = this.options.snapshotDir;
    const provider = this.provider!;
    if (!dir) return false;
    const instanceId = await this.store.instanceId();
    const syncedAt = Date.now() - CLOCK_MARGIN_MS;
    this.synced = { instanceId, syncedAt };
    const snapshot = await readSnapshot(dir, instanceId);
    if (
      !snapshot ||
      snapshot.header.instanceId !== instanceId ||
      snapshot.header.model !== provider.modelId ||
      snapshot.header.dimensions !== provider.dimensions
    )
      return false;
    this.spaces = new Map(snapshot.spaces.map(({ space, rows }) => [space, SpaceVectorIndex.fromRows(provider.dimensions, rows)]));
    const changed = await this.catchUp(snapshot.header.syncedAt);
    if (changed === null) return false;
    this.dirty = changed > 0;
    this.vectorSource = 'SNAPSHOT';
    return true;
  }

  /**
   * Brings the index up to what the database holds: the vectors updated after `since` are
   * re-read; when the counts then differ, what the database no longer holds is dropped. The
   * number of changes, or null when the counts still differ (the index must be read whole).
   */
  private async catchUp(since: number): Promise<number | null> {
    const model = this.provider!.modelId;
    let changed = 0;
    // A write of this process answered meanwhile is newer than what the reads below may return.
    const written = (this.writtenDuringCatchUp = new Set());
    try {
      for await (const batch of this.store.vectorsOfModel(model, 5_000, new Date(since))) {
        for (const vector of batch) if (!written.has(vector.memoryId)) this.put(vector, false);
        changed += batch.length;
      }
      const stored = await this.store.countOfModel(model);
      if (this.size === stored) return changed;
      const ids = await this.store.idsOfModel(model);
      for (const index of this.spaces.values())
        for (const memoryId of index.memories()) if (!ids.has(memoryId) && !written.has(memoryId)) index.remove(memoryId);
      changed += 1;
      if (this.size !== stored && written.size === 0) {
        this.log.warn({ held: this.size, stored }, 'the search vectors held do not match the database: read from the engine instead');
        return null;
      }
      return changed;
    } finally {
      this.writtenDuringCatchUp = null;
    }
  }

  /** Writes the local snapshot (src/search/vector-snapshot.ts) when the index changed and is large enough to be worth it. */
  private async saveSnapshot(): Promise<void> {
    const dir = this.options.snapshotDir;
    const provider = this.provider;
    const synced = this.synced;
    if (!dir || !provider || !synced || !this.dirty || this.stateValue !== 'READY') return;
    if (this.size < (this.options.snapshotMinVectors ?? SNAPSHOT_MIN_VECTORS)) return;
    this.dirty = false;
    try {
      // What other processes wrote since the index was loaded is read now, at the stop, rather than at the next start.
      const syncedAt = Date.now() - CLOCK_MARGIN_MS;
      if ((await this.catchUp(synced.syncedAt)) === null) return;
      this.synced = { instanceId: synced.instanceId, syncedAt };
      const spaces = [...this.spaces].map(([space, index]) => ({ space, rows: index.export() }));
      await writeSnapshot(dir, {
        header: { instanceId: synced.instanceId, model: provider.modelId, dimensions: provider.dimensions, syncedAt },
        spaces,
      });
    } catch (error) {
      this.dirty = true;
      this.log.warn(
        { error: String(error) },
        'could not write the local search-vector snapshot: the next start reads the vectors from the engine',
      );
    }
  }

  /**
   * The MemoryStore write listener. Before the write answers, this process's indexes take it in:
   * an edit in place (tags shown on step 1, or one step's label and text counted and embedded
   * again), any other write by re-reading its chains. Storing the vectors and telling the other
   * processes trail the answer, in write order (`settled`).
   */
  readonly onMemoryWrite = async (write: MemoryWrite): Promise<void> => {
    if (!this.provider && !this.lexical.following && this.refreshedListeners.length === 0) return;
    let chains = uniqueChains(write.chains);
    let stored: () => Promise<void> = async () => {};
    try {
      const edited = await this.applyEdits(write.edits);
      const fromIds = await this.store.chainsOfMemories(write.memoryIds);
      const refreshed = await this.refreshChains([...write.chains, ...fromIds, ...edited.reread]);
      chains = uniqueChains([...refreshed.chains, ...edited.chains]);
      stored = async () => {
        await edited.store();
        await refreshed.store();
      };
    } catch (error) {
      // The write has committed. Until a rebuild succeeds this process searches with the engine's text index again (always current).
      this.lexical.fail();
      this.log.warn(
        { error: String(error) },
        'could not update the search index after a write; search uses the text index until the in-process index is rebuilt',
      );
    }
    if (chains.length === 0) return;
    this.trailing = this.trailing.then(async () => {
      await stored();
      // Other processes hear of the chains even when this process failed: they re-read them from the database themselves.
      for (const listener of this.refreshedListeners) {
        await listener(chains).catch((error: unknown) =>
          this.log.warn({ error: String(error) }, 'a search-index listener failed after a write'),
        );
      }
    });
  };

  /** Vectors a write could not embed or store, waiting for their retry on a timer (tests and the bench wait them out). */
  hasPendingRepairs(): boolean {
    return this.vectorRepair.size > 0;
  }

  /** Settles once the stored vectors and notices of every write told so far are done (shutdown, tests). */
  settled(): Promise<void> {
    return this.trailing;
  }

  /**
   * Edits in place: a step whose label or text changed is counted and embedded again alone; a
   * step 1 whose tags changed is shown anew; nothing else an edit changes is searched or shown.
   * Chains the lexical index does not hold in place are handed back to be re-read.
   */
  private async applyEdits(edits: readonly MemoryEdit[]): Promise<{ chains: ChainKey[]; reread: ChainKey[]; store: () => Promise<void> }> {
    const searched = (edit: MemoryEdit) => edit.fields.includes('TEXT') || edit.fields.includes('LABEL');
    const shown = edits.filter(
      (edit) => edit.memory.chain && (searched(edit) || (edit.memory.chain.stepIndex === 1 && edit.fields.includes('TAGS'))),
    );
    const none = { chains: [], reread: [], store: async () => {} };
    if (shown.length === 0) return none;
    const chains = uniqueChains(shown.map((edit) => ({ space: edit.memory.space, chainId: edit.memory.chain!.chainId })));
    const reread = await this.lexical.editSteps(shown.map((edit) => ({ step: edit.memory, searched: searched(edit) })));
    const provider = this.provider;
    const rereadKeys = new Set(reread.map(chainKeyOf));
    const embedded = shown.filter(
      (edit) => searched(edit) && !rereadKeys.has(chainKeyOf({ space: edit.memory.space, chainId: edit.memory.chain!.chainId })),
    );
    if (!provider || embedded.length === 0) return { chains, reread, store: none.store };
    let vectors: StepVector[];
    try {
      vectors = await this.embedSteps(
        embedded.map((edit) => edit.memory),
        { timeoutMs: this.options.writeTimeoutMs },
      );
    } catch (error) {
      // As for a whole chain: found by its words until a repair embeds and stores it.
      this.log.warn(
        { error: String(error) },
        'could not embed search vectors after an edit; that protocol is found by its words only until they are stored (retried in the background)',
      );
      for (const edit of embedded)
        this.vectorRepair.set(chainKeyOf({ space: edit.memory.space, chainId: edit.memory.chain!.chainId }), {
          space: edit.memory.space,
          chainId: edit.memory.chain!.chainId,
        });
      this.scheduleVectorRepair();
      return { chains, reread, store: none.store };
    }
    for (const vector of vectors) this.put(vector);
    const keys = uniqueChains(vectors.map((vector) => ({ space: vector.space, chainId: vector.chainId })));
    return { chains, reread, store: () => this.storeVectors(keys, vectors, provider.modelId, false) };
  }

  /** Stores vectors this process already holds; what fails is embedded and stored again later. */
  private async storeVectors(
    keys: readonly ChainKey[],
    vectors: readonly StepVector[],
    model: string,
    wholeChains: boolean,
  ): Promise<void> {
    try {
      if (wholeChains) await this.store.replaceChainVectors(keys, vectors, model);
      else await this.store.upsertVectors(vectors, model);
      // A later write stored them: nothing left to repair (and a repair could store older steps' vectors).
      if (wholeChains) for (const key of keys) this.vectorRepair.delete(chainKeyOf(key));
    } catch (error) {
      // The write has committed; other processes find the protocol by its words until its vectors are stored.
      this.log.warn({ error: String(error) }, 'could not store search vectors after a write; retried in the background');
      for (const key of keys) this.vectorRepair.set(chainKeyOf(key), key);
      this.scheduleVectorRepair();
    }
  }

  /** The query's unit vector, or null when dense ranking is not available now. */
  async embedQuery(text: string): Promise<Float32Array | null> {
    if (!this.denseAvailable) return null;
    try {
      const [vector] = await this.provider!.embed([text], { timeoutMs: this.options.searchTimeoutMs });
      return vector && vector.some((value) => value !== 0) ? vector : null;
    } catch (error) {
      if (error instanceof EmbeddingsUnavailableError) return null;
      this.log.warn({ error: String(error) }, 'embedding the search query failed: this search is lexical only');
      return null;
    }
  }

  /** Another source of nearest-vector candidates (Atlas `$vectorSearch`), used while it says it is ready. */
  useNearestSource(source: NearestVectorSource): void {
    this.nearestSource = source;
  }

  /** The `limit` closest protocols per space: from the nearest source when it is ready, else (or when it fails) in process. */
  async nearestCandidates(query: Float32Array, spaces: readonly string[], limit: number): Promise<DenseHit[]> {
    const source = this.nearestSource;
    if (source?.ready && this.provider) {
      try {
        return await source.nearest(query, spaces, limit, this.provider.modelId);
      } catch (error) {
        this.log.warn({ error: String(error) }, 'vector search in the database failed: this search used the in-process index');
      }
    }
    return this.nearest(query, spaces, limit);
  }

  /** The `limit` closest protocols per space, best step each. */
  nearest(query: Float32Array, spaces: readonly string[], limit: number): DenseHit[] {
    return spaces.flatMap((space) => (this.spaces.get(space)?.search(query, limit) ?? []).map((hit) => ({ ...hit, space })));
  }

  /** The dense similarity of given chains (those the lexical ranker found). */
  similarities(query: Float32Array, chains: readonly ChainKey[]): DenseHit[] {
    return chains.flatMap((key) =>
      (this.spaces.get(key.space)?.similarities(query, [key.chainId]) ?? []).map((hit) => ({ ...hit, space: key.space })),
    );
  }

  /** Soft term-match scores (0..1) of the given chains, when the provider matches words (built-in); else null. */
  termScores(queryText: string, chains: readonly ChainKey[]): Map<string, number> | null {
    const matcher = this.provider?.termMatcher;
    if (!matcher || this.stateValue !== 'READY') return null;
    const keys: string[] = [];
    const protocols: StepTerms[][] = [];
    for (const key of chains) {
      const terms = this.spaces.get(key.space)?.termsOfChain(key.chainId) ?? [];
      if (terms.length === 0) continue;
      keys.push(`${key.space}\u0000${key.chainId}`);
      protocols.push(terms);
    }
    const scores = matcher.scoreAll(queryText, protocols);
    return new Map(keys.map((key, i) => [key, scores[i]!]));
  }

  /** Every chain of a space when it has at most `limit` (small spaces are term-matched whole). */
  allChains(space: string, limit: number): ChainKey[] | null {
    const index = this.spaces.get(space);
    if (!index) return [];
    return index.chainCount <= limit ? index.chains().map((chainId) => ({ space, chainId })) : null;
  }

  /** Embeds steps: every field of every step in one provider call, combined per step. */
  async embedSteps(steps: readonly EmbeddableStep[], options: EmbedOptions = {}): Promise<StepVector[]> {
    const provider = this.provider;
    if (!provider || steps.length === 0) return [];
    const described = steps.map(describeStep);
    // Title and triggers repeat on every step of a chain: each distinct text is embedded once.
    const distinct = [...new Set(described.flatMap((fields) => DESCRIBED_FIELDS.map((field) => fields[field])))];
    const vectors = await provider.embed(distinct, options);
    const vectorOf = new Map(distinct.map((text, i) => [text, vectors[i]!]));
    return steps.map((step, i) => {
      const fields = Object.fromEntries(DESCRIBED_FIELDS.map((field) => [field, vectorOf.get(described[i]![field])!])) as Record<
        DescribedField,
        Float32Array
      >;
      const terms = provider.termMatcher?.termsOf(
        DESCRIBED_FIELDS.map((field) => ({ text: described[i]![field], weight: TERM_FIELD_WEIGHTS[field] })),
      );
      return {
        memoryId: step._id,
        space: step.space,
        chainId: step.chain!.chainId,
        vector: combineFieldVectors(fields, provider.dimensions),
        ...(terms ? { terms } : {}),
      };
    });
  }

  /** The `limit` best protocols by words over the given spaces (null until the lexical index is built). */
  lexicalSearch(
    terms: readonly string[],
    spaces: readonly string[],
    limit: number,
    exclude: { space: string; slugs: readonly string[] },
  ): LexicalSpaceHit[] | null {
    return this.lexical.search(terms, spaces, limit, exclude);
  }

  /** The memory id of a protocol's step 1, when the lexical index holds it. */
  headIdOf(space: string, chainId: string): string | null {
    return this.lexical.headIdOf(space, chainId);
  }

  /** What an answer shows of a protocol's step 1, when the lexical index holds it (by chain, or by the head's memory id). */
  headOf(space: string, key: { chainId: string } | { headId: string }): LexicalHead | null {
    return this.lexical.headOf(space, key);
  }

  /**
   * Re-reads whole chains from what is stored now into the lexical index and (with a provider)
   * embeds them into the vector index. Answers the chains, and the storing of their vectors.
   */
  private async refreshChains(keys: readonly ChainKey[]): Promise<{ chains: ChainKey[]; store: () => Promise<void> }> {
    const provider = this.provider;
    const unique = uniqueChains(keys);
    const nothing = async () => {};
    if (unique.length === 0) return { chains: unique, store: nothing };
    const steps = (await this.store.stepsOfChains(unique)).filter((step) => step.chain);
    await this.lexical.fromStored(unique, steps);
    if (!provider) return { chains: unique, store: nothing };
    try {
      const vectors = await this.embedSteps(steps, { timeoutMs: this.options.writeTimeoutMs });
      this.replaceChainsInIndex(unique, vectors);
      return { chains: unique, store: () => this.storeVectors(unique, vectors, provider.modelId, true) };
    } catch (error) {
      // The write has committed; the protocol is found by its words until its vectors are stored.
      this.log.warn(
        { error: String(error) },
        'could not embed search vectors after a write; that protocol is found by its words only until they are stored (retried in the background)',
      );
      for (const key of unique) this.vectorRepair.set(chainKeyOf(key), key);
      this.scheduleVectorRepair();
      return { chains: unique, store: nothing };
    }
  }

  /** Embeds the chains of `vectorRepair` again after a delay that doubles while it fails (at most 10 minutes). */
  private scheduleVectorRepair(): void {
    if (this.vectorRepairTimer || this.stopped || this.vectorRepair.size === 0) return;
    const delay = this.vectorRepairDelayMs;
    this.vectorRepairDelayMs = Math.min(delay * 2, VECTOR_REPAIR_MAX_DELAY_MS);
    this.vectorRepairTimer = setTimeout(() => {
      this.vectorRepairTimer = null;
      void this.repairVectors();
    }, delay);
    this.vectorRepairTimer.unref();
  }

  private async repairVectors(): Promise<void> {
    const provider = this.provider;
    const keys = [...this.vectorRepair.values()];
    this.vectorRepair.clear();
    if (!provider || keys.length === 0 || this.stopped) return;
    try {
      const steps = (await this.store.stepsOfChains(keys)).filter((step) => step.chain);
      const vectors = await this.embedSteps(steps);
      await this.store.replaceChainVectors(keys, vectors, provider.modelId);
      this.replaceChainsInIndex(keys, vectors);
      this.vectorRepairDelayMs = VECTOR_REPAIR_FIRST_DELAY_MS;
      this.log.warn({ chains: keys.length }, 'stored the search vectors a write could not store');
      for (const listener of this.refreshedListeners) {
        await listener(keys).catch((error: unknown) =>
          this.log.warn({ error: String(error) }, 'a search-index listener failed after storing repaired vectors'),
        );
      }
    } catch (error) {
      for (const key of keys) this.vectorRepair.set(chainKeyOf(key), key);
      this.log.warn({ error: String(error), chains: keys.length }, 'could not store the search vectors a write missed: retried later');
    }
    this.scheduleVectorRepair();
  }

  /**
   * Re-reads chains another process wrote: their steps into the lexical index, their stored
   * vectors (the writer embedded them) into the vector index. Nothing is embedded here.
   */
  async applyStoredChains(keys: readonly ChainKey[]): Promise<void> {
    const unique = uniqueChains(keys);
    if (unique.length === 0) return;
    const model = this.stateValue === 'READY' ? this.provider?.modelId : undefined;
    const [steps, vectors] = await Promise.all([this.store.stepsOfChains(unique), model ? this.store.vectorsOfChains(unique, model) : []]);
    await this.lexical.fromStored(
      unique,
      steps.filter((step) => step.chain),
    );
    if (model) this.replaceChainsInIndex(unique, vectors);
  }

  /** Re-reads every chain of a space (a change this process missed), in slices. */
  async reloadSpace(space: string): Promise<void> {
    const held = [...(this.spaces.get(space)?.chains() ?? []), ...this.lexical.chainIds(space)];
    const chainIds = [...new Set([...(await this.store.chainIdsOfSpace(space)), ...held])];
    for (let start = 0; start < chainIds.length; start += RELOAD_SLICE) {
      await this.applyStoredChains(chainIds.slice(start, start + RELOAD_SLICE).map((chainId) => ({ space, chainId })));
    }
  }

  private replaceChainsInIndex(keys: readonly ChainKey[], vectors: readonly StepVector[]): void {
    for (const key of keys) {
      const index = this.spaces.get(key.space);
      for (const memoryId of index?.memoriesOfChain(key.chainId) ?? []) {
        index!.remove(memoryId);
        this.writtenDuringCatchUp?.add(memoryId);
      }
    }
    this.dirty = true;
    for (const vector of vectors) this.put(vector);
  }

  /** `ownWrite`: from this process's write hook or fill (a catch-up's reads must not overwrite it). */
  private put(vector: StepVector, ownWrite = true): void {
    this.dirty = true;
    if (ownWrite) this.writtenDuringCatchUp?.add(vector.memoryId);
    let index = this.spaces.get(vector.space);
    if (!index) this.spaces.set(vector.space, (index = new SpaceVectorIndex(vector.vector.length)));
    if (vector.vector.length === index.dimensions) index.upsert(vector.memoryId, vector.chainId, vector.vector, vector.terms);
  }

  private async loadVectors(): Promise<void> {
    const syncedAt = Date.now() - CLOCK_MARGIN_MS;
    this.spaces = new Map();
    for await (const batch of this.store.vectorsOfModel(this.provider!.modelId)) for (const vector of batch) this.put(vector);
    if (this.options.snapshotDir) this.synced = { instanceId: await this.store.instanceId(), syncedAt };
    this.vectorSource = 'ENGINE';
  }

  private async backfill(): Promise<void> {
    const model = this.provider!.modelId;
    let filled = 0;
    for (;;) {
      const missing = await this.store.stepsWithoutVector(model, BACKFILL_BATCH);
      if (missing.length === 0) break;
      const vectors = await this.embedSteps(missing.filter((step) => step.chain));
      if (vectors.length === 0) break;
      await this.store.upsertVectors(vectors, model);
      for (const vector of vectors) this.put(vector);
      filled += vectors.length;
    }
    if (filled) this.log.info({ steps: filled, model }, 'search vectors filled in for steps that had none');
  }

  /** While STALE: when a re-index with this model has finished, loads its vectors and turns dense ranking on. */
  async checkReindexed(): Promise<boolean> {
    if (this.stateValue !== 'STALE' || !this.provider) return this.stateValue === 'READY';
    const state = await this.store.readState();
    if (!state || state.model !== this.provider.modelId || !state.complete) return false;
    this.stop();
    await this.loadVectors();
    this.stateValue = 'READY';
    this.log.info({ model: state.model }, 'search vectors re-indexed: dense ranking is on');
    return true;
  }

  private pollUntilReindexed(): void {
    this.stalePoll = setInterval(() => void this.checkReindexed().catch(() => {}), STALE_POLL_MS);
    this.stalePoll.unref();
  }
}
