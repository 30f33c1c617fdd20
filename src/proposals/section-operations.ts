import {
  anchorLine,
  anchorOf,
  findSection,
  fromLines,
  headingOf,
  ownBody,
  type ParsedDocument,
  parseDocument,
  type Section,
  slugifyHeading,
  toLines,
} from './markdown-sections.js';
import type { CheckFailure, ProposalOperation } from './proposal-types.js';

/** What one operation did to its document. */
export interface OperationResult {
  text: string;
  /** ARCHIVE_SECTION and REMOVE_SECTION copy the section into a new archive document. */
  archive: { path: string; text: string } | null;
  /** Sections this operation targeted or created, by their id in the resulting text. */
  sectionIds: string[];
}

export interface OperationContext {
  /** The document's category wants every section anchored: APPEND_SECTION adds an `@id` anchor. */
  anchorNewSections: boolean;
}

const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s/;
const MAX_ID_LENGTH = 100;

/** Static checks of one operation (reason VALIDATION_FAILED); null when it is well formed. */
export function validateOperationShape(op: ProposalOperation): string | null {
  const hasTarget = Boolean(op.sectionId?.trim()) || Boolean(op.heading?.trim());
  const content = op.content ?? '';
  const level = op.headingLevel ?? 2;
  if (!Number.isInteger(level) || level < 1 || level > 6) return 'headingLevel must be between 1 and 6';
  for (const [name, value] of [
    ['sectionId', op.sectionId],
    ['parentSectionId', op.parentSectionId],
  ] as const) {
    if (value && (value.length > MAX_ID_LENGTH || !/^[A-Za-z0-9._-]+$/.test(value)))
      return `${name} must be letters, digits, '.', '_' or '-'`;
  }
  for (const [name, value] of [
    ['heading', op.heading],
    ['newHeading', op.newHeading],
    ['reason', op.reason],
  ] as const) {
    if (value && /[\r\n]/.test(value)) return `${name} must be a single line`;
  }
  switch (op.kind) {
    case 'CREATE_FILE':
      return content.trim() === '' ? 'CREATE_FILE needs non-empty content' : null;
    case 'REPLACE_SECTION': {
      if (!hasTarget) return 'REPLACE_SECTION needs sectionId or heading';
      const first = toLines(content).find((line) => line.trim() !== '');
      if (first === undefined) return 'REPLACE_SECTION needs non-empty content';
      return headingOf(first) ? null : 'REPLACE_SECTION content must start with the section heading';
    }
    case 'APPEND_SECTION': {
      if (!op.heading?.trim()) return 'APPEND_SECTION needs a heading';
      if (content.trim() === '') return 'APPEND_SECTION needs non-empty content';
      const first = toLines(content).find((line) => line.trim() !== '')!;
      const heading = headingOf(first);
      if (heading && (heading.text !== op.heading.trim() || heading.level !== level)) {
        return `APPEND_SECTION content starts with a heading other than the declared ${'#'.repeat(level)} ${op.heading.trim()}`;
      }
      return null;
    }
    case 'APPEND_TO_SECTION':
      if (!hasTarget) return 'APPEND_TO_SECTION needs sectionId or heading';
      return content.trim() === '' ? 'APPEND_TO_SECTION needs non-empty content' : null;
    case 'REPLACE_SECTION_CONTENT':
      if (!hasTarget) return 'REPLACE_SECTION_CONTENT needs sectionId or heading';
      if (content.trim() === '') return 'REPLACE_SECTION_CONTENT needs non-empty content';
      return /^[ \t]*#/.test(content.replace(/^\s*\n/, '')) ? 'REPLACE_SECTION_CONTENT content must not start with a heading' : null;
    case 'ARCHIVE_SECTION':
      if (!hasTarget) return 'ARCHIVE_SECTION needs sectionId or heading';
      if (!op.archivePath?.startsWith('archive/')) return 'ARCHIVE_SECTION needs an archivePath under archive/';
      return op.replacement?.trim() ? null : 'ARCHIVE_SECTION needs a non-empty replacement';
    case 'REMOVE_SECTION':
      if (!hasTarget) return 'REMOVE_SECTION needs sectionId or heading';
      return op.archivePath?.startsWith('archive/') ? null : 'REMOVE_SECTION needs an archivePath under archive/';
    case 'RENAME_HEADING': {
      if (!hasTarget) return 'RENAME_HEADING needs sectionId or heading';
      if (!op.newHeading?.trim()) return 'RENAME_HEADING needs a non-empty newHeading';
      const newLevel = op.newHeadingLevel ?? 0;
      return Number.isInteger(newLevel) && newLevel >= 0 && newLevel <= 6 ? null : 'newHeadingLevel must be 0 (keep) or 1 to 6';
    }
    default:
      return `unknown operation kind "${String(op.kind)}"`;
  }
}

/**
 * Applies one operation to a document's current text (null: the document does not exist).
 * Planning failures (section not found, file already exists…) come back as PLAN_FAILED.
 */
export function applyOperation(current: string | null, op: ProposalOperation, context: OperationContext): OperationResult | CheckFailure {
  const document = parseDocument(current ?? '');
  const { lines } = document;
  const content = trimBlank(toLines(op.content ?? ''));
  const fail = (message: string): CheckFailure => ({ reason: 'PLAN_FAILED', message: `${op.file}: ${op.kind}: ${message}` });
  const done = (resultLines: string[], sectionIds: string[], archive: OperationResult['archive'] = null): OperationResult => ({
    text: fromLines(resultLines),
    archive,
    sectionIds,
  });

  if (op.kind === 'CREATE_FILE') {
    const exists = current !== null && current.trim() !== '';
    const mode = op.ifExists ?? 'REJECT';
    if (!exists || mode === 'REPLACE') return done(content, changedSectionIds(document, content));
    if (mode === 'APPEND') {
      const appended = joinBlocks(lines, content);
      return done(appended, changedSectionIds(document, appended));
    }
    return fail('the document already exists (ifExists: REJECT)');
  }
  if (current === null) {
    if (op.kind === 'REPLACE_SECTION' && (op.ifMissing === 'CREATE_FILE' || op.ifMissing === 'APPEND')) return done(content, []);
    return fail('the document does not exist');
  }
  if (op.kind === 'APPEND_SECTION') return appendSection(document, op, content, context, fail, done);

  const section = findSection(document, op);
  if (!section) {
    if (op.kind === 'REPLACE_SECTION' && op.ifMissing === 'APPEND') {
      const appended = joinBlocks(lines, content);
      return done(appended, idsAt(appended, lines.length === 0 ? 0 : lines.length + 1));
    }
    // The id or heading sent is not repeated: it is untrusted text (it could hold a secret).
    return fail(op.sectionId ? 'no section has the given sectionId' : `no section has the given heading at level ${op.headingLevel ?? 2}`);
  }

  switch (op.kind) {
    case 'REPLACE_SECTION': {
      const heading = headingOf(content[0]!)!;
      if (heading.level !== section.level)
        return fail(`the new content's heading is level ${heading.level}; the section is level ${section.level}`);
      // Keep the anchor so the section keeps its id (and stays addressable) after the rewrite.
      const replacement =
        section.anchorId && anchorOf(content[1]) === null ? [content[0]!, anchorLine(section.anchorId), ...content.slice(1)] : content;
      const result = joinBlocks(lines.slice(0, section.start), replacement, lines.slice(section.end));
      return done(result, idsAt(result, lineAfterJoin(lines, section.start)));
    }
    case 'APPEND_TO_SECTION': {
      const tooHigh = content.map(headingOf).find((heading) => heading !== null && heading.level <= section.level);
      if (tooHigh) return fail(`content has a level-${tooHigh.level} heading, which would end section "${section.id}"`);
      let last = -1;
      for (let line = section.bodyStart; line < section.ownEnd; line++) if (lines[line]!.trim() !== '') last = line;
      if (last < 0) return done(joinBlocks(lines.slice(0, section.bodyStart), content, lines.slice(section.ownEnd)), [section.id]);
      // A bullet added to a list joins the list; anything else becomes its own paragraph.
      const joinsList = LIST_ITEM.test(lines[last]!) && LIST_ITEM.test(content[0]!);
      const head = joinsList ? [...lines.slice(0, last + 1), ...content] : joinBlocks(lines.slice(0, last + 1), content);
      return done(joinBlocks(head, lines.slice(section.ownEnd)), [section.id]);
    }
    case 'REPLACE_SECTION_CONTENT':
      // Subsections stay: only the direct body between the heading (and anchor) and the first subsection is replaced.
      return done(joinBlocks(lines.slice(0, section.bodyStart), content, lines.slice(section.ownEnd)), [section.id]);
    case 'ARCHIVE_SECTION': {
      const archived = trimBlank(lines.slice(section.start, section.end));
      const replacement = trimBlank(toLines(op.replacement ?? ''));
      return done(joinBlocks(lines.slice(0, section.start), replacement, lines.slice(section.end)), [section.id], {
        path: op.archivePath!,
        text: fromLines(archived),
      });
    }
    case 'REMOVE_SECTION': {
      const archived = trimBlank(lines.slice(section.start, section.end));
      const why = op.reason?.trim() ? `: ${op.reason.trim().replace(/--+>?/g, '-')}` : '';
      return done(joinBlocks(lines.slice(0, section.start), lines.slice(section.end)), [section.id], {
        path: op.archivePath!,
        text: fromLines([`<!-- removed from ${op.file}${why} -->`, '', ...archived]),
      });
    }
    case 'RENAME_HEADING': {
      const level = op.newHeadingLevel || section.level;
      if (Math.abs(level - section.level) > 1) return fail(`a heading may move one level at a time (from ${section.level} to ${level})`);
      const result = [...lines];
      result[section.start] = `${'#'.repeat(level)} ${op.newHeading!.trim()}`;
      return done(result, idsAt(result, section.start));
    }
    default:
      return { reason: 'INVALID_OPERATION', message: `unknown operation kind "${String(op.kind)}"` };
  }
}

function appendSection(
  document: ParsedDocument,
  op: ProposalOperation,
  content: string[],
  context: OperationContext,
  fail: (message: string) => CheckFailure,
  done: (lines: string[], ids: string[]) => OperationResult,
): OperationResult | CheckFailure {
  const level = op.headingLevel ?? 2;
  const headingText = op.heading!.trim();
  let body = headingOf(content[0]!) ? content.slice(1) : content;
  let anchor = anchorOf(body[0]);
  if (anchor) body = body.slice(1);
  else if (context.anchorNewSections) {
    const taken = new Set(document.sections.map((section) => section.id));
    const base = slugifyHeading(headingText);
    anchor = base;
    for (let suffix = 2; taken.has(anchor); suffix++) anchor = `${base}-${suffix}`;
  }
  const block = [`${'#'.repeat(level)} ${headingText}`, ...(anchor ? [anchorLine(anchor)] : []), '', ...trimBlank(body)];
  let at = document.lines.length;
  if (op.parentSectionId) {
    const parent = findSection(document, { sectionId: op.parentSectionId });
    if (!parent) return fail('no section has the given parentSectionId');
    if (level <= parent.level) return fail(`a level-${level} section cannot go under level-${parent.level} section "${parent.id}"`);
    at = parent.ownEnd;
  }
  const result = joinBlocks(document.lines.slice(0, at), block, document.lines.slice(at));
  return done(result, idsAt(result, lineAfterJoin(document.lines, at)));
}

/** Sections of the result that are new or whose direct body changed. */
function changedSectionIds(before: ParsedDocument, after: readonly string[]): string[] {
  const previous = new Map(before.sections.map((section) => [section.id, ownBody(before, section)]));
  const parsed = parseDocument(fromLines(after));
  return parsed.sections.filter((section) => previous.get(section.id) !== ownBody(parsed, section)).map((section) => section.id);
}

/** Drops leading and trailing blank lines. */
function trimBlank(lines: readonly string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start]!.trim() === '') start++;
  while (end > start && lines[end - 1]!.trim() === '') end--;
  return lines.slice(start, end);
}

/** Joins blocks of lines with exactly one blank line between the non-empty ones. */
function joinBlocks(...blocks: readonly (readonly string[])[]): string[] {
  const result: string[] = [];
  for (const block of blocks) {
    const trimmed = trimBlank(block);
    if (trimmed.length === 0) continue;
    if (result.length > 0) result.push('');
    result.push(...trimmed);
  }
  return result;
}

/** Where a block inserted at `at` starts once `joinBlocks` has trimmed what came before it. */
function lineAfterJoin(lines: readonly string[], at: number): number {
  const before = trimBlank(lines.slice(0, at)).length;
  return before === 0 ? 0 : before + 1;
}

/** The id of the section whose heading sits at this line of the result. */
function idsAt(lines: readonly string[], line: number): string[] {
  const section: Section | undefined = parseDocument(fromLines(lines)).sections.find((candidate) => candidate.start === line);
  return section ? [section.id] : [];
}
