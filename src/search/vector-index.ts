/**
 * The in-process vector index of one space: every protocol step's unit vector, searched by dot
 * product (= cosine), keeping the best step per protocol. Exact search (usearch's native scan)
 * up to `ANN_MIN_SCALARS` numbers (steps × dimensions) in a space; above it an HNSW graph (usearch) answers, asked for several neighbours per wanted
 * protocol since steps of one protocol crowd each other. Memory per step: `dimensions × 4` bytes
 * of matrix plus about 100 bytes of ids (+ about 2 × dimensions × 4 for the HNSW graph above
 * the threshold).
 */
import { createRequire } from 'node:module';
import { dot, type StepTerms } from './embeddings/provider.js';
import { StepTermsArena } from './step-terms-arena.js';

/**
 * Numbers (steps × dimensions) in one space above which the HNSW index answers instead of the
 * exact scan: a scan's cost is the matrix it reads, so 1,000,000 steps of the built-in 100-d
 * vectors, about 65,000 of 1536-d ones. The native scan of 300,000 × 100-d takes milliseconds,
 * while a graph costs about twice the matrix in memory and is rebuilt vector by vector at every start.
 */
export const ANN_MIN_SCALARS = 100_000_000;

/** Steps in one space of vectors of this many dimensions above which the HNSW index answers. */
export function annMinVectorsFor(dimensions: number): number {
  return Math.ceil(ANN_MIN_SCALARS / Math.max(1, dimensions));
}
/** HNSW neighbours asked per protocol wanted (steps of a protocol are near each other). */
const ANN_OVERFETCH = 8;

export interface ChainSimilarity {
  chainId: string;
  /** The step whose vector is closest. */
  memoryId: string;
  similarity: number;
}

interface UsearchIndex {
  add(keys: bigint, vectors: Float32Array): void;
  remove(keys: bigint): number;
  search(vector: Float32Array, k: number, threads: number): { keys: BigUint64Array; distances: Float32Array };
  size(): number;
}

type ExactSearch = (
  dataset: Float32Array,
  query: Float32Array,
  dimensions: number,
  count: number,
  metric: 'ip',
  threads: number,
) => { keys: BigUint64Array; distances: Float32Array };

let usearchModule: { Index: new (config: Record<string, unknown>) => UsearchIndex; exactSearch?: ExactSearch } | null | undefined;
/** usearch loads lazily and optionally: without it (or its prebuilt binary) every space is scanned exactly. */
function loadUsearch() {
  if (usearchModule === undefined) {
    try {
      usearchModule = createRequire(import.meta.url)('usearch');
    } catch {
      usearchModule = null;
    }
  }
  return usearchModule;
}

/** One space's rows as a snapshot holds them (src/search/vector-snapshot.ts). */
export interface SpaceRows {
  memoryIds: string[];
  chainIds: string[];
  /** rows × dimensions. */
  vectors: Float32Array;
  /** Per row the start of its words, plus the end (rows + 1 entries). */
  termOffsets: Int32Array;
  termRows: Int32Array;
  termWeights: Float32Array;
}

export class SpaceVectorIndex {
  private matrix: Float32Array;
  private memoryIds: string[] = [];
  /** Per row, its chain's number (numbers are never reused): the exact scan keeps the best row per chain in a typed array. */
  private rowChainNumbers: number[] = [];
  /** Chain number → chain id (one string per protocol, not per step). */
  private chainIdOf: string[] = [];
  private readonly chainNumberOf = new Map<string, number>();
  private readonly rowOf = new Map<string, number>();
  private readonly membersOf = new Map<string, Set<string>>();
  /** Per row, its words for soft term matching (built-in provider). */
  private terms = new StepTermsArena();
  private ann: UsearchIndex | null = null;
  /** usearch keys are numbers: a memory's key stays its own until it is removed. */
  private readonly annKeyOf = new Map<string, bigint>();
  private readonly memoryOfAnnKey = new Map<bigint, string>();
  private nextAnnKey = 1n;

  constructor(
    readonly dimensions: number,
    private readonly annMinVectors = annMinVectorsFor(dimensions),
  ) {
    this.matrix = new Float32Array(dimensions * 64);
  }

  /** An index holding exactly `rows` (a snapshot's space): the arrays are taken as they are, no row is copied one by one. */
  static fromRows(dimensions: number, rows: SpaceRows, annMin = annMinVectorsFor(dimensions)): SpaceVectorIndex {
    const index = new SpaceVectorIndex(dimensions, annMin);
    index.matrix = rows.vectors.length ? rows.vectors : index.matrix;
    index.memoryIds = rows.memoryIds;
    index.terms = StepTermsArena.from(rows.termOffsets, rows.termRows, rows.termWeights);
    for (let row = 0; row < rows.memoryIds.length; row++) {
      const memoryId = rows.memoryIds[row]!;
      const chainId = rows.chainIds[row]!;
      index.rowOf.set(memoryId, row);
      index.rowChainNumbers.push(index.numberOf(chainId));
      let members = index.membersOf.get(chainId);
      if (!members) index.membersOf.set(chainId, (members = new Set()));
      members.add(memoryId);
    }
    if (index.memoryIds.length >= annMin) index.buildAnn();
    return index;
  }

  /** Every row as a snapshot holds it: the vectors are a view of the matrix (encode before the index changes), the rest copies. */
  export(): SpaceRows {
    const rows = this.memoryIds.length;
    const { offsets, rows: termRows, weights } = this.terms.export();
    return {
      memoryIds: [...this.memoryIds],
      chainIds: this.rowChainNumbers.map((number) => this.chainIdOf[number]!),
      vectors: this.matrix.subarray(0, rows * this.dimensions),
      termOffsets: offsets,
      termRows,
      termWeights: weights,
    };
  }

  get size(): number {
    return this.memoryIds.length;
  }

  /** The memory ids held (a copy). */
  memories(): string[] {
    return [...this.memoryIds];
  }

  get usesAnn(): boolean {
    return this.ann !== null;
  }

  chainOf(memoryId: string): string | undefined {
    const row = this.rowOf.get(memoryId);
    return row === undefined ? undefined : this.chainIdOf[this.rowChainNumbers[row]!];
  }

  upsert(memoryId: string, chainId: string, vector: Float32Array, terms?: StepTerms): void {
    if (vector.length !== this.dimensions) throw new Error(`vector has ${vector.length} dimensions, the index ${this.dimensions}`);
    let row = this.rowOf.get(memoryId);
    if (row === undefined) {
      row = this.memoryIds.length;
      if ((row + 1) * this.dimensions > this.matrix.length) {
        const grown = new Float32Array(Math.max(this.matrix.length * 2, this.dimensions * 64));
        grown.set(this.matrix);
        this.matrix = grown;
      }
      this.memoryIds.push(memoryId);
      this.rowChainNumbers.push(this.numberOf(chainId));
      this.rowOf.set(memoryId, row);
    } else {
      this.leaveChain(memoryId, this.chainOf(memoryId)!);
      this.rowChainNumbers[row] = this.numberOf(chainId);
    }
    this.terms.set(row, terms);
    let members = this.membersOf.get(chainId);
    if (!members) this.membersOf.set(chainId, (members = new Set()));
    members.add(memoryId);
    this.matrix.set(vector, row * this.dimensions);
    if (this.ann) this.annPut(memoryId, vector);
    else if (this.memoryIds.length >= this.annMinVectors) this.buildAnn();
  }

  remove(memoryId: string): void {
    const row = this.rowOf.get(memoryId);
    if (row === undefined) return;
    this.leaveChain(memoryId, this.chainOf(memoryId)!);
    this.terms.moveLastInto(row);
    // Swap-remove: the last row takes the freed place.
    const last = this.memoryIds.length - 1;
    if (row !== last) {
      this.matrix.copyWithin(row * this.dimensions, last * this.dimensions, (last + 1) * this.dimensions);
      this.memoryIds[row] = this.memoryIds[last]!;
      this.rowChainNumbers[row] = this.rowChainNumbers[last]!;
      this.rowOf.set(this.memoryIds[row]!, row);
    }
    this.memoryIds.pop();
    this.rowChainNumbers.pop();
    this.rowOf.delete(memoryId);
    if (this.ann) {
      const key = this.annKeyOf.get(memoryId);
      if (key !== undefined) {
        this.ann.remove(key);
        this.annKeyOf.delete(memoryId);
        this.memoryOfAnnKey.delete(key);
      }
    }
  }

  /** The memory ids of the given chain (for replacing a chain's vectors). */
  memoriesOfChain(chainId: string): string[] {
    return [...(this.membersOf.get(chainId) ?? [])];
  }

  /** The words of every step of a chain (built-in provider), for soft term matching: views, read before the next write. */
  termsOfChain(chainId: string): StepTerms[] {
    const found: StepTerms[] = [];
    for (const memoryId of this.membersOf.get(chainId) ?? []) {
      const terms = this.terms.get(this.rowOf.get(memoryId)!);
      if (terms) found.push(terms);
    }
    return found;
  }

  /** Every chain of the space (small spaces are term-matched whole). */
  chains(): string[] {
    return [...this.membersOf.keys()];
  }

  /** How many protocols the space holds. */
  get chainCount(): number {
    return this.membersOf.size;
  }

  /** The best step similarity of each given chain (chains without vectors are left out). */
  similarities(query: Float32Array, chainIds: readonly string[]): ChainSimilarity[] {
    const dims = this.dimensions;
    return chainIds.flatMap((chainId) => {
      let best: ChainSimilarity | null = null;
      for (const memoryId of this.membersOf.get(chainId) ?? []) {
        const row = this.rowOf.get(memoryId)!;
        const similarity = dot(query, this.matrix.subarray(row * dims, (row + 1) * dims));
        if (!best || similarity > best.similarity) best = { chainId, memoryId, similarity };
      }
      return best ? [best] : [];
    });
  }

  private numberOf(chainId: string): number {
    let number = this.chainNumberOf.get(chainId);
    if (number === undefined) {
      this.chainNumberOf.set(chainId, (number = this.chainNumberOf.size));
      this.chainIdOf.push(chainId);
    }
    return number;
  }

  private leaveChain(memoryId: string, chainId: string): void {
    const members = this.membersOf.get(chainId);
    members?.delete(memoryId);
    if (members?.size === 0) this.membersOf.delete(chainId);
  }

  /** The `limit` protocols closest to `query` (unit length), best step each, best first. */
  search(query: Float32Array, limit: number): ChainSimilarity[] {
    const best = new Map<string, ChainSimilarity>();
    const consider = (row: number, similarity: number) => {
      const chainId = this.chainIdOf[this.rowChainNumbers[row]!]!;
      const current = best.get(chainId);
      if (!current || similarity > current.similarity) best.set(chainId, { chainId, memoryId: this.memoryIds[row]!, similarity });
    };
    if (this.ann) {
      const found = this.ann.search(query, Math.min(this.size, limit * ANN_OVERFETCH), 1);
      for (let i = 0; i < found.keys.length; i++) {
        const memoryId = this.memoryOfAnnKey.get(found.keys[i]!);
        const row = memoryId === undefined ? undefined : this.rowOf.get(memoryId);
        if (row !== undefined) consider(row, 1 - found.distances[i]!);
      }
      return [...best.values()].sort((a, b) => b.similarity - a.similarity).slice(0, limit);
    }
    const exact = loadUsearch()?.exactSearch;
    return exact ? this.exactNative(exact, query, limit) : this.exactScan(query, limit);
  }

  /**
   * Exact, in native SIMD code (usearch's brute-force search over the matrix as it is, no copy):
   * the nearest rows best first. When steps of a few protocols crowd out the `limit` wanted, one
   * JS pass keeping the best row per protocol answers instead: each native call reads the whole
   * matrix whatever it returns, so widening it would repeat the full scan. Similarities of the
   * winners are recomputed here, so scores match the JS scan to the last bit.
   */
  private exactNative(exact: ExactSearch, query: Float32Array, limit: number): ChainSimilarity[] {
    const rows = this.memoryIds.length;
    if (rows === 0) return [];
    const dims = this.dimensions;
    const dataset = this.matrix.subarray(0, rows * dims);
    const wanted = Math.min(rows, limit * ANN_OVERFETCH);
    const found = exact(dataset, query, dims, wanted, 'ip', 1);
    const seen = new Set<number>();
    const hits: ChainSimilarity[] = [];
    for (let i = 0; i < found.keys.length && hits.length < limit; i++) {
      const row = Number(found.keys[i]!);
      const chain = this.rowChainNumbers[row]!;
      if (seen.has(chain)) continue;
      seen.add(chain);
      hits.push({
        chainId: this.chainIdOf[this.rowChainNumbers[row]!]!,
        memoryId: this.memoryIds[row]!,
        similarity: Math.fround(dot(query, this.matrix.subarray(row * dims, (row + 1) * dims))),
      });
    }
    if (hits.length >= limit || wanted >= rows) return hits.sort((a, b) => b.similarity - a.similarity);
    return this.exactScan(query, limit);
  }

  /** Exact scan in JS (usearch not loadable): the best row per chain in a typed array, objects only for the winners. */
  private exactScan(query: Float32Array, limit: number): ChainSimilarity[] {
    const dims = this.dimensions;
    const matrix = this.matrix;
    const rows = this.memoryIds.length;
    const similarity = new Float32Array(rows);
    const bestRow = new Int32Array(this.chainNumberOf.size).fill(-1);
    const chainNumbers = this.rowChainNumbers;
    for (let row = 0, base = 0; row < rows; row++, base += dims) {
      let sum = 0;
      for (let i = 0; i < dims; i++) sum += query[i]! * matrix[base + i]!;
      similarity[row] = sum;
      const chain = chainNumbers[row]!;
      const current = bestRow[chain]!;
      if (current < 0 || sum > similarity[current]!) bestRow[chain] = row;
    }
    const winners: number[] = [];
    for (let chain = 0; chain < bestRow.length; chain++) if (bestRow[chain]! >= 0) winners.push(bestRow[chain]!);
    return winners
      .sort((a, b) => similarity[b]! - similarity[a]!)
      .slice(0, limit)
      .map((row) => ({
        chainId: this.chainIdOf[this.rowChainNumbers[row]!]!,
        memoryId: this.memoryIds[row]!,
        similarity: similarity[row]!,
      }));
  }

  private buildAnn(): void {
    const usearch = loadUsearch();
    if (!usearch) return;
    this.ann = new usearch.Index({ dimensions: this.dimensions, metric: 'cos', connectivity: 16 });
    for (let row = 0; row < this.memoryIds.length; row++) {
      this.annPut(this.memoryIds[row]!, this.matrix.subarray(row * this.dimensions, (row + 1) * this.dimensions));
    }
  }

  private annPut(memoryId: string, vector: Float32Array): void {
    const old = this.annKeyOf.get(memoryId);
    if (old !== undefined) {
      this.ann!.remove(old);
      this.memoryOfAnnKey.delete(old);
    }
    const key = this.nextAnnKey++;
    this.ann!.add(key, Float32Array.from(vector));
    this.annKeyOf.set(memoryId, key);
    this.memoryOfAnnKey.set(key, memoryId);
  }
}
