import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';

/** A failure the command-line tool reports as one line on stderr, with its exit code (1 refused or failed, 2 usage). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** Where a command writes: stdout lines and stderr lines (tests capture both). */
export interface CommandOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

/**
 * The GraphQL endpoint for what a person typed: the server's base URL (`http://host:4000`, with or
 * without a path prefix) or the endpoint itself (`…/graphql`).
 */
export function graphqlEndpoint(typed: string): string {
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    throw new CliError(`--url must be a URL such as http://127.0.0.1:4000 (got "${typed}")`, 2);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CliError(`--url must start with http:// or https:// (got "${typed}")`, 2);
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = path.endsWith('/graphql') ? path : `${path}/graphql`;
  return url.toString();
}

/** Sends one operation; any refusal or transport failure becomes a one-line CliError. */
export async function request<TResult, TVariables>(
  url: string,
  token: string | null,
  document: TypedDocumentNode<TResult, TVariables>,
  variables: TVariables,
): Promise<TResult> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ query: print(document), variables }),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new CliError(`Cannot reach ${url}: ${cause?.code ?? cause?.message ?? (error as Error).message} (is the server running?)`, 1);
  }
  const body = (await response.json().catch(() => null)) as {
    data?: TResult | null;
    errors?: { message: string; extensions?: { code?: string } }[];
  } | null;
  const [first, ...others] = body?.errors ?? [];
  if (first) {
    const more = others.length > 0 ? ` (and ${others.length} more error${others.length > 1 ? 's' : ''})` : '';
    throw new CliError(`${first.extensions?.code ?? 'ERROR'}: ${first.message.replace(/\s*\n\s*/g, ' ')}${more}`, 1);
  }
  if (!body?.data) throw new CliError(`Unexpected answer from ${url} (HTTP ${response.status}): is this a kairos-graphql server?`, 1);
  return body.data;
}

/** Sends one typed operation to the server the command was pointed at. */
export type Call = <TResult, TVariables>(document: TypedDocumentNode<TResult, TVariables>, variables: TVariables) => Promise<TResult>;
