import { randomUUID } from 'node:crypto';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { type ExecutionResult, type GraphQLError, print } from 'graphql';
import type { DoorRenderer } from '../render/door-renderer.js';
import { mcpV3Renderer } from '../render/mcp-v3-renderer.js';
import type { Authentication } from '../services/auth-service.js';
import type { KairosYoga } from '../http/yoga.js';

/** A refusal as GraphQL would answer it: the code agents branch on, the message, and its `extensions.details`. */
export interface OperationRefusal {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

export type OperationOutcome<TResult> = { ok: true; data: TResult } | { ok: false; refusal: OperationRefusal };

export interface OperationCaller {
  authentication: Authentication;
  /** The answer came from the person at this caller's own host (elicitation). */
  answerAtHost?: boolean;
  /** The words of the tool being called, when not the door's (the KAIROS 4 tools bring their own). */
  renderer?: DoorRenderer;
}

/**
 * Runs an operation through Yoga's envelop pipeline in process, as graphql-ws does: the same
 * parse limits (graphql-armor), validation, context, per-principal limits, telemetry and error
 * masking as /graphql; the answers are worded by `renderer` (by default the KAIROS v3 names).
 */
export function createGraphqlDoor(yoga: KairosYoga, renderer: DoorRenderer = mcpV3Renderer) {
  return async function runOperation<TResult, TVariables>(
    document: TypedDocumentNode<TResult, TVariables>,
    variables: TVariables,
    caller: OperationCaller,
  ): Promise<OperationOutcome<TResult>> {
    const enveloped = yoga.getEnveloped({
      authentication: caller.authentication,
      mcp: { renderer: caller.renderer ?? renderer, answerAtHost: caller.answerAtHost ?? false, requestId: randomUUID() },
    });
    let result: ExecutionResult;
    try {
      const parsed = enveloped.parse(print(document));
      const errors = enveloped.validate(enveloped.schema, parsed);
      if (errors.length > 0) return { ok: false, refusal: refusalOf(errors[0]!) };
      result = (await enveloped.execute({
        schema: enveloped.schema,
        document: parsed,
        variableValues: variables as Record<string, unknown>,
        contextValue: await enveloped.contextFactory(),
      })) as ExecutionResult;
    } catch (error) {
      return { ok: false, refusal: refusalOf(error as GraphQLError) };
    }
    const first = result.errors?.[0];
    if (first) return { ok: false, refusal: refusalOf(first) };
    return { ok: true, data: result.data as TResult };
  };
}

export type RunOperation = ReturnType<typeof createGraphqlDoor>;

/** Masked failures carry INTERNAL_SERVER_ERROR; an error without a code is graphql-js refusing the caller's values. */
function refusalOf(error: { message: string; extensions?: Record<string, unknown> }): OperationRefusal {
  const code = error.extensions?.code;
  const details = error.extensions?.details;
  return {
    code: typeof code === 'string' ? code : 'BAD_USER_INPUT',
    message: error.message,
    ...(details && typeof details === 'object' && !Array.isArray(details) ? { details: details as Record<string, unknown> } : {}),
  };
}
