/**
 * The search figures of `npm run bench` (scenario `search`): a database with N synthetic
 * protocols (copies of the 34 runbooks of test/search/intent-corpus.ts, each titled apart),
 * then fresh server processes with the built-in embeddings and with embeddings off: start-up
 * time (the builtin twice: the first start after seeding reads the vectors from the engine and
 * writes the local snapshot, the second reads the snapshot; the word-vector cache is already
 * converted), idle RSS after a GC,
 * search p50/p99 at the service (46 labelled requests cycled, 200 searches after 20 of warm-up), and
 * from the differences what the built-in provider and each stored vector cost.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { MongoClient } from 'mongodb';
import { repoRoot } from './harness.js';
import { loadConfig } from '../src/config.js';
import { removeSnapshot } from '../src/search/vector-snapshot.js';

export interface SearchBenchFigures {
  protocols: number;
  steps: number;
  seedMs: number;
  /** The first start after seeding: vectors read from the engine, the local snapshot written at its stop. */
  builtinFirst: ProbeFigures;
  /** A start after that: vectors from the snapshot (the figure the targets are about). */
  builtin: ProbeFigures;
  lexicalOnly: ProbeFigures;
  builtinEmpty: ProbeFigures;
  lexicalEmpty: ProbeFigures;
  addedStartMs: number;
  addedIdleRssMb: number;
  bytesPerStepVector: number;
  /** 1/5/15-minute load averages when the bench began and ended (the machine is shared). */
  loadAverage: { start: number[]; end: number[] };
}

interface ProbeFigures {
  startMs: number;
  idleRssMb: number;
  heapUsedMb: number;
  vectors: number;
  searchP50Ms: number;
  searchP99Ms: number;
  ranker: string;
  vectorSource: string | null;
  lexicalReadyMs: number;
}

function probe(uri: string, dbName: string, args: string[], env: Record<string, string> = {}): Promise<Record<string, number | string>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/search-probe.ts', ...args], {
      cwd: repoRoot,
      env: { ...process.env, MONGODB_URI: uri, MONGODB_DB: dbName, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => {
      const line = out.split('\n').find((candidate) => candidate.startsWith('{"mode"'));
      if (code === 0 && line) resolve(JSON.parse(line));
      else reject(new Error(`search probe ${args.join(' ')} exited ${code}: ${err.slice(-2000)}`));
    });
  });
}

/** Raised when the seeded documents change shape: a database seeded before is seeded again. */
const SEED_FORMAT = 2;

interface SeedMarker {
  _id: 'seed';
  format: number;
  protocols: number;
  steps: number;
  vectors: number;
  seedMs: number;
}

/** The snapshot id of a database (its local vector snapshot is named by it). */
async function instanceIdOf(mongo: MongoClient, db: string): Promise<string | null> {
  const state = await mongo
    .db(db)
    .collection<{ _id: string; instanceId?: string }>('search_state')
    .findOne({ _id: 'embeddings' })
    .catch(() => null);
  return state?.instanceId ?? null;
}

/**
 * The seeded database is kept under a name of its size (`kairos_bench_search_seed_<N>`) and reused
 * by the next run while its marker matches (`reseed`: seed it again anyway); each run's first
 * start still finds no local snapshot.
 */
export async function searchBench(uri: string, protocols: number, options: { reseed?: boolean } = {}): Promise<SearchBenchFigures> {
  const full = `kairos_bench_search_seed_${protocols}`;
  const empty = `kairos_bench_search_${randomUUID().slice(0, 8)}`;
  const mongo = new MongoClient(uri);
  const loadAtStart = os.loadavg().map((load) => +load.toFixed(2));
  const dataDir = loadConfig().dataDir;
  try {
    const markers = mongo.db(full).collection<SeedMarker>('bench_seed');
    let seeded = await markers.findOne({ _id: 'seed' }).catch(() => null);
    if (options.reseed || !seeded || seeded.format !== SEED_FORMAT || seeded.protocols !== protocols) {
      const instanceId = await instanceIdOf(mongo, full);
      if (instanceId) await removeSnapshot(dataDir, instanceId);
      await mongo.db(full).dropDatabase();
      const fresh = await probe(uri, full, ['seed', String(protocols)]);
      seeded = {
        _id: 'seed',
        format: SEED_FORMAT,
        protocols,
        steps: Number(fresh.steps),
        vectors: Number(fresh.vectors),
        seedMs: Number(fresh.seedMs),
      };
      await markers.insertOne(seeded);
      process.stderr.write(`search bench: seeded ${JSON.stringify(fresh)}\n`);
    } else {
      process.stderr.write(`search bench: reusing ${full} (seeded in ${seeded.seedMs} ms)\n`);
    }
    // Every run's first start reads the engine: no local snapshot from a run before.
    const instanceId = await instanceIdOf(mongo, full);
    if (instanceId) await removeSnapshot(dataDir, instanceId);
    const measure = async (db: string, env: Record<string, string>) => {
      const figures = (await probe(uri, db, ['measure'], env)) as unknown as ProbeFigures;
      process.stderr.write(`search bench: ${db} ${JSON.stringify(env)} ${JSON.stringify(figures)}\n`);
      return figures;
    };
    const builtinFirst = await measure(full, { KAIROS_EMBEDDINGS: 'builtin' });
    const builtin = await measure(full, { KAIROS_EMBEDDINGS: 'builtin' });
    const lexicalOnly = await measure(full, { KAIROS_EMBEDDINGS: 'off' });
    const builtinEmpty = await measure(empty, { KAIROS_EMBEDDINGS: 'builtin' });
    const lexicalEmpty = await measure(empty, { KAIROS_EMBEDDINGS: 'off' });
    const vectorBytes = (builtin.idleRssMb - lexicalOnly.idleRssMb - (builtinEmpty.idleRssMb - lexicalEmpty.idleRssMb)) * 2 ** 20;
    return {
      protocols,
      steps: seeded.vectors,
      seedMs: seeded.seedMs,
      builtinFirst,
      builtin,
      lexicalOnly,
      builtinEmpty,
      lexicalEmpty,
      addedStartMs: builtin.startMs - lexicalOnly.startMs,
      addedIdleRssMb: +(builtin.idleRssMb - lexicalOnly.idleRssMb).toFixed(1),
      bytesPerStepVector: Math.round(vectorBytes / Math.max(1, builtin.vectors - builtinEmpty.vectors)),
      loadAverage: { start: loadAtStart, end: os.loadavg().map((load) => +load.toFixed(2)) },
    };
  } finally {
    // The local vector snapshots go (the seeded database stays for the next run), and the empty database.
    for (const db of [full, empty]) {
      const instanceId = await instanceIdOf(mongo, db);
      if (instanceId) await removeSnapshot(dataDir, instanceId);
    }
    await mongo
      .db(empty)
      .dropDatabase()
      .catch(() => {});
    await mongo.close();
  }
}

if (process.argv[1]?.endsWith('search-bench.ts')) {
  const protocols = Number(process.argv[2] ?? 10_000);
  const uri = process.env.MONGODB_URI;
  if (!uri) throw new Error('MONGODB_URI must be set (or run it through npm run bench -- --only search)');
  console.log(JSON.stringify(await searchBench(uri, protocols, { reseed: process.argv.includes('--reseed') }), null, 2));
}
