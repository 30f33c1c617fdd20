/**
 * Every pure stage of the proposal pipeline (section model, operations, diff, secret
 * scan, field lines, context ranking) on hostile inputs of 50 KB (the word: 200 KB). Each was
 * quadratic before (8,000 equal headings took seconds in parseDocument); the answers are checked,
 * the times are printed, and the per-test timeout is only a hang guard.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { defaultMemorySchemaConfig, fieldLines } from '../../src/proposals/category-schemas.js';
import { selectSections, sectionsOf } from '../../src/proposals/context-ranking.js';
import { unifiedDiff } from '../../src/proposals/diff.js';
import { headingOf, parseDocument } from '../../src/proposals/markdown-sections.js';
import type { ProposalOperation } from '../../src/proposals/proposal-types.js';
import { scanText } from '../../src/proposals/secret-scan.js';
import { applyOperation } from '../../src/proposals/section-operations.js';

const HANG_GUARD_MS = 30_000;
const SIZE = 50_000;
const HEADING_COUNT = Math.ceil(SIZE / 6);
const MANY_HEADINGS = '### h\n'.repeat(HEADING_COUNT);
const WORD = 'a'.repeat(200_000);
const SCAN_OPTIONS = { piiScan: true, piiScanEmail: true, allowlist: true, limits: defaultMemorySchemaConfig().security.allowlistLimits };

const figures: string[] = [];
function timed<T>(label: string, work: () => T): T {
  const started = performance.now();
  const result = work();
  figures.push(`${label.padEnd(52)} ${(performance.now() - started).toFixed(0).padStart(6)} ms`);
  return result;
}
afterAll(() => console.log(`[hostile stages]\n${figures.join('\n')}`));

function apply(current: string | null, op: Partial<ProposalOperation>) {
  const result = applyOperation(current, { file: 'shared/x.md', kind: 'CREATE_FILE', ...op } as ProposalOperation, {
    anchorNewSections: true,
  });
  if ('reason' in result) throw new Error(`${result.reason}: ${result.message}`);
  return result;
}

describe('the section model on hostile markdown', () => {
  it(
    'cuts 50 KB of equal headings into sections with unique ids',
    () => {
      const document = timed('parseDocument: 50 KB of "### h"', () => parseDocument(MANY_HEADINGS));
      expect(document.sections).toHaveLength(HEADING_COUNT);
      expect(document.sections.slice(0, 3).map((section) => section.id)).toEqual(['h', 'h-2', 'h-3']);
      expect(document.sections.at(-1)!.id).toBe(`h-${HEADING_COUNT}`);
      expect(new Set(document.sections.map((section) => section.id)).size).toBe(HEADING_COUNT);
      expect(document.sections[10]).toMatchObject({ start: 10, end: 11, ownEnd: 11 });
    },
    HANG_GUARD_MS,
  );

  it(
    'ends nested sections at the next heading of their level, past thousands of subsections',
    () => {
      const text = `# top\n${Array.from({ length: HEADING_COUNT }, (_, index) => `## s${index}\n### t${index}`).join('\n')}\n# next\n`;
      const document = timed('parseDocument: one H1 over 16,000 nested headings', () => parseDocument(text));
      const lines = document.lines.length;
      expect(document.sections[0]).toMatchObject({ id: 'top', start: 0, ownEnd: 1, end: lines - 1 });
      expect(document.sections[1]).toMatchObject({ id: 's0', start: 1, ownEnd: 2, end: 3 });
      expect(document.sections.at(-1)).toMatchObject({ id: 'next', start: lines - 1, end: lines });
    },
    HANG_GUARD_MS,
  );

  it(
    'keeps ids unique when slugs collide with numbered ones',
    () => {
      const text = `${Array.from({ length: 2_000 }, (_, index) => `## h ${index + 2}`).join('\n')}\n${'## h\n'.repeat(3_000)}`;
      const document = timed('parseDocument: "h 2".."h 2001" then 3,000 "h"', () => parseDocument(text));
      const ids = document.sections.map((section) => section.id);
      expect(new Set(ids).size).toBe(5_000);
      expect(ids.slice(2_000, 2_003)).toEqual(['h', 'h-2002', 'h-2003']);
    },
    HANG_GUARD_MS,
  );

  it(
    'reads headings and fences with long runs of spaces, and no heading across U+2028',
    () => {
      const spaces = ' '.repeat(SIZE);
      const trailing = timed('headingOf: 100 KB of trailing spaces', () => headingOf(`### a${spaces}${spaces}b${spaces}`));
      expect(trailing).toEqual({ level: 3, text: `a${spaces}${spaces}b` });
      expect(timed('headingOf: 50 KB of spaces, then U+2028', () => headingOf(`## ${spaces}\u2028`))).toBeNull();
      const fence = timed('parseDocument: 50 KB backtick fence, then U+2028', () => parseDocument(`${'`'.repeat(SIZE)}\u2028\n## real\n`));
      expect(fence.unclosedFenceLine).toBeNull();
      expect(fence.sections.map((section) => section.id)).toEqual(['real']);
    },
    HANG_GUARD_MS,
  );
});

describe('operations on hostile markdown', () => {
  it(
    'replaces, appends to and renames one section among 8,000 equal ones',
    () => {
      const replaced = timed('REPLACE_SECTION in 50 KB of headings', () =>
        apply(MANY_HEADINGS, { kind: 'REPLACE_SECTION', sectionId: 'h-4000', content: '### h\n\nNew body.' }),
      );
      expect(replaced.sectionIds).toEqual(['h-4000']);
      expect(replaced.text).toContain('### h\n\nNew body.\n\n### h\n');
      const appended = timed('APPEND_SECTION (anchored) to 50 KB of headings', () =>
        apply(MANY_HEADINGS, { kind: 'APPEND_SECTION', heading: 'h', headingLevel: 3, content: 'Body.' }),
      );
      expect(appended.text.endsWith(`### h\n<!-- @id: h-${HEADING_COUNT + 1} -->\n\nBody.\n`)).toBe(true);
      const created = timed('CREATE_FILE (REPLACE) with 50 KB of headings', () =>
        apply('# Old\n', { content: MANY_HEADINGS, ifExists: 'REPLACE' }),
      );
      expect(created.sectionIds).toHaveLength(HEADING_COUNT);
    },
    HANG_GUARD_MS,
  );
});

describe('the diff on hostile markdown', () => {
  it(
    'diffs one changed line among 8,000 headings as one hunk with the right line numbers',
    () => {
      const after = MANY_HEADINGS.replace(/(### h\n){4000}/, (run) => `${run}### changed\n`);
      const diff = timed('unifiedDiff: 50 KB of headings, one line added', () => unifiedDiff('x.md', MANY_HEADINGS, after));
      expect(diff.split('\n').slice(0, 4)).toEqual(['--- a/x.md', '+++ b/x.md', '@@ -3998,6 +3998,7 @@', ' ### h']);
      expect(diff.match(/^\+/gm)).toHaveLength(2);
    },
    HANG_GUARD_MS,
  );

  it(
    'shows a changed middle past the table bound as removed and added whole',
    () => {
      const after = MANY_HEADINGS.replace(/### h/g, (heading, offset: number) => (offset % 12 === 0 ? '### k' : heading));
      const diff = timed('unifiedDiff: 50 KB, every other heading changed', () => unifiedDiff('x.md', MANY_HEADINGS, after));
      const changed = diff.split('\n').filter((line) => /^[-+]#/.test(line));
      expect(changed.filter((line) => line.startsWith('-'))).toHaveLength(HEADING_COUNT - 1);
      expect(changed.filter((line) => line.startsWith('+'))).toHaveLength(HEADING_COUNT - 1);
    },
    HANG_GUARD_MS,
  );

  it(
    'diffs thousands of small changes hunk by hunk',
    () => {
      const before = Array.from({ length: 900 }, (_, index) => `line ${index}`).join('\n');
      const after = before.replace(/line (\d+)/g, (line, number: string) => (Number(number) % 10 === 0 ? `${line}!` : line));
      const diff = timed('unifiedDiff: 900 lines, 90 changed (LCS)', () => unifiedDiff('x.md', before, after));
      expect(diff.match(/^@@/gm)).toHaveLength(90);
      expect(diff).toContain('@@ -888,7 +888,7 @@');
    },
    HANG_GUARD_MS,
  );

  it(
    'diffs long whitespace runs and a 200 KB word',
    () => {
      const spaces = ' '.repeat(SIZE);
      expect(
        timed('unifiedDiff: 50 KB of spaces, one line added', () => unifiedDiff('x.md', `${spaces}\n`, `${spaces}\n${spaces}\n`)),
      ).toContain(`@@ -1,1 +1,2 @@\n ${spaces}\n+${spaces}\n`);
      const word = timed('unifiedDiff: a 200 KB word changed', () => unifiedDiff('x.md', `# t\n\n${WORD}\n`, `# t\n\n${WORD}b\n`));
      expect(word.split('\n').slice(2)).toEqual(['@@ -1,3 +1,3 @@', ' # t', ' ', `-${WORD}`, `+${WORD}b`, '']);
    },
    HANG_GUARD_MS,
  );
});

describe('the secret scan and field lines on hostile text', () => {
  it(
    'scans a run of JWT headers without a JWT, and still finds one at its end',
    () => {
      const run = 'eyJ-'.repeat(SIZE / 4);
      expect(timed('scanText: 50 KB of "eyJ-"', () => scanText(run, 'x', SCAN_OPTIONS))).toEqual({ findings: [] });
      const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
      const found = timed('scanText: 50 KB of "eyJ-", then a JWT', () => scanText(`${run} ${jwt}`, 'x', SCAN_OPTIONS));
      expect(found).toEqual({ findings: [{ type: 'JWT', line: 1, location: 'x' }] });
    },
    HANG_GUARD_MS,
  );

  it(
    'scans a 200 KB word, whitespace runs and unclosed allow markers',
    () => {
      expect(timed('scanText: a 200 KB word', () => scanText(WORD, 'x', SCAN_OPTIONS))).toEqual({ findings: [] });
      expect(timed('scanText: 50 KB of spaces and tabs', () => scanText(' \t'.repeat(SIZE / 2), 'x', SCAN_OPTIONS))).toEqual({
        findings: [],
      });
      const markers = timed('scanText: 2,000 allow markers never closed', () =>
        scanText('<!-- @secret-scan: allow'.repeat(2_000), 'x', SCAN_OPTIONS),
      );
      expect(markers).toMatchObject({ error: 'ALLOWLIST_PARSE_ERROR' });
    },
    HANG_GUARD_MS,
  );

  it(
    'reads field lines around long runs of stars',
    () => {
      const stars = '*'.repeat(SIZE);
      const fields = timed('fieldLines: 100 KB of inner stars', () => fieldLines(`a${stars}b: x\n**Status:**${stars}active${stars}\n`));
      expect(fields.get('Status')).toBe(`active`);
      expect(fields.size).toBe(1);
    },
    HANG_GUARD_MS,
  );
});

describe('context ranking on hostile documents', () => {
  it(
    'ranks 5,000 distinct sections and drops 8,000 duplicates',
    () => {
      const distinct = Array.from({ length: 5_000 }, (_, index) => `## s${index}\n\nw${index} v${index}`).join('\n');
      const candidates = timed('sectionsOf: 5,000 distinct sections', () =>
        sectionsOf({ path: 'x', uri: 'u', category: 'SHARED', text: distinct, score: 1 }, []),
      );
      const selection = timed('selectSections: 5,000 distinct sections', () => selectSections(candidates, 10_000_000, true));
      expect(selection.sections).toHaveLength(5_000);
      const duplicates = sectionsOf(
        { path: 'x', uri: 'u', category: 'SHARED', text: MANY_HEADINGS.replaceAll('### h\n', '### h\nsame words here\n'), score: 1 },
        [],
      );
      const kept = timed('selectSections: 8,000 equal sections', () => selectSections(duplicates, 10_000_000));
      expect(kept.sections).toHaveLength(1);
      expect(kept.omitted).toHaveLength(HEADING_COUNT - 1);
      expect(kept.omitted[0]!.reason).toBe('near-duplicate of a higher-ranked section');
    },
    HANG_GUARD_MS,
  );
});
