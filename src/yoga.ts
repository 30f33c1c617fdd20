import { GraphQLError, type GraphQLSchema } from 'graphql';
import { createYoga, maskError as maskUnexpectedError, type YogaServerInstance } from 'graphql-yoga';
import { MongoNetworkError, MongoServerSelectionError } from 'mongodb';
import type { AppConfig } from './config.js';
import { type AppContext, createContext } from './context.js';
import type { EventBus } from './events/topics.js';
import type { Logger } from './logger.js';
import { RequestError } from './services/errors.js';
import type { Services } from './services/services.js';

/** What the transports hand to the context factory: a Fetch request (HTTP) or a socket (WebSocket). */
export interface TransportContext {
  request?: Request;
  socket?: unknown;
}

export type KairosYoga = YogaServerInstance<TransportContext, AppContext>;

export function createKairosYoga(app: {
  schema: GraphQLSchema;
  services: Services;
  events: EventBus;
  log: Logger;
  config: AppConfig;
}): KairosYoga {
  return createYoga<TransportContext, AppContext>({
    schema: app.schema,
    graphqlEndpoint: '/graphql',
    graphiql: app.config.graphiql ? { title: 'kairos-graphql', subscriptionsProtocol: 'WS' } : false,
    landingPage: false,
    logging: {
      debug: (...args) => app.log.debug(args.map(String).join(' ')),
      info: (...args) => app.log.info(args.map(String).join(' ')),
      warn: (...args) => app.log.warn(args.map(String).join(' ')),
      // Yoga reports every error it masks here; toClientError already logged the unexpected ones.
      error: (...args) => (args[0] instanceof Error && args[0].name === 'GraphQLError' ? app.log.debug : app.log.error).call(app.log, args.map(String).join(' ')),
    },
    context: (transport) =>
      createContext(app, {
        requestId: transport.request?.headers.get('x-request-id') ?? undefined,
        longLived: transport.socket !== undefined || (transport.request?.headers.get('accept') ?? '').includes('text/event-stream'),
      }),
    maskedErrors: { maskError: (error, message, isDev) => toClientError(error, message, isDev, app.log) },
  });
}

/**
 * The one place errors cross to clients: refusals keep their code and message, a lost
 * database becomes SERVICE_UNAVAILABLE, and anything else is masked (the log keeps it).
 */
function toClientError(error: unknown, message: string, isDev: boolean | undefined, log: Logger): Error {
  // Duck-typed: graphql ships ESM and CJS builds, so `instanceof GraphQLError` can miss.
  const graphqlError = error instanceof Error && error.name === 'GraphQLError' ? (error as GraphQLError) : null;
  const cause = graphqlError?.originalError ?? error;
  const location = { nodes: graphqlError?.nodes, path: graphqlError?.path };
  if (cause instanceof RequestError) {
    return new GraphQLError(cause.message, { ...location, extensions: { code: cause.code, ...(cause.details ? { details: cause.details } : {}) } });
  }
  if (cause instanceof MongoServerSelectionError || cause instanceof MongoNetworkError) {
    log.warn({ err: cause }, 'database unavailable');
    return new GraphQLError('The database is unavailable; retry shortly', { ...location, extensions: { code: 'SERVICE_UNAVAILABLE' } });
  }
  if (graphqlError && !graphqlError.originalError) return graphqlError;
  log.error({ err: cause, path: graphqlError?.path }, 'unexpected error');
  return maskUnexpectedError(error, message, isDev);
}
