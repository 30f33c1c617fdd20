/**
 * Chooses where nearest-vector candidates come from (KAIROS_VECTOR_SEARCH): Atlas `$vectorSearch`
 * where the deployment has search indexes, else the in-process index. On the Atlas path the
 * server creates the index, keeps asking whether it is queryable, and until then (or when a query
 * fails) search uses the in-process index. Untested against a real Atlas (docs/search.md).
 */
import type { VectorSearchSetting } from '../../config.js';
import type { NearestChain } from '../../store/atlas-vector-search.js';
import type { NearestVectorSource, SemanticIndexLog } from './semantic-index.js';

export const VECTOR_SEARCH_MODES = ['ATLAS', 'LOCAL'] as const;
export type VectorSearchMode = (typeof VECTOR_SEARCH_MODES)[number];

/** How often the server asks whether a building index has become queryable. */
const QUERYABLE_POLL_MS = 30_000;

/** The store side (src/store/atlas-vector-search.ts), as this service uses it. */
export interface AtlasVectorStore {
  listIndexes(): Promise<unknown[]>;
  ensureIndex(dimensions: number): Promise<'QUERYABLE' | 'BUILDING'>;
  queryable(dimensions: number): Promise<boolean>;
  nearest(query: Float32Array, spaces: readonly string[], limit: number, model: string): Promise<NearestChain[]>;
  fillSearchVectors(model: string): Promise<number>;
}

export interface VectorSearchChoice {
  mode: VectorSearchMode;
  /** Why, in a line for the log. */
  reason: string;
}

/** `local` never asks; `auto` and `atlas` ask the deployment whether it lists search indexes. */
export async function detectVectorSearch(
  setting: VectorSearchSetting,
  store: Pick<AtlasVectorStore, 'listIndexes'>,
): Promise<VectorSearchChoice> {
  if (setting === 'local') return { mode: 'LOCAL', reason: 'KAIROS_VECTOR_SEARCH=local' };
  try {
    await store.listIndexes();
    return { mode: 'ATLAS', reason: 'the deployment lists search indexes' };
  } catch (error) {
    return { mode: 'LOCAL', reason: `the deployment has no search indexes (${error instanceof Error ? error.message : String(error)})` };
  }
}

export class AtlasVectorSource implements NearestVectorSource {
  private queryableNow = false;
  private poll: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: AtlasVectorStore,
    private readonly dimensions: number,
    private readonly log: SemanticIndexLog,
  ) {}

  get ready(): boolean {
    return this.queryableNow;
  }

  /** Creates (or redefines) the index; until it is queryable, asks again every `QUERYABLE_POLL_MS`. */
  async start(model: string): Promise<void> {
    this.queryableNow = (await this.store.ensureIndex(this.dimensions)) === 'QUERYABLE';
    void this.store.fillSearchVectors(model).then(
      (filled) => filled > 0 && this.log.info({ vectors: filled }, 'wrote the Atlas search form of stored vectors'),
      (error: unknown) =>
        this.log.warn({ error: String(error) }, 'could not write the Atlas search form of stored vectors: retried at the next start'),
    );
    if (this.queryableNow) return;
    this.log.info({}, 'the Atlas vector search index is building: the in-process index answers until it is queryable');
    this.pollUntilQueryable();
  }

  private pollUntilQueryable(): void {
    if (this.poll) return;
    this.poll = setInterval(() => void this.checkQueryable(), QUERYABLE_POLL_MS);
    this.poll.unref();
  }

  async checkQueryable(): Promise<boolean> {
    try {
      this.queryableNow = await this.store.queryable(this.dimensions);
    } catch (error) {
      this.log.warn({ error: String(error) }, 'could not ask whether the Atlas vector search index is queryable');
    }
    if (this.queryableNow && this.poll) {
      clearInterval(this.poll);
      this.poll = null;
      this.log.info({}, 'the Atlas vector search index is queryable: nearest vectors come from $vectorSearch');
    }
    return this.queryableNow;
  }

  /**
   * A query that fails takes the source out until the index answers as queryable again, so the
   * searches meanwhile use the in-process index at once instead of each waiting on Atlas first.
   */
  async nearest(query: Float32Array, spaces: readonly string[], limit: number, model: string): Promise<NearestChain[]> {
    try {
      return await this.store.nearest(query, spaces, limit, model);
    } catch (error) {
      if (this.queryableNow) {
        this.queryableNow = false;
        this.log.warn(
          { error: String(error) },
          'Atlas $vectorSearch failed: the in-process index answers until the index is queryable again',
        );
        this.pollUntilQueryable();
      }
      throw error;
    }
  }

  stop(): void {
    if (this.poll) clearInterval(this.poll);
    this.poll = null;
  }
}
