/**
 * The block structure of a markdown document, read once in linear time: top-level ATX headings,
 * fenced and indented code, HTML blocks and everything else, each with exact source offsets so
 * callers slice the author's text instead of re-rendering it.
 *
 * Built on micromark's CommonMark tokenizer, with the inline (text and string) constructs
 * removed: CommonMark decides block structure before inline parsing, and micromark's emphasis
 * and link resolvers are quadratic on runs like `*a*a…` or `[[[…`. Container nesting is the
 * other super-linear input (each line re-checks every open container), so a line opening more
 * than `MAX_CONTAINER_MARKERS_PER_LINE` block quotes or list items, or a document with more than
 * `MAX_CONTAINER_LINES` lines that open or continue one with a marker, is refused before parsing.
 */
import { parse, postprocess, preprocess } from 'micromark';
import type { Event } from 'micromark-util-types';
import { ProtocolStructureError } from './challenge-json.js';

export const MAX_CONTAINER_MARKERS_PER_LINE = 32;
/** micromark's container handling grows faster than linearly with the number of list-item and quote lines: bounded per document. */
export const MAX_CONTAINER_LINES = 2_000;

export interface HeadingBlock {
  kind: 'heading';
  /** From the start of its line to past its line break. */
  start: number;
  end: number;
  depth: number;
  /** ATX (`## x`); setext headings are `atx: false` and never structure. */
  atx: boolean;
  /** The heading's source text: markers and closing `#`s removed, trimmed. */
  text: string;
  /** The source of the heading line(s), as sliced. */
  raw: string;
}

export interface CodeBlock {
  kind: 'code';
  start: number;
  end: number;
  /** Fenced (``` or ~~~) as opposed to indented. */
  fenced: boolean;
  /** The fence's character (fenced only). */
  fenceChar: '`' | '~' | null;
  /** Columns of indentation before the opening fence (0: the fence starts its line). */
  indent: number;
  /** The first word of the info string, as written ('' when there is none). */
  lang: string;
  /** The whole info string, trimmed. */
  info: string;
  /** The code between the fences (fenced only; '' for indented code). */
  value: string;
}

export interface OtherBlock {
  kind: 'html' | 'other';
  start: number;
  end: number;
}

export type MarkdownBlock = HeadingBlock | CodeBlock | OtherBlock;

/** Tokens between blocks that are not blocks themselves. */
const SEPARATOR_TOKENS = new Set(['lineEnding', 'lineEndingBlank', 'linePrefix', 'whitespace']);

/** Top-level blocks in document order. Throws `ProtocolStructureError` for over-deep nesting. */
export function readBlocks(markdown: string, lineAt: (offset: number) => number): MarkdownBlock[] {
  refuseDeepNesting(markdown, lineAt);
  const blocks: MarkdownBlock[] = [];
  let depth = 0;
  let code: { pieces: string[] } | null = null;
  for (const [kind, token] of blockEvents(markdown)) {
    if (kind === 'exit') {
      depth -= 1;
      if (depth === 0 && token.type === 'codeFenced' && code) {
        const block = toBlock(markdown, token.type, token.start.offset, token.end.offset);
        if (block.kind === 'code') block.value = code.pieces.join('').replace(/^\n|\n$/g, '');
        blocks.push(block);
        code = null;
      }
      continue;
    }
    depth += 1;
    if (depth === 1) {
      if (token.type === 'codeFenced') code = { pieces: [] };
      else if (!SEPARATOR_TOKENS.has(token.type)) blocks.push(toBlock(markdown, token.type, token.start.offset, token.end.offset));
    } else if (depth === 2 && code && (token.type === 'codeFlowValue' || token.type === 'lineEnding')) {
      code.pieces.push(markdown.slice(token.start.offset, token.end.offset));
    }
  }
  return blocks;
}

/** micromark's events with inline parsing switched off (line endings are all text keeps). */
function blockEvents(markdown: string): Event[] {
  const parser = parse();
  const text = parser.constructs.text;
  parser.constructs = { ...parser.constructs, text: { [-5]: text[-5], [-4]: text[-4], [-3]: text[-3] }, string: {} };
  return postprocess(parser.document().write(preprocess()(markdown, undefined, true)));
}

function toBlock(markdown: string, type: string, nodeStart: number, nodeEnd: number): MarkdownBlock {
  const start = markdown.lastIndexOf('\n', nodeStart - 1) + 1;
  const lineBreak = markdown.indexOf('\n', nodeEnd);
  const end = lineBreak < 0 ? markdown.length : lineBreak + 1;
  const raw = markdown.slice(start, end);
  switch (type) {
    case 'atxHeading': {
      const depth = /^ {0,3}(#{1,6})/.exec(raw)?.[1]?.length ?? 1;
      return { kind: 'heading', start, end, depth, atx: true, text: atxHeadingText(raw), raw };
    }
    case 'setextHeading':
      return { kind: 'heading', start, end, depth: /\n {0,3}=+[ \t]*\n?$/.test(raw) ? 1 : 2, atx: false, text: '', raw };
    case 'codeFenced': {
      const fence = /^( {0,3})(`{3,}|~{3,})/.exec(raw);
      const info = fence ? (raw.slice(fence[0].length).split('\n')[0] ?? '').trim() : '';
      return {
        kind: 'code',
        start,
        end,
        fenced: true,
        fenceChar: fence?.[2]?.startsWith('~') ? '~' : '`',
        indent: fence?.[1]?.length ?? 0,
        lang: info.split(/\s+/)[0] ?? '',
        info,
        value: '',
      };
    }
    case 'codeIndented':
      return { kind: 'code', start, end, fenced: false, fenceChar: null, indent: 0, lang: '', info: '', value: '' };
    case 'htmlFlow':
      return { kind: 'html', start, end };
    default:
      return { kind: 'other', start, end };
  }
}

/** `## Title ##` → `Title`: opening hashes, optional closing sequence and surrounding blanks removed. */
function atxHeadingText(raw: string): string {
  const line = raw.replace(/\n$/, '');
  const rest = line.replace(/^ {0,3}#{1,6}/, '');
  if (/^#*[ \t]*$/.test(rest)) return '';
  return withoutClosingSequence(rest).trim();
}

/** `rest` without a closing `#` sequence (white space before it, only white space after), scanned from the end: the regex `/[ \t]+#+[ \t]*$/` backtracked quadratically on a long run of spaces. */
function withoutClosingSequence(rest: string): string {
  const blank = (index: number) => rest[index] === ' ' || rest[index] === '\t';
  let end = rest.length;
  while (end > 0 && blank(end - 1)) end--;
  let hashes = end;
  while (hashes > 0 && rest[hashes - 1] === '#') hashes--;
  if (hashes === end || hashes === 0 || !blank(hashes - 1)) return rest;
  let start = hashes;
  while (start > 0 && blank(start - 1)) start--;
  return rest.slice(0, start);
}

// Block quote (`>`) and list markers (`-`, `+`, `*`, `1.`, `1)`) that open containers on a line.
const CONTAINER_MARKER = /[ \t]*(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))/y;

function refuseDeepNesting(markdown: string, lineAt: (offset: number) => number): void {
  let lineStart = 0;
  let containerLines = 0;
  while (lineStart <= markdown.length) {
    const lineEnd = markdown.indexOf('\n', lineStart);
    const stop = lineEnd < 0 ? markdown.length : lineEnd;
    CONTAINER_MARKER.lastIndex = lineStart;
    let markers = 0;
    while (CONTAINER_MARKER.lastIndex < stop && CONTAINER_MARKER.test(markdown)) markers += 1;
    // A list nested by indentation alone needs two more columns a level: count them too.
    const indent = markers > 0 ? indentWidth(markdown, lineStart, stop) : 0;
    if (markers + Math.floor(indent / 2) > MAX_CONTAINER_MARKERS_PER_LINE) {
      throw new ProtocolStructureError(lineAt(lineStart), `the line nests more than ${MAX_CONTAINER_MARKERS_PER_LINE} block quotes or list items`);
    }
    if (markers > 0 && ++containerLines > MAX_CONTAINER_LINES) {
      throw new ProtocolStructureError(lineAt(lineStart), `the document has more than ${MAX_CONTAINER_LINES} list-item or block-quote lines`);
    }
    if (lineEnd < 0) break;
    lineStart = lineEnd + 1;
  }
}

function indentWidth(text: string, from: number, to: number): number {
  let width = 0;
  for (let i = from; i < to; i++) {
    const char = text[i];
    if (char === ' ') width += 1;
    else if (char === '\t') width += 4 - (width % 4);
    else break;
  }
  return width;
}

/** One `\n` per line break and no byte-order mark: offsets and lines then mean the same everywhere. */
export function normalizeNewlines(markdown: string): string {
  return markdown.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

export class LineIndex {
  private readonly lineStarts: number[] = [0];

  constructor(text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  /** 1-based line holding `offset`. */
  lineAt(offset: number): number {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.lineStarts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  }
}

export interface Edit {
  start: number;
  end: number;
  replacement: string;
  /** Leave at most one blank line where the text was removed (for the H1 line). */
  collapseBlankLines?: boolean;
}

/**
 * Each segment's text with its edits applied and the first of `marks` inside it, in one pass:
 * `segments` are disjoint and in order, `edits` and `marks` sorted by start.
 */
export function cutSegments<M extends { start: number }>(
  text: string,
  segments: ReadonlyArray<{ from: number; to: number }>,
  edits: readonly Edit[],
  marks: readonly M[],
): Array<{ text: string; mark: M | undefined }> {
  let edit = 0;
  let mark = 0;
  return segments.map(({ from, to }) => {
    while (edit < edits.length && edits[edit]!.start < from) edit += 1;
    const inside: Edit[] = [];
    for (; edit < edits.length && edits[edit]!.start < to; edit += 1) inside.push(edits[edit]!);
    while (mark < marks.length && marks[mark]!.start < from) mark += 1;
    const first = mark < marks.length && marks[mark]!.start < to ? marks[mark] : undefined;
    return { text: applyEdits(text, from, to, inside), mark: first };
  });
}

/** `text[from, to)` with the edits that fall inside it applied (edits sorted by start). */
export function applyEdits(text: string, from: number, to: number, edits: readonly Edit[]): string {
  let result = '';
  let cursor = from;
  for (const edit of edits) {
    if (edit.start < from || edit.end > to) continue;
    result += text.slice(cursor, edit.start) + edit.replacement;
    cursor = edit.end;
    if (edit.collapseBlankLines) {
      cursor += (/^(?:[ \t]*\n)*/.exec(text.slice(cursor, to))?.[0] ?? '').length;
      result = result.replace(/(?:^|\n)(?:[ \t]*\n)*$/, (blank) => (blank.startsWith('\n') ? '\n\n' : ''));
    }
  }
  return result + text.slice(cursor, to);
}

// Step numbering dropped from H2s (reference §3.2 step 2): "STEP 1 —", "Step 07:", "Phase 3:",
// "3.", "007 —", "1a)", "T1 —". A bare number needs a separator and at most three digits, so
// "2FA setup" and "2024 roadmap" stay as they are.
const WORD_NUMBERING = /^(?:step|phase|part|stage)\s*\d+[a-z]?(?:\s*[—–:.)-])?\s+/i;
const BARE_NUMBERING = /^[A-Z]?\d{1,3}[a-z]?\s*[—–:.)-]\s+/;

export function sanitiseHeadingText(text: string): { text: string; removed: string } {
  let rest = text;
  for (;;) {
    const match = WORD_NUMBERING.exec(rest) ?? BARE_NUMBERING.exec(rest);
    if (!match) break;
    const next = rest.slice(match[0].length);
    if (next.trim() === '') break; // "## Step 1" alone keeps its name
    rest = next;
  }
  return { text: rest, removed: text.slice(0, text.length - rest.length) };
}

/** The heading line without its numbering, or undefined when nothing was removed. */
export function stripHeadingNumbering(raw: string, text: string, removed: string): string | undefined {
  if (removed === '') return undefined;
  const lead = /^ {0,3}##[ \t]+/.exec(raw);
  if (!lead || !raw.startsWith(text.slice(0, removed.length), lead[0].length)) return undefined;
  return lead[0] + raw.slice(lead[0].length + removed.length);
}

/** Top-level ATX H1/H2 headings as structure events (H2 text without numbering). */
export interface HeadingEvent {
  kind: 'h1' | 'h2';
  start: number;
  end: number;
  line: number;
  text: string;
  /** H2 only: the heading line rewritten without its numbering, when that changed it. */
  sanitisedRaw?: string;
}

export function headingEvent(block: HeadingBlock, line: number): HeadingEvent | null {
  if (!block.atx || block.depth > 2) return null;
  if (block.depth === 1) return { kind: 'h1', start: block.start, end: block.end, line, text: block.text };
  const sanitised = sanitiseHeadingText(block.text);
  const event: HeadingEvent = { kind: 'h2', start: block.start, end: block.end, line, text: sanitised.text };
  const rewritten = stripHeadingNumbering(block.raw, block.text, sanitised.removed);
  if (rewritten !== undefined) event.sanitisedRaw = rewritten;
  return event;
}
