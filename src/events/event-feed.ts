import { DEFAULT_OVERFLOW_POLICY, type OverflowPolicy } from './overflow-policy.js';

/** Events buffered for one slow subscriber before it is cut off (it can resume with `afterSeq`). */
export const MAX_BUFFERED_EVENTS = 10_000;

/**
 * One subscriber's queue of events. It listens from the moment it is created, not from the
 * first `next()` (as a Repeater would), so a service can open the live feed, read the replay
 * from the database, and lose nothing published in between.
 */
export class EventFeed<T> implements AsyncIterableIterator<T> {
  private readonly buffered: T[] = [];
  /** Readers waiting for the next event, first come first served (usually one). */
  private readonly waiting: ((result: IteratorResult<T>) => void)[] = [];
  private failure: Error | null = null;
  private closed = false;
  private bufferedBytes = 0;
  private readonly sizes: number[] = [];
  /** Events the reader already has (see `skip`): dropped as they arrive, before any promise. */
  private skipped: ((value: T) => boolean) | null = null;

  constructor(
    private readonly detach: () => void,
    /** The connection's policy (see overflow-policy.ts). */
    private readonly overflow: OverflowPolicy = DEFAULT_OVERFLOW_POLICY,
  ) {}

  push(value: T): void {
    if (this.closed || this.skipped?.(value)) return;
    const reader = this.waiting.shift();
    if (reader) {
      reader({ value, done: false });
      return;
    }
    // Sized only when the reader is behind: a reader that keeps up never pays for it.
    const size = JSON.stringify(value)?.length ?? 0;
    this.bufferedBytes += size;
    if (this.buffered.length >= MAX_BUFFERED_EVENTS || this.bufferedBytes > this.overflow.maxBufferedBytes) {
      this.fail(new SlowConsumerError());
      this.overflow.onOverflow();
      return;
    }
    this.buffered.push(value);
    this.sizes.push(size);
  }

  next(): Promise<IteratorResult<T>> {
    if (this.buffered.length > 0) {
      const value = this.buffered.shift()!;
      this.bufferedBytes -= this.sizes.shift() ?? 0;
      return Promise.resolve({ value, done: false });
    }
    if (this.failure) {
      const failure = this.failure;
      this.failure = null;
      return Promise.reject(failure);
    }
    if (this.closed) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /**
   * From now on drops events for which `already` holds, those buffered included: a reader that
   * replayed the past from the database skips what the feed caught meanwhile, with no extra step
   * on each later delivery.
   */
  skip(already: (value: T) => boolean): void {
    this.skipped = already;
    for (let index = this.buffered.length - 1; index >= 0; index--) {
      if (!already(this.buffered[index]!)) continue;
      this.buffered.splice(index, 1);
      this.bufferedBytes -= this.sizes.splice(index, 1)[0] ?? 0;
    }
  }

  return(): Promise<IteratorResult<T>> {
    this.close();
    this.buffered.length = 0;
    this.sizes.length = 0;
    this.bufferedBytes = 0;
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  private fail(error: Error): void {
    this.close();
    this.buffered.length = 0;
    this.sizes.length = 0;
    this.bufferedBytes = 0;
    this.failure = error;
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.detach();
    for (const reader of this.waiting.splice(0)) reader({ value: undefined, done: true });
  }
}

/** A subscriber that fell too far behind; it reconnects and resumes (runProgress by `afterSeq`). */
export class SlowConsumerError extends Error {
  constructor() {
    super('The subscriber fell too far behind and was cut off; subscribe again (runProgress: with afterSeq)');
    this.name = 'SlowConsumerError';
  }
}
