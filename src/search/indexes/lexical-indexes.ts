/**
 * The in-process lexical index of every space (src/search/lexical-index.ts), kept whatever the
 * embedding provider: built in the background at start (search asks the engine's `$text` until
 * it is ready), then kept in step with each write by re-reading the chains it touched.
 * SemanticIndex (semantic-index.ts) owns one and tells it of writes.
 */
import { SpaceLexicalIndex, type LexicalHead, type LexicalHit, type LexicalStep, weightedCountsInSlices } from '../lexical-index.js';
import type { ChainKey } from '../../store/memory-store.js';
import type { EmbeddableStep, VectorStore } from '../../store/vector-store.js';

/** Steps added at start between two turns of the event loop. */
const STEPS_PER_TURN = 200;
/** After a failed update the index is rebuilt after this long, doubling while rebuilds fail. */
export const REBUILD_FIRST_DELAY_MS = 5_000;
const REBUILD_MAX_DELAY_MS = 5 * 60_000;

export interface LexicalSpaceHit extends LexicalHit {
  space: string;
}

interface LexicalLog {
  warn(fields: object, message: string): void;
}

const keyOf = (space: string, chainId: string) => `${space}\u0000${chainId}`;

export class LexicalIndexes {
  private indexes = new Map<string, SpaceLexicalIndex>();
  private readyValue = false;
  /** While the index is being built: the chains written meanwhile, re-read before it turns ready. */
  private pending: Map<string, ChainKey> | null = null;
  private failed = false;
  /** Updates after writes: counted with turns of the event loop between, applied one after another in the order of the writes. */
  private queue: Promise<void> = Promise.resolve();
  /** Settles when the index is built (or its build failed). */
  built: Promise<void> = Promise.resolve();
  /** The rebuild scheduled after a failed update, and the delay of the next one should it fail too. */
  private rebuildTimer: NodeJS.Timeout | null = null;
  private rebuildDelayMs = REBUILD_FIRST_DELAY_MS;
  private stopped = false;
  private rebuilding = false;

  constructor(
    private readonly store: Pick<VectorStore, 'lexicalSteps' | 'stepsOfChains'>,
    private readonly log: LexicalLog,
  ) {}

  /** True once built: searches no longer ask the engine's text index. */
  get ready(): boolean {
    return this.readyValue;
  }

  /** Whether a write should be told: the index is ready or being built. */
  get following(): boolean {
    return this.readyValue || this.pending !== null;
  }

  /** Starts the build in the background (`built` settles when it is done). */
  build(): void {
    this.built = this.load();
  }

  /**
   * After a failed update (the write committed, re-reading it did not): searches ask the engine's
   * text index (always current) until a rebuild from the database succeeds. Rebuilds run in the
   * background, after 5 s and then twice as long each time one fails (at most 5 minutes apart).
   */
  fail(): void {
    this.readyValue = false;
    this.failed = true;
    this.scheduleRebuild();
  }

  /** At shutdown: no more rebuilds. */
  stop(): void {
    this.stopped = true;
    if (this.rebuildTimer) clearTimeout(this.rebuildTimer);
    this.rebuildTimer = null;
  }

  private scheduleRebuild(): void {
    if (this.rebuildTimer || this.stopped) return;
    const delay = this.rebuildDelayMs;
    this.rebuildDelayMs = Math.min(delay * 2, REBUILD_MAX_DELAY_MS);
    this.rebuildTimer = setTimeout(() => {
      this.rebuildTimer = null;
      // A build under way finishes first; this one follows it when still needed.
      void this.built.then(() => {
        if (this.readyValue || this.stopped) return;
        this.failed = false;
        this.rebuilding = true;
        this.build();
      });
    }, delay);
    this.rebuildTimer.unref();
  }

  /** Puts these chains' stored steps in (or takes them out, when they have none). */
  async fromStored(keys: readonly ChainKey[], steps: readonly EmbeddableStep[]): Promise<void> {
    if (this.readyValue) await this.update(keys, steps);
    else if (this.pending) for (const key of keys) this.pending.set(keyOf(key.space, key.chainId), key);
  }

  /**
   * Edited steps put in place one by one, after every update queued before them: `searched` when
   * the label or text changed (the step is counted again), else only a head's tags are shown
   * anew. Answers the chains it could not edit in place (not held): the caller re-reads those.
   */
  async editSteps(edits: readonly { step: EmbeddableStep; searched: boolean }[]): Promise<ChainKey[]> {
    if (!this.readyValue) {
      if (this.pending)
        for (const { step } of edits)
          if (step.chain) this.pending.set(keyOf(step.space, step.chain.chainId), { space: step.space, chainId: step.chain.chainId });
      return [];
    }
    const counted = Promise.all(
      edits
        .filter(({ step }) => step.chain)
        .map(async ({ step, searched }) => {
          const lexical = lexicalStepOf(step);
          return { step, lexical, counts: searched ? await weightedCountsInSlices(lexical) : null };
        }),
    );
    counted.catch(() => {});
    const missed = new Map<string, ChainKey>();
    const applied = this.queue.then(async () => {
      for (const { step, lexical, counts } of await counted) {
        if (!this.readyValue) continue;
        const index = this.indexOf(step.space);
        const chainId = lexical.chain.chainId;
        const done = counts
          ? index.replaceStep(lexical, counts)
          : lexical.chain.stepIndex !== 1 || index.retagHead(chainId, step._id, step.tags ?? []);
        if (!done) missed.set(keyOf(step.space, chainId), { space: step.space, chainId });
      }
    });
    this.queue = applied.catch(() => {});
    await applied;
    return [...missed.values()];
  }

  /** The `limit` best protocols by words over the given spaces (null until built). */
  search(
    terms: readonly string[],
    spaces: readonly string[],
    limit: number,
    exclude: { space: string; slugs: readonly string[] },
  ): LexicalSpaceHit[] | null {
    if (!this.readyValue) return null;
    const excluded = new Set(exclude.slugs);
    const hits = spaces.flatMap((space) =>
      (this.indexes.get(space)?.search(terms, limit, space === exclude.space ? (slug) => excluded.has(slug) : undefined) ?? []).map(
        (hit) => ({ ...hit, space }),
      ),
    );
    hits.sort(
      (a, b) =>
        b.rawTextScore - a.rawTextScore ||
        (a.space < b.space ? -1 : a.space > b.space ? 1 : a.chainId < b.chainId ? -1 : a.chainId > b.chainId ? 1 : 0),
    );
    return hits.slice(0, limit);
  }

  /** The memory id of a protocol's step 1, when held. */
  headIdOf(space: string, chainId: string): string | null {
    return this.readyValue ? (this.indexes.get(space)?.headIdOf(chainId) ?? null) : null;
  }

  /** What an answer shows of a protocol's step 1, when held (by chain, or by the head's memory id). */
  headOf(space: string, key: { chainId: string } | { headId: string }): LexicalHead | null {
    if (!this.readyValue) return null;
    const index = this.indexes.get(space);
    if (!index) return null;
    return 'chainId' in key ? index.headOf(key.chainId) : index.headById(key.headId);
  }

  /** The chains held for a space. */
  chainIds(space: string): Iterable<string> {
    return this.indexes.get(space)?.chainIds() ?? [];
  }

  private indexOf(space: string): SpaceLexicalIndex {
    let index = this.indexes.get(space);
    if (!index) this.indexes.set(space, (index = new SpaceLexicalIndex()));
    return index;
  }

  private async load(): Promise<void> {
    const pending = (this.pending = new Map());
    try {
      this.indexes = new Map();
      let added = 0;
      for await (const batch of readAhead(this.store.lexicalSteps())) {
        for (const step of batch) {
          this.indexOf(step.space).add(step, await weightedCountsInSlices(step));
          // Built while the server answers: a turn of the event loop every few milliseconds of work.
          if (++added % STEPS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
        }
      }
      // Chains written while the steps were read are re-read; no await between the last check and ready.
      while (pending.size) {
        const keys = [...pending.values()];
        pending.clear();
        const apply = await this.count(keys, await this.store.stepsOfChains(keys));
        apply();
      }
      this.readyValue = !this.failed;
    } catch (error) {
      this.indexes = new Map();
      this.log.warn(
        { error: String(error) },
        'could not build the in-process lexical index: search uses the text index until a rebuild succeeds',
      );
    } finally {
      this.pending = null;
    }
    if (this.readyValue) {
      if (this.rebuilding) this.log.warn({}, 'the in-process lexical index is rebuilt: search uses it again');
      this.rebuilding = false;
      this.rebuildDelayMs = REBUILD_FIRST_DELAY_MS;
    } else {
      this.scheduleRebuild();
    }
  }

  /** Tokenizes the chains' steps (yielding the loop on long texts); the function returned puts them in the index at once. */
  private async count(keys: readonly ChainKey[], steps: readonly EmbeddableStep[]): Promise<() => void> {
    const byChain = new Map<string, { steps: LexicalStep[]; counts: Map<string, number>[] }>(
      keys.map((key) => [keyOf(key.space, key.chainId), { steps: [], counts: [] }]),
    );
    for (const step of steps) {
      const chain = step.chain && byChain.get(keyOf(step.space, step.chain.chainId));
      if (!chain) continue;
      const lexical = lexicalStepOf(step);
      chain.steps.push(lexical);
      chain.counts.push(await weightedCountsInSlices(lexical));
    }
    return () => {
      for (const key of keys) {
        const chain = byChain.get(keyOf(key.space, key.chainId))!;
        this.indexOf(key.space).replaceChain(key.chainId, chain.steps, chain.counts);
      }
    };
  }

  /** Counts now, applies after every update queued before it (a later write's chains never go in before an earlier one's). */
  private update(keys: readonly ChainKey[], steps: readonly EmbeddableStep[]): Promise<void> {
    const counted = this.count(keys, steps);
    counted.catch(() => {}); // awaited below, perhaps after earlier updates: not an unhandled rejection meanwhile
    const applied = this.queue.then(async () => {
      const apply = await counted;
      if (this.readyValue) apply();
    });
    this.queue = applied.catch(() => {});
    return applied;
  }
}

/** The batches of `source`, the next one read while the caller works on the current (the engine's reply overlaps the counting). */
async function* readAhead<T>(source: AsyncGenerator<T>): AsyncGenerator<T> {
  let next = source.next();
  try {
    for (;;) {
      const current = await next;
      if (current.done) return;
      next = source.next();
      // A read that fails while the caller works is thrown at the next await above, not left unhandled.
      next.catch(() => {});
      yield current.value;
    }
  } finally {
    await source.return(undefined);
  }
}

function lexicalStepOf(step: EmbeddableStep): LexicalStep {
  return { memoryId: step._id, uri: step.uri, tags: step.tags ?? [], label: step.label, text: step.text, chain: step.chain! };
}
