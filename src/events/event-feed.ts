/** Events buffered for one slow subscriber before it is cut off (it can resume with `afterSeq`). */
export const MAX_BUFFERED_EVENTS = 10_000;

/**
 * One subscriber's queue of events. It listens from the moment it is created, not from the
 * first `next()` (as a Repeater would), so a service can open the live feed, read the replay
 * from the database, and lose nothing published in between.
 */
export class EventFeed<T> implements AsyncIterableIterator<T> {
  private readonly buffered: T[] = [];
  private waiting: { resolve: (result: IteratorResult<T>) => void; reject: (error: Error) => void } | null = null;
  private failure: Error | null = null;
  private closed = false;

  constructor(private readonly detach: () => void) {}

  push(value: T): void {
    if (this.closed) return;
    if (this.waiting) {
      const { resolve } = this.waiting;
      this.waiting = null;
      resolve({ value, done: false });
      return;
    }
    if (this.buffered.length >= MAX_BUFFERED_EVENTS) {
      this.fail(new Error(`Subscriber fell more than ${MAX_BUFFERED_EVENTS} events behind; subscribe again`));
      return;
    }
    this.buffered.push(value);
  }

  next(): Promise<IteratorResult<T>> {
    if (this.buffered.length > 0) return Promise.resolve({ value: this.buffered.shift()!, done: false });
    if (this.failure) {
      const failure = this.failure;
      this.failure = null;
      return Promise.reject(failure);
    }
    if (this.closed) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  return(): Promise<IteratorResult<T>> {
    this.close();
    this.buffered.length = 0;
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  private fail(error: Error): void {
    this.close();
    this.buffered.length = 0;
    this.failure = error;
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.detach();
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve({ value: undefined, done: true });
  }
}
