/**
 * One interface for every embedding provider (built-in word vectors, an OpenAI-compatible
 * endpoint, a local ONNX sentence model). Vectors come back L2-normalised, so a dot product is
 * the cosine; an all-zero vector means "nothing in this text the model knows".
 */
export const EMBEDDING_PROVIDER_KINDS = ['builtin', 'openai', 'onnx'] as const;
export type EmbeddingProviderKind = (typeof EMBEDDING_PROVIDER_KINDS)[number];

import type { CircuitBreaker } from './circuit-breaker.js';

/** How long one `embed` call may take, for the caller that cannot wait (search, a write). */
export interface EmbedOptions {
  timeoutMs?: number;
}

export interface EmbeddingProvider {
  readonly kind: EmbeddingProviderKind;
  /** Stored with every vector: a change of model is detected by comparing it (e.g. `builtin:wink-sg-100d:v1`). */
  readonly modelId: string;
  readonly dimensions: number;
  /** One vector per text, in order, each unit length (or all zeros). */
  embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array[]>;
  /** Providers behind a network call (openai) trip it while the endpoint fails; local ones have none. */
  readonly circuit?: CircuitBreaker;
  /** Word-level matching, for providers made of word vectors (the built-in): see src/search/term-match.ts. */
  readonly termMatcher?: TermMatcher;
}

/** The words of a step as rows of the provider's vocabulary, each with its field's weight. */
export interface StepTerms {
  rows: Int32Array;
  weights: Float32Array;
}

export interface TermMatcher {
  /** The known words of weighted texts; a word in several texts keeps its largest weight. */
  termsOf(texts: readonly { text: string; weight: number }[]): StepTerms;
  /** 0..1: how well the query's words are matched, each by its closest word of the protocol. */
  score(query: string, protocolTerms: readonly StepTerms[]): number;
  /** `score` of each protocol, in one pass (what a search does with its candidates). */
  scoreAll(query: string, protocols: readonly (readonly StepTerms[])[]): number[];
}

/** Unit length in place; an all-zero vector stays zero. */
export function normalise(vector: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i]! * vector[i]!;
  if (sum > 0) {
    const scale = 1 / Math.sqrt(sum);
    for (let i = 0; i < vector.length; i++) vector[i]! *= scale;
  }
  return vector;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}
