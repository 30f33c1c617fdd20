import { describe, expect, it } from 'vitest';
import { attestBoost, attestQualityBonus } from '../../src/runs/quality.js';

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
