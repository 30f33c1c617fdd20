import { builder } from '../builder.js';
import { type EVALUATION_LABELS, type EXPORT_BLOCKERS, type GRADER_KINDS, type Grading } from '../runs/grading.js';
import { AttestPayloadRef } from './run-answers.js';

const GraderKindEnum = builder.enumType('GraderKind', {
  description: 'Who graded a run: a model (`llmModelId`), else a named person (`rater`), else nobody named.',
  values: {
    HUMAN: { description: 'A person named in `rater` (no model).' },
    MODEL: { description: 'A model named in `llmModelId`, whether or not a rater is named too.' },
    UNKNOWN: { description: 'Neither was named.' },
  } satisfies Record<(typeof GRADER_KINDS)[number], { description: string }>,
});

const EvaluationLabelEnum = builder.enumType('EvaluationLabel', {
  description: 'The grade band of a run: GOLD (success, score ≥ 0.85), SILVER (≥ 0.65), BRONZE (other successes), REJECTED (failure). An unscored success scores 1.',
  values: {
    GOLD: { description: 'A success scored at least 0.85 (or not scored).' },
    SILVER: { description: 'A success scored at least 0.65.' },
    BRONZE: { description: 'A success scored below 0.65.' },
    REJECTED: { description: 'A failure.' },
  } satisfies Record<(typeof EVALUATION_LABELS)[number], { description: string }>,
});

const ExportBlockerEnum = builder.enumType('ExportBlocker', {
  description: 'Why a graded run is left out of a training dataset (docs/kairos-v4.md, Datasets).',
  values: {
    MISSING_RUBRIC_VERSION: { description: 'No `rubricVersion` was sent.' },
    MISSING_EVALUATOR_IDENTITY: { description: 'Neither `rater` nor `llmModelId` was sent.' },
    OUTCOME_NOT_SUCCESS: { description: 'The run failed (SFT only).' },
    MISSING_SCORE: { description: 'No longer given: an unscored run takes its outcome\'s default score.', deprecationReason: 'An unscored run scores 1 (success) or 0 (failure), as in KAIROS 4.' },
    SCORE_BELOW_SFT_THRESHOLD: { description: 'The score is below 0.65 (SFT only).' },
    SCORE_BELOW_PREFERENCE_THRESHOLD: { description: 'The score is below 0.7 (preference only).' },
  } satisfies Record<(typeof EXPORT_BLOCKERS)[number], { description: string; deprecationReason?: string }>,
});

const GradingRef = builder.objectRef<Grading>('Grading').implement({
  description: 'How an attested run was graded, and whether its rows may go into the SFT and preference datasets.',
  fields: (t) => ({
    score: t.exposeFloat('score', { nullable: true, description: 'The 0..1 score: the one sent with `attest`, else 1 for a success and 0 for a failure. Null on runs an earlier release graded without a score.' }),
    feedback: t.exposeString('feedback', { nullable: true, description: "The grader's words." }),
    rater: t.exposeString('rater', { nullable: true, description: 'The person who graded.' }),
    rubricVersion: t.exposeString('rubricVersion', { nullable: true, description: 'The rubric version the score follows.' }),
    llmModelId: t.exposeString('llmModelId', { nullable: true, description: 'The model named by the attest.' }),
    graderKind: t.field({ type: GraderKindEnum, description: 'Who graded.', resolve: (grading) => grading.graderKind }),
    evaluationLabel: t.field({ type: EvaluationLabelEnum, description: 'The grade band.', resolve: (grading) => grading.evaluationLabel }),
    exportableForSft: t.exposeBoolean('exportableForSft', { description: 'True when `sftBlockers` is empty.' }),
    exportableForPreference: t.exposeBoolean('exportableForPreference', { description: 'True when `preferenceBlockers` is empty.' }),
    sftBlockers: t.field({ type: [ExportBlockerEnum], description: 'Why the run is not in `SFT_JSONL`.', resolve: (grading) => grading.sftBlockers }),
    preferenceBlockers: t.field({ type: [ExportBlockerEnum], description: 'Why the run is not in `PREFERENCE_JSONL`.', resolve: (grading) => grading.preferenceBlockers }),
  }),
});

builder.objectField(AttestPayloadRef, 'grading', (t) =>
  t.field({
    type: GradingRef,
    nullable: true,
    description: 'The grading recorded with the rating; null when nothing was rated (an `errorCode`) or for runs attested before 0.3.',
    resolve: (payload) => payload.grading ?? null,
  }),
);
