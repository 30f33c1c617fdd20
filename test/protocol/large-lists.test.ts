/**
 * Long lists mint: the block reader cuts a document into chunks at top-level bullets
 * (src/protocol/markdown-blocks.ts), so a flat list or many short nested lists read in linear
 * time, and the chunks give the same structure as one pass. Times are printed, not asserted.
 */
import { describe, expect, it } from 'vitest';
import { LineIndex, MAX_NESTED_CONTAINER_LINES, type MarkdownBlock, readBlocks } from '../../src/protocol/markdown-blocks.js';
import { ProtocolStructureError, parseProtocolMarkdown } from '../../src/protocol/markdown-protocol.js';

const MAX_DOCUMENT_BYTES = 1024 * 1024;

function timed<T>(name: string, markdown: string, run: () => T): T {
  const started = performance.now();
  try {
    return run();
  } finally {
    console.log(
      `[large-lists] ${name}: ${(markdown.length / 1024).toFixed(0)} KB, ${markdown.split('\n').length} lines in ${(performance.now() - started).toFixed(0)} ms`,
    );
  }
}

/** Headings, code and HTML blocks with their offsets: what callers use (a list may be split into several `other` blocks). */
function structure(markdown: string, chunkLines?: number): MarkdownBlock[] {
  const lines = new LineIndex(markdown);
  return readBlocks(markdown, (offset) => lines.lineAt(offset), chunkLines).filter((block) => block.kind !== 'other');
}

describe('large list documents', () => {
  it.each([
    [
      'a flat list of 5,000 items',
      `# Checklist\n\n## Items\n\n${Array.from({ length: 5_000 }, (_, i) => `- check item ${i}`).join('\n')}\n`,
      1,
      '- check item 4999',
    ],
    ['20,000 short lines', `# Notes\n\n## Lines\n\n${Array.from({ length: 20_000 }, (_, i) => `line ${i}`).join('\n')}\n`, 1, 'line 19999'],
    [
      '500 H2s, each over 10 items with a nested item',
      Array.from({ length: 500 }, (_, i) => `## Part ${i}\n\n${'- item\n  - detail\n'.repeat(10)}- last ${i}\n`).join('\n'),
      500,
      '- last 499',
    ],
  ])(
    'mints %s',
    (name, markdown, steps, last) => {
      expect(markdown.length).toBeLessThan(MAX_DOCUMENT_BYTES);
      const parsed = timed(name, markdown, () => parseProtocolMarkdown(markdown));
      expect(parsed.steps).toHaveLength(steps);
      expect(parsed.steps.at(-1)!.text.endsWith(last)).toBe(true);
    },
    120_000,
  );

  it('takes time in proportion to the list (printed: flat and nested lists at 2,000, 4,000 and 8,000 lines)', () => {
    for (const lines of [2_000, 4_000, 8_000]) {
      const flat = `# F\n\n${'- x\n'.repeat(lines)}`;
      const nested = `# N\n\n${Array.from({ length: lines / 8 }, () => Array.from({ length: 8 }, (_, i) => `${' '.repeat(i * 2)}- x`).join('\n')).join('\n')}\n`;
      expect(timed(`flat list, ${lines} lines`, flat, () => parseProtocolMarkdown(flat)).steps).toHaveLength(1);
      expect(timed(`lists nested 8 deep, ${lines} lines`, nested, () => parseProtocolMarkdown(nested)).steps).toHaveLength(1);
    }
  }, 120_000);

  it('keeps every list item of a 5,000-item list in the step text', () => {
    const items = Array.from({ length: 5_000 }, (_, i) => `- item ${i}`);
    const parsed = parseProtocolMarkdown(`# Long\n\n${items.join('\n')}\n`);
    expect(parsed.steps[0]!.text).toBe(items.join('\n'));
  });

  it('stays linear when every bullet follows a closed fence or a finished HTML block (printed)', () => {
    for (const groups of [500, 1_000, 2_000]) {
      const markdown = `# G\n\n${Array.from({ length: groups }, (_, i) => `- a\n  - b\n  - c\n${i % 2 ? '```\nx\n```' : '<div>\nx\n</div>\n'}\n`).join('')}`;
      expect(
        timed(`${groups} nested groups each before a fence or HTML block`, markdown, () => parseProtocolMarkdown(markdown)).steps,
      ).toHaveLength(1);
    }
  }, 120_000);

  it('refuses one item holding more nested lines than the limit, with a clear reason and line', () => {
    const markdown = `# Deep\n\n- top\n${'  - nested\n'.repeat(MAX_NESTED_CONTAINER_LINES + 1)}`;
    let error: unknown;
    try {
      timed('refused nested item', markdown, () => parseProtocolMarkdown(markdown));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ProtocolStructureError);
    expect(error).toMatchObject({ kind: 'STRUCTURE', line: 4 + MAX_NESTED_CONTAINER_LINES });
    expect((error as ProtocolStructureError).reason).toMatch(/more than 2000 nested list-item or block-quote lines/);
  });

  it.each([
    [
      'a fence holding bullets',
      `# T\n\n${'- a\n'.repeat(300)}\n\`\`\`\n${'- inside\n'.repeat(600)}## not a heading\n\`\`\`\n${'- b\n'.repeat(300)}## After\n`,
    ],
    ['an unclosed fence', `${'- a\n'.repeat(300)}\`\`\`json\n${'- inside\n'.repeat(900)}`],
    ['an HTML block holding bullets', `${'- a\n'.repeat(300)}<div>\n${'- inside\n'.repeat(600)}\n## Out\n${'- c\n'.repeat(300)}`],
    [
      'paragraphs, quotes and nested lists',
      Array.from({ length: 400 }, (_, i) => `Para ${i}\n> quote\n- item\n  - nested\n    \`\`\`\n    code\n- next\n## H ${i}\n`).join(''),
    ],
    [
      'HTML blocks of every kind, open and closed at a bullet',
      [
        '<pre>\n\n- in pre\n</pre>\n- out',
        '<!-- a\n- in comment\n-->\n- out',
        '<?x\n- in\n?>\n- out',
        '<!DOCTYPE\n- in\n>\n- out',
        '<![CDATA[\n- in\n]]>\n- out',
        '<div>\n- in div\n\n- out',
        '<custom-tag>\n- in\n\n- out',
      ]
        .map((html) => `${'- a\n'.repeat(7)}${html}\n## H\n`)
        .join('\n'),
    ],
    ['closed fences before bullets', Array.from({ length: 300 }, (_, i) => `- a\n  - b\n\`\`\`\n- in fence ${i}\n\`\`\`\n`).join('')],
    [
      'lazy lines and ordered items',
      Array.from({ length: 400 }, (_, i) => `- a\n2. lazy ${i}\n  \`\`\`\n  code\n  \`\`\`\n* b\n    indented\n`).join(''),
    ],
  ])(
    'reads %s in chunks exactly as in one pass',
    (_name, markdown) => {
      expect(structure(markdown)).toEqual(structure(markdown, Number.POSITIVE_INFINITY));
      expect(structure(markdown, 7)).toEqual(structure(markdown, Number.POSITIVE_INFINITY));
    },
    120_000,
  );
});
