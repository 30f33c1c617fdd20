// Over 400 lines: one linear block reader with its chunking and input bounds, whose invariants belong together.
/**
 * The block structure of a markdown document, read once in linear time: top-level ATX headings,
 * fenced and indented code, HTML blocks and everything else, each with exact source offsets so
 * callers slice the author's text instead of re-rendering it.
 *
 * Built on micromark's CommonMark tokenizer, with the inline (text and string) constructs
 * removed: CommonMark decides block structure before inline parsing, and micromark's emphasis
 * and link resolvers are quadratic on runs like `*a*a…` or `[[[…`. Nested containers are the
 * other super-linear input: the cost of one top-level list grows with the square of the nested
 * list items and quotes it holds (8,000 lines nested 8 deep took ~9× as long as 2,000). So the
 * document is read in chunks of about `CHUNK_LINES` lines, cut only where a line starts a
 * top-level bullet item (`- x` at column 0) that is not inside a top-level fence or HTML block:
 * there every open container and paragraph closes, so the chunks give the same headings and
 * code blocks as one pass (a list may come out as several `other` blocks). What cannot be cut is bounded before parsing: a line
 * opening more than `MAX_CONTAINER_MARKERS_PER_LINE` quotes or list items, or more than
 * `MAX_NESTED_CONTAINER_LINES` nested list-item or quote lines between two such bullets.
 */
import { parse, preprocess } from 'micromark';
import { subtokenize } from 'micromark-util-subtokenize';
import type { Event } from 'micromark-util-types';
import { ProtocolStructureError } from './challenge-json.js';

export const MAX_CONTAINER_MARKERS_PER_LINE = 32;
/** Nested list-item or quote lines (two levels or more) one top-level bullet item may hold. */
export const MAX_NESTED_CONTAINER_LINES = 2_000;
/** The size a chunk grows to before it is cut at the next top-level bullet. */
export const CHUNK_LINES = 256;

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
/** A bullet item with content at column 0: it always starts a new top-level item (it can interrupt a paragraph). */
const TOP_LEVEL_BULLET = /^[-+*][ \t]+\S/;

/**
 * Top-level blocks in document order. Throws `ProtocolStructureError` for over-deep nesting.
 * `chunkLines` is the chunk size (tests compare against `Infinity`: one pass).
 */
export function readBlocks(markdown: string, lineAt: (offset: number) => number, chunkLines = CHUNK_LINES): MarkdownBlock[] {
  const bullets = refuseDeepNesting(markdown, lineAt);
  const blocks: MarkdownBlock[] = [];
  let start = 0;
  let growth = chunkLines;
  let bullet = 0;
  while (start < markdown.length) {
    // The chunk ends at the first top-level bullet at least `growth` lines on.
    const minimumEnd = lineOffsetAfter(markdown, start, growth);
    while (bullet < bullets.length && bullets[bullet]! < minimumEnd) bullet += 1;
    const end = bullet < bullets.length ? bullets[bullet]! : markdown.length;
    const chunk = readChunk(markdown, start, end);
    const last = chunk.at(-1);
    if (end === markdown.length || last === undefined || !last.mayRunOn) {
      for (const { block } of chunk) blocks.push(block);
      start = end;
      growth = chunkLines;
    } else {
      // A fence or HTML block may run on past the cut (the bullet is then its text): read again from its start, twice as far.
      for (const { block } of chunk.slice(0, -1)) blocks.push(block);
      start = last.block.start;
      growth *= 2;
    }
  }
  return blocks;
}

/** The offset of the line `lines` lines after the one starting at `from` (or the end). */
function lineOffsetAfter(text: string, from: number, lines: number): number {
  if (!Number.isFinite(lines)) return text.length;
  let offset = from;
  for (let i = 0; i < lines && offset < text.length; i++) {
    const lineBreak = text.indexOf('\n', offset);
    offset = lineBreak < 0 ? text.length : lineBreak + 1;
  }
  return offset;
}

/** One chunk's top-level blocks, offsets in the whole document; `mayRunOn`: a block a top-level bullet does not end. */
function readChunk(markdown: string, from: number, to: number): Array<{ block: MarkdownBlock; mayRunOn: boolean }> {
  const text = markdown.slice(from, to);
  const blocks: Array<{ block: MarkdownBlock; mayRunOn: boolean }> = [];
  const shift = (block: MarkdownBlock): MarkdownBlock => ({ ...block, start: block.start + from, end: block.end + from });
  let depth = 0;
  let code: { pieces: string[]; fences: number } | null = null;
  for (const [kind, token] of blockEvents(text)) {
    if (kind === 'exit') {
      depth -= 1;
      if (depth === 0 && token.type === 'codeFenced' && code) {
        const block = toBlock(text, token.type, token.start.offset, token.end.offset);
        if (block.kind === 'code') block.value = code.pieces.join('').replace(/^\n|\n$/g, '');
        // Without its closing fence, the fence only ended with the chunk.
        blocks.push({ block: shift(block), mayRunOn: code.fences < 2 });
        code = null;
      }
      continue;
    }
    depth += 1;
    if (depth === 1) {
      if (token.type === 'codeFenced') code = { pieces: [], fences: 0 };
      else if (!SEPARATOR_TOKENS.has(token.type)) {
        const block = toBlock(text, token.type, token.start.offset, token.end.offset);
        blocks.push({ block: shift(block), mayRunOn: block.kind === 'html' && htmlRunsOn(text.slice(block.start)) });
      }
    } else if (depth === 2 && code) {
      if (token.type === 'codeFencedFence') code.fences += 1;
      else if (token.type === 'codeFlowValue' || token.type === 'lineEnding')
        code.pieces.push(text.slice(token.start.offset, token.end.offset));
    }
  }
  return blocks;
}

// CommonMark's HTML blocks 1-5: their start and the text that ends them (on any line, the first included).
const HTML_BLOCK_ENDS: ReadonlyArray<[start: RegExp, end: RegExp]> = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?=[\s>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
  [/^ {0,3}<![A-Za-z]/, />/],
];

/** Whether an HTML block starting `text` (and running to the chunk's end) is still open there. */
function htmlRunsOn(text: string): boolean {
  for (const [start, end] of HTML_BLOCK_ENDS) {
    const opened = start.exec(text);
    if (opened) return !end.test(text.slice(opened[0].length));
  }
  // Kinds 6 and 7 end at a blank line.
  return !/\n[ \t]*\n/.test(text);
}

/**
 * micromark's events down to the flow: the document's chunks are expanded into flow constructs
 * (headings, code, HTML, paragraphs' `content`), and nothing below them. micromark's own
 * postprocess would also run a content tokenizer on every paragraph and a text tokenizer on every
 * heading and line of text (one tokenizer each, costly on thousands of headings), only to make
 * inline tokens these blocks never read. Inline constructs are switched off besides, should a
 * chunk be expanded anyway.
 */
function blockEvents(markdown: string): Event[] {
  const parser = parse();
  const text = parser.constructs.text;
  parser.constructs = { ...parser.constructs, text: { [-5]: text[-5], [-4]: text[-4], [-3]: text[-3] }, string: {} };
  const events = parser.document().write(preprocess()(markdown, undefined, true));
  for (;;) {
    for (const [kind, token] of events)
      if (kind === 'enter' && token.contentType !== undefined && token.contentType !== 'flow') token.contentType = undefined;
    if (subtokenize(events)) return events;
  }
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

const isBlank = (character: string | undefined) => character === ' ' || character === '\t';

/**
 * `Title ##  ` → `Title`: what `/[ \t]+#+[ \t]*$/` removes, scanned once from the end (that
 * regex retries from every blank of a long blank run, quadratic on `# a` + 50,000 spaces + `b`).
 */
function withoutClosingSequence(rest: string): string {
  let end = rest.length;
  while (end > 0 && isBlank(rest[end - 1])) end -= 1;
  let hashes = end;
  while (hashes > 0 && rest[hashes - 1] === '#') hashes -= 1;
  return hashes < end && isBlank(rest[hashes - 1]) ? rest.slice(0, hashes) : rest;
}

// Block quote (`>`) and list markers (`-`, `+`, `*`, `1.`, `1)`) that open containers on a line.
const CONTAINER_MARKER = /[ \t]*(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))/y;

/**
 * Refuses what chunking cannot bound (see the top of the file), before parsing; answers the
 * offsets of the lines that may start a chunk (top-level bullets).
 */
function refuseDeepNesting(markdown: string, lineAt: (offset: number) => number): number[] {
  const bullets: number[] = [];
  let lineStart = 0;
  let nestedLines = 0;
  while (lineStart <= markdown.length) {
    const lineEnd = markdown.indexOf('\n', lineStart);
    const stop = lineEnd < 0 ? markdown.length : lineEnd;
    CONTAINER_MARKER.lastIndex = lineStart;
    let markers = 0;
    while (CONTAINER_MARKER.lastIndex < stop && CONTAINER_MARKER.test(markdown)) markers += 1;
    // A list nested by indentation alone needs two more columns a level: count them too.
    const indent = markers > 0 ? indentWidth(markdown, lineStart, stop) : 0;
    const levels = markers + Math.floor(indent / 2);
    if (levels > MAX_CONTAINER_MARKERS_PER_LINE) {
      throw new ProtocolStructureError(
        lineAt(lineStart),
        `the line nests more than ${MAX_CONTAINER_MARKERS_PER_LINE} block quotes or list items`,
      );
    }
    if (lineStart > 0 && TOP_LEVEL_BULLET.test(markdown.slice(lineStart, Math.min(stop, lineStart + 8)))) {
      bullets.push(lineStart);
      nestedLines = 0;
    } else if (markers > 0 && levels >= 2 && ++nestedLines > MAX_NESTED_CONTAINER_LINES) {
      throw new ProtocolStructureError(
        lineAt(lineStart),
        `more than ${MAX_NESTED_CONTAINER_LINES} nested list-item or block-quote lines without a top-level list item between them`,
      );
    }
    if (lineEnd < 0) break;
    lineStart = lineEnd + 1;
  }
  return bullets;
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
