/** HTTP (queries, mutations) and graphql-ws (subscriptions) to the server that served the page. */
import { type Client, createClient } from 'graphql-ws';
import type { TypedDocumentString } from '../generated/ui/graphql.js';

/** The server wants a (valid) token: HTTP UNAUTHENTICATED, or the socket closed with 4403. */
export class AuthRequiredError extends Error {
  override readonly name = 'AuthRequiredError';
}

/** A GraphQL error the page shows as is, with its `extensions.code`. */
export class RequestFailedError extends Error {
  override readonly name = 'RequestFailedError';
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}

interface GraphQLErrorLike {
  message: string;
  extensions?: { code?: unknown };
}

export type Http = <TResult, TVariables>(document: TypedDocumentString<TResult, TVariables>, variables: TVariables) => Promise<TResult>;

const GRAPHQL_PATH = '/graphql';

export function authorizationOf(token: string | null): string | null {
  return token ? `Bearer ${token}` : null;
}

/** POSTs JSON (a non-simple request, as the server's CSRF prevention requires). */
export function createHttp(token: string | null): Http {
  return async <TResult, TVariables>(document: TypedDocumentString<TResult, TVariables>, variables: TVariables): Promise<TResult> => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
    };
    const authorization = authorizationOf(token);
    if (authorization) headers.authorization = authorization;
    let response: Response;
    try {
      response = await fetch(GRAPHQL_PATH, { method: 'POST', headers, body: JSON.stringify({ query: document.toString(), variables }) });
    } catch {
      throw new RequestFailedError('The server could not be reached', 'NETWORK');
    }
    let body: { data?: unknown; errors?: GraphQLErrorLike[] };
    try {
      body = (await response.json()) as typeof body;
    } catch {
      throw new RequestFailedError(`The server answered HTTP ${response.status}`, 'NETWORK');
    }
    throwOnErrors(body.errors);
    if (body.data === undefined || body.data === null)
      throw new RequestFailedError(`The server answered HTTP ${response.status} without data`, null);
    return body.data as TResult;
  };
}

export function throwOnErrors(errors: readonly GraphQLErrorLike[] | undefined): void {
  const first = errors?.[0];
  if (!first) return;
  const code = typeof first.extensions?.code === 'string' ? first.extensions.code : null;
  if (code === 'UNAUTHENTICATED') throw new AuthRequiredError(first.message);
  throw new RequestFailedError(first.message, code);
}

export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'signed-out';

/** graphql-ws's Forbidden close: the token was refused (or expired) when the socket opened. */
const FORBIDDEN_CLOSE = 4403;

export interface LiveClientOptions {
  token: string | null;
  onState(state: ConnectionState): void;
  onForbidden(): void;
}

/**
 * A socket that never gives up: retries forever with capped exponential backoff, so a page left
 * open through a server restart or a network cut comes back by itself.
 */
export function createLiveClient(options: LiveClientOptions): Client {
  const url = new URL(GRAPHQL_PATH, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const authorization = authorizationOf(options.token);
  const client = createClient({
    url: url.href,
    lazy: false,
    retryAttempts: Infinity,
    retryWait: async (retries) => {
      const capped = Math.min(500 * 2 ** retries, 8_000);
      await new Promise((resolve) => setTimeout(resolve, capped + Math.random() * 500));
    },
    // A cut that leaves the socket half-open shows up within the keep-alive interval.
    keepAlive: 10_000,
    connectionParams: authorization ? { authorization } : {},
    on: {
      connecting: (isRetry) => options.onState(isRetry ? 'reconnecting' : 'connecting'),
      connected: () => options.onState('live'),
      closed: (event) => {
        if ((event as CloseEvent | undefined)?.code === FORBIDDEN_CLOSE) {
          options.onForbidden();
          return;
        }
        options.onState('reconnecting');
      },
    },
    onNonLazyError: () => {},
  });
  return client;
}

/** One subscription; `onData` gets each result's data, `onError` the first error. Returns a dispose function. */
export function subscribe<TResult, TVariables extends Record<string, unknown>>(
  client: Client,
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  handlers: { onData(data: TResult): void; onError(error: Error): void },
): () => void {
  return client.subscribe<TResult>(
    { query: document.toString(), variables },
    {
      next: (result) => {
        try {
          throwOnErrors(result.errors as GraphQLErrorLike[] | undefined);
          if (result.data) handlers.onData(result.data);
        } catch (error) {
          handlers.onError(error as Error);
        }
      },
      error: (error) => {
        // graphql-ws reports an operation's GraphQL errors as an array, a dead socket as a CloseEvent.
        if (Array.isArray(error)) {
          try {
            throwOnErrors(error as GraphQLErrorLike[]);
          } catch (converted) {
            handlers.onError(converted as Error);
          }
          return;
        }
        if (error instanceof Error) handlers.onError(error);
      },
      complete: () => {},
    },
  );
}
