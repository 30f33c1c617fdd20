/**
 * Fusing the lexical and the dense ranker into one 0..1 score (a documented weighted sum, not
 * RRF: RRF gives ranks, and the MATCH/strong thresholds need a score that means the same thing
 * from one query to the next).
 *
 * - lexical: the text-index relevance of src/search/search-scoring.ts (coverage of the query's
 *   words, title-weighted, plus the all-words-in-the-title boost), 0..1.
 * - dense: the cosine of the query vector and the protocol's best step vector, mapped linearly
 *   from [DENSE_SIMILARITY_FLOOR, DENSE_SIMILARITY_CEIL] onto [0, DENSE_WEIGHT].
 * - fused = 1 − (1 − lexical) × (1 − dense): either ranker alone can carry a protocol over the
 *   MATCH threshold, and agreement of both lifts it further; it never falls below either part,
 *   so an exact title (lexical ≈ 1) stays on top and a plain-word request scores no lower than
 *   with the text index alone.
 * - learned: the protocol's learned triggers matching the request (src/search/learned-triggers.ts)
 *   join as a third ranker the same way: fused = 1 − (1 − lexical)(1 − dense)(1 − learned).
 * - then the capped attest boost, as before; the sum is capped at 1 and rounded to four places.
 *
 * The constants are per model family: the built-in word vectors give higher cosines to unrelated
 * texts than sentence models do. Tuned on the tuning half of test/search/intent-corpus.ts
 * (docs/search.md has the figures).
 */
import type { EmbeddingProviderKind } from './embeddings/provider.js';

export interface DenseCalibration {
  /** Cosine at or below which the dense ranker adds nothing. */
  floor: number;
  /** Cosine at or above which it adds its full weight. */
  ceil: number;
  /** The most the dense ranker alone can give (below 1: words found still count). */
  weight: number;
}

export const DENSE_CALIBRATION: Record<EmbeddingProviderKind, DenseCalibration> = {
  builtin: { floor: 0, ceil: 1, weight: 1 },
  openai: { floor: 0.3, ceil: 0.75, weight: 0.75 },
  onnx: { floor: 0.3, ceil: 0.75, weight: 0.75 },
};

export function denseRelevance(similarity: number, calibration: DenseCalibration): number {
  const position = (similarity - calibration.floor) / (calibration.ceil - calibration.floor);
  return calibration.weight * Math.min(1, Math.max(0, position));
}

export interface HybridScoreInputs {
  /** 0..1 from `lexicalRelevance` (0 when the text index did not find the protocol). */
  lexical: number;
  /** 0..1 from `denseRelevance` (0 when dense ranking is off or did not find it). */
  dense: number;
  /** 0..1 from the protocol's learned triggers (absent or 0 without one that matches). */
  learned?: number;
  /** From `attestBoost()` in src/runs/quality.ts: −0.04..0.12 (graded runs may lower it). */
  attestBoost: number;
}

export function hybridScore(inputs: HybridScoreInputs): number {
  const fused = 1 - (1 - clamp01(inputs.lexical)) * (1 - clamp01(inputs.dense)) * (1 - clamp01(inputs.learned ?? 0));
  return Math.round(Math.max(0, Math.min(1, fused + inputs.attestBoost)) * 10_000) / 10_000;
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}
