import { describe, expect, it } from 'vitest';
import { RequestLimits } from '../../src/http/request-limits.js';

describe('RequestLimits', () => {
  it('admits a principal up to its per-minute budget, then says when to retry', () => {
    const limits = new RequestLimits({ ratePerMinute: 3, maxConcurrent: 0 });
    const start = 1_000_000;
    for (let index = 0; index < 3; index++) expect(limits.admit('alice', false, start + index).admitted).toBe(true);
    const refused = limits.admit('alice', false, start + 10_000);
    expect(refused).toMatchObject({ admitted: false, retryAfterSeconds: 50 });
    // Another principal has its own budget; a new window restores alice's.
    expect(limits.admit('bob', false, start + 10_000).admitted).toBe(true);
    expect(limits.admit('alice', false, start + 60_000).admitted).toBe(true);
  });

  it('caps operations in flight per principal until one is released', () => {
    const limits = new RequestLimits({ ratePerMinute: 0, maxConcurrent: 2 });
    const first = limits.admit('alice', true);
    const second = limits.admit('alice', true);
    expect(first.admitted && second.admitted).toBe(true);
    expect(limits.admit('alice', true).admitted).toBe(false);
    // Subscriptions do not hold a slot.
    expect(limits.admit('alice', false).admitted).toBe(true);
    if (first.admitted) {
      first.release();
      first.release();
    }
    expect(limits.admit('alice', true).admitted).toBe(true);
    expect(limits.admit('alice', true).admitted).toBe(false);
  });
});
