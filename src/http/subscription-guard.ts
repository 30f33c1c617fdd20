import { type ExecutionResult, GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { WebSocket } from 'ws';
import type { AppContext } from '../context.js';
import type { CredentialWatch } from './credential-watch.js';
import type { OpenStreamQuota } from './open-stream-quota.js';
import { SlowConsumerError } from '../events/event-feed.js';
import type { OverflowPolicy } from '../events/overflow-policy.js';
import type { Metrics } from '../observability/metrics.js';
import { operationLabel } from '../observability/operation-label.js';

/** A WebSocket whose reader fell behind is closed with 1013 "Try Again Later" (graphql-ws clients retry it). */
export const SLOW_CONSUMER_CLOSE_CODE = 1013;
/**
 * The close frame queues behind what the reader has not read yet: a reader that reads again within
 * this grace drains it and sees 1013. One that never reads again cannot receive any frame at all,
 * and its connection is dropped (the client then reports 1006, the code for "no close frame").
 */
export const SLOW_CONSUMER_GRACE_MS = 10_000;

/**
 * A subscription's life, over SSE and graphql-ws alike: counted and logged when it starts, in the
 * active-subscriptions gauge while it streams, logged when it ends (here rather than in envelop's
 * onEnd hooks, which would wrap every delivery in two more iterators). Every subscription ends:
 * - when the token it was opened with is revoked or expires (one last UNAUTHENTICATED error);
 * - when one of its event feeds holds more than `maxBufferedBytes` for a reader that does not
 *   keep up: a WebSocket is closed with 1013, an SSE stream ends with SLOW_CONSUMER. The client
 *   reconnects and resumes (runProgress with afterSeq; challengePrompts replays open prompts).
 * A principal holds at most `perPrincipal.limit` of them open at once, over every socket, SSE
 * stream and MCP listen: one more is refused with QUOTA_EXCEEDED and the limit.
 */
export function useSubscriptionGuard(settings: {
  credentials: CredentialWatch;
  metrics: Metrics;
  maxBufferedBytes: number;
  perPrincipal: OpenStreamQuota;
}): Plugin<AppContext> {
  return {
    onSubscribe: ({ args, extendContext, setResultAndStopExecution }) => {
      const context = args.contextValue as AppContext & { socket?: WebSocket };
      const operation = operationLabel(args);
      const logFields = { operation: operation.name, field: operation.field, type: 'subscription' };
      const release = settings.perPrincipal.acquire(context.viewer.principalId);
      if (!release) {
        const limit = settings.perPrincipal.limit;
        settings.metrics.operations.inc({ type: 'subscription', operation: operation.field, outcome: 'refused' });
        const message = `At most ${limit} subscriptions may be open at once for one principal, over every connection: complete one first`;
        return setResultAndStopExecution({
          errors: [new GraphQLError(message, { extensions: { code: 'QUOTA_EXCEEDED', details: { limit }, requestId: context.requestId } })],
        });
      }
      settings.metrics.operations.inc({ type: 'subscription', operation: operation.field, outcome: 'ok' });
      context.log.info(logFields, 'subscription started');
      // Called at once when a feed overflows, before anyone reads the feed's end: the stream then
      // ends with SLOW_CONSUMER, never with a bare "done".
      const overflow = { happened: false, listener: null as (() => void) | null };
      const cutOff = () => {
        overflow.happened = true;
        overflow.listener?.();
      };
      const onCutOff = (listener: () => void) => {
        if (overflow.happened) listener();
        else overflow.listener = listener;
      };
      const policy: OverflowPolicy = {
        maxBufferedBytes: settings.maxBufferedBytes,
        onOverflow: () => {
          // Counted once per connection: every subscription of a stalled socket overflows.
          if (!context.socket || closeSlowSocket(context.socket)) {
            settings.metrics.slowConsumersClosed.inc({ transport: context.socket ? 'websocket' : 'sse' });
            context.log.warn('cut off a subscriber that does not read');
          }
          cutOff();
        },
      };
      // The resolver hands it to the feeds it opens (now, or on the stream's first read).
      extendContext({ overflow: policy });
      return {
        onSubscribeError: () => release(),
        onSubscribeResult: ({ result, setResult }) => {
          // A subscription refused while it starts (NOT_FOUND, FORBIDDEN) answers one result, not a stream: it ends here.
          if (!isAsyncIterable(result)) {
            release();
            return void context.log.info(logFields, 'subscription ended');
          }
          settings.metrics.activeSubscriptions.inc();
          const ended = () => {
            release();
            settings.metrics.activeSubscriptions.dec();
            context.log.info(logFields, 'subscription ended');
          };
          setResult(guarded(result, context, settings.credentials, onCutOff, ended));
        },
      };
    },
  };
}

/** Closes the socket once; false when it was already closing. */
function closeSlowSocket(socket: WebSocket): boolean {
  if (socket.readyState !== socket.OPEN) return false;
  socket.close(SLOW_CONSUMER_CLOSE_CODE, 'Slow consumer: reconnect and resume with afterSeq');
  setTimeout(() => socket.terminate(), SLOW_CONSUMER_GRACE_MS).unref();
  return true;
}

/**
 * The subscriber's stream: pulls one event from the source each time the reader asks (so a reader
 * that stalls stops the pulling, and its feed's bound applies), and ends with one last error when
 * the credential ends or the feed overflows. A plain iterator rather than a Repeater: it sits on
 * every delivery of every subscriber, and a Repeater's push and buffer cost a few promises each.
 */
function guarded(
  source: AsyncIterable<ExecutionResult>,
  context: AppContext,
  credentials: CredentialWatch,
  onCutOff: (listener: () => void) => void,
  /** Called once, however the stream ends (done, return, an error). */
  ended: () => void,
): AsyncIterableIterator<ExecutionResult> {
  const iterator = source[Symbol.asyncIterator]();
  const finalError = (message: string, code: string): ExecutionResult => ({
    errors: [new GraphQLError(message, { extensions: { code, requestId: context.requestId } })],
  });
  const slowConsumer = () => finalError(new SlowConsumerError().message, 'SLOW_CONSUMER');
  let finished = false;
  /** The last message, kept for a reader that was busy (sending) when the stream ended. */
  let lastMessage: ExecutionResult | null = null;
  /** The reader's pending next(), if it waits. */
  let waiting: ((step: IteratorResult<ExecutionResult>) => void) | null = null;
  let release: () => void = () => {};

  const finish = () => {
    if (finished) return;
    finished = true;
    release();
    ended();
    // Ending the source resolves its pending next() with done; one that failed (a feed cut off)
    // rethrows from return(): it is over either way.
    void Promise.resolve()
      .then(() => iterator.return?.())
      .catch(() => {});
  };
  const endWith = (last: ExecutionResult) => {
    if (finished) return;
    finish();
    const wake = waiting;
    waiting = null;
    if (wake) wake({ value: last, done: false });
    else lastMessage = last;
  };
  release = credentials.watch(context.authentication, (reason) =>
    endWith(finalError(reason === 'revoked' ? 'The token was revoked' : 'The token has expired', 'UNAUTHENTICATED')),
  );
  onCutOff(() => endWith(slowConsumer()));

  return {
    next() {
      if (lastMessage) {
        const last = lastMessage;
        lastMessage = null;
        return Promise.resolve({ value: last, done: false });
      }
      if (finished) return Promise.resolve({ value: undefined, done: true });
      return new Promise<IteratorResult<ExecutionResult>>((resolve, reject) => {
        waiting = resolve;
        iterator.next().then(
          (step) => {
            if (waiting !== resolve) return;
            waiting = null;
            if (step.done) finish();
            resolve(step.done ? { value: undefined, done: true } : step);
          },
          (error: unknown) => {
            if (waiting !== resolve) return;
            waiting = null;
            finish();
            // A feed that overflowed before the cut-off was seen fails on its next read.
            if (isSlowConsumer(error)) resolve({ value: slowConsumer(), done: false });
            else reject(error);
          },
        );
      });
    },
    return() {
      lastMessage = null;
      finish();
      const wake = waiting;
      waiting = null;
      wake?.({ value: undefined, done: true });
      return Promise.resolve({ value: undefined, done: true });
    },
    throw(error: unknown) {
      finish();
      return Promise.reject(error);
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/** graphql-js hands a source stream's error on wrapped in a GraphQLError. */
function isSlowConsumer(error: unknown): boolean {
  const cause = (error as { originalError?: unknown } | null)?.originalError ?? error;
  return cause instanceof SlowConsumerError;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<ExecutionResult> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
