/**
 * BODY markers (`<!-- KAIROS:BODY-START -->` … `<!-- KAIROS:BODY-END -->`), a back-compat
 * convention from an early "full render" format: when both are present, only the text between
 * them is the step's body. Matched case-insensitively, tolerating whitespace inside the comment.
 */

export const BODY_START_MARKER = '<!-- KAIROS:BODY-START -->';
export const BODY_END_MARKER = '<!-- KAIROS:BODY-END -->';

const BODY_START_PATTERN = /<!--\s*KAIROS\s*:\s*BODY-START\s*-->/i;
const BODY_END_PATTERN = /<!--\s*KAIROS\s*:\s*BODY-END\s*-->/gi;

/**
 * Offsets of the body: after the first START marker up to the last END marker that follows it
 * (outermost pair, so a body that itself mentions the markers survives being wrapped again).
 */
export function findBodyRange(text: string): { start: number; end: number } | null {
  const start = BODY_START_PATTERN.exec(text);
  if (!start) return null;
  const bodyStart = start.index + start[0].length;
  let bodyEnd = -1;
  for (const end of text.matchAll(BODY_END_PATTERN)) {
    if (end.index >= bodyStart) bodyEnd = end.index;
  }
  return bodyEnd < 0 ? null : { start: bodyStart, end: bodyEnd };
}

export function hasBodyMarkers(text: string): boolean {
  return findBodyRange(text) !== null;
}

/** The text between the markers (trimmed as by `trimMarkdownBlock`) when both are present in order, else `text` unchanged. */
export function extractBody(text: string): string {
  const range = findBodyRange(text);
  return range ? trimMarkdownBlock(text.slice(range.start, range.end)) : text;
}

/**
 * Trims a markdown fragment without changing its meaning: drops blank lines at the start and
 * whitespace at the end, but keeps the first line's indentation (four spaces make a code block,
 * and dropping them could turn `    # x` into a heading).
 */
export function trimMarkdownBlock(text: string): string {
  return text.replace(/^(?:[ \t]*\n)+/, '').trimEnd();
}
