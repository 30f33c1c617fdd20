/**
 * One server process for the search bench (bench/search-bench.ts): `seed N` writes N synthetic
 * protocols in the stores' own documents (see `seed`), `measure`
 * reports start-up time, idle RSS after a GC and search latency at the service. Prints one JSON line.
 * Run with `node --expose-gc --import tsx bench/search-probe.ts <mode> …` and MONGODB_URI/MONGODB_DB set.
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { localViewer } from '../src/auth/viewer.js';
import { createLogger } from '../src/observability/logger.js';
import { buildApp } from '../src/server.js';
import { MongoClient } from 'mongodb';
import type { SemanticIndex } from '../src/search/indexes/semantic-index.js';
import { memoryDocument, type MemoryRecord } from '../src/store/memory-store.js';
import { VectorStore, type StepVectorRecord } from '../src/store/vector-store.js';
import { INTENT_PROTOCOLS } from '../test/search/intent-corpus.js';
import { HELD_OUT_QUERIES, TUNING_QUERIES } from '../test/search/intent-queries.js';

const [mode = 'measure', countArg = '0'] = process.argv.slice(2);
const FILLER =
  'alpha bravo cobalt delta ember falcon granite harbor indigo juniper kestrel lumen maple nimbus orchid pepper quartz raven saffron tundra'.split(
    ' ',
  );

function syntheticProtocol(n: number, space: string, now: Date): MemoryRecord[] {
  const template = INTENT_PROTOCOLS[n % INTENT_PROTOCOLS.length]!;
  const tag = `${FILLER[n % FILLER.length]} ${FILLER[Math.floor(n / FILLER.length) % FILLER.length]} ${n}`;
  const title = `${template.title} (${tag})`;
  const chainId = randomUUID();
  return template.steps.map((step, index) => {
    const id = randomUUID();
    return {
      _id: id,
      uri: `kairos://mem/${id}`,
      space,
      label: step.heading,
      text: `${step.text} Applies to the ${tag} environment.`,
      tags: [],
      category: 'PROTOCOL_STEP',
      chain: {
        chainId,
        label: title,
        titleKey: title.toLowerCase(),
        stepIndex: index + 1,
        stepCount: template.steps.length,
        slug: `${template.slug}-${n}`,
        protocolVersion: null,
        triggers: template.triggers || null,
      },
      challenge: null,
      createdAt: now,
      createdBy: 'bench',
      updatedAt: now,
      updatedBy: 'bench',
      version: 1,
    };
  });
}

const SEED_BATCH = 1_000;
const SEED_IN_FLIGHT = 3;

/**
 * Writes `count` protocols straight through the driver, in the documents the stores write
 * (`memoryDocument`, `VectorStore.vectorDocument`, vectors made by `SemanticIndex.embedSteps`):
 * a mint per protocol would re-read and re-index each batch, and took over half an hour at 100,000.
 * Batches are embedded while earlier ones are inserted. The servers measured afterwards start
 * from the database as any server would.
 */
async function seed(index: SemanticIndex, count: number, space: string, now: Date): Promise<{ steps: number; vectors: number }> {
  const client = new MongoClient(process.env.MONGODB_URI!);
  const db = client.db(process.env.MONGODB_DB);
  const vectorStore = new VectorStore(db);
  const model = index.provider?.modelId;
  let steps = 0;
  let vectors = 0;
  const inFlight = new Set<Promise<void>>();
  try {
    for (let from = 0; from < count; from += SEED_BATCH) {
      const records = Array.from({ length: Math.min(SEED_BATCH, count - from) }, (_, i) => syntheticProtocol(from + i, space, now)).flat();
      const embedded = model ? await index.embedSteps(records) : [];
      steps += records.length;
      vectors += embedded.length;
      const write = Promise.all([
        db.collection<MemoryRecord>('memories').insertMany(records.map(memoryDocument), { ordered: false }),
        embedded.length
          ? db.collection<StepVectorRecord>('memory_vectors').insertMany(
              embedded.map((vector) => ({ _id: vector.memoryId, ...vectorStore.vectorDocument(vector, model!, now) })),
              { ordered: false },
            )
          : null,
      ]).then(() => {
        inFlight.delete(write);
      });
      inFlight.add(write);
      if (inFlight.size >= SEED_IN_FLIGHT) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  } finally {
    await client.close();
  }
  return { steps, vectors: vectors + index.size };
}

const WARMUP = 20;
/** SEARCH_BENCH_PROFILE=<file>: a CPU profile of the measured searches only (bench/profile-summary.ts reads it). */
const post = (session: Session, method: string) =>
  new Promise<unknown>((resolve, reject) => session.post(method, (error, result) => (error ? reject(error) : resolve(result))));
const SEARCHES = Number(process.env.SEARCH_BENCH_SEARCHES ?? 200);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const started = performance.now();
  const app = buildApp({ config: { port: 0, host: '127.0.0.1' }, log: createLogger('error') });
  const running = await app.start();
  const startMs = performance.now() - started;
  const services = running.services;
  // The lexical index is built in the background (search uses `$text` meanwhile): until it is ready.
  await services.semanticIndex.lexicalBuilt;
  const lexicalReadyMs = performance.now() - started;
  const viewer = localViewer();
  const space = viewer.readableSpaces.find((name) => name.startsWith('user:'))!;
  if (mode === 'seed') {
    const count = Number(countArg);
    const now = new Date();
    const seedStarted = performance.now();
    // The builtins' vectors are stored first: the writes below are not seen by this process's indexes.
    await services.semanticIndex.backfilled;
    const seeded = await seed(services.semanticIndex, count, space, now);
    console.log(JSON.stringify({ mode, protocols: count, seedMs: Math.round(performance.now() - seedStarted), ...seeded }));
  } else {
    await services.semanticIndex.backfilled;
    await new Promise((resolve) => setTimeout(resolve, 500));
    gc?.();
    const memory = process.memoryUsage();
    const queries = [...TUNING_QUERIES, ...HELD_OUT_QUERIES].map((q) => q.query);
    const timings: number[] = [];
    const profile = process.env.SEARCH_BENCH_PROFILE ? new Session() : null;
    for (let i = 0; i < WARMUP + SEARCHES; i++) {
      if (i === WARMUP && profile) {
        profile.connect();
        await post(profile, 'Profiler.enable');
        await post(profile, 'Profiler.start');
      }
      const t = performance.now();
      await services.search.search(viewer, { query: queries[i % queries.length]! });
      if (i >= WARMUP) timings.push(performance.now() - t);
    }
    if (profile) {
      const { profile: taken } = (await post(profile, 'Profiler.stop')) as { profile: unknown };
      await writeFile(process.env.SEARCH_BENCH_PROFILE!, JSON.stringify(taken));
      profile.disconnect();
    }
    timings.sort((a, b) => a - b);
    console.log(
      JSON.stringify({
        mode,
        embeddings: process.env.KAIROS_EMBEDDINGS ?? 'builtin',
        ranker: services.search.ranker,
        startMs: Math.round(startMs),
        lexicalReadyMs: Math.round(lexicalReadyMs),
        idleRssMb: +(memory.rss / 2 ** 20).toFixed(1),
        heapUsedMb: +(memory.heapUsed / 2 ** 20).toFixed(1),
        vectors: services.semanticIndex.size,
        vectorSource: services.semanticIndex.vectorSource,
        loadAverage: os.loadavg().map((load) => +load.toFixed(2)),
        searchP50Ms: +percentile(timings, 50).toFixed(2),
        searchP99Ms: +percentile(timings, 99).toFixed(2),
      }),
    );
  }
  await app.stop();
}

await main();
