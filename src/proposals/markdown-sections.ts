import { createHash } from 'node:crypto';

/**
 * The section model of a project-memory document. A section runs from an ATX heading to the
 * next heading of the same or higher level (so subsections sit inside their parent); headings
 * inside fenced code blocks do not count. The model is line-based: every position is a line index.
 */
export interface Section {
  /** The `<!-- @id: x -->` anchor under the heading, else a slug of the heading text (unique per document). */
  id: string;
  /** The explicit anchor, when there is one. */
  anchorId: string | null;
  heading: string;
  level: number;
  /** Line of the heading. */
  start: number;
  /** First line after the heading and its anchor. */
  bodyStart: number;
  /** End (exclusive) of the direct body: the first subsection's heading, or `end`. */
  ownEnd: number;
  /** End (exclusive) of the whole section, subsections included. */
  end: number;
}

export interface ParsedDocument {
  lines: string[];
  sections: Section[];
  /** A fenced code block that never closes: the sign of a broken splice. */
  unclosedFenceLine: number | null;
}

// Greedy `(.*)` then trimmed in code: a lazy `(.*?)[ \t]*$` backtracks quadratically on long runs of spaces.
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*))?$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
/**
 * `.` stops at U+2028/U+2029 (and CR), so a line holding one can never be a heading or a fence;
 * it is refused before the regular expression, which would otherwise backtrack quadratically
 * over a long run of spaces or fence characters in front of it.
 */
const NOT_DOT = /[\r\u2028\u2029]/;
const ANCHOR = /^\s*<!--\s*@id:\s*([A-Za-z0-9._-]+)\s*-->\s*$/;
const MAX_SLUG_LENGTH = 64;

/** Markdown text as lines, without the final newline; "" is an empty document. */
export function toLines(text: string): string[] {
  const normalized = text.replace(/\r\n?/g, '\n');
  if (normalized === '') return [];
  return (normalized.endsWith('\n') ? normalized.slice(0, -1) : normalized).split('\n');
}

/** Lines back to text, with exactly one final newline. */
export function fromLines(lines: readonly string[]): string {
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** Lowercase, runs of anything but [a-z0-9] become one `-`, at most 64 characters; `section` if empty. */
export function slugifyHeading(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
  return slug === '' ? 'section' : slug;
}

/** The heading at this line, or null. */
export function headingOf(line: string): { level: number; text: string } | null {
  const match = NOT_DOT.test(line) ? null : HEADING.exec(line);
  if (!match) return null;
  // A closing sequence of #s (`## Title ##`) is not part of the text.
  const text = withoutClosingHashes((match[2] ?? '').replace(/^[ \t]+/, '').trimEnd()).trim();
  return { level: match[1]!.length, text };
}

/** `Title ##` → `Title`, `##` → ``: a run of #s at the end, after white space or alone. Linear (no regex backtracking). */
function withoutClosingHashes(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  if (end === text.length) return text;
  if (end === 0) return '';
  return text[end - 1] === ' ' || text[end - 1] === '\t' ? text.slice(0, end) : text;
}

export function anchorOf(line: string | undefined): string | null {
  if (line === undefined) return null;
  return ANCHOR.exec(line)?.[1] ?? null;
}

export function anchorLine(id: string): string {
  return `<!-- @id: ${id} -->`;
}

export function parseDocument(text: string): ParsedDocument {
  const lines = toLines(text);
  const headings: { line: number; level: number; text: string }[] = [];
  let fence: { char: string; length: number; line: number } | null = null;
  lines.forEach((line, index) => {
    const fenceMatch = NOT_DOT.test(line) ? null : FENCE.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1]![0] === fence.char && fenceMatch[1]!.length >= fence.length && fenceMatch[2]!.trim() === '')
        fence = null;
      return;
    }
    if (fenceMatch && !(fenceMatch[1]![0] === '`' && fenceMatch[2]!.includes('`'))) {
      fence = { char: fenceMatch[1]![0]!, length: fenceMatch[1]!.length, line: index };
      return;
    }
    const heading = headingOf(line);
    if (heading) headings.push({ line: index, ...heading });
  });

  const anchors = headings.map((heading) => {
    const next = lines[heading.line + 1];
    const direct = anchorOf(next);
    if (direct) return { id: direct, lines: 1 };
    // One blank line is allowed between a heading and its anchor.
    if (next !== undefined && next.trim() === '') {
      const afterBlank = anchorOf(lines[heading.line + 2]);
      if (afterBlank) return { id: afterBlank, lines: 2 };
    }
    return null;
  });
  const taken = new Set(anchors.filter((anchor) => anchor !== null).map((anchor) => anchor.id));
  // Where each slug's `-N` search resumes: a suffix found taken stays taken, so n equal headings cost O(n), not O(n²).
  const nextSuffix = new Map<string, number>();
  const ends = sectionEnds(headings, lines.length);
  const sections = headings.map((heading, index): Section => {
    const end = ends[index]!;
    // The direct body stops at the next heading of any level (never past the section's end).
    const ownEnd = index + 1 < headings.length ? Math.min(headings[index + 1]!.line, end) : end;
    const anchor = anchors[index];
    let id = anchor?.id ?? null;
    if (id === null) {
      const base = slugifyHeading(heading.text);
      id = base;
      if (taken.has(id)) {
        let suffix = nextSuffix.get(base) ?? 2;
        while (taken.has(`${base}-${suffix}`)) suffix++;
        id = `${base}-${suffix}`;
        nextSuffix.set(base, suffix + 1);
      }
      taken.add(id);
    }
    return {
      id,
      anchorId: anchor?.id ?? null,
      heading: heading.text,
      level: heading.level,
      start: heading.line,
      bodyStart: heading.line + 1 + (anchor?.lines ?? 0),
      ownEnd,
      end,
    };
  });
  return { lines, sections, unclosedFenceLine: fence ? (fence as { line: number }).line : null };
}

/**
 * For each heading, the line of the next heading at the same or a higher level (else the end of
 * the document): one pass with a stack of open sections, O(headings).
 */
function sectionEnds(headings: readonly { line: number; level: number }[], lineCount: number): number[] {
  const ends = headings.map(() => lineCount);
  const open: number[] = [];
  headings.forEach((heading, index) => {
    while (open.length > 0 && headings[open[open.length - 1]!]!.level >= heading.level) ends[open.pop()!] = heading.line;
    open.push(index);
  });
  return ends;
}

export interface SectionAddress {
  sectionId?: string | null;
  heading?: string | null;
  headingLevel?: number | null;
}

/** By id when given (first match wins), else by heading text and level. */
export function findSection(document: ParsedDocument, address: SectionAddress): Section | null {
  if (address.sectionId) return document.sections.find((section) => section.id === address.sectionId) ?? null;
  if (address.heading) {
    const text = address.heading.trim();
    const level = address.headingLevel ?? 2;
    return document.sections.find((section) => section.heading === text && section.level === level) ?? null;
  }
  return null;
}

/** Which part of a section a hash covers: all of it, or its heading and direct body only. */
export type HashScope = 'FULL' | 'OWN';

/** `sha256:<hex>` over the section's lines: used to tell whether it changed since a proposal was staged. */
export function sectionHash(document: ParsedDocument, section: Section, scope: HashScope): string {
  const end = scope === 'FULL' ? section.end : section.ownEnd;
  const text = document.lines.slice(section.start, end).join('\n').replace(/\s+$/, '');
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}

/** The direct body of a section (between heading/anchor and its first subsection), trimmed. */
export function ownBody(document: ParsedDocument, section: Section): string {
  return document.lines.slice(section.bodyStart, section.ownEnd).join('\n').trim();
}

/** The document title: the first H1, else null. */
export function documentTitle(text: string): string | null {
  const h1 = parseDocument(text).sections.find((section) => section.level === 1);
  return h1 && h1.heading !== '' ? h1.heading : null;
}
