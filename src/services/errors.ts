import { SERVICE_REFUSAL_CODES } from '../model/refusal-codes.js';

/** Every code a RequestError carries (declared in src/model/refusal-codes.ts): a published contract. */
export const REQUEST_ERROR_CODES = SERVICE_REFUSAL_CODES;

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
