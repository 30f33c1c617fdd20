/**
 * A request the server refuses as a whole. The GraphQL layer turns it into a GraphQL error
 * with `extensions.code` (and `details`); every other thrown error is masked.
 * Codes are a published contract: add new ones, never rename.
 */
export type RequestErrorCode =
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  /** A protocol key (slug) found in several readable spaces, none of them the caller's default (reference §5.1). */
  | 'AMBIGUOUS'
  | 'FORBIDDEN'
  | 'UNAUTHENTICATED'
  | 'SERVICE_UNAVAILABLE'
  | 'PAYLOAD_TOO_LARGE'
  | 'PROTOCOL_STRUCTURE_INVALID'
  | 'DUPLICATE_CHAIN'
  | 'DUPLICATE_SLUG'
  | 'INVALID_SLUG'
  | 'SLUG_ALLOCATION_EXHAUSTED'
  | 'SPACE_NOT_FOUND'
  | 'SPACE_READ_ONLY';

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
