/**
 * Canonical JSON: one byte-exact text per JSON value, so equal records hash equally whatever
 * order their keys were built in.
 *
 * Rules: object keys sorted by UTF-16 code unit order (Array.prototype.sort's default) at every
 * depth; arrays keep their order; object properties whose value is `undefined` are dropped (as
 * JSON.stringify does); strings and numbers are written as JSON.stringify writes them (so -0 is
 * `0`). Anything JSON cannot carry faithfully is rejected instead of silently changed:
 * NaN/Infinity, bigint, functions, symbols, `undefined` inside arrays or at the top, class
 * instances such as Date or Map, and cycles.
 */
export class CanonicalJsonError extends Error {
  override readonly name = 'CanonicalJsonError';
}

export function canonicalJson(value: unknown): string {
  return write(value, '$', new Set<object>());
}

function write(value: unknown, path: string, ancestors: Set<object>): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) {
        throw new CanonicalJsonError(`${path}: non-finite number ${String(value)} has no JSON form`);
      }
      return JSON.stringify(value);
    case 'object':
      break;
    default:
      throw new CanonicalJsonError(`${path}: ${typeof value} has no JSON form`);
  }

  const object = value as object;
  if (ancestors.has(object)) throw new CanonicalJsonError(`${path}: cycle`);
  ancestors.add(object);
  try {
    if (Array.isArray(object)) {
      const items = object.map((item: unknown, index) => {
        if (item === undefined) throw new CanonicalJsonError(`${path}[${index}]: undefined in array`);
        return write(item, `${path}[${index}]`, ancestors);
      });
      return `[${items.join(',')}]`;
    }
    const prototype: unknown = Object.getPrototypeOf(object);
    if (prototype !== Object.prototype && prototype !== null) {
      throw new CanonicalJsonError(`${path}: only plain objects are allowed`);
    }
    const record = object as Record<string, unknown>;
    const members = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${write(record[key], `${path}.${key}`, ancestors)}`);
    return `{${members.join(',')}}`;
  } finally {
    ancestors.delete(object);
  }
}
