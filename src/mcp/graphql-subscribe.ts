import { randomUUID } from 'node:crypto';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { type ExecutionResult, GraphQLError, print } from 'graphql';
import { mcpV3Renderer } from '../render/mcp-v3-renderer.js';
import type { KairosYoga } from '../http/yoga.js';
import type { OperationCaller, OperationOutcome } from './graphql-door.js';

/**
 * Runs a GraphQL subscription in process through Yoga's envelop pipeline, as graphql-ws does:
 * the same authorization, limits and subscription guard (a revoked or expired token ends the
 * stream with one last UNAUTHENTICATED error). A refusal at the start is a refusal, not a stream.
 */
export function createGraphqlSubscriber(yoga: KairosYoga) {
  return async function subscribe<TResult, TVariables>(
    document: TypedDocumentNode<TResult, TVariables>,
    variables: TVariables,
    caller: OperationCaller,
  ): Promise<OperationOutcome<AsyncIterableIterator<ExecutionResult<TResult>>>> {
    const enveloped = yoga.getEnveloped({
      authentication: caller.authentication,
      mcp: { renderer: mcpV3Renderer, answerAtHost: false, requestId: randomUUID() },
    });
    const refusal = (error: { message: string; extensions?: Record<string, unknown> }) => ({
      ok: false as const,
      refusal: { code: typeof error.extensions?.code === 'string' ? error.extensions.code : 'BAD_USER_INPUT', message: error.message },
    });
    try {
      const parsed = enveloped.parse(print(document));
      const errors = enveloped.validate(enveloped.schema, parsed);
      if (errors.length > 0) return refusal(errors[0]!);
      const result = (await enveloped.subscribe({
        schema: enveloped.schema,
        document: parsed,
        variableValues: variables as Record<string, unknown>,
        contextValue: await enveloped.contextFactory(),
      })) as ExecutionResult<TResult> | AsyncIterableIterator<ExecutionResult<TResult>>;
      if (!(Symbol.asyncIterator in result))
        return refusal(result.errors?.[0] ?? { message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      return { ok: true, data: result };
    } catch (error) {
      // A refusal the schema raised says why; anything else (a database error setting up the
      // context) must not reach the client in its own words.
      if (error instanceof GraphQLError && typeof error.extensions.code === 'string') return refusal(error);
      return refusal({ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    }
  };
}

export type SubscribeOperation = ReturnType<typeof createGraphqlSubscriber>;
