/**
 * Turning the engine's text score into a 0..1 search score (reference §6.3, re-tuned).
 *
 * The text index (`memory_text_v3`) weighs a protocol's title 10, its triggers 5, a step label 3
 * and step text 1. The local engine (DocumentDB) scores a document as the sum, over every token
 * of every indexed field that matches a query term, of that field's weight divided by the
 * largest weight: no IDF, no length normalisation. So one query term found once in the title is
 * worth exactly 1 (`TITLE_TERM_SCORE`), once in the triggers 0.5, once in a step's text 0.1.
 * (test/search/text-score.test.ts pins this; a real mongod scales differently and would need
 * `TITLE_TERM_SCORE` re-measured.)
 *
 * Normalisation: relevance = 1 − exp(−raw / (terms × TITLE_TERM_SCORE)), the raw score per query
 * term, in units of "found in the title", saturated. Dividing by the number of terms makes a
 * score mean coverage, so thresholds hold for one-word and six-word queries alike; the
 * exponential keeps a term repeated in a long step text from running away. Every term once in
 * the title gives 0.63; every term in the title and the triggers 0.78; terms only in step prose
 * stay below 0.2.
 *
 * Then, as the reference does: a boost when the title holds every query term, and the capped
 * attest boost (`attestBoost`, at most 0.08); the sum is capped at 1.
 */

export const TITLE_TERM_SCORE = 1;
/** Added when the protocol title contains every query term (reference: the "label contains ALL tokens" boost). */
export const TITLE_MATCH_BOOST = 0.2;
/** A choice is a MATCH at or above this score (tuned on test/search/labelled-queries.ts). */
export const MATCH_THRESHOLD = 0.3;
/** Exactly one match at or above this score and the REFINE/CREATE footer is left out. */
export const STRONG_MATCH_THRESHOLD = 0.5;

/** The engine's raw text score as 0..1 relevance (see the module comment). */
export function textRelevance(rawTextScore: number, termCount: number): number {
  if (!(rawTextScore > 0) || termCount <= 0) return 0;
  return 1 - Math.exp(-rawTextScore / (termCount * TITLE_TERM_SCORE));
}

export function titleHasAllTerms(titleTerms: readonly string[], queryTerms: readonly string[]): boolean {
  if (queryTerms.length === 0) return false;
  const title = new Set(titleTerms);
  return queryTerms.every((term) => title.has(term));
}

export interface ScoreInputs {
  rawTextScore: number;
  termCount: number;
  titleHasAllTerms: boolean;
  /** From `attestBoost()` in src/runs/quality.ts: −0.04..0.12 (graded runs may lower it). */
  attestBoost: number;
}

/** The lexical ranker's 0..1 relevance: text relevance plus the title boost, capped at 1. */
export function lexicalRelevance(inputs: Omit<ScoreInputs, 'attestBoost'>): number {
  return Math.min(1, textRelevance(inputs.rawTextScore, inputs.termCount) + (inputs.titleHasAllTerms ? TITLE_MATCH_BOOST : 0));
}

/** The lexical-only 0..1 score, rounded to four places so equal protocols compare equal. */
export function searchScore(inputs: ScoreInputs): number {
  const score = lexicalRelevance(inputs) + inputs.attestBoost;
  return Math.round(Math.max(0, Math.min(1, score)) * 10_000) / 10_000;
}
