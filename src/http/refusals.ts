/**
 * Refusals a client can branch on: whichever layer refuses (graphql-armor, the cost rule, CSRF,
 * authentication, the rate limit, a malformed body), the error carries `extensions.code` and
 * `extensions.requestId`, never echoes the request, and a refused request (no `data`) answers a
 * 4xx status.
 */
import { GraphQLError, type GraphQLErrorExtensions, type ValidationContext } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { jsonDepth, MAX_JSON_DEPTH } from '../limits.js';
import { refusalStatus, type RequestRefusalCode } from '../model/refusal-codes.js';
import { DEFAULT_ALLOWLIST_LIMITS, scanText } from '../proposals/secret-scan.js';

/** The code of a document over one of graphql-armor's limits or the cost limit (src/model/refusal-codes.ts). */
export const DOCUMENT_TOO_COMPLEX = 'DOCUMENT_TOO_COMPLEX' satisfies RequestRefusalCode;
/** A browser-style request without the header that proves it is not a cross-site form. */
export const CSRF_HEADER_REQUIRED = 'CSRF_HEADER_REQUIRED' satisfies RequestRefusalCode;

/**
 * graphql-armor's onReject: its message loses the misleading "Syntax Error: " prefix and gains
 * a code and the limit's name. Armor throws the same error object right after (over WebSocket too).
 */
export function armorRefusal(limit: 'depth' | 'aliases' | 'directives' | 'tokens') {
  return (_context: ValidationContext | null, error: GraphQLError): void => {
    error.message = error.message.replace(/^Syntax Error: /, '');
    Object.assign(error.extensions as Record<string, unknown>, { code: DOCUMENT_TOO_COMPLEX, limit });
  };
}

/**
 * Deeply nested JSON in variables is refused before it reaches a scalar's recursive parser
 * (which would overflow the stack and answer INTERNAL_SERVER_ERROR).
 */
export function variablesTooDeep(variables: unknown): GraphQLError | null {
  if (jsonDepth(variables, MAX_JSON_DEPTH + 1) <= MAX_JSON_DEPTH + 1) return null;
  return new GraphQLError(`Variables are nested deeper than ${MAX_JSON_DEPTH} levels`, {
    extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
  });
}

/**
 * graphql-js repeats the values a client sent in its coercion and validation messages (an
 * invalid enum value, a wrong scalar): those values are untrusted and may hold a secret. The
 * message keeps what failed (variable, path, type) and drops the value; as a backstop, a
 * message that still looks like it holds a secret is replaced as a whole.
 */
export function redactValues(message: string): string {
  const redacted = message
    .replace(/got invalid value [\s\S]*?(?=; | at "|$)/g, 'got an invalid value')
    .replace(/\bValue [\s\S]*? does not exist in/g, 'The value does not exist in')
    .replace(/(cannot represent (?:an? )?non[- ]?[\w ]*?value): [\s\S]*?(?=; |$)/g, '$1')
    .replace(/(Expected value of type "[^"]*"), found [\s\S]*?(?=; |$)/g, '$1, found another value');
  const scan = scanText(redacted, 'message', { piiScan: false, piiScanEmail: false, allowlist: false, limits: DEFAULT_ALLOWLIST_LIMITS });
  const secret = 'findings' in scan && scan.findings.some((finding) => finding.type !== 'HIGH_ENTROPY');
  return secret ? 'The request was refused; the reason would repeat a value that looks like a secret, so it is not shown' : redacted;
}

/** Yoga plugin: refuse deep variables, then shape every error of a whole-request refusal. */
export function useRefusalShape(requestIdOf: (request: Request) => string | undefined): Plugin {
  return {
    onParams: ({ params }) => {
      const tooDeep = variablesTooDeep(params.variables);
      if (tooDeep) throw tooDeep;
    },
    onResultProcess: ({ request, result, setResult }) => {
      if (!result || typeof result !== 'object' || Symbol.asyncIterator in result) return;
      const requestId = requestIdOf(request);
      const shape = (one: { errors?: readonly unknown[]; data?: unknown; extensions?: Record<string, unknown> }) => {
        if (!one.errors?.length) return one;
        const refusedWhole = !('data' in one) || one.data === undefined;
        const errors = one.errors.map((error) => shapeError(error, requestId, refusedWhole));
        return { ...one, errors, extensions: { ...one.extensions, ...(requestId ? { requestId } : {}) } };
      };
      setResult((Array.isArray(result) ? result.map(shape) : shape(result as never)) as never);
    },
  };
}

function shapeError(error: unknown, requestId: string | undefined, refusedWhole: boolean): GraphQLError {
  const original = error instanceof Error ? error : new Error(String(error));
  const graphqlError = original.name === 'GraphQLError' ? (original as GraphQLError) : null;
  const {
    originalError: _dropped,
    http,
    ...extensions
  } = (graphqlError?.extensions ?? {}) as GraphQLErrorExtensions & {
    http?: { status?: number; spec?: boolean; headers?: Record<string, string> };
  };
  const message = redactValues(original.message);
  let code = typeof extensions.code === 'string' ? extensions.code : null;
  if (!code && /CSRF/.test(message)) code = CSRF_HEADER_REQUIRED;
  code ??= 'BAD_REQUEST';
  const httpShape: { status?: number; spec?: boolean; headers?: Record<string, string> } = { ...http };
  if (refusedWhole) {
    // Parse and validation failures stay 200 for application/json (the GraphQL-over-HTTP rule): `spec`.
    const specified = code === 'GRAPHQL_PARSE_FAILED' || code === 'GRAPHQL_VALIDATION_FAILED' || code === DOCUMENT_TOO_COMPLEX;
    httpShape.status = http?.status && http.status >= 400 ? http.status : refusalStatus(code);
    // Anything else (a malformed body, auth, limits) answers its status whatever the media type.
    if (specified) httpShape.spec = true;
    else delete httpShape.spec;
    if (code === 'UNAUTHENTICATED') httpShape.headers = { ...httpShape.headers, 'WWW-Authenticate': 'Bearer realm="kairos-graphql"' };
  }
  return new GraphQLError(message, {
    nodes: graphqlError?.nodes,
    source: graphqlError?.source,
    positions: graphqlError?.positions,
    path: graphqlError?.path,
    extensions: {
      ...extensions,
      code,
      ...(requestId ? { requestId } : {}),
      ...(httpShape.status || httpShape.headers ? { http: httpShape } : {}),
    },
  });
}
