import { describe, expect, it } from 'vitest';
import {
  attestBoost,
  attestQualityBonus,
  countAttest,
  countProof,
  EMPTY_QUALITY_COUNTERS,
} from '../../src/runs/quality.js';

describe('countProof', () => {
  it('counts attempts, successes and failures of checked proofs', () => {
    const counted = countProof(countProof(EMPTY_QUALITY_COUNTERS, 'success'), 'failed');
    expect(counted.proofs).toEqual({ attempts: 2, successes: 1, failures: 1 });
    expect(counted.attests).toEqual({ attempts: 0, successes: 0, failures: 0 });
    expect(EMPTY_QUALITY_COUNTERS.proofs.attempts).toBe(0);
  });
});

describe('attestQualityBonus', () => {
  it('is +1 for success and −0.2 for failure, plus the clamped request', () => {
    expect(attestQualityBonus('SUCCESS')).toBe(1);
    expect(attestQualityBonus('FAILURE')).toBe(-0.2);
    expect(attestQualityBonus('SUCCESS', 2)).toBe(3);
    expect(attestQualityBonus('SUCCESS', 1000)).toBe(6);
    expect(attestQualityBonus('FAILURE', -1000)).toBe(-5.2);
  });

  it('refuses a non-finite request', () => {
    expect(() => attestQualityBonus('SUCCESS', Number.NaN)).toThrow(RangeError);
  });
});

describe('attestBoost', () => {
  it('is 0 below three runs', () => {
    expect(attestBoost({ attempts: 2, successes: 2, failures: 0 })).toBe(0);
  });

  it('scales with success ratio and confidence, capped at 0.08', () => {
    expect(attestBoost({ attempts: 3, successes: 3, failures: 0 })).toBeCloseTo(0.024);
    expect(attestBoost({ attempts: 5, successes: 4, failures: 1 })).toBeCloseTo(0.08 * 0.8 * 0.5);
    expect(attestBoost({ attempts: 10, successes: 10, failures: 0 })).toBe(0.08);
    expect(attestBoost({ attempts: 500, successes: 500, failures: 0 })).toBe(0.08);
  });
});

describe('countAttest', () => {
  it('counts the outcome, sums the bonus, records the rater and recomputes the boost', () => {
    let counters = EMPTY_QUALITY_COUNTERS;
    for (const outcome of ['SUCCESS', 'SUCCESS', 'FAILURE'] as const) {
      counters = countAttest(counters, {
        outcome,
        qualityBonus: attestQualityBonus(outcome),
        ratedAt: '2026-01-01T00:00:00.000Z',
        rater: null,
        message: `run ${outcome}`,
      });
    }
    expect(counters.attests).toEqual({ attempts: 3, successes: 2, failures: 1 });
    expect(counters.qualityBonus).toBe(1.8);
    expect(counters.attestBoost).toBeCloseTo(0.08 * (2 / 3) * 0.3);
    expect(counters.lastRater).toBe('kairos-attest');
    expect(counters.lastUsageContext).toBe('run FAILURE');
    expect(counters.proofs.attempts).toBe(0);
  });
});
