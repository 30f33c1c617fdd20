/**
 * The search figures of `npm run bench` (scenario `search`): a database with N synthetic
 * protocols (copies of the 34 runbooks of test/search/intent-corpus.ts, each titled apart),
 * then fresh server processes with the built-in embeddings and with embeddings off: start-up
 * time (a start after the first: the word-vector cache is already converted), idle RSS after a GC,
 * search p50/p99 at the service (46 labelled requests cycled, 200 searches after 20 of warm-up), and
 * from the differences what the built-in provider and each stored vector cost.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { repoRoot } from './harness.js';

export interface SearchBenchFigures {
  protocols: number;
  steps: number;
  seedMs: number;
  builtin: ProbeFigures;
  lexicalOnly: ProbeFigures;
  builtinEmpty: ProbeFigures;
  lexicalEmpty: ProbeFigures;
  addedStartMs: number;
  addedIdleRssMb: number;
  bytesPerStepVector: number;
}

interface ProbeFigures {
  startMs: number;
  idleRssMb: number;
  heapUsedMb: number;
  vectors: number;
  searchP50Ms: number;
  searchP99Ms: number;
  ranker: string;
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

export async function searchBench(uri: string, protocols: number): Promise<SearchBenchFigures> {
  const full = `kairos_bench_search_${randomUUID().slice(0, 8)}`;
  const empty = `kairos_bench_search_${randomUUID().slice(0, 8)}`;
  const mongo = new MongoClient(uri);
  try {
    const seeded = await probe(uri, full, ['seed', String(protocols)]);
    process.stderr.write(`search bench: seeded ${JSON.stringify(seeded)}\n`);
    const measure = async (db: string, env: Record<string, string>) => {
      const figures = (await probe(uri, db, ['measure'], env)) as unknown as ProbeFigures;
      process.stderr.write(`search bench: ${db} ${JSON.stringify(env)} ${JSON.stringify(figures)}\n`);
      return figures;
    };
    const builtin = await measure(full, { KAIROS_EMBEDDINGS: 'builtin' });
    const lexicalOnly = await measure(full, { KAIROS_EMBEDDINGS: 'off' });
    const builtinEmpty = await measure(empty, { KAIROS_EMBEDDINGS: 'builtin' });
    const lexicalEmpty = await measure(empty, { KAIROS_EMBEDDINGS: 'off' });
    const vectorBytes = (builtin.idleRssMb - lexicalOnly.idleRssMb - (builtinEmpty.idleRssMb - lexicalEmpty.idleRssMb)) * 2 ** 20;
    return {
      protocols,
      steps: Number(seeded.vectors),
      seedMs: Number(seeded.seedMs),
      builtin,
      lexicalOnly,
      builtinEmpty,
      lexicalEmpty,
      addedStartMs: builtin.startMs - lexicalOnly.startMs,
      addedIdleRssMb: +(builtin.idleRssMb - lexicalOnly.idleRssMb).toFixed(1),
      bytesPerStepVector: Math.round(vectorBytes / Math.max(1, builtin.vectors - builtinEmpty.vectors)),
    };
  } finally {
    await mongo.db(full).dropDatabase().catch(() => {});
    await mongo.db(empty).dropDatabase().catch(() => {});
    await mongo.close();
  }
}

if (process.argv[1]?.endsWith('search-bench.ts')) {
  const protocols = Number(process.argv[2] ?? 10_000);
  const uri = process.env.MONGODB_URI;
  if (!uri) throw new Error('MONGODB_URI must be set (or run it through npm run bench -- --only search)');
  console.log(JSON.stringify(await searchBench(uri, protocols), null, 2));
}
