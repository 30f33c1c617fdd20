// Over 400 lines: parsing, scanning and rendering share one line-exact reading of the author's markdown.
/**
 * KAIROS v3 protocol markdown ⇄ protocol steps (reference §3.1–§3.6, §3.9, with the issue's
 * decisions): mint parsing, step-markdown parsing for updates, and the protocol dump.
 *
 * Block structure (headings, fenced code) comes from marked's lexer; every top-level token's
 * `raw` is kept so step texts are exact slices of the author's source and errors name real lines.
 * Only top-level ATX headings (`# `, `## `) and top-level fences are structure: anything inside a
 * fence, list item or block quote is prose.
 */
import { Lexer, getDefaults, type Token, type Tokens } from 'marked';
import { isMap, isScalar, parseDocument, stringify as stringifyYaml } from 'yaml';
import type { Challenge } from './challenge.js';
import {
  ProtocolStructureError,
  isJsonObject,
  parseAuthoredChallenge,
  toAuthoredChallenge,
} from './challenge-json.js';
import {
  BODY_END_MARKER,
  BODY_START_MARKER,
  findBodyRange,
  hasBodyMarkers,
  trimMarkdownBlock,
} from './body-markers.js';

export { ProtocolStructureError };

export interface ProtocolStepDraft {
  label: string;
  text: string;
  challenge: Challenge | null;
}

export interface ParsedProtocol {
  /** The H1 title, else the first step heading. */
  title: string;
  /** Frontmatter `slug`, as written (may be empty or invalid: the caller validates it). */
  slug?: string;
  /** Frontmatter `version`. */
  version?: string;
  /** Frontmatter `title`: only a search hint (reference §3.8 step 4), never the protocol title. */
  frontmatterTitle?: string;
  /** Body of the "Natural Language Triggers" section, kept out of the steps. */
  triggers?: string;
  steps: ProtocolStepDraft[];
}

export interface RenderableProtocol {
  title: string;
  slug?: string;
  version?: string;
  triggers?: string;
  steps: ProtocolStepDraft[];
}

const TRIGGERS_HEADING = 'Natural Language Triggers';
const DEFAULT_PROOF_OF_WORK_TIMEOUT_SECONDS = 60;

/** Mints a whole protocol document into steps. Throws `ProtocolStructureError`. */
export function parseProtocolMarkdown(markdown: string): ParsedProtocol {
  const document = normalizeNewlines(markdown);
  const lines = new LineIndex(document);
  const frontmatter = readFrontmatter(document, lines);
  const body = document.slice(frontmatter.bodyStart);
  if (body.trim() === '') {
    throw new ProtocolStructureError(
      null,
      frontmatter.present ? 'the document has nothing after its frontmatter' : 'the document is empty',
    );
  }

  const events = scanStructure(body, (offset) => lines.lineAt(frontmatter.bodyStart + offset));

  const titles = events.filter((event): event is HeadingEvent => event.kind === 'h1');
  const [titleHeading, secondTitle] = titles;
  if (titleHeading && secondTitle) {
    throw new ProtocolStructureError(
      secondTitle.line,
      `a second H1 title (the first is at line ${titleHeading.line}); a document holds exactly one protocol`,
    );
  }
  if (titleHeading && titleHeading.text === '') {
    throw new ProtocolStructureError(titleHeading.line, 'the H1 title is empty');
  }

  const headings = events.filter((event): event is HeadingEvent => event.kind === 'h2');
  const triggerHeadings = headings.filter((heading) => isTriggersHeading(heading.text));
  const [triggersHeading, secondTriggers] = triggerHeadings;
  if (triggersHeading && secondTriggers) {
    throw new ProtocolStructureError(
      secondTriggers.line,
      `a second "${TRIGGERS_HEADING}" section (the first is at line ${triggersHeading.line})`,
    );
  }
  const stepHeadings = headings.filter((heading) => heading !== triggersHeading);
  const challenges = events.filter((event): event is ChallengeEvent => event.kind === 'challenge');

  const title = titleHeading?.text ?? stepHeadings[0]?.text;
  if (title === undefined) {
    throw new ProtocolStructureError(
      null,
      'the document has no H1 title and no H2 heading: start it with "# Protocol title"',
    );
  }

  const edits: Edit[] = [];
  if (titleHeading) {
    edits.push({ start: titleHeading.start, end: titleHeading.end, replacement: '', collapseBlankLines: true });
  }
  let triggers: string | undefined;
  if (triggersHeading) {
    // The section runs to the next heading or challenge, whichever comes first.
    const sectionEnd = events.find((event) => event.start > triggersHeading.start)?.start ?? body.length;
    triggers = trimMarkdownBlock(body.slice(triggersHeading.end, sectionEnd));
    edits.push({ start: triggersHeading.start, end: sectionEnd, replacement: '' });
  }
  for (const heading of stepHeadings) {
    if (heading.sanitisedRaw !== undefined) {
      edits.push({ start: heading.start, end: heading.end, replacement: heading.sanitisedRaw });
    }
  }
  for (const challenge of challenges) {
    edits.push({ start: challenge.start, end: challenge.end, replacement: '' });
  }
  edits.sort((a, b) => a.start - b.start);

  // With challenges, steps end at each challenge (H2s do not cut); without any, each H2 starts
  // a step and the intro before the first H2 belongs to step 1.
  const segments: Array<{ from: number; to: number; challenge: Challenge | null }> = [];
  let from = 0;
  if (challenges.length > 0) {
    for (const challenge of challenges) {
      segments.push({ from, to: challenge.start, challenge: challenge.challenge });
      from = challenge.end;
    }
  } else {
    for (const heading of stepHeadings.slice(1)) {
      segments.push({ from, to: heading.start, challenge: null });
      from = heading.start;
    }
  }
  segments.push({ from, to: body.length, challenge: null });

  const steps: ProtocolStepDraft[] = [];
  for (const segment of segments) {
    const segmentText = applyEdits(body, segment.from, segment.to, edits);
    const bodyRange = findBodyRange(segmentText);
    const text = trimMarkdownBlock(bodyRange ? segmentText.slice(bodyRange.start, bodyRange.end) : segmentText);
    if (text === '' && segment.challenge === null) continue;
    const heading = stepHeadings.find((h) => h.start >= segment.from && h.start < segment.to);
    steps.push({ label: heading?.text ?? title, text, challenge: segment.challenge });
  }
  if (steps.length === 0) {
    throw new ProtocolStructureError(null, 'the protocol has no steps: add text or a challenge after the title');
  }

  return {
    title,
    ...(frontmatter.slug !== undefined && { slug: frontmatter.slug }),
    ...(frontmatter.version !== undefined && { version: frontmatter.version }),
    ...(frontmatter.title !== undefined && { frontmatterTitle: frontmatter.title }),
    ...(triggers !== undefined && triggers !== '' && { triggers }),
    steps,
  };
}

/**
 * Reads one step's markdown for an update: BODY markers → only the body is text; a ```json
 * challenge block or PROOF OF WORK line anywhere → the challenge, removed from the text.
 * Headings are not structure here. Throws `ProtocolStructureError` for a broken challenge or
 * more than one.
 */
export function parseStepMarkdown(markdown: string): { text: string; challenge?: Challenge } {
  const source = normalizeNewlines(markdown);
  const lines = new LineIndex(source);
  const challenges = scanStructure(source, (offset) => lines.lineAt(offset)).filter(
    (event): event is ChallengeEvent => event.kind === 'challenge',
  );
  const [challenge, secondChallenge] = challenges;
  if (challenge && secondChallenge) {
    throw new ProtocolStructureError(
      secondChallenge.line,
      `a second challenge (the first is at line ${challenge.line}); a step has at most one`,
    );
  }
  const withoutChallenge = challenge
    ? source.slice(0, challenge.start) + source.slice(challenge.end)
    : source;
  const bodyRange = findBodyRange(withoutChallenge);
  const text = trimMarkdownBlock(
    bodyRange ? withoutChallenge.slice(bodyRange.start, bodyRange.end) : withoutChallenge,
  );
  return challenge ? { text, challenge: challenge.challenge } : { text };
}

/**
 * The protocol dump (reference §3.9): minting the result gives back the same title, slug,
 * version, triggers and steps for any protocol `parseProtocolMarkdown` produced (property-tested).
 *
 * A step whose text would not yield its label when minted (an update replaced the text, BODY
 * markers cut the heading off, or the text itself holds markers) is written as `## {label}`
 * followed by its text between BODY markers, so stored labels survive a dump/mint cycle.
 * Limits, reachable only through data that did not come from parsing: in a protocol with
 * challenges only the last step can lack one (an earlier challenge-less step merges into the
 * next, because only challenges cut); without challenges a step's text must hold at most one
 * H2, at its start (each H2 cuts); step texts and triggers must not contain an H1, an H2 (for
 * triggers), a challenge block or a PROOF OF WORK line; a label written as a heading loses
 * leading step numbering ("1. Intro" → "Intro").
 */
export function renderProtocolMarkdown(protocol: RenderableProtocol): string {
  const parts: string[] = [];
  const frontmatter: Record<string, string> = {};
  if (protocol.slug !== undefined) frontmatter.slug = protocol.slug;
  if (protocol.version !== undefined) frontmatter.version = protocol.version;
  if (Object.keys(frontmatter).length > 0) {
    parts.push(`---\n${stringifyYaml(frontmatter, { lineWidth: 0 }).trimEnd()}\n---`);
  }
  parts.push(`# ${protocol.title}`);

  const hasChallenges = protocol.steps.some((step) => step.challenge !== null);
  // Without challenges every step is cut at its H2, so only a lone step may go without one.
  const mayOmitHeading = hasChallenges || protocol.steps.length === 1;
  const chunks = protocol.steps.map((step) => renderStepText(step, mayOmitHeading, protocol.title));
  const triggers = protocol.triggers === undefined ? '' : trimMarkdownBlock(protocol.triggers);
  if (triggers !== '') {
    const section = `## ${TRIGGERS_HEADING}\n\n${triggers}`;
    const first = chunks[0];
    if (first === undefined) parts.push(section);
    else chunks[0] = insertTriggersSection(first, section);
  }

  protocol.steps.forEach((step, index) => {
    const chunk = chunks[index];
    if (chunk) parts.push(chunk);
    if (step.challenge) {
      const json = JSON.stringify({ challenge: toAuthoredChallenge(step.challenge) }, null, 2);
      parts.push(`\`\`\`json\n${json}\n\`\`\``);
    }
  });
  return `${parts.join('\n\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// Rendering helpers

function renderStepText(step: ProtocolStepDraft, mayOmitHeading: boolean, title: string): string {
  const ownHeading = firstStepHeading(step.text);
  const ownLabel = ownHeading?.text ?? title;
  const needsHeading = ownHeading === undefined && !mayOmitHeading;
  if (ownLabel === step.label && !hasBodyMarkers(step.text) && !needsHeading) return step.text;
  const heading =
    step.label === title && ownHeading === undefined && mayOmitHeading ? '' : `## ${step.label}\n\n`;
  return `${heading}${BODY_START_MARKER}\n${step.text}\n${BODY_END_MARKER}`;
}

/** Puts the triggers section right before step 1's first H2 so step 1's text is left intact. */
function insertTriggersSection(stepChunk: string, section: string): string {
  const heading = firstStepHeading(stepChunk);
  if (heading === undefined) return stepChunk === '' ? section : `${stepChunk}\n\n${section}`;
  return `${stepChunk.slice(0, heading.start)}${section}\n\n${stepChunk.slice(heading.start)}`;
}

/** First top-level `## ` heading (sanitised text) that is not the triggers heading. */
function firstStepHeading(markdown: string): { start: number; text: string } | undefined {
  let offset = 0;
  for (const token of lexMarkdown(markdown)) {
    const start = offset;
    offset += token.raw.length;
    if (token.type === 'heading' && isAtxHeading(token.raw) && (token as Tokens.Heading).depth === 2) {
      const text = sanitiseHeadingText((token as Tokens.Heading).text.trim()).text;
      if (!isTriggersHeading(text)) return { start, text };
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Structure scanning

interface HeadingEvent {
  kind: 'h1' | 'h2';
  start: number;
  end: number;
  line: number;
  /** Heading text, trimmed; for H2s with numbering removed. */
  text: string;
  /** H2 only: the heading line rewritten without its numbering, when that changed it. */
  sanitisedRaw?: string;
}

interface ChallengeEvent {
  kind: 'challenge';
  start: number;
  end: number;
  line: number;
  challenge: Challenge;
}

type StructureEvent = HeadingEvent | ChallengeEvent;

interface Edit {
  start: number;
  end: number;
  replacement: string;
  /** Leave at most one blank line where the text was removed (for the H1 line). */
  collapseBlankLines?: boolean;
}

/** Headings, challenge blocks and PROOF OF WORK lines at the top level, in document order. */
function scanStructure(markdown: string, lineAt: (offset: number) => number): StructureEvent[] {
  const events: StructureEvent[] = [];
  let offset = 0;
  for (const token of lexMarkdown(markdown)) {
    const start = offset;
    const end = start + token.raw.length;
    offset = end;
    if (markdown.slice(start, end) !== token.raw) {
      throw new Error('markdown lexer tokens do not cover the source text');
    }
    switch (token.type) {
      case 'heading': {
        const heading = token as Tokens.Heading;
        if (!isAtxHeading(heading.raw) || heading.depth > 2) break;
        const line = lineAt(start);
        if (heading.depth === 1) {
          events.push({ kind: 'h1', start, end, line, text: heading.text.trim() });
        } else {
          const sanitised = sanitiseHeadingText(heading.text.trim());
          const event: HeadingEvent = { kind: 'h2', start, end, line, text: sanitised.text };
          const rewritten = stripHeadingNumbering(heading.raw, heading.text.trim(), sanitised.removed);
          if (rewritten !== undefined) event.sanitisedRaw = rewritten;
          events.push(event);
        }
        break;
      }
      case 'code': {
        if (!/^ {0,3}(?:`{3,}|~{3,})/.test(token.raw)) break; // indented code is never structure
        const line = lineAt(start);
        const challenge = readFencedChallenge(token as Tokens.Code, line);
        if (challenge) events.push({ kind: 'challenge', start, end, line, challenge });
        break;
      }
      case 'html':
      case 'space':
        break;
      default: {
        // PROOF OF WORK lines start at column 0, so lines inside nested fences (indented
        // under a list item) never match.
        let lineStart = start;
        for (const lineText of token.raw.split('\n')) {
          const lineEnd = lineStart + lineText.length;
          if (PROOF_OF_WORK_LINE.test(lineText)) {
            const line = lineAt(lineStart);
            events.push({
              kind: 'challenge',
              start: lineStart,
              end: Math.min(lineEnd + 1, end),
              line,
              challenge: parseProofOfWorkLine(lineText, line),
            });
          }
          lineStart = lineEnd + 1;
        }
      }
    }
  }
  return events;
}

function readFencedChallenge(token: Tokens.Code, line: number): Challenge | null {
  const info = (token.lang ?? '').trim();
  const language = (info.split(/\s+/)[0] ?? '').toLowerCase();
  let json: unknown;
  let parseError: string | undefined;
  try {
    json = JSON.parse(token.text);
  } catch (error) {
    parseError = error instanceof Error ? error.message : String(error);
  }

  if (language !== 'json') {
    if (isJsonObject(json) && isJsonObject(json.challenge)) {
      const fence = info === '' ? 'a plain fence' : `a \`\`\`${info} fence`;
      throw new ProtocolStructureError(line, `use only \`\`\`json for challenge blocks (this is ${fence})`);
    }
    return null;
  }
  if (parseError !== undefined) {
    // A broken block that was meant as a challenge must not silently become prose.
    if (token.text.includes('"challenge"')) {
      throw new ProtocolStructureError(line, `unparseable challenge JSON: ${parseError}`);
    }
    return null;
  }
  if (!isJsonObject(json) || !Object.hasOwn(json, 'challenge')) return null;
  return parseAuthoredChallenge(json.challenge, line);
}

// `PROOF OF WORK: [timeout 10s] npm test`, optionally bulleted and/or bold (reference §3.5).
const PROOF_OF_WORK_LINE = /^(?:[-*+][ \t]+)?(\*\*)?PROOF OF WORK(\*\*:|:\*\*|:)(.*)$/;
const TIMEOUT_UNIT_SECONDS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };

function parseProofOfWorkLine(lineText: string, line: number): Challenge {
  const match = PROOF_OF_WORK_LINE.exec(lineText);
  let rest = (match?.[3] ?? '').trim();
  if (match?.[1] && match[2] === ':') rest = rest.replace(/\*\*$/, '').trim(); // **PROOF OF WORK: cmd**

  let timeoutSeconds = DEFAULT_PROOF_OF_WORK_TIMEOUT_SECONDS;
  const timeout =
    /^\[\s*timeout\b([^\]]*)\]/i.exec(rest) ?? /^timeout[ \t]+(\d+(?:\.\d+)?(?:ms|s|m|h)?)(?=[ \t])/i.exec(rest);
  if (timeout) {
    timeoutSeconds = parseTimeout((timeout[1] ?? '').trim(), line);
    rest = rest.slice(timeout[0].length).trim();
  }
  const cmd = rest.replace(/^`([^`]+)`$/, '$1').trim();
  if (cmd === '') throw new ProtocolStructureError(line, 'PROOF OF WORK line has no command');
  return { type: 'SHELL', required: true, shell: { cmd, timeoutSeconds } };
}

function parseTimeout(value: string, line: number): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/i.exec(value);
  const amount = Number(match?.[1]);
  if (!match || !(amount > 0)) {
    throw new ProtocolStructureError(
      line,
      `malformed PROOF OF WORK timeout "${value}" (expected a positive number with ms, s, m or h, e.g. [timeout 30s])`,
    );
  }
  const unit = (match[2] ?? 's').toLowerCase();
  return Math.max(1, Math.ceil(amount * (TIMEOUT_UNIT_SECONDS[unit] ?? 1)));
}

// Step numbering dropped from H2s (reference §3.2 step 2): "STEP 1 —", "Step 07:", "Phase 3:",
// "3.", "007 —", "1a)", "T1 —". A bare number needs a separator and at most three digits, so
// "2FA setup" and "2024 roadmap" stay as they are.
const WORD_NUMBERING = /^(?:step|phase|part|stage)\s*\d+[a-z]?(?:\s*[—–:.)-])?\s+/i;
const BARE_NUMBERING = /^[A-Z]?\d{1,3}[a-z]?\s*[—–:.)-]\s+/;

function sanitiseHeadingText(text: string): { text: string; removed: string } {
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

function stripHeadingNumbering(raw: string, text: string, removed: string): string | undefined {
  if (removed === '') return undefined;
  const lead = /^ {0,3}##[ \t]+/.exec(raw);
  if (!lead || !raw.startsWith(text.slice(0, removed.length), lead[0].length)) return undefined;
  return lead[0] + raw.slice(lead[0].length + removed.length);
}

function isTriggersHeading(text: string): boolean {
  return /^natural language triggers:?$/i.test(text.trim());
}

function isAtxHeading(raw: string): boolean {
  return /^ {0,3}#/.test(raw);
}

function lexMarkdown(markdown: string): Token[] {
  // Fresh default options: extensions someone registers with `marked.use` must not change structure.
  return Lexer.lex(markdown, getDefaults());
}

function applyEdits(text: string, from: number, to: number, edits: Edit[]): string {
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

// ---------------------------------------------------------------------------------------------
// Frontmatter and source positions

interface Frontmatter {
  present: boolean;
  bodyStart: number;
  slug?: string;
  version?: string;
  title?: string;
}

const FRONTMATTER_KEYS = ['slug', 'version', 'title'] as const;

function readFrontmatter(document: string, lines: LineIndex): Frontmatter {
  const open = /^\s*---[ \t]*\n/.exec(document);
  if (!open) return { present: false, bodyStart: 0 };
  const yamlStart = open[0].length;
  const close = /^---[ \t]*(?:\n|$)/m.exec(document.slice(yamlStart));
  if (!close) return { present: false, bodyStart: 0 };

  const yamlText = document.slice(yamlStart, yamlStart + close.index);
  const firstLine = lines.lineAt(yamlStart);
  const parsed = parseDocument(yamlText, { schema: 'failsafe' });
  const [error] = parsed.errors;
  if (error) {
    const reason = (error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
    throw new ProtocolStructureError(firstLine + (error.linePos?.[0].line ?? 1) - 1, `invalid frontmatter: ${reason}`);
  }

  const result: Frontmatter = { present: true, bodyStart: yamlStart + close.index + close[0].length };
  if (parsed.contents === null) return result;
  if (!isMap(parsed.contents)) {
    throw new ProtocolStructureError(firstLine, 'frontmatter must be "key: value" lines');
  }
  for (const pair of parsed.contents.items) {
    const key = isScalar(pair.key) ? String(pair.key.value).toLowerCase() : '';
    const field = FRONTMATTER_KEYS.find((name) => name === key);
    if (!field) continue;
    const value = pair.value;
    if (value !== null && !isScalar(value)) {
      const offset = isScalar(pair.key) ? (pair.key.range?.[0] ?? 0) : 0;
      throw new ProtocolStructureError(
        lines.lineAt(yamlStart + offset),
        `frontmatter "${String(isScalar(pair.key) ? pair.key.value : key)}" must be a single value`,
      );
    }
    result[field] = value === null || value.value === null ? '' : String(value.value).trim();
  }
  return result;
}

function normalizeNewlines(markdown: string): string {
  return markdown.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

class LineIndex {
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
