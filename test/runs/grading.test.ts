/**
 * Grading as KAIROS 4.8.5 grades (its src/services/reward-evals.ts): every case below is derived
 * from GRADING_RULES, the one table the code follows, so a threshold changed in the table moves
 * the cases with it, and the expectations name KAIROS's numbers once, at the top.
 */
import { describe, expect, it } from 'vitest';
import type { Grading } from '../../src/model/grading.js';
import { gradeRun, GRADING_RULES, regradeStored } from '../../src/runs/grading.js';

const evaluator = { rubricVersion: 'v1', rater: 'ann' } as const;
const below = (score: number) => Math.round((score - 0.01) * 100) / 100;

describe('GRADING_RULES', () => {
  it('holds KAIROS 4.8.5 numbers', () => {
    expect(GRADING_RULES.labels.map((band) => [band.label, band.minScore])).toEqual([
      ['GOLD', 0.85],
      ['SILVER', 0.65],
      ['BRONZE', 0],
    ]);
    expect(GRADING_RULES.defaultScore).toEqual({ SUCCESS: 1, FAILURE: 0 });
    expect([GRADING_RULES.sftMinScore, GRADING_RULES.preferenceMinScore]).toEqual([0.65, 0.7]);
    expect(GRADING_RULES.graderKinds.map((entry) => entry.kind)).toEqual(['MODEL', 'HUMAN']);
  });
});

describe('gradeRun follows the table', () => {
  const bands = GRADING_RULES.labels;
  it.each(bands.map((band, index) => ({ band, lower: bands[index + 1] })))(
    'a success scored $band.minScore is $band.label, just below is the next band',
    ({ band, lower }) => {
      expect(gradeRun({ outcome: 'SUCCESS', score: band.minScore, ...evaluator }).evaluationLabel).toBe(band.label);
      if (lower) expect(gradeRun({ outcome: 'SUCCESS', score: below(band.minScore), ...evaluator }).evaluationLabel).toBe(lower.label);
    },
  );

  it.each([0, 0.5, 0.85, 1])('a failure scored %s is %s', (score) => {
    expect(gradeRun({ outcome: 'FAILURE', score, ...evaluator }).evaluationLabel).toBe(GRADING_RULES.failureLabel);
  });

  it.each(['SUCCESS', 'FAILURE'] as const)('an unscored %s takes its default score', (outcome) => {
    const graded = gradeRun({ outcome, ...evaluator });
    expect(graded.score).toBe(GRADING_RULES.defaultScore[outcome]);
    if (outcome === 'SUCCESS')
      expect(graded.evaluationLabel).toBe(bands.find((band) => GRADING_RULES.defaultScore.SUCCESS >= band.minScore)!.label);
  });

  it('blocks SFT below its minimum and preference below its own, at the exact edge', () => {
    const sft = GRADING_RULES.sftMinScore;
    const preference = GRADING_RULES.preferenceMinScore;
    expect(gradeRun({ outcome: 'SUCCESS', score: sft, ...evaluator }).sftBlockers).toEqual([]);
    expect(gradeRun({ outcome: 'SUCCESS', score: below(sft), ...evaluator }).sftBlockers).toEqual(['SCORE_BELOW_SFT_THRESHOLD']);
    expect(gradeRun({ outcome: 'SUCCESS', score: preference, ...evaluator }).preferenceBlockers).toEqual([]);
    expect(gradeRun({ outcome: 'SUCCESS', score: below(preference), ...evaluator }).preferenceBlockers).toEqual([
      'SCORE_BELOW_PREFERENCE_THRESHOLD',
    ]);
    // A failure may be preference data (the rejected side) only when scored at the minimum.
    expect(gradeRun({ outcome: 'FAILURE', score: preference, ...evaluator })).toMatchObject({
      exportableForPreference: true,
      sftBlockers: ['OUTCOME_NOT_SUCCESS'],
    });
    expect(gradeRun({ outcome: 'FAILURE', ...evaluator }).preferenceBlockers).toEqual(['SCORE_BELOW_PREFERENCE_THRESHOLD']);
  });

  it('names the grader by the first identity given in table order, else unnamed', () => {
    const both = { llmModelId: 'judge-1', rater: 'ann' };
    const expected = GRADING_RULES.graderKinds.find((entry) => both[entry.field])!.kind;
    expect(gradeRun({ outcome: 'SUCCESS', ...both }).graderKind).toBe(expected);
    for (const entry of GRADING_RULES.graderKinds) {
      expect(gradeRun({ outcome: 'SUCCESS', [entry.field]: 'someone' }).graderKind).toBe(entry.kind);
    }
    expect(gradeRun({ outcome: 'SUCCESS', rater: '   ' })).toMatchObject({
      graderKind: GRADING_RULES.unnamedGraderKind,
      sftBlockers: ['MISSING_RUBRIC_VERSION', 'MISSING_EVALUATOR_IDENTITY'],
    });
  });
});

describe('regradeStored', () => {
  it('reads a grading an earlier release stored with today’s rules, without changing the stored value', () => {
    const earlier: Grading = {
      score: null,
      feedback: 'ok',
      rater: 'ann',
      rubricVersion: 'v1',
      llmModelId: null,
      graderKind: 'HUMAN',
      evaluationLabel: 'BRONZE',
      exportableForSft: true,
      exportableForPreference: false,
      sftBlockers: [],
      preferenceBlockers: ['MISSING_SCORE'],
    };
    const snapshot = structuredClone(earlier);
    expect(regradeStored('SUCCESS', earlier)).toMatchObject({
      score: GRADING_RULES.defaultScore.SUCCESS,
      evaluationLabel: 'GOLD',
      exportableForPreference: true,
      preferenceBlockers: [],
      feedback: 'ok',
    });
    expect(earlier).toEqual(snapshot);
    // 0.67 was BRONZE under the earlier 0.7 band and SFT-blocked under its 0.8 minimum.
    expect(regradeStored('SUCCESS', { ...earlier, score: 0.67, sftBlockers: ['SCORE_BELOW_SFT_THRESHOLD'] })).toMatchObject({
      evaluationLabel: 'SILVER',
      exportableForSft: true,
      preferenceBlockers: ['SCORE_BELOW_PREFERENCE_THRESHOLD'],
    });
    expect(regradeStored('FAILURE', null)).toMatchObject({ score: 0, evaluationLabel: 'REJECTED', graderKind: 'UNKNOWN' });
  });
});
