/** A GraphQL-over-HTTP client for a server at any URL (another process, or one behind a proxy). */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print, type ExecutionResult } from 'graphql';

export interface GraphqlHttpClient {
  /** POSTs an operation; returns the whole response body and the HTTP status. */
  request<TResult, TVariables>(
    document: TypedDocumentNode<TResult, TVariables>,
    variables?: TVariables,
    headers?: Record<string, string>,
  ): Promise<ExecutionResult<TResult> & { status: number }>;
  /** Fails on any GraphQL error and returns `data`. */
  query<TResult, TVariables>(document: TypedDocumentNode<TResult, TVariables>, variables?: TVariables): Promise<TResult>;
}

export function graphqlHttpClient(graphqlUrl: string): GraphqlHttpClient {
  const client: GraphqlHttpClient = {
    async request(document, variables, headers = {}) {
      const response = await fetch(graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...headers },
        body: JSON.stringify({ query: print(document), variables }),
      });
      return { ...((await response.json()) as ExecutionResult<never>), status: response.status };
    },
    async query(document, variables) {
      const result = await client.request(document, variables);
      if (result.errors?.length) throw new Error(`GraphQL errors from ${graphqlUrl}: ${JSON.stringify(result.errors)}`);
      return result.data!;
    },
  };
  return client;
}

/** An untyped operation sent with a bearer token (tenancy tests send hand-written queries); returns the body. */
export async function postAs(
  graphqlUrl: string,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ data?: any; errors?: any[] }> {
  const response = await fetch(graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: any; errors?: any[] };
}
