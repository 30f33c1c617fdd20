/** The pure rules of learned triggers: weight per principal, fading, matching, merging credits. */
import { describe, expect, it } from 'vitest';
import {
  creditSuccess,
  jaccard,
  MAX_PRINCIPALS_PER_TRIGGER,
  OTHERS_SHARE_CAP,
  OWN_SHARE_CAP,
  triggerMatch,
  triggerTerms,
  triggerWeight,
} from '../../src/search/learned-triggers.js';

const now = new Date('2026-06-01T00:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

describe('learned trigger weight', () => {
  it('caps one principal: more for itself, at most OTHERS_SHARE_CAP for anyone else', () => {
    let credits = creditSuccess([], 'dave', 1, now);
    for (let i = 0; i < 9; i++) credits = creditSuccess(credits, 'dave', 1, now);
    expect(credits).toMatchObject([{ principalId: 'dave', successes: 10, credit: 10 }]);
    expect(triggerWeight(credits, 'dave', now, 90)).toBeCloseTo(OWN_SHARE_CAP);
    expect(triggerWeight(credits, 'carol', now, 90)).toBeCloseTo(OTHERS_SHARE_CAP);
    expect(triggerWeight(credits, null, now, 90)).toBeCloseTo(OTHERS_SHARE_CAP);
  });

  it('grows with distinct principals', () => {
    const one = creditSuccess([], 'a', 1, now);
    const three = creditSuccess(creditSuccess(one, 'b', 1, now), 'c', 1, now);
    expect(triggerWeight(three, null, now, 90)).toBeCloseTo(1 - (1 - OTHERS_SHARE_CAP) ** 3);
    expect(triggerWeight(three, null, now, 90)).toBeGreaterThan(triggerWeight(one, null, now, 90));
  });

  it('weighs a low reward score less, and fades to nothing over the learning period', () => {
    const poor = creditSuccess([], 'a', 0.2, now);
    expect(triggerWeight(poor, 'a', now, 90)).toBeCloseTo(0.12);
    const old = creditSuccess([], 'a', 1, daysAgo(45));
    expect(triggerWeight(old, 'a', now, 90)).toBeCloseTo(0.3);
    expect(triggerWeight(creditSuccess([], 'a', 1, daysAgo(91)), 'a', now, 90)).toBe(0);
    expect(triggerWeight(creditSuccess([], 'a', 1, daysAgo(400)), 'a', now, 0)).toBeCloseTo(0.6);
  });

  it('keeps the principals whose last success is newest, past the cap', () => {
    let credits = creditSuccess([], 'first', 1, daysAgo(10));
    for (let i = 0; i < MAX_PRINCIPALS_PER_TRIGGER; i++) credits = creditSuccess(credits, `p${i}`, 1, daysAgo(5));
    expect(credits).toHaveLength(MAX_PRINCIPALS_PER_TRIGGER);
    expect(credits.some((entry) => entry.principalId === 'first')).toBe(false);
  });
});

describe('learned trigger matching', () => {
  it('matches the same request fully, a rephrasing partly, one shared word of many not at all', () => {
    const trigger = triggerTerms('time for the zebra exercise');
    expect(triggerMatch(triggerTerms('time for the zebra exercise'), trigger)).toBe(1);
    expect(triggerMatch(triggerTerms('the zebra exercise is due again'), trigger)).toBeGreaterThan(0.5);
    expect(triggerMatch(triggerTerms('what time does the shop open on sundays'), trigger)).toBe(0);
  });

  it('finds near-duplicates by their terms', () => {
    expect(jaccard(triggerTerms('renew the TLS certificates'), triggerTerms('renewing TLS certificate'))).toBe(1);
    expect(jaccard(triggerTerms('renew the TLS certificates'), triggerTerms('purge the CDN cache'))).toBe(0);
  });
});
