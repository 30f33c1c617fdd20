import type { PagePosition } from '../store/page-position.js';
import { RequestError } from './errors.js';

/** One page of a keyset-paginated list, in the shape the GraphQL connections expose. */
export interface Page<T> {
  records: T[];
  cursors: string[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  /** Counted only when a client asks for it. */
  totalCount: () => Promise<number>;
}

export function encodeCursor(position: PagePosition): string {
  return Buffer.from(JSON.stringify([position.at.toISOString(), position.id])).toString('base64url');
}

export function decodeCursor(cursor: string): PagePosition {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const date = new Date(at);
    if (typeof id !== 'string' || Number.isNaN(date.getTime())) throw new Error('bad cursor');
    return { at: date, id };
  } catch {
    throw new RequestError('BAD_USER_INPUT', 'after is not a cursor returned by this connection');
  }
}

/** `first` checked against the list's maximum; `rows` fetched with one extra to see a next page. */
export function pageSize(first: number | null | undefined, fallback: number, max: number): number {
  const size = first ?? fallback;
  if (!Number.isInteger(size) || size < 0 || size > max) throw new RequestError('BAD_USER_INPUT', `first must be between 0 and ${max}`);
  return size;
}

export function toPage<T>(
  rows: T[],
  size: number,
  after: PagePosition | null,
  positionOf: (record: T) => PagePosition,
  totalCount: () => Promise<number>,
): Page<T> {
  const records = rows.slice(0, size);
  return {
    records,
    cursors: records.map((record) => encodeCursor(positionOf(record))),
    hasNextPage: rows.length > size,
    hasPreviousPage: after !== null,
    totalCount,
  };
}
