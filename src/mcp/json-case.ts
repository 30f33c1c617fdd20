/**
 * The one mapping between this API's GraphQL shapes and the reference JSON every MCP wing
 * speaks: SCREAMING_SNAKE ↔ lowercase enum values, and keys whose value is null left out.
 */
export type Json = Record<string, unknown>;

/** `USER_INPUT` → `user_input`. */
export function lowerValue<T extends string | null | undefined>(value: T): T extends string ? string : null {
  return (value === null || value === undefined ? null : value.toLowerCase()) as T extends string ? string : null;
}

/** `user_input` → `USER_INPUT`; `user-provided` → `USER_PROVIDED`. */
export function upperValue(value: string): string {
  return value.replaceAll('-', '_').toUpperCase();
}

/** Copies the entries whose value is neither null nor undefined. */
export function present(entries: Json): Json {
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== null && value !== undefined));
}
