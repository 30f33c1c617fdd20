/**
 * KAIROS v3 protocol markdown → protocol steps (reference §3.1–§3.6, with the issue's
 * decisions): mint parsing and step-markdown parsing for updates. Only top-level ATX headings
 * (`# `, `## `) and top-level fences are structure (src/protocol/markdown-blocks.ts): anything
 * inside a fence, list item or block quote is prose. Step texts are exact slices of the source.
 */
import { jsonDepth, MAX_DOCUMENT_JSON_DEPTH } from '../limits.js';
import type { Challenge } from './challenge.js';
import { ProtocolStructureError, isJsonObject, parseAuthoredChallenge } from './challenge-json.js';
import { findBodyRange, trimMarkdownBlock } from './body-markers.js';
import { readFrontmatter } from './frontmatter.js';
import {
  type CodeBlock,
  type Edit,
  type HeadingEvent,
  type MarkdownBlock,
  LineIndex,
  cutSegments,
  headingEvent,
  normalizeNewlines,
  readBlocks,
} from './markdown-blocks.js';
import type { ParsedProtocol, ProtocolStepDraft } from './protocol-draft.js';

export const TRIGGERS_HEADING = 'Natural Language Triggers';
const DEFAULT_PROOF_OF_WORK_TIMEOUT_SECONDS = 60;

/** Mints a v3 document (`blocks` are its body's, after any frontmatter) into steps. Throws `ProtocolStructureError`. */
export function parseV3Protocol(document: string, lines: LineIndex, blocks: MarkdownBlock[]): ParsedProtocol {
  const frontmatter = readFrontmatter(document, lines);
  const body = document.slice(frontmatter.bodyStart);
  if (body.trim() === '') {
    throw new ProtocolStructureError(
      null,
      frontmatter.present ? 'the document has nothing after its frontmatter' : 'the document is empty',
    );
  }

  const events = scanStructure(body, blocks, (offset) => lines.lineAt(frontmatter.bodyStart + offset));

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
    throw new ProtocolStructureError(null, 'the document has no H1 title and no H2 heading: start it with "# Protocol title"');
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
  cutSegments(body, segments, edits, stepHeadings).forEach((cut, index) => {
    const bodyRange = findBodyRange(cut.text);
    const text = trimMarkdownBlock(bodyRange ? cut.text.slice(bodyRange.start, bodyRange.end) : cut.text);
    const challenge = segments[index]!.challenge;
    if (text === '' && challenge === null) return;
    steps.push({ label: cut.mark?.text ?? title, text, challenge });
  });
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
  const lineAt = (offset: number) => lines.lineAt(offset);
  const challenges = scanStructure(source, readBlocks(source, lineAt), lineAt).filter(
    (event): event is ChallengeEvent => event.kind === 'challenge',
  );
  const [challenge, secondChallenge] = challenges;
  if (challenge && secondChallenge) {
    throw new ProtocolStructureError(
      secondChallenge.line,
      `a second challenge (the first is at line ${challenge.line}); a step has at most one`,
    );
  }
  const withoutChallenge = challenge ? source.slice(0, challenge.start) + source.slice(challenge.end) : source;
  const bodyRange = findBodyRange(withoutChallenge);
  const text = trimMarkdownBlock(bodyRange ? withoutChallenge.slice(bodyRange.start, bodyRange.end) : withoutChallenge);
  return challenge ? { text, challenge: challenge.challenge } : { text };
}

// ---------------------------------------------------------------------------------------------
// Structure scanning

/**
 * Whether a body (after any frontmatter) carries a v3 step marker: what `parseV3Protocol` reads
 * as a challenge (a ```json `challenge` block, a `PROOF OF WORK` line) or refuses as a broken
 * one. Such a document stays v3 even with frontmatter.
 */
export function hasV3StepMarkers(body: string, blocks: readonly MarkdownBlock[]): boolean {
  try {
    return scanStructure(body, blocks, () => 0).some((event) => event.kind === 'challenge' && !event.fromContract);
  } catch (error) {
    if (error instanceof ProtocolStructureError) return true;
    throw error;
  }
}

interface ChallengeEvent {
  kind: 'challenge';
  start: number;
  end: number;
  line: number;
  challenge: Challenge;
  /** Read from a KAIROS 4 `contract` block (a step update), not a v3 marker. */
  fromContract?: boolean;
}

type StructureEvent = HeadingEvent | ChallengeEvent;

/** Headings, challenge blocks and PROOF OF WORK lines at the top level, in document order. */
function scanStructure(markdown: string, blocks: readonly MarkdownBlock[], lineAt: (offset: number) => number): StructureEvent[] {
  const events: StructureEvent[] = [];
  for (const block of blocks) {
    const { start, end } = block;
    switch (block.kind) {
      case 'heading': {
        const event = headingEvent(block, lineAt(start));
        if (event) events.push(event);
        break;
      }
      case 'code': {
        if (!block.fenced) break; // indented code is never structure
        const line = lineAt(start);
        const reading = readFencedChallenge(block, line);
        if (reading) events.push({ kind: 'challenge', start, end, line, ...reading });
        break;
      }
      case 'html':
        break;
      default: {
        // PROOF OF WORK lines start at column 0, so lines inside nested fences (indented
        // under a list item) never match.
        let lineStart = start;
        for (const lineText of markdown.slice(start, end).split('\n')) {
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

function readFencedChallenge(block: CodeBlock, line: number): { challenge: Challenge; fromContract?: boolean } | null {
  const info = block.info;
  const language = block.lang.toLowerCase();
  let json: unknown;
  let parseError: string | undefined;
  try {
    json = JSON.parse(block.value);
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
    if (block.value.includes('"challenge"')) {
      throw new ProtocolStructureError(line, `unparseable challenge JSON: ${parseError}`);
    }
    return null;
  }
  if (!isJsonObject(json)) return null;
  if (jsonDepth(json, MAX_DOCUMENT_JSON_DEPTH) > MAX_DOCUMENT_JSON_DEPTH) {
    throw new ProtocolStructureError(line, `the challenge block nests deeper than ${MAX_DOCUMENT_JSON_DEPTH} levels`);
  }
  if (Object.hasOwn(json, 'challenge')) return { challenge: parseAuthoredChallenge(json.challenge, line) };
  // A KAIROS 4 contract block: a step update, or a document that declares `format: kairos-v3`.
  return isJsonObject(json.contract) ? { challenge: parseAuthoredChallenge(json.contract, line), fromContract: true } : null;
}

// `PROOF OF WORK: [timeout 10s] npm test`, optionally bulleted and/or bold (reference §3.5).
const PROOF_OF_WORK_LINE = /^(?:[-*+][ \t]+)?(\*\*)?PROOF OF WORK(\*\*:|:\*\*|:)(.*)$/;
const TIMEOUT_UNIT_SECONDS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };

function parseProofOfWorkLine(lineText: string, line: number): Challenge {
  const match = PROOF_OF_WORK_LINE.exec(lineText);
  let rest = (match?.[3] ?? '').trim();
  if (match?.[1] && match[2] === ':') rest = rest.replace(/\*\*$/, '').trim(); // **PROOF OF WORK: cmd**

  let timeoutSeconds = DEFAULT_PROOF_OF_WORK_TIMEOUT_SECONDS;
  const timeout = /^\[\s*timeout\b([^\]]*)\]/i.exec(rest) ?? /^timeout[ \t]+(\d+(?:\.\d+)?(?:ms|s|m|h)?)(?=[ \t])/i.exec(rest);
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

export function isTriggersHeading(text: string): boolean {
  return /^natural language triggers:?$/i.test(text.trim());
}
