/**
 * A circuit breaker for a remote embeddings endpoint: after `failureThreshold` failures in a row
 * it opens, and every call is refused at once (search falls back to its lexical ranker, writes
 * leave their vectors to the background repair) until `openMs` has passed; then one trial call is
 * let through, which closes it again or reopens it. The states are what `/healthz` and the
 * `kairos_embeddings_circuit_open` gauge report.
 */
export const CIRCUIT_STATES = ['CLOSED', 'OPEN', 'HALF_OPEN'] as const;
export type CircuitState = (typeof CIRCUIT_STATES)[number];

export interface CircuitBreakerOptions {
  failureThreshold?: number;
  openMs?: number;
  now?: () => number;
}

export const DEFAULT_CIRCUIT_FAILURES = 3;
export const DEFAULT_CIRCUIT_OPEN_MS = 30_000;

/** Thrown instead of calling the endpoint while the circuit is open. */
export class EmbeddingsUnavailableError extends Error {
  constructor(readonly retryAtMs: number) {
    super('the embeddings endpoint is failing: not called until it has had time to recover');
    this.name = 'EmbeddingsUnavailableError';
  }
}

export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | null = null;
  private trialInFlight = false;
  private readonly failureThreshold: number;
  private readonly openMs: number;
  private readonly now: () => number;
  private readonly listeners: ((state: 'OPEN' | 'CLOSED') => void)[] = [];

  constructor(options: CircuitBreakerOptions = {}) {
    this.failureThreshold = Math.max(1, options.failureThreshold ?? DEFAULT_CIRCUIT_FAILURES);
    this.openMs = options.openMs ?? DEFAULT_CIRCUIT_OPEN_MS;
    this.now = options.now ?? Date.now;
  }

  /** Told when the circuit opens (or reopens after a failed trial) and when it closes again. */
  onStateChange(listener: (state: 'OPEN' | 'CLOSED') => void): void {
    this.listeners.push(listener);
  }

  get state(): CircuitState {
    if (this.openedAt === null) return 'CLOSED';
    return this.now() - this.openedAt >= this.openMs ? 'HALF_OPEN' : 'OPEN';
  }

  /** True when a call would be refused without trying (open, or half open with its one trial under way). */
  get refusing(): boolean {
    const state = this.state;
    return state === 'OPEN' || (state === 'HALF_OPEN' && this.trialInFlight);
  }

  /** Runs `call` unless the circuit refuses it; its outcome moves the circuit. */
  async run<T>(call: () => Promise<T>): Promise<T> {
    const state = this.state;
    if (state === 'OPEN' || (state === 'HALF_OPEN' && this.trialInFlight))
      throw new EmbeddingsUnavailableError(this.openedAt! + this.openMs);
    const trial = state === 'HALF_OPEN';
    if (trial) this.trialInFlight = true;
    try {
      const result = await call();
      this.succeeded();
      return result;
    } catch (error) {
      this.failed(trial);
      throw error;
    } finally {
      if (trial) this.trialInFlight = false;
    }
  }

  private succeeded(): void {
    const was = this.openedAt;
    this.failures = 0;
    this.openedAt = null;
    if (was !== null) for (const listener of this.listeners) listener('CLOSED');
  }

  private failed(trial: boolean): void {
    this.failures += 1;
    if (trial || (this.openedAt === null && this.failures >= this.failureThreshold)) {
      this.openedAt = this.now();
      for (const listener of this.listeners) listener('OPEN');
    }
  }
}
