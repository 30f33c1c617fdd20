/**
 * How many run events one principal may have replayed per minute (KAIROS_MAX_REPLAYED_EVENTS_PER_MINUTE).
 * A token bucket per principal: full at the limit, refilled evenly over a minute, so a client
 * that resumes now and then never meets it, and one that replays long runs in a loop does.
 * Per process, like the other rate limits.
 */
export type ReplayAllowance = { ok: true } | { ok: false; retryAfterSeconds: number };

export class ReplayBudget {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    /** Events per minute; 0: no cap. */
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether `events` would fit now, taking nothing (a replay larger than the whole budget is told a minute). */
  check(principalId: string, events: number): ReplayAllowance {
    if (this.perMinute <= 0 || events <= 0) return { ok: true };
    const tokens = this.refilled(principalId, this.now()).tokens;
    if (tokens >= events) return { ok: true };
    const missing = Math.min(events, this.perMinute) - tokens;
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((missing / this.perMinute) * 60)) };
  }

  /** Takes `events` from the principal's budget, or answers how long until they would fit (nothing taken). */
  take(principalId: string, events: number): ReplayAllowance {
    const allowance = this.check(principalId, events);
    if (!allowance.ok || this.perMinute <= 0 || events <= 0) return allowance;
    const now = this.now();
    const bucket = this.refilled(principalId, now);
    this.buckets.set(principalId, { tokens: bucket.tokens - events, at: now });
    return allowance;
  }

  private refilled(principalId: string, now: number): { tokens: number; at: number } {
    const bucket = this.buckets.get(principalId);
    if (!bucket) {
      // Full buckets carry no state: drop them so the map holds only principals that replayed lately.
      if (this.buckets.size > 10_000) this.forgetFull(now);
      return { tokens: this.perMinute, at: now };
    }
    return { tokens: Math.min(this.perMinute, bucket.tokens + ((now - bucket.at) / 60_000) * this.perMinute), at: now };
  }

  private forgetFull(now: number): void {
    for (const [principalId, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 60_000) * this.perMinute >= this.perMinute) this.buckets.delete(principalId);
    }
  }
}
