import type { ProofStatus } from './proof-record.js';
import type { Outcome } from './solution-input.js';

/**
 * Quality counters kept on each step (and on the protocol head, which search ranks).
 * Reference §5.8/§5.9 without its quirks: plain counts instead of the never-persisted
 * per-model "implementation bonus", and proof counts kept apart from attest counts so step 1's
 * proofs do not inflate the head's ranking boost.
 *
 * Who updates what:
 * - `next` (and answerPrompt) counts every checked proof on its step: `countProof`.
 * - `attest` counts the run's outcome on the attested step and on the protocol head (once when
 *   they are the same step): `countAttest`, then `attestBoost` is recomputed from the result.
 */
export interface OutcomeCounts {
  attempts: number;
  successes: number;
  failures: number;
}

export interface QualityCounters {
  /** Proofs checked by next/answerPrompt that reached a verdict (success or failed record). */
  proofs: OutcomeCounts;
  /** Runs attested on this step. */
  attests: OutcomeCounts;
  /** Sum of the quality bonuses recorded by attests. */
  qualityBonus: number;
  /** Search ranking boost derived from `attests`; stored so the engine can sort on it. */
  attestBoost: number;
  lastRatedAt: string | null;
  lastRater: string | null;
  /** The message of the last attest. */
  lastUsageContext: string | null;
}

export const EMPTY_QUALITY_COUNTERS: Readonly<QualityCounters> = Object.freeze({
  proofs: Object.freeze({ attempts: 0, successes: 0, failures: 0 }),
  attests: Object.freeze({ attempts: 0, successes: 0, failures: 0 }),
  qualityBonus: 0,
  attestBoost: 0,
  lastRatedAt: null,
  lastRater: null,
  lastUsageContext: null,
});

/** Rater recorded when attest names no model (reference default). */
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

export function countProof(counters: QualityCounters, status: ProofStatus): QualityCounters {
  return { ...counters, proofs: addOutcome(counters.proofs, status === 'success') };
}

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

export function countAttest(counters: QualityCounters, rating: AttestRating): QualityCounters {
  const attests = addOutcome(counters.attests, rating.outcome === 'SUCCESS');
  return {
    ...counters,
    attests,
    qualityBonus: Math.round((counters.qualityBonus + rating.qualityBonus) * 100) / 100,
    attestBoost: attestBoost(attests),
    lastRatedAt: rating.ratedAt,
    lastRater: rating.rater?.trim() || DEFAULT_ATTEST_RATER,
    lastUsageContext: rating.message,
  };
}

/**
 * Search ranking boost from attested runs:
 *   runs = successes + failures
 *   boost = 0                                                   when runs < 3
 *   boost = min(0.08 × (successes / runs) × min(runs / 10, 1), 0.08) otherwise
 * The success ratio rewards protocols that work; the confidence factor ramps from 0.3 at 3 runs
 * to 1 at 10, so a few lucky runs cannot outrank a long record; the cap keeps the boost small
 * next to text relevance.
 */
export function attestBoost(attests: OutcomeCounts): number {
  const runs = attests.successes + attests.failures;
  if (runs < MIN_ATTEST_RUNS) return 0;
  const confidence = Math.min(runs / RUNS_FULL_CONFIDENCE, 1);
  return Math.min(ATTEST_BOOST_MAX * (attests.successes / runs) * confidence, ATTEST_BOOST_MAX);
}

function addOutcome(counts: OutcomeCounts, success: boolean): OutcomeCounts {
  return {
    attempts: counts.attempts + 1,
    successes: counts.successes + (success ? 1 : 0),
    failures: counts.failures + (success ? 0 : 1),
  };
}
