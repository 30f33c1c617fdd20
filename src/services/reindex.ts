import type { VectorStore } from '../store/vector-store.js';
import type { SemanticIndex } from '../search/indexes/semantic-index.js';

export interface ReindexProgress {
  done: number;
  total: number;
}

/**
 * Re-embeds every protocol step with the index's provider (the `reindex` CLI command). The state
 * is marked incomplete first, so a server started meanwhile stays lexical-only; a running server
 * in the STALE state notices the end and loads the new vectors.
 */
export async function reindexAll(
  index: SemanticIndex,
  store: VectorStore,
  onProgress: (progress: ReindexProgress) => void,
  batchSize = 200,
): Promise<ReindexProgress> {
  const provider = index.provider;
  if (!provider) throw new Error('embeddings are off (KAIROS_EMBEDDINGS=off): nothing to re-index');
  await store.ensureIndexes();
  await store.writeState(provider.modelId, provider.dimensions, false);
  const total = await store.countProtocolSteps();
  let done = 0;
  let after: string | null = null;
  onProgress({ done, total });
  for (;;) {
    const page = await store.stepsPage(after, batchSize);
    if (page.length === 0) break;
    await store.upsertVectors(await index.embedSteps(page.filter((step) => step.chain)), provider.modelId);
    after = page[page.length - 1]!._id;
    done += page.length;
    onProgress({ done: Math.min(done, total), total: Math.max(total, done) });
  }
  await store.deleteOrphansAndOtherModels(provider.modelId);
  await store.writeState(provider.modelId, provider.dimensions, true);
  return { done, total: Math.max(total, done) };
}
