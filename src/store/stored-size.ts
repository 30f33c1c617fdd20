/**
 * The byte size a document carries for the response budget (src/http/response-budget.ts), written
 * with every write of its text so the size of an answer is known before it is built.
 */

/** UTF-8 bytes of a memory's text: what `Memory.text` and a protocol's markdown grow by. */
export function textBytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** The `$set` of a write with `sizeBytes` added when the write changes the text. */
export function withTextSize<T extends { text?: string }>(set: T): T & { sizeBytes?: number } {
  return set.text === undefined ? set : { ...set, sizeBytes: textBytes(set.text) };
}

/** JSON bytes of values appended to a document (a run's proofs and events), for its running size. */
export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
}

/** Stored size assumed for a document written before sizes were kept, until the start-up backfill reaches it. */
export const UNKNOWN_SIZE_BYTES = 64 * 1024;
