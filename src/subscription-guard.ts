import { Repeater } from '@repeaterjs/repeater';
import { type ExecutionResult, GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { WebSocket } from 'ws';
import type { AppContext } from './context.js';
import type { CredentialWatch } from './credential-watch.js';
import { SlowConsumerError } from './events/event-feed.js';
import { type OverflowPolicy, overflowScope } from './events/overflow-scope.js';
import type { Metrics } from './metrics.js';

/** A WebSocket whose reader fell behind is closed with 1013 "Try Again Later" (graphql-ws clients retry it). */
export const SLOW_CONSUMER_CLOSE_CODE = 1013;
/** Then dropped if it does not read the close frame either. */
const SLOW_CONSUMER_GRACE_MS = 2_000;

/**
 * Every subscription, over SSE and graphql-ws alike, ends:
 * - when the token it was opened with is revoked or expires (one last UNAUTHENTICATED error);
 * - when one of its event feeds holds more than `maxBufferedBytes` for a reader that does not
 *   keep up: a WebSocket is closed with 1013, an SSE stream ends with SLOW_CONSUMER. The client
 *   reconnects and resumes (runProgress with afterSeq; challengePrompts replays open prompts).
 */
export function useSubscriptionGuard(settings: { credentials: CredentialWatch; metrics: Metrics; maxBufferedBytes: number }): Plugin<AppContext> {
  return {
    onSubscribe: ({ args, subscribeFn, setSubscribeFn }) => {
      const context = args.contextValue as AppContext & { socket?: WebSocket };
      let cutOff: () => void = () => {};
      const overflowed = new Promise<'overflow'>((resolve) => {
        cutOff = () => resolve('overflow');
      });
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
      // Feeds opened by the resolver (now) or by a lazy stream (on its first read) both see the policy.
      setSubscribeFn((subscribeArgs) => overflowScope.run(policy, () => subscribeFn(subscribeArgs)));
      return {
        onSubscribeResult: ({ result, setResult }) => {
          if (!isAsyncIterable(result)) return;
          setResult(guarded(result, context, settings.credentials, policy, overflowed));
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

function guarded(
  source: AsyncIterable<ExecutionResult>,
  context: AppContext,
  credentials: CredentialWatch,
  policy: OverflowPolicy,
  overflowed: Promise<'overflow'>,
): AsyncIterableIterator<ExecutionResult> {
  return new Repeater<ExecutionResult>(async (push, stop) => {
    const iterator = source[Symbol.asyncIterator]();
    // Ending the source resolves a pending next() with done, so the loop below needs no race
    // (racing a long-lived promise on every event would pile up reactions on it).
    const endSource = () => iterator.return?.()?.catch(() => {});
    const finalError = (message: string, code: string) => ({ errors: [new GraphQLError(message, { extensions: { code, requestId: context.requestId } })] });
    let cutOff = false;
    void overflowed.then(() => {
      cutOff = true;
      void endSource();
    });
    const release = credentials.watch(context.authentication, (reason) => {
      void push(finalError(reason === 'revoked' ? 'The token was revoked' : 'The token has expired', 'UNAUTHENTICATED'));
      stop();
    });
    void stop.then(() => {
      release();
      // A source that failed (a feed cut off) rethrows from return(); it is over either way.
      void endSource();
    });
    try {
      await overflowScope.run(policy, async () => {
        for (;;) {
          const next = await iterator.next();
          if (next.done || cutOff) break;
          await push(next.value);
        }
      });
      if (cutOff) void push(finalError(new SlowConsumerError().message, 'SLOW_CONSUMER'));
    } catch (error) {
      // A feed that overflowed before the cut-off was seen fails on its next read.
      if (!isSlowConsumer(error)) throw error;
      void push(finalError(new SlowConsumerError().message, 'SLOW_CONSUMER'));
    } finally {
      stop();
    }
  });
}

/** graphql-js hands a source stream's error on wrapped in a GraphQLError. */
function isSlowConsumer(error: unknown): boolean {
  const cause = (error as { originalError?: unknown } | null)?.originalError ?? error;
  return cause instanceof SlowConsumerError;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<ExecutionResult> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
