import type { ExportBlocker, EvaluationLabel, GraderKind, Grading } from '../model/grading.js';
import type { Outcome } from '../model/run-enums.js';

export {
  EVALUATION_LABELS,
  EXPORT_BLOCKERS,
  GRADER_KINDS,
  type ExportBlocker,
  type EvaluationLabel,
  type GraderKind,
  type Grading,
} from '../model/grading.js';

/**
 * Grading of an attested run, with KAIROS 4.8.5's meaning (its
 * `src/services/reward-evals.ts`): who graded it, how well, and whether its rows may feed a
 * training set. Pure: attest stores the result with the run, `reward` shows it per layer, and the
 * dataset exports grade the stored inputs again with these rules, so runs graded under older
 * rules are exported as KAIROS would export them.
 */

/**
 * Every number and order the grading follows, in one place; the tests derive their cases from it.
 * Labels are tried in order: the first whose `minScore` the score reaches (a failure is always
 * `failureLabel`). The grader kind is the first named identity in `graderKinds` order.
 */
export const GRADING_RULES = {
  /** The score of an outcome sent without one. */
  defaultScore: { SUCCESS: 1, FAILURE: 0 },
  labels: [
    { label: 'GOLD', minScore: 0.85 },
    { label: 'SILVER', minScore: 0.65 },
    { label: 'BRONZE', minScore: 0 },
  ],
  failureLabel: 'REJECTED',
  sftMinScore: 0.65,
  preferenceMinScore: 0.7,
  graderKinds: [
    { field: 'llmModelId', kind: 'MODEL' },
    { field: 'rater', kind: 'HUMAN' },
  ],
  unnamedGraderKind: 'UNKNOWN',
} as const satisfies {
  defaultScore: Record<Outcome, number>;
  labels: readonly { label: EvaluationLabel; minScore: number }[];
  failureLabel: EvaluationLabel;
  sftMinScore: number;
  preferenceMinScore: number;
  graderKinds: readonly { field: 'llmModelId' | 'rater'; kind: GraderKind }[];
  unnamedGraderKind: GraderKind;
};

/** The SFT and label thresholds under their earlier names, from `GRADING_RULES`. */
export const SFT_MIN_SCORE = GRADING_RULES.sftMinScore;
export const GOLD_MIN_SCORE = GRADING_RULES.labels[0].minScore;
export const SILVER_MIN_SCORE = GRADING_RULES.labels[1].minScore;

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
export function gradingInputRefusal(
  input: Omit<GradingInput, 'outcome'>,
): { code: 'BAD_USER_INPUT' | 'PAYLOAD_TOO_LARGE'; message: string } | null {
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
 * The grading of a run, by `GRADING_RULES`: the score is the one sent, or the outcome's default
 * (1 for a success, 0 for a failure), kept within 0..1; SFT rows need a success, a rubric version,
 * an evaluator (rater or model) and the SFT minimum; preference rows need a rubric version, an
 * evaluator and the preference minimum, whatever the outcome.
 */
export function gradeRun(input: GradingInput): Grading {
  const named = { rater: present(input.rater), llmModelId: present(input.llmModelId) };
  const rubricVersion = present(input.rubricVersion);
  const sent = input.score ?? GRADING_RULES.defaultScore[input.outcome];
  const score = Number.isFinite(sent) ? Math.min(1, Math.max(0, sent)) : 0;
  const success = input.outcome === 'SUCCESS';
  const graderKind: GraderKind = GRADING_RULES.graderKinds.find((entry) => named[entry.field])?.kind ?? GRADING_RULES.unnamedGraderKind;
  const evaluationLabel: EvaluationLabel = success
    ? (GRADING_RULES.labels.find((band) => score >= band.minScore)?.label ?? GRADING_RULES.failureLabel)
    : GRADING_RULES.failureLabel;
  const common: ExportBlocker[] = [];
  if (!rubricVersion) common.push('MISSING_RUBRIC_VERSION');
  if (!named.rater && !named.llmModelId) common.push('MISSING_EVALUATOR_IDENTITY');
  const sftBlockers: ExportBlocker[] = [...common];
  if (!success) sftBlockers.push('OUTCOME_NOT_SUCCESS');
  if (score < GRADING_RULES.sftMinScore) sftBlockers.push('SCORE_BELOW_SFT_THRESHOLD');
  const preferenceBlockers: ExportBlocker[] = [...common];
  if (score < GRADING_RULES.preferenceMinScore) preferenceBlockers.push('SCORE_BELOW_PREFERENCE_THRESHOLD');
  return {
    score,
    feedback: present(input.feedback),
    rater: named.rater,
    rubricVersion,
    llmModelId: named.llmModelId,
    graderKind,
    evaluationLabel,
    exportableForSft: sftBlockers.length === 0,
    exportableForPreference: preferenceBlockers.length === 0,
    sftBlockers,
    preferenceBlockers,
  };
}

/**
 * A stored grading read with today's rules: the inputs it kept (score, rater, rubric version,
 * model) graded again, so a run graded under older thresholds exports as KAIROS would export it.
 * Nothing is written back. A run rated before grading existed has no inputs: ungraded, default score.
 */
export function regradeStored(outcome: Outcome, stored: Grading | null | undefined): Grading {
  return gradeRun({
    outcome,
    score: stored?.score ?? null,
    feedback: stored?.feedback ?? null,
    rater: stored?.rater ?? null,
    rubricVersion: stored?.rubricVersion ?? null,
    llmModelId: stored?.llmModelId ?? null,
  });
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
