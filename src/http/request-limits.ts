/**
 * Per-principal admission: a fixed-window rate limit on operations and a cap on operations
 * in flight. In-process: with several server processes each one enforces its own share.
 */
export interface RequestLimitSettings {
  /** Operations per principal per minute; 0 turns the limit off. */
  ratePerMinute: number;
  /** Queries and mutations one principal may have in flight at once; 0 turns the cap off. */
  maxConcurrent: number;
}

export type Admission = { admitted: true; release: () => void } | { admitted: false; reason: string; retryAfterSeconds: number };

const WINDOW_MS = 60_000;

export class RequestLimits {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly settings: RequestLimitSettings) {}

  /** Counts one operation; `holdsSlot` operations also take a concurrency slot until released. */
  admit(principalId: string, holdsSlot: boolean, now = Date.now()): Admission {
    if (this.settings.ratePerMinute > 0) {
      let window = this.windows.get(principalId);
      if (!window || now - window.startedAt >= WINDOW_MS) {
        window = { startedAt: now, count: 0 };
        this.windows.set(principalId, window);
        this.forgetStaleWindows(now);
      }
      if (window.count >= this.settings.ratePerMinute) {
        const retryAfterSeconds = Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - now) / 1000));
        return {
          admitted: false,
          reason: `Rate limit of ${this.settings.ratePerMinute} operations per minute reached; retry in ${retryAfterSeconds} s`,
          retryAfterSeconds,
        };
      }
      window.count++;
    }
    if (!holdsSlot || this.settings.maxConcurrent === 0) return { admitted: true, release: () => {} };
    const running = this.inFlight.get(principalId) ?? 0;
    if (running >= this.settings.maxConcurrent) {
      return {
        admitted: false,
        reason: `At most ${this.settings.maxConcurrent} operations may run at once; retry when one finishes`,
        retryAfterSeconds: 1,
      };
    }
    this.inFlight.set(principalId, running + 1);
    let released = false;
    return {
      admitted: true,
      release: () => {
        if (released) return;
        released = true;
        const left = (this.inFlight.get(principalId) ?? 1) - 1;
        if (left > 0) this.inFlight.set(principalId, left);
        else this.inFlight.delete(principalId);
      },
    };
  }

  private forgetStaleWindows(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [principal, window] of this.windows) if (now - window.startedAt >= WINDOW_MS) this.windows.delete(principal);
  }
}
