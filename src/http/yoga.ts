import { randomUUID } from 'node:crypto';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { GraphQLError, type GraphQLSchema, NoSchemaIntrospectionCustomRule } from 'graphql';
import { createYoga, maskError as maskUnexpectedError, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import type { AppConfig } from '../config.js';
import { type AppContext, createContext } from '../context.js';
import type { EventBus } from '../events/event-bus.js';
import { renderLocalGraphiQL, useGraphiQLSecurityHeaders } from './graphiql.js';
import type { Logger } from '../observability/logger.js';
import type { Metrics } from '../observability/metrics.js';
import type { Authentication } from '../services/auth-service.js';
import type { DoorRenderer } from '../render/door-renderer.js';
import type { RequestRefusalCode } from '../model/refusal-codes.js';
import { RequestError } from '../services/errors.js';
import { isDatabaseTimeout, isDatabaseUnreachable } from '../store/store-errors.js';
import { RequestLimits } from './request-limits.js';
import type { Services } from '../compose.js';
import { documentCostRule } from './document-cost.js';
import { meterResolvers, useResponseBudget } from './response-budget.js';
import { useWellFormedText } from '../well-formed-text.js';
import { DOCUMENT_LIMITS, sanitizeForLog, TEXT_LIMITS } from '../limits.js';
import { operationLabel } from '../observability/operation-label.js';
import { useOperationTracing } from '../observability/graphql-tracing.js';
import { isTracingOn } from '../observability/tracing.js';
import { armorRefusal, redactValues, useRefusalShape } from './refusals.js';
import type { CredentialWatch } from './credential-watch.js';
import { OpenStreamQuota } from './open-stream-quota.js';
import { useSubscriptionGuard } from './subscription-guard.js';
import { SharedExecutions, useSharedSubscriptionExecution } from './subscription-sharing.js';

/** What the transports hand to the context factory: a Fetch request (HTTP) or a socket (WebSocket). */
export interface TransportContext {
  request?: Request;
  socket?: unknown;
  /** Set by graphql-ws onConnect: the socket's principal, checked once per connection. */
  authentication?: Authentication;
  /** Set by the MCP door, which executes operations in process (src/mcp/graphql-door.ts). */
  mcp?: { renderer: DoorRenderer; answerAtHost: boolean; requestId: string };
  /** Set by graphql-ws per operation (HTTP requests get theirs in useRequestIds). */
  requestId?: string;
}

export type KairosYoga = YogaServerInstance<TransportContext, AppContext>;

interface YogaDependencies {
  schema: GraphQLSchema;
  services: Services;
  events: EventBus;
  log: Logger;
  config: AppConfig;
  metrics: Metrics;
  credentials: CredentialWatch;
}

export { DOCUMENT_LIMITS } from '../limits.js';

/** Request ids for HTTP responses (the context reads the same id). */
const requestIds = new WeakMap<Request, string>();

export function createKairosYoga(app: YogaDependencies): KairosYoga {
  meterResolvers(app.schema);
  const limits = new RequestLimits({ ratePerMinute: app.config.rateLimitPerMinute, maxConcurrent: app.config.maxConcurrentPerPrincipal });
  return createYoga<TransportContext, AppContext>({
    schema: app.schema,
    graphqlEndpoint: '/graphql',
    graphiql: app.config.graphiql ? { title: 'kairos-graphql', subscriptionsProtocol: 'WS' } : false,
    renderGraphiQL: renderLocalGraphiQL,
    landingPage: false,
    cors: app.config.corsOrigins.length > 0 ? { origin: app.config.corsOrigins, credentials: true } : false,
    // Yoga's own lines may quote what a client sent: values are redacted and never logged with a stack.
    logging: {
      debug: (...args) => app.log.debug(redactValues(args.map(String).join(' '))),
      info: (...args) => app.log.info(redactValues(args.map(String).join(' '))),
      warn: (...args) => app.log.warn(redactValues(args.map(String).join(' '))),
      // Yoga reports every error it masks here; toClientError already logged the unexpected ones.
      // A refusal thrown while the context is built (a bad token) is the client's error: info, not error.
      error: (...args) =>
        (args[0] instanceof Error && args[0].name === 'GraphQLError'
          ? app.log.debug
          : args[0] instanceof RequestError
            ? app.log.info
            : app.log.error
        ).call(app.log, redactValues(args.map(String).join(' '))),
    },
    context: async (transport) => {
      const request = transport.request;
      const authentication =
        transport.authentication ??
        (await app.services.auth.authenticate(
          request?.headers.get('authorization'),
          request?.headers.get('x-kairos-space') ?? (request ? new URL(request.url).searchParams.get('space') : null),
        ));
      return createContext(app, {
        requestId: request ? requestIds.get(request) : (transport.requestId ?? transport.mcp?.requestId),
        longLived: transport.socket !== undefined || (request?.headers.get('accept') ?? '').includes('text/event-stream'),
        authentication,
        renderer: transport.mcp?.renderer,
        answerAtHost: transport.mcp?.answerAtHost,
      });
    },
    maskedErrors: { maskError: (error, message, isDev) => toClientError(error, message, isDev, app.log) },
    // In order: refuse hostile documents first, then cross-site requests, then per-principal
    // limits; request ids, logs and metrics wrap everything that runs.
    plugins: [
      EnvelopArmorPlugin({
        maxDepth: { n: DOCUMENT_LIMITS.maxDepth, onReject: [armorRefusal('depth')] },
        // `__typename` aliases cost a resolver call like any other: count them (armor skips them by default).
        maxAliases: { n: DOCUMENT_LIMITS.maxAliases, allowList: [], onReject: [armorRefusal('aliases')] },
        maxDirectives: { n: DOCUMENT_LIMITS.maxDirectives, onReject: [armorRefusal('directives')] },
        maxTokens: { n: DOCUMENT_LIMITS.maxTokens, onReject: [armorRefusal('tokens')] },
        // Armor's cost ignores list sizes; src/http/document-cost.ts prices them.
        costLimit: { enabled: false },
        blockFieldSuggestion: { enabled: !app.config.introspection },
      }),
      useValidationRule(documentCostRule()),
      useWellFormedText(),
      // A JSON body, a token or the CSRF header each make a browser request non-simple (preflighted).
      useCSRFPrevention({ requestHeaders: ['x-graphql-yoga-csrf', 'authorization', 'x-kairos-space'] }),
      ...(app.config.introspection ? [] : [useValidationRule(NoSchemaIntrospectionCustomRule)]),
      useGraphiQLSecurityHeaders(),
      useRequestIds(),
      useRefusalShape((request) => requestIds.get(request)),
      useRequestLimits(limits),
      useOperationTelemetry(app.metrics),
      // After the per-principal limits: pricing a query asks the database about stored sizes.
      useResponseBudget({ budgetBytes: app.config.responseBudgetBytes, sizes: app.services.responseSizes }),
      // Sets the subscribe function; the guard then wraps each subscriber's stream, so its limits hold per subscriber.
      useSharedSubscriptionExecution(new SharedExecutions(app.metrics, app.config.responseBudgetBytes)),
      useSubscriptionGuard({
        credentials: app.credentials,
        metrics: app.metrics,
        maxBufferedBytes: app.config.maxBufferedBytes,
        perPrincipal: new OpenStreamQuota(app.config.maxSubscriptionsPerPrincipal),
      }),
      // Last, so its span wraps the execute and subscribe functions the plugins above chose.
      ...(isTracingOn() ? [useOperationTracing()] : []),
    ],
  });
}

function useValidationRule(rule: Parameters<Parameters<NonNullable<Plugin['onValidate']>>[0]['addValidationRule']>[0]): Plugin {
  return { onValidate: ({ addValidationRule }) => addValidationRule(rule) };
}

/** Every HTTP response carries its request id (header and `extensions.requestId`). */
function useRequestIds(): Plugin<AppContext> {
  return {
    onRequest: ({ request }) => {
      // A client's id is kept only if it is short and printable: it goes into logs and headers.
      requestIds.set(request, sanitizeForLog(request.headers.get('x-request-id'), TEXT_LIMITS.requestId) ?? randomUUID());
    },
    onResponse: ({ request, response }) => {
      const id = requestIds.get(request);
      if (id) response.headers.set('x-request-id', id);
    },
    onExecute: () => ({
      onExecuteDone: ({ args, result, setResult }) => {
        if (!('errors' in result || 'data' in result)) return;
        setResult({ ...result, extensions: { ...result.extensions, requestId: (args.contextValue as AppContext).requestId } });
      },
    }),
  };
}

/** Rate limit and concurrency cap per principal, over HTTP and WebSocket alike. */
function useRequestLimits(limits: RequestLimits): Plugin<AppContext> {
  const refuse = (reason: string, retryAfterSeconds: number) => ({
    errors: [new GraphQLError(reason, { extensions: { code: 'RATE_LIMITED' satisfies RequestRefusalCode, retryAfterSeconds } })],
  });
  return {
    onExecute: ({ args, setResultAndStopExecution }) => {
      const admission = limits.admit((args.contextValue as AppContext).viewer.principalId, true);
      if (!admission.admitted) return setResultAndStopExecution(refuse(admission.reason, admission.retryAfterSeconds));
      return { onExecuteDone: () => admission.release() };
    },
    onSubscribe: ({ args, setResultAndStopExecution }) => {
      const admission = limits.admit((args.contextValue as AppContext).viewer.principalId, false);
      if (!admission.admitted) setResultAndStopExecution(refuse(admission.reason, admission.retryAfterSeconds));
    },
  };
}

/** One structured log line and the metrics for each query and mutation (subscriptions: src/http/subscription-guard.ts). */
function useOperationTelemetry(metrics: Metrics): Plugin<AppContext> {
  const countErrors = (errors: readonly GraphQLError[] | undefined) => {
    for (const error of errors ?? []) metrics.errors.inc({ code: String(error.extensions?.code ?? 'UNKNOWN') });
  };
  return {
    onExecute: ({ args }) => {
      const started = performance.now();
      const operation = operationLabel(args);
      return {
        onExecuteDone: ({ result }) => {
          const seconds = (performance.now() - started) / 1000;
          const errors = 'errors' in result ? (result.errors as GraphQLError[] | undefined) : undefined;
          metrics.observeDuration({ type: operation.type, operation: operation.field }, seconds);
          metrics.operations.inc({ type: operation.type, operation: operation.field, outcome: errors?.length ? 'error' : 'ok' });
          countErrors(errors);
          (args.contextValue as AppContext).log.info(
            {
              operation: operation.name,
              field: operation.field,
              type: operation.type,
              durationMs: Math.round(seconds * 10_000) / 10,
              errors: errors?.length ?? 0,
            },
            'operation',
          );
        },
      };
    },
  };
}

/**
 * The one place errors cross to clients: refusals keep their code and message, a lost
 * database becomes SERVICE_UNAVAILABLE, and anything else is masked (the log keeps it).
 */
export function toClientError(error: unknown, message: string, isDev: boolean | undefined, log: Logger): Error {
  // Duck-typed: graphql ships ESM and CJS builds, so `instanceof GraphQLError` can miss.
  const graphqlError = error instanceof Error && error.name === 'GraphQLError' ? (error as GraphQLError) : null;
  const cause = graphqlError?.originalError ?? error;
  const location = { nodes: graphqlError?.nodes, path: graphqlError?.path };
  if (cause instanceof RequestError) {
    return new GraphQLError(cause.message, {
      ...location,
      extensions: { code: cause.code, ...(cause.details ? { details: cause.details } : {}) },
    });
  }
  if (isDatabaseUnreachable(cause)) {
    log.warn({ err: cause }, 'database unavailable');
    return new GraphQLError('The database is unavailable; retry shortly', { ...location, extensions: { code: 'SERVICE_UNAVAILABLE' } });
  }
  if (isDatabaseTimeout(cause)) {
    log.warn({ path: graphqlError?.path }, 'database operation over its time limit');
    return new GraphQLError('A database operation took longer than its time limit; nothing more was done. Retry, or ask for less', {
      ...location,
      extensions: { code: 'DATABASE_TIMEOUT' },
    });
  }
  if (graphqlError && !graphqlError.originalError) return graphqlError;
  // A value that does not fit its type (an enum, a scalar, a variable's shape) is the client's
  // error, not the server's: logged at info, with the values taken out and no stack.
  if (graphqlError && cause instanceof Error && cause.name === 'GraphQLError') {
    log.info({ path: graphqlError.path, reason: redactValues(cause.message) }, 'client error: a value does not fit its type');
    return maskUnexpectedError(error, message, isDev);
  }
  log.error({ err: cause, path: graphqlError?.path }, 'unexpected error');
  return maskUnexpectedError(error, message, isDev);
}
