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
  /** KAIROS 4 adapters (issue 24): a contract whose `type` is not shell, mcp, user_input, comment or tensor. */
  'CONTRACT_TYPE_UNKNOWN',
  /** A contract with a field of the wrong type or missing (an `mcp` contract without `tool_name`). */
  'CONTRACT_INVALID',
  /** Frontmatter that is not YAML `key: value` lines, or too large. */
  'FRONTMATTER_INVALID',
  /** Contract JSON in a plain ``` fence: contract blocks are ```json fences. */
  'CONTRACT_FENCE_REFUSED',
  /** A `kairos://layer/…?execution_id=` URI whose run is another one, another principal's, or lacks the layer. */
  'EXECUTION_ID_MISMATCH',
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
