import type { Outcome, OutcomeCounts } from '../model/run-enums.js';
import { rewardBoost } from './grading.js';

/**
 * The quality rules of attest and search. Reference §5.8/§5.9 without its quirks: plain counts
 * instead of the never-persisted per-model "implementation bonus", and proof counts kept apart
 * from attest counts so step 1's proofs do not inflate the head's ranking boost.
 *
 * Counting happens once, at attest: the run's proofs are counted per step (every attempt, by
 * outcome) and the outcome on the attested step and the protocol head, in `memory_usage` under
 * the run's space (UsageStore.countRun, after the run's own write). Nothing is counted at `next`. The ranking boost is
 * not stored: search computes `attestBoost` from the attest counts at query time.
 */
export type { OutcomeCounts } from '../model/run-enums.js';

/** Who rated an attest when the agent names no `llmModelId`. */
export const DEFAULT_ATTEST_RATER = 'kairos-attest';

/** Base bonus per attest outcome (reference §5.8 step 1). */
export const ATTEST_SUCCESS_BONUS = 1;
export const ATTEST_FAILURE_BONUS = -0.2;
/** The caller's `qualityBonus` is clamped to ±this, so one attest cannot swamp the history. */
export const MAX_REQUESTED_QUALITY_BONUS = 5;

/** Ranking boost parameters (reference §6.3: MIN_ATTEST_RUNS, RUNS_FULL_CONFIDENCE, ATTEST_BOOST_MAX). */
export const MIN_ATTEST_RUNS = 3;
export const RUNS_FULL_CONFIDENCE = 10;
export const ATTEST_BOOST_MAX = 0.08;

/**
 * The bonus an attest records: +1 for SUCCESS or −0.2 for FAILURE, plus the caller's
 * `qualityBonus` clamped to [−5, 5], rounded to hundredths. Throws on a non-finite request,
 * which the resolver should have refused as bad input.
 */
export function attestQualityBonus(outcome: Outcome, requestedBonus = 0): number {
  if (!Number.isFinite(requestedBonus)) throw new RangeError('qualityBonus must be a finite number');
  const requested = Math.min(MAX_REQUESTED_QUALITY_BONUS, Math.max(-MAX_REQUESTED_QUALITY_BONUS, requestedBonus));
  const base = outcome === 'SUCCESS' ? ATTEST_SUCCESS_BONUS : ATTEST_FAILURE_BONUS;
  return Math.round((base + requested) * 100) / 100;
}

export interface AttestRating {
  outcome: Outcome;
  /** From `attestQualityBonus`. */
  qualityBonus: number;
  ratedAt: string;
  rater: string | null | undefined;
  message: string;
}

/**
 * Search ranking boost from attested runs:
 *   runs = successes + failures
 *   boost = 0                                                   when runs < 3
 *   boost = min(0.08 × (successes / runs) × min(runs / 10, 1), 0.08) otherwise
 * The success ratio rewards protocols that work; the confidence factor ramps from 0.3 at 3 runs
 * to 1 at 10, so a few lucky runs cannot outrank a long record; the cap keeps the boost small
 * next to text relevance. Plus the graded-run boost (`rewardBoost`, within ±0.04),
 * so the whole lies in [−0.04, 0.12].
 */
export function attestBoost(attests: OutcomeCounts): number {
  const runs = attests.successes + attests.failures;
  const graded = rewardBoost(attests.rewards);
  if (runs < MIN_ATTEST_RUNS) return graded;
  const confidence = Math.min(runs / RUNS_FULL_CONFIDENCE, 1);
  return Math.min(ATTEST_BOOST_MAX * (attests.successes / runs) * confidence, ATTEST_BOOST_MAX) + graded;
}
