/**
 * Streams one principal may hold open at once, whichever socket or request carries them: the
 * per-socket cap alone lets one token open sockets until memory runs out. Per process.
 */
export class OpenStreamQuota {
  private readonly open = new Map<string, number>();

  constructor(
    /** Streams per principal; 0: no cap. */
    readonly limit: number,
  ) {}

  /** Counts one more stream for the principal and answers its release (idempotent), or null at the cap. */
  acquire(principalId: string): (() => void) | null {
    const count = this.open.get(principalId) ?? 0;
    if (this.limit > 0 && count >= this.limit) return null;
    this.open.set(principalId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(principalId) ?? 1) - 1;
      if (left <= 0) this.open.delete(principalId);
      else this.open.set(principalId, left);
    };
  }

  openFor(principalId: string): number {
    return this.open.get(principalId) ?? 0;
  }
}
