import { MAX_BUFFERED_BYTES } from '../limits.js';

/**
 * What a live connection (a WebSocket, an SSE stream) does when one of its event feeds falls too
 * far behind. The subscription guard makes one per subscription and puts it in the operation's
 * context (`AppContext.overflow`); resolvers hand it to the feeds their service opens, so
 * services need not know which transport serves them.
 */
export interface OverflowPolicy {
  /** Bytes of events one feed may hold for a reader that does not keep up. */
  maxBufferedBytes: number;
  /** Called once when a feed passes the bound (the feed has already dropped its buffer). */
  onOverflow(): void;
}

/** Bounded, with no one to tell: feeds opened outside a guarded subscription (tests, internal watchers). */
export const DEFAULT_OVERFLOW_POLICY: OverflowPolicy = { maxBufferedBytes: MAX_BUFFERED_BYTES, onOverflow: () => {} };
