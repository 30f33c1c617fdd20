import { AsyncLocalStorage } from 'node:async_hooks';
import { MAX_BUFFERED_BYTES } from '../limits.js';

/**
 * What a live connection (a WebSocket, an SSE stream) does when one of its event feeds falls too
 * far behind. Feeds opened while a subscription runs inside `overflowScope.run(...)` pick it up,
 * so services need not know which transport serves them.
 */
export interface OverflowPolicy {
  /** Bytes of events one feed may hold for a reader that does not keep up. */
  maxBufferedBytes: number;
  /** Called once when a feed passes the bound (the feed has already dropped its buffer). */
  onOverflow(): void;
}

export const overflowScope = new AsyncLocalStorage<OverflowPolicy>();

export const DEFAULT_OVERFLOW_POLICY: OverflowPolicy = { maxBufferedBytes: MAX_BUFFERED_BYTES, onOverflow: () => {} };
