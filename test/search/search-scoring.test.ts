import { describe, expect, it } from 'vitest';
import {
  MATCH_THRESHOLD,
  STRONG_MATCH_THRESHOLD,
  TITLE_MATCH_BOOST,
  searchScore,
  textRelevance,
  titleHasAllTerms,
} from '../../src/search/search-scoring.js';
import { ATTEST_BOOST_MAX } from '../../src/runs/quality.js';

describe('textRelevance', () => {
  it('measures coverage per query term, so one- and three-word queries share a scale', () => {
    // Every term once in the title (raw = 1 per term) scores the same, whatever the term count.
    expect(textRelevance(1, 1)).toBeCloseTo(textRelevance(3, 3), 10);
    expect(textRelevance(1, 1)).toBeCloseTo(1 - Math.exp(-1), 10);
  });

  it('is 0 without a score or terms, rises with the score and stays below 1', () => {
    expect(textRelevance(0, 2)).toBe(0);
    expect(textRelevance(5, 0)).toBe(0);
    expect(textRelevance(Number.NaN, 2)).toBe(0);
    expect(textRelevance(0.5, 1)).toBeLessThan(textRelevance(1, 1));
    expect(textRelevance(100, 1)).toBeLessThanOrEqual(1);
  });

  it('keeps matches that only appear in step prose below the match threshold', () => {
    // Each of two terms found once in one step's text: 0.1 per term.
    expect(textRelevance(0.2, 2)).toBeLessThan(MATCH_THRESHOLD);
    // Every term in the title and the triggers: strong on relevance alone.
    expect(textRelevance(3, 2)).toBeGreaterThan(STRONG_MATCH_THRESHOLD);
  });
});

describe('titleHasAllTerms', () => {
  it('needs every query term in the title and at least one term', () => {
    expect(titleHasAllTerms(['roll', 'back', 'bad', 'deploy'], ['deploy', 'bad'])).toBe(true);
    expect(titleHasAllTerms(['roll', 'back'], ['deploy', 'back'])).toBe(false);
    expect(titleHasAllTerms(['roll'], [])).toBe(false);
  });
});

describe('searchScore', () => {
  it('adds the title boost and the attest boost to the relevance', () => {
    const base = { rawTextScore: 1, termCount: 2, titleHasAllTerms: false, attestBoost: 0 };
    const relevance = textRelevance(1, 2);
    expect(searchScore(base)).toBeCloseTo(relevance, 4);
    expect(searchScore({ ...base, titleHasAllTerms: true })).toBeCloseTo(relevance + TITLE_MATCH_BOOST, 4);
    expect(searchScore({ ...base, attestBoost: ATTEST_BOOST_MAX })).toBeCloseTo(relevance + ATTEST_BOOST_MAX, 4);
  });

  it('is capped at 1', () => {
    expect(searchScore({ rawTextScore: 50, termCount: 1, titleHasAllTerms: true, attestBoost: ATTEST_BOOST_MAX })).toBe(1);
  });
});
