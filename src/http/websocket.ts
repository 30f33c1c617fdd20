import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import { type ExecutionArgs, type execute, GraphQLError, type subscribe } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AppConfig } from '../config.js';
import type { CredentialWatch } from './credential-watch.js';
import type { Logger } from '../observability/logger.js';
import { continueTrace } from '../observability/graphql-tracing.js';
import { redactValues, variablesTooDeep } from './refusals.js';
import type { Authentication } from '../services/auth-service.js';
import type { Services } from '../compose.js';
import { type KairosYoga, toClientError } from './yoga.js';

/** Yoga's enveloped execute/subscribe, carried to graphql-ws through `rootValue`. */
interface EnvelopedOperations {
  execute(args: ExecutionArgs): ReturnType<typeof execute>;
  subscribe(args: ExecutionArgs): ReturnType<typeof subscribe>;
}

/**
 * A backstop: revocations end sockets at once through the event bus (src/http/credential-watch.ts);
 * this re-check also catches one whose bus message was lost (Redis pub/sub is at-most-once).
 */
const TOKEN_RECHECK_MS = 30_000;

/**
 * graphql-ws on the HTTP server's `/graphql` path. Yoga's HTTP plugins do not run here, so this
 * module does their share for WebSockets: the Origin check (CSRF), authentication in onConnect,
 * token expiry and revocation; operations then run through Yoga's envelop pipeline (the same
 * context, validation rules, limits and masking as HTTP).
 */
export function attachGraphqlWs(app: {
  httpServer: Server;
  yoga: KairosYoga;
  services: Services;
  config: AppConfig;
  log: Logger;
  credentials: CredentialWatch;
}): { dispose(): Promise<void> } {
  const { yoga, services, config, log, credentials } = app;
  const wsServer = new WebSocketServer({
    server: app.httpServer,
    path: yoga.graphqlEndpoint,
    maxPayload: config.maxBodyBytes,
    // A browser page from another origin must not drive this API with the user's rights.
    verifyClient: (info: { origin: string; req: IncomingMessage }) =>
      isAllowedOrigin(info.origin, info.req.headers.host, config.corsOrigins),
  });
  const authenticated = new Map<WebSocket, Authentication>();

  const recheck = setInterval(() => {
    for (const [socket, authentication] of authenticated) {
      if (!authentication.tokenId) continue;
      services.auth.isStillValid(authentication.tokenId).then(
        (valid) => valid || socket.close(4403, 'Token no longer valid'),
        (error: unknown) => log.warn({ err: error }, 'token re-check failed'),
      );
    }
  }, TOKEN_RECHECK_MS);
  recheck.unref();

  const handle = useServer(
    {
      onConnect: async (ctx) => {
        const params = ctx.connectionParams ?? {};
        const socket = ctx.extra.socket;
        try {
          const authentication = await services.auth.authenticate(stringParam(params.authorization), stringParam(params.space));
          authenticated.set(socket, authentication);
          const release = credentials.watch(authentication, (reason) =>
            socket.close(4403, reason === 'revoked' ? 'Token revoked' : 'Token expired'),
          );
          socket.once('close', () => {
            authenticated.delete(socket);
            release();
          });
          return true;
        } catch (error) {
          // The refusal's code only: the message or stack of an authentication error may quote the token.
          log.info({ code: (error as { code?: unknown }).code ?? 'UNAUTHENTICATED' }, 'WebSocket connection refused');
          return false;
        }
      },
      execute: (args) => (args.rootValue as EnvelopedOperations).execute(args),
      subscribe: (args) => (args.rootValue as EnvelopedOperations).subscribe(args),
      onSubscribe: async (ctx, _id, payload) => {
        // graphql-ws lists this operation among the socket's open ones before asking (0: no cap).
        const limit = config.maxSubscriptionsPerSocket;
        if (limit > 0 && Object.keys(ctx.subscriptions).length > limit) {
          const refusal = new GraphQLError(
            `At most ${limit} operations may be open at once on one connection: complete one, or open another connection`,
            { extensions: { code: 'QUOTA_EXCEEDED', details: { limit } } },
          );
          return [withRequestId(refusal, randomUUID())];
        }
        // A bad operation answers with errors; thrown, it would close the socket and every other
        // subscription on it.
        try {
          const authentication = authenticated.get(ctx.extra.socket);
          if (!authentication || !(await services.auth.isStillValid(authentication.tokenId))) {
            return [new GraphQLError('The token is no longer valid', { extensions: { code: 'UNAUTHENTICATED' } })];
          }
          const requestId = randomUUID();
          const tooDeep = variablesTooDeep(payload.variables);
          if (tooDeep) return [withRequestId(tooDeep, requestId)];
          const enveloped = yoga.getEnveloped({ ...ctx, socket: ctx.extra.socket, authentication, requestId, params: payload });
          const document = enveloped.parse(payload.query);
          const errors = enveloped.validate(enveloped.schema, document);
          if (errors.length > 0) return errors.map((error: GraphQLError) => withRequestId(error, requestId));
          const contextValue = await enveloped.contextFactory();
          // The client's trace (W3C traceparent/tracestate in the connection parameters) continues here.
          continueTrace(contextValue, ctx.connectionParams);
          return {
            schema: enveloped.schema,
            document,
            operationName: payload.operationName,
            variableValues: payload.variables,
            contextValue,
            rootValue: { execute: enveloped.execute, subscribe: enveloped.subscribe } satisfies EnvelopedOperations,
          };
        } catch (error) {
          const clientError = toClientError(error, 'Unexpected error.', false, log);
          const graphqlError =
            clientError instanceof GraphQLError
              ? clientError
              : new GraphQLError(clientError.message, { extensions: { code: 'BAD_USER_INPUT' } });
          // A parse error (or an armor limit at parse time) has no code of its own.
          return [
            withRequestId(
              graphqlError,
              randomUUID(),
              /^Syntax Error/.test(graphqlError.message) ? 'GRAPHQL_PARSE_FAILED' : 'BAD_USER_INPUT',
            ),
          ];
        }
      },
    },
    wsServer,
  );

  return {
    async dispose() {
      clearInterval(recheck);
      await handle.dispose();
    },
  };
}

/** The same error with `extensions.requestId` (and a code if it had none). */
function withRequestId(error: GraphQLError, requestId: string, fallbackCode = 'GRAPHQL_VALIDATION_FAILED'): GraphQLError {
  return new GraphQLError(redactValues(error.message), {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions: { code: fallbackCode, ...error.extensions, requestId },
  });
}

/** No Origin (not a browser), the server's own host, or an origin allowed for CORS. */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined, allowed: string[]): boolean {
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

function stringParam(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
