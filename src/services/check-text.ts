import { hasHostileCharacters, TEXT_LIMITS, type TextField } from '../limits.js';
import { RequestError } from './errors.js';

/** Refuses text over its field's limit (PAYLOAD_TOO_LARGE) or, for `plain` fields, with control or bidi characters (BAD_USER_INPUT). */
export function checkText(field: TextField, value: string | null | undefined, options: { plain?: boolean; name?: string } = {}): void {
  if (value === null || value === undefined) return;
  const name = options.name ?? field;
  const limit = TEXT_LIMITS[field];
  if (value.length > limit) {
    throw new RequestError('PAYLOAD_TOO_LARGE', `${name} must be at most ${limit} characters (got ${value.length})`, {
      field: name,
      limit,
    });
  }
  if (options.plain && hasHostileCharacters(value)) {
    throw new RequestError('BAD_USER_INPUT', `${name} must not contain control or bidirectional-override characters`, { field: name });
  }
}
