import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';

/** A refusal the CLI reports on stderr, exiting with `exitCode` (1 failed, 2 usage). */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

export const DEFAULT_GRAPHQL_URL = 'http://localhost:4000/graphql';

/** One GraphQL operation over HTTP; GraphQL errors become a CommandError naming their codes. */
export async function graphqlRequest<TResult, TVariables>(
  url: string,
  token: string | null,
  document: TypedDocumentNode<TResult, TVariables>,
  variables: TVariables,
): Promise<TResult> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query: print(document), variables }),
    });
  } catch (error) {
    throw new CommandError(`Cannot reach ${url}: ${(error as Error).message}`, 1);
  }
  const body = (await response.json().catch(() => null)) as { data?: TResult; errors?: { message: string; extensions?: { code?: string } }[] } | null;
  if (body?.errors?.length) throw new CommandError(body.errors.map((error) => `${error.extensions?.code ?? 'ERROR'}: ${error.message}`).join('\n'), 1);
  if (!body?.data) throw new CommandError(`Unexpected answer from ${url} (HTTP ${response.status})`, 1);
  return body.data;
}
