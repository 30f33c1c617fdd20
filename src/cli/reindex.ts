/**
 * `kairos-graphql reindex`: re-embeds every protocol step with the embedding provider the
 * settings name (KAIROS_EMBEDDINGS and friends, as the server reads them), straight in the
 * database (MONGODB_URI/MONGODB_DB). A progress bar goes to stderr. A running server keeps
 * searching (lexical only, if its stored vectors were made by another model) and switches to
 * the new vectors by itself when this finishes.
 */
import { CliError } from './server-client.js';

const BAR_WIDTH = 30;

export function progressBar(done: number, total: number): string {
  const fraction = total === 0 ? 1 : Math.min(1, done / total);
  const filled = Math.round(fraction * BAR_WIDTH);
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${String(Math.round(fraction * 100)).padStart(3)}% ${done}/${total} steps`;
}

export async function reindexCommand(
  out: (line: string) => void,
  err: (text: string) => void = (text) => process.stderr.write(text),
): Promise<number> {
  const { resolveDatabase } = await import('../../engine/resolve-database.js');
  const { connectMongo } = await import('../store/mongo.js');
  const { loadConfig } = await import('../config.js');
  const { createEmbeddingProvider } = await import('../search/embeddings/create-provider.js');
  const { VectorStore } = await import('../store/vector-store.js');
  const { SemanticIndex } = await import('../search/indexes/semantic-index.js');
  const { reindexAll } = await import('../services/reindex.js');
  const { SearchChangeStore } = await import('../store/search-change-store.js');
  const { AtlasVectorSearch } = await import('../store/atlas-vector-search.js');
  const { detectVectorSearch } = await import('../search/indexes/atlas-vector-source.js');
  const config = loadConfig();
  let provider;
  try {
    provider = (await createEmbeddingProvider(config)).provider;
  } catch (error) {
    throw new CliError(`embeddings could not start: ${error instanceof Error ? error.message : String(error)}`, 1);
  }
  if (!provider) throw new CliError('KAIROS_EMBEDDINGS=off: there is nothing to re-index', 2);
  const database = await resolveDatabase({ log: (line) => console.error(line) });
  const mongo = await connectMongo(database.uri, config.mongoDbName);
  try {
    const store = new VectorStore(mongo.db);
    await store.ensureIndexes();
    // Where the server reads vectors through Atlas $vectorSearch, the re-index writes their Atlas form too.
    store.writeSearchVectors = (await detectVectorSearch(config.vectorSearch, new AtlasVectorSearch(mongo.db))).mode === 'ATLAS';
    const index = new SemanticIndex(store, provider, { info: () => {}, warn: () => {} });
    const interactive = process.stderr.isTTY === true;
    let lastPercent = -1;
    const started = Date.now();
    const result = await reindexAll(index, store, ({ done, total }) => {
      const percent = total === 0 ? 100 : Math.floor((100 * done) / total);
      // On a terminal the bar redraws in place; in a log, one line per 10%.
      if (interactive) err(`\r${progressBar(done, total)}`);
      else if (percent >= lastPercent + 10 || percent === 100) err(`${progressBar(done, total)}\n`);
      if (percent >= lastPercent + 10 || percent === 100) lastPercent = percent;
    });
    if (interactive) err('\n');
    // Running servers re-read every space at their next stamp check (docs/scale-out.md).
    await new SearchChangeStore(mongo.db).bump(await store.spacesWithVectors());
    out(
      `Re-indexed ${result.done} protocol steps with ${provider.modelId} (${provider.dimensions} dimensions) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    return 0;
  } finally {
    await mongo.close();
    await database.stop();
  }
}
