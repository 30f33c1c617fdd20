import type { ExportBlocker, EvaluationLabel, GraderKind, Grading } from '../model/grading.js';
import type { Outcome } from '../model/run-enums.js';

export { EVALUATION_LABELS, EXPORT_BLOCKERS, GRADER_KINDS, type ExportBlocker, type EvaluationLabel, type GraderKind, type Grading } from '../model/grading.js';

/**
 * Grading of an attested run: who graded it, how well, and whether its rows may
 * feed a training set. Pure: attest stores the result with the run, `reward` shows it per layer,
 * the dataset exports filter on it, and search folds the scores into the ranking boost.
 */
/** A run's rows go into `sft_jsonl` only when graded this well (or not scored at all). */
export const SFT_MIN_SCORE = 0.8;
/** GOLD and SILVER: successful runs scored at least this. */
export const GOLD_MIN_SCORE = 0.9;
export const SILVER_MIN_SCORE = 0.7;

/** Limits on the grading fields (characters). */
export const GRADING_TEXT_LIMITS = { feedback: 10_000, rater: 200, rubricVersion: 64 } as const;

export interface GradingInput {
  outcome: Outcome;
  score?: number | null;
  feedback?: string | null;
  rater?: string | null;
  rubricVersion?: string | null;
  llmModelId?: string | null;
}


/** Why a grading input is refused (a score outside 0..1, text over its limit), or null. */
export function gradingInputRefusal(input: Omit<GradingInput, 'outcome'>): { code: 'BAD_USER_INPUT' | 'PAYLOAD_TOO_LARGE'; message: string } | null {
  if (input.score !== null && input.score !== undefined && !(Number.isFinite(input.score) && input.score >= 0 && input.score <= 1)) {
    return { code: 'BAD_USER_INPUT', message: 'score must be a number from 0 to 1' };
  }
  for (const field of ['feedback', 'rater', 'rubricVersion'] as const) {
    const value = input[field];
    if (value && value.length > GRADING_TEXT_LIMITS[field]) {
      return { code: 'PAYLOAD_TOO_LARGE', message: `${field} is ${value.length} characters; the limit is ${GRADING_TEXT_LIMITS[field]}` };
    }
  }
  return null;
}

function present(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/**
 * The grading of a run:
 * - grader kind: HUMAN when a `rater` is named, else MODEL when an `llmModelId` is, else UNKNOWN;
 * - label: REJECTED for a failure; GOLD (score ≥ 0.9), SILVER (≥ 0.7) or BRONZE for a success
 *   (unscored successes are BRONZE);
 * - SFT rows need a success, a rubric version, an evaluator (rater or model) and a score that is
 *   absent or ≥ 0.8; preference rows need a rubric version, an evaluator and a score (a failure
 *   is the rejected side of a pair, so it stays eligible).
 */
export function gradeRun(input: GradingInput): Grading {
  const rater = present(input.rater);
  const llmModelId = present(input.llmModelId);
  const rubricVersion = present(input.rubricVersion);
  const score = input.score ?? null;
  const success = input.outcome === 'SUCCESS';
  const graderKind: GraderKind = rater ? 'HUMAN' : llmModelId ? 'MODEL' : 'UNKNOWN';
  const evaluationLabel: EvaluationLabel = !success
    ? 'REJECTED'
    : score !== null && score >= GOLD_MIN_SCORE
      ? 'GOLD'
      : score !== null && score >= SILVER_MIN_SCORE
        ? 'SILVER'
        : 'BRONZE';
  const common: ExportBlocker[] = [];
  if (!rubricVersion) common.push('MISSING_RUBRIC_VERSION');
  if (!rater && !llmModelId) common.push('MISSING_EVALUATOR_IDENTITY');
  const sftBlockers: ExportBlocker[] = [...common];
  if (!success) sftBlockers.push('OUTCOME_NOT_SUCCESS');
  if (score !== null && score < SFT_MIN_SCORE) sftBlockers.push('SCORE_BELOW_SFT_THRESHOLD');
  const preferenceBlockers: ExportBlocker[] = [...common];
  if (score === null) preferenceBlockers.push('MISSING_SCORE');
  return {
    score,
    feedback: present(input.feedback),
    rater,
    rubricVersion,
    llmModelId,
    graderKind,
    evaluationLabel,
    exportableForSft: sftBlockers.length === 0,
    exportableForPreference: preferenceBlockers.length === 0,
    sftBlockers,
    preferenceBlockers,
  };
}

/**
 * The score a graded run adds to its adapter's reward record: a failure counts 0 whatever score
 * it was given, so a failed run can only pull its adapter down.
 */
export function rankingRewardScore(outcome: Outcome, score: number | null | undefined): number | null {
  if (outcome !== 'SUCCESS') return 0;
  return score ?? null;
}

/** Reward boost parameters: at most ±0.04 on the 0..1 search score, trusted fully at 10 graded runs. */
export const REWARD_BOOST_MAX = 0.04;
export const MIN_GRADED_RUNS = 3;
export const GRADED_RUNS_FULL_CONFIDENCE = 10;

/**
 * Search boost from graded runs: 0 under 3 graded runs; otherwise
 *   REWARD_BOOST_MAX × (2 × mean score − 1) × min(graded / 10, 1)
 * so a mean of 0.5 is neutral, 1 gives +0.04 and 0 gives −0.04 at full confidence.
 */
export function rewardBoost(rewards: { graded: number; scoreSum: number } | undefined): number {
  if (!rewards || rewards.graded < MIN_GRADED_RUNS) return 0;
  const mean = Math.min(1, Math.max(0, rewards.scoreSum / rewards.graded));
  const confidence = Math.min(rewards.graded / GRADED_RUNS_FULL_CONFIDENCE, 1);
  const boost = REWARD_BOOST_MAX * (2 * mean - 1) * confidence;
  return Math.round(boost * 10_000) / 10_000;
}
