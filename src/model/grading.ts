/** The closed lists and the shape of a run's grading; the rules are in src/runs/grading.ts. */
export const GRADER_KINDS = ['HUMAN', 'MODEL', 'UNKNOWN'] as const;
export type GraderKind = (typeof GRADER_KINDS)[number];

export const EVALUATION_LABELS = ['GOLD', 'SILVER', 'BRONZE', 'REJECTED'] as const;
export type EvaluationLabel = (typeof EVALUATION_LABELS)[number];

/**
 * Why a graded run's rows are left out of a dataset; the lower-case value is the KAIROS 4 word.
 * MISSING_SCORE is no longer given (an unscored run takes its outcome's default score); it stays
 * listed because 0.3 published it.
 */
export const EXPORT_BLOCKERS = [
  'MISSING_RUBRIC_VERSION',
  'MISSING_EVALUATOR_IDENTITY',
  'OUTCOME_NOT_SUCCESS',
  'MISSING_SCORE',
  'SCORE_BELOW_SFT_THRESHOLD',
  'SCORE_BELOW_PREFERENCE_THRESHOLD',
] as const;
export type ExportBlocker = (typeof EXPORT_BLOCKERS)[number];

export interface Grading {
  score: number | null;
  feedback: string | null;
  rater: string | null;
  rubricVersion: string | null;
  llmModelId: string | null;
  graderKind: GraderKind;
  evaluationLabel: EvaluationLabel;
  exportableForSft: boolean;
  exportableForPreference: boolean;
  sftBlockers: ExportBlocker[];
  preferenceBlockers: ExportBlocker[];
}
