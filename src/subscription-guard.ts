import { Repeater } from '@repeaterjs/repeater';
import { type ExecutionResult, GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { AppContext } from './context.js';
import type { CredentialWatch } from './credential-watch.js';

/**
 * Ends every subscription (SSE over HTTP, and over WebSocket before its socket closes) when the
 * token it was opened with is revoked or expires: one last UNAUTHENTICATED error, then complete.
 */
export function useSubscriptionGuard(credentials: CredentialWatch): Plugin<AppContext> {
  return {
    onSubscribe: ({ args }) => {
      const context = args.contextValue as AppContext;
      return {
        onSubscribeResult: ({ result, setResult }) => {
          if (!isAsyncIterable(result) || !context.authentication.tokenId && !context.authentication.expiresAt) return;
          setResult(endWithCredential(result, context, credentials));
        },
      };
    },
  };
}

function endWithCredential(source: AsyncIterable<ExecutionResult>, context: AppContext, credentials: CredentialWatch): AsyncIterableIterator<ExecutionResult> {
  return new Repeater<ExecutionResult>(async (push, stop) => {
    const iterator = source[Symbol.asyncIterator]();
    const release = credentials.watch(context.authentication, (reason) => {
      const message = reason === 'revoked' ? 'The token was revoked' : 'The token has expired';
      void push({ errors: [new GraphQLError(message, { extensions: { code: 'UNAUTHENTICATED', requestId: context.requestId } })] });
      stop();
    });
    void stop.then(() => {
      release();
      void iterator.return?.();
    });
    try {
      for (;;) {
        const next = await Promise.race([iterator.next(), stop.then(() => null)]);
        if (!next || next.done) break;
        await push(next.value);
      }
    } finally {
      stop();
    }
  });
}

function isAsyncIterable(value: unknown): value is AsyncIterable<ExecutionResult> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
