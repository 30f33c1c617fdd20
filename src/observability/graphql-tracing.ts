import { createHash } from 'node:crypto';
import { type Context, context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { type DocumentNode, type ExecutionArgs, getOperationAST, type GraphQLError, print } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { sanitizeForLog, TEXT_LIMITS } from '../limits.js';
import { SPAN_ATTRIBUTES } from './span-attributes.js';
import { callerTraceContext } from './spans.js';

const tracer = trace.getTracer('kairos-graphql');

/** The trace an operation continues when it did not come over traced HTTP (graphql-ws, MCP stdio). */
const parentContexts = new WeakMap<object, Context>();

/**
 * Continues the caller's trace from a W3C `traceparent`/`tracestate` carrier (graphql-ws
 * connection parameters, an MCP request's `_meta`) for the operation run with `contextValue`.
 */
export function continueTrace(contextValue: object, carrier: Record<string, unknown> | null | undefined): void {
  const caller = callerTraceContext(carrier);
  if (caller) parentContexts.set(contextValue, caller);
}

const documentHashes = new WeakMap<DocumentNode, string>();

/** Yoga caches parsed documents, so each distinct document is printed and hashed once. */
function documentHash(document: DocumentNode): string {
  let hash = documentHashes.get(document);
  if (!hash) {
    hash = createHash('sha256').update(print(document)).digest('hex');
    documentHashes.set(document, hash);
  }
  return hash;
}

function startOperationSpan(args: ExecutionArgs): Span {
  const operation = getOperationAST(args.document, args.operationName);
  const type = operation?.operation ?? 'unknown';
  // The client chooses it: printable and short, as in the log.
  const name = sanitizeForLog(operation?.name?.value, TEXT_LIMITS.operationName);
  const parent = parentContexts.get(args.contextValue as object) ?? context.active();
  return tracer.startSpan(
    name ? `${type} ${name}` : type,
    {
      kind: SpanKind.INTERNAL,
      attributes: {
        [SPAN_ATTRIBUTES.graphqlOperationType]: type,
        ...(name ? { [SPAN_ATTRIBUTES.graphqlOperationName]: name } : {}),
        [SPAN_ATTRIBUTES.graphqlDocumentHash]: documentHash(args.document),
        [SPAN_ATTRIBUTES.requestId]: (args.contextValue as { requestId?: string }).requestId,
      },
    },
    parent,
  );
}

/** A failed operation records its error codes, never the messages (they may quote what was sent). */
function markErrors(span: Span, errors: readonly GraphQLError[] | undefined): void {
  if (!errors?.length) return;
  const code = String(errors[0]!.extensions?.code ?? 'INTERNAL_SERVER_ERROR');
  span.setAttribute(SPAN_ATTRIBUTES.errorType, code);
  span.setStatus({ code: SpanStatusCode.ERROR, message: code });
}

/**
 * One span per GraphQL operation (semantic conventions: `graphql.operation.name`/`.type`, plus the
 * document's hash), parent of every span the resolvers, services and driver start. A subscription's
 * span lasts as long as it streams; each delivery is an event on it.
 */
export function useOperationTracing(): Plugin {
  return {
    onExecute: ({ args, executeFn, setExecuteFn }) => {
      const span = startOperationSpan(args);
      const active = trace.setSpan(parentContexts.get(args.contextValue as object) ?? context.active(), span);
      setExecuteFn((executeArgs) => context.with(active, () => executeFn(executeArgs)));
      return {
        onExecuteDone: ({ result }) => {
          if ('errors' in result) markErrors(span, result.errors as GraphQLError[] | undefined);
          span.end();
        },
      };
    },
    onSubscribe: ({ args, subscribeFn, setSubscribeFn }) => {
      const span = startOperationSpan(args);
      const active = trace.setSpan(parentContexts.get(args.contextValue as object) ?? context.active(), span);
      setSubscribeFn((subscribeArgs) => context.with(active, () => subscribeFn(subscribeArgs)));
      return {
        onSubscribeError: () => {
          span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
        },
        onSubscribeResult: ({ result }) => {
          if (!(Symbol.asyncIterator in (result as object))) {
            markErrors(span, (result as { errors?: GraphQLError[] }).errors);
            span.end();
            return;
          }
          return {
            onNext: ({ result: event }) => {
              span.addEvent(
                'subscription.delivery',
                event.errors?.length
                  ? { [SPAN_ATTRIBUTES.errorType]: String(event.errors[0]!.extensions?.code ?? 'INTERNAL_SERVER_ERROR') }
                  : undefined,
              );
            },
            onEnd: () => span.end(),
          };
        },
      };
    },
  };
}
