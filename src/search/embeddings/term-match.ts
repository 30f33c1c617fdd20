/**
 * Soft term matching over word vectors (the built-in provider's second, sharper signal):
 * every word of the request is matched by its closest word of the protocol (cosine of their
 * word vectors; an identical word is a full match), scaled by that word's field weight; the
 * protocol scores the SIF-weighted mean over the request's words. So "certificate" finds
 * "cert"-less titles through "tls", "filled" finds "full", and filler words weigh little.
 * Measured on test/search/intent-*.ts it ranks far better than one pooled vector per step
 * (held-out recall@3 0.77 against 0.64), so the pooled vectors only propose candidates.
 */
import type { StepTerms, TermMatcher } from './provider.js';

/** Cosine below which two different words are not a match at all; above it the match grows as a square. */
export const TERM_SIMILARITY_FLOOR = 0.3;
/** Word pairs whose similarity is remembered (about 40 B each: at most about 8 MB). */
const PAIR_CACHE_SIZE = 200_000;

export interface WordTable {
  dimensions: number;
  rowOf(word: string): number | undefined;
  quantised: Int8Array;
  /** Per row: the L2 norm of its int8 vector (cosines are computed on the int8 values). */
  norms: Float32Array;
  /** Per row: the word's SIF weight. */
  weights: Float32Array;
  tokenize(text: string): string[];
}

export class WordVectorTermMatcher implements TermMatcher {
  constructor(private readonly table: WordTable) {}

  termsOf(texts: readonly { text: string; weight: number }[]): StepTerms {
    const best = new Map<number, number>();
    for (const { text, weight } of texts) {
      for (const word of this.table.tokenize(text)) {
        const row = this.table.rowOf(word);
        if (row !== undefined && weight > (best.get(row) ?? 0)) best.set(row, weight);
      }
    }
    return { rows: Int32Array.from(best.keys()), weights: Float32Array.from(best.values()) };
  }

  score(query: string, protocolTerms: readonly StepTerms[]): number {
    return this.scoreAll(query, [protocolTerms])[0]!;
  }

  /**
   * `score` of many protocols at once: each request word is compared with each distinct word of
   * the candidates once (a per-search table indexed by vocabulary row), instead of once per
   * protocol that holds it. The same sums in the same order as `score`, so the same floats.
   */
  scoreAll(query: string, protocols: readonly (readonly StepTerms[])[]): number[] {
    const matched = new Float64Array(protocols.length);
    let total = 0;
    const seen = new Set<number>();
    const { similarity, stamp } = this.scratch();
    for (const word of this.table.tokenize(query)) {
      const row = this.table.rowOf(word);
      if (row === undefined || seen.has(row)) continue;
      seen.add(row);
      const weight = this.table.weights[row]!;
      total += weight;
      const epoch = ++this.epoch;
      for (let p = 0; p < protocols.length; p++) {
        let best = 0;
        for (const terms of protocols[p]!) {
          const rows = terms.rows;
          for (let i = 0; i < rows.length; i++) {
            const other = rows[i]!;
            if (stamp[other] !== epoch) {
              similarity[other] = this.cachedSimilarity(row, other);
              stamp[other] = epoch;
            }
            const match = similarity[other]! * terms.weights[i]!;
            if (match > best) best = match;
          }
        }
        matched[p]! += weight * best;
      }
    }
    return Array.from(matched, (sum) => (total > 0 ? sum / total : 0));
  }

  /** Per request word: the similarity of each vocabulary row met so far, valid where `stamp` is the current epoch. */
  private similarityTable: { similarity: Float64Array; stamp: Int32Array } | null = null;
  private epoch = 0;

  private scratch(): { similarity: Float64Array; stamp: Int32Array } {
    if (!this.similarityTable || this.epoch > 0x7ffffff0) {
      const rows = this.table.weights.length;
      this.similarityTable = { similarity: new Float64Array(rows), stamp: new Int32Array(rows) };
      this.epoch = 0;
    }
    return this.similarityTable;
  }

  /**
   * Word-pair similarities are pure: kept in a bounded cache, since one search scores the same
   * words of many protocols (and searches repeat words). Cleared whole when full.
   */
  private readonly pairs = new Map<number, number>();

  private cachedSimilarity(a: number, b: number): number {
    if (a === b) return 1;
    const key = a < b ? a * 0x200000 + b : b * 0x200000 + a;
    let similarity = this.pairs.get(key);
    if (similarity === undefined) {
      if (this.pairs.size >= PAIR_CACHE_SIZE) this.pairs.clear();
      similarity = this.similarityOf(a, b);
      this.pairs.set(key, similarity);
    }
    return similarity;
  }

  /** 0..1: 1 for the same word, 0 below the floor, a square ramp between. */
  private similarityOf(a: number, b: number): number {
    if (a === b) return 1;
    const { dimensions, quantised, norms } = this.table;
    let sum = 0;
    const baseA = a * dimensions;
    const baseB = b * dimensions;
    for (let i = 0; i < dimensions; i++) sum += quantised[baseA + i]! * quantised[baseB + i]!;
    const cosine = sum / (norms[a]! * norms[b]! || 1);
    if (cosine <= TERM_SIMILARITY_FLOOR) return 0;
    const ramp = (cosine - TERM_SIMILARITY_FLOOR) / (1 - TERM_SIMILARITY_FLOOR);
    return ramp * ramp;
  }
}
