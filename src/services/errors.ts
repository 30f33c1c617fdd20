/** Every code a RequestError carries: a published contract (add new ones, never rename). */
export const REQUEST_ERROR_CODES = [
  'BAD_USER_INPUT',
  'NOT_FOUND',
  /** A protocol key (slug) found in several readable spaces, none of them the caller's default (reference §5.1). */
  'AMBIGUOUS',
  'FORBIDDEN',
  'UNAUTHENTICATED',
  'SERVICE_UNAVAILABLE',
  'PAYLOAD_TOO_LARGE',
  'PROTOCOL_STRUCTURE_INVALID',
  'DUPLICATE_CHAIN',
  'DUPLICATE_SLUG',
  'INVALID_SLUG',
  'SLUG_ALLOCATION_EXHAUSTED',
  'SPACE_NOT_FOUND',
  'SPACE_READ_ONLY',
  /** The answer would be larger than the response budget (docs/security.md): ask for fewer items or fields. */
  'RESPONSE_TOO_LARGE',
  /** A database operation ran over its time limit. */
  'DATABASE_TIMEOUT',
  /** Text holding something that looks like a secret (kind and place in details, never the value). */
  'SECRET_DETECTED',
  /** Text with a lone UTF-16 surrogate, which is not a character (src/well-formed-text.ts). */
  'INVALID_UNICODE',
  /** A per-principal quota (staged proposals: count or bytes) is used up. */
  'QUOTA_EXCEEDED',
] as const;

export type RequestErrorCode = (typeof REQUEST_ERROR_CODES)[number];

/**
 * A request the server refuses as a whole. The GraphQL layer turns it into a GraphQL error
 * with `extensions.code` (and `details`); every other thrown error is masked.
 */
export class RequestError extends Error {
  constructor(
    readonly code: RequestErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}
