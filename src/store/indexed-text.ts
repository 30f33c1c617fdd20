/**
 * What the engine's text index reads (`memory_text_v3`): a bounded, normalised copy of a memory's
 * title, triggers, label and text, written with every write of them (like `sizeBytes`), never the
 * raw text. PostgreSQL's text parser (under the local DocumentDB engine) is quadratic on runs of
 * letters joined by underscores (`_a_a_a…`, `a_b_c…`): it tries to read them as a host name or a
 * file path, fails at the end and starts again one character later (seconds for a few thousand
 * characters). Words of letters and digits separated by spaces parse in linear time, so the
 * copy keeps only those: every other character (punctuation, underscores, symbols, controls) is
 * folded into a space, a word is cut at 128 characters and the whole at 64 KB. docs/security.md
 * lists the limits; `$text` search sees only this copy (in-process lexical search reads the text).
 */

/** Characters of one word kept in the copy; longer words (hashes, base64) are cut. */
export const INDEXED_WORD_MAX_CHARS = 128;
/** Characters of one field's copy; text past it is not found by `$text` (64 KB of ASCII). */
export const INDEXED_FIELD_MAX_CHARS = 64 * 1024;
/**
 * Bumped when the normalisation changes: the start-up backfill rewrites every copy written with
 * another version (src/migrations/indexed-text.ts).
 */
export const INDEXED_TEXT_VERSION = 1;

/** The copy stored on a memory. Fields absent from the memory (a project document's triggers) are empty strings. */
export interface IndexedText {
  version: number;
  title: string;
  triggers: string;
  label: string;
  text: string;
}

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** Letters, digits and combining marks in words of at most 128 characters, one space apart, at most 64 KB. */
export function indexableText(raw: string | null | undefined): string {
  if (!raw) return '';
  // One pass over the words, stopping once the cap is reached: a 1 MB text costs what its first 64 KB of words cost.
  const words: string[] = [];
  let length = 0;
  const word = new RegExp(WORD);
  for (let match = word.exec(raw); match !== null && length < INDEXED_FIELD_MAX_CHARS; match = word.exec(raw)) {
    const kept =
      match[0].length > INDEXED_WORD_MAX_CHARS
        ? [...match[0].slice(0, 2 * INDEXED_WORD_MAX_CHARS)].slice(0, INDEXED_WORD_MAX_CHARS).join('')
        : match[0];
    words.push(kept);
    length += kept.length + 1;
  }
  const folded = words.join(' ');
  if (folded.length <= INDEXED_FIELD_MAX_CHARS) return folded;
  const cut = folded.slice(0, INDEXED_FIELD_MAX_CHARS);
  // Never end on half of a surrogate pair.
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

interface IndexedSource {
  label?: string;
  text?: string;
  chain?: { label: string; triggers: string | null } | null;
}

/** The whole copy of a memory, from its record. */
export function indexedTextOf(record: IndexedSource): IndexedText {
  return {
    version: INDEXED_TEXT_VERSION,
    title: indexableText(record.chain?.label),
    triggers: indexableText(record.chain?.triggers),
    label: indexableText(record.label),
    text: indexableText(record.text),
  };
}

/** A record about to be inserted, with its copy. */
export function withIndexedText<T extends IndexedSource>(record: T): T & { indexedText: IndexedText } {
  return { ...record, indexedText: indexedTextOf(record) };
}

/**
 * The `$set` entries that keep the copy in step with a write of `label` and/or `text` (the
 * chain's title and triggers are only written with whole records).
 */
export function indexedTextSet(set: { label?: string; text?: string }): Record<string, string> {
  const entries: Record<string, string> = {};
  if (set.label !== undefined) entries['indexedText.label'] = indexableText(set.label);
  if (set.text !== undefined) entries['indexedText.text'] = indexableText(set.text);
  return entries;
}

/** Reads of memories leave the copy out: it is only there for the index. */
export const WITHOUT_INDEXED_TEXT = { indexedText: 0 } as const;
