/**
 * Inputs that make a backtracking or quadratic markdown parser hang (the trust issue needs
 * protocol parsing linear). Each must parse, or be refused with a structure error, well within
 * the test timeout; the times are printed, not asserted (this machine is shared).
 */
import { describe, expect, it } from 'vitest';
import { MAX_CONTAINER_MARKERS_PER_LINE } from '../../src/protocol/markdown-blocks.js';
import { ProtocolStructureError, parseProtocolMarkdown } from '../../src/protocol/markdown-protocol.js';

const KB = 1024;
const HOSTILE: Array<[string, string]> = [
  ['emphasis run *a × 100,000', `# T\n\n${'*a'.repeat(100_000)}\n`],
  ['emphasis run _a × 100,000', `# T\n\n${'_a'.repeat(100_000)}\n`],
  ['open brackets [ × 100,000', `# T\n\n${'['.repeat(100_000)}x${']'.repeat(100_000)}\n`],
  ['backticks `a × 100,000', `# T\n\n${'`a'.repeat(100_000)}\n`],
  ['angle brackets <a × 100,000', `# T\n\n${'<a'.repeat(100_000)}\n`],
  ['one 200 KB word', `# T\n\n${'a'.repeat(200 * KB)}\n`],
  ['200 KB in one heading', `# T\n\n## ${'b'.repeat(200 * KB)}\n`],
  ['100,000 spaces inside a heading', `# T\n\n## a${' '.repeat(100_000)}b\n`],
  [`block quotes nested ${MAX_CONTAINER_MARKERS_PER_LINE} deep`, `# T\n\n${'> '.repeat(MAX_CONTAINER_MARKERS_PER_LINE)}x\n`],
  [
    'lists nested 8 deep, 1,000 times (8,000 list lines)',
    `# T\n\n${Array.from({ length: 1_000 }, () => Array.from({ length: 8 }, (_, i) => `${' '.repeat(i * 2)}- x`).join('\n')).join('\n')}\n`,
  ],
  [
    'lists nested by indentation, 400 levels (refused)',
    `# T\n\n${Array.from({ length: 400 }, (_, i) => `${' '.repeat(i * 2)}- x`).join('\n')}\n`,
  ],
  ['20,000 H2 headings', `# T\n\n${'## h\n'.repeat(20_000)}`],
  ['20,000 H3 headings in one step', `# T\n\n## Step\n\n${'### h\n'.repeat(20_000)}`],
  ['a heading with 200,000 blanks inside', `# T\n\n## a${' '.repeat(200_000)}b\n`],
  ['a flat list of 100,000 items', `# T\n\n${'- x\n'.repeat(100_000)}`],
  ['a flat list of 20,000 items', `# T\n\n${'- x\n'.repeat(20_000)}`],
  ['one list item holding 2,001 nested items (refused)', `# T\n\n- top\n${'  - nested\n'.repeat(2_001)}`],
  ['10,000 unclosed fences', `# T\n\n${'```json\n'.repeat(10_000)}`],
  ['2,000 contract blocks', `# T\n\n${'```json\n{"contract": {"type": "comment"}}\n```\n'.repeat(2_000)}`],
  ['2,000 layers, each with an H2', `# T\n\n${'## Step 1: x\n\n```json\n{"contract": {"type": "comment"}}\n```\n'.repeat(2_000)}`],
];

describe('hostile markdown parses in linear time', () => {
  it.each(HOSTILE)(
    '%s',
    (name, markdown) => {
      const started = performance.now();
      let outcome = 'parsed';
      try {
        parseProtocolMarkdown(markdown);
      } catch (error) {
        if (!(error instanceof ProtocolStructureError)) throw error;
        outcome = `refused: ${error.reason}`;
      }
      const ms = performance.now() - started;
      console.log(`[hostile-markdown] ${name}: ${(markdown.length / KB).toFixed(0)} KB in ${ms.toFixed(0)} ms (${outcome})`);
      expect(markdown.length).toBeGreaterThan(0);
    },
    60_000,
  );

  it.each([
    ['block quotes', '> '],
    ['list items', '- '],
    ['ordered list items', '1. '],
  ])(
    'refuses %s nested deeper than the limit on one line, before parsing',
    (_name, marker) => {
      const markdown = `# T\n\n${marker.repeat(10_000)}x\n`;
      const started = performance.now();
      expect(() => parseProtocolMarkdown(markdown)).toThrow(/nests more than 32 block quotes or list items/);
      console.log(`[hostile-markdown] ${_name} × 10,000 on one line: refused in ${(performance.now() - started).toFixed(0)} ms`);
    },
    60_000,
  );

  it("reads a heading's closing # sequence as CommonMark does, and keeps a heading with a long run of spaces whole", () => {
    const labels = (markdown: string) => parseProtocolMarkdown(markdown).steps.map((step) => step.label);
    expect(labels('# T\n\n## One ##\n\nx\n\n## Two#\n\nx\n\n## Three \t#  # \n\nx\n\n## Four # five\n\nx\n')).toEqual([
      'One',
      'Two#',
      'Three \t#',
      'Four # five',
    ]);
    expect(labels(`# T\n\n## a${' '.repeat(100_000)}b ##\n\nx\n`)).toEqual([`a${' '.repeat(100_000)}b`]);
  });
});

describe('ATX heading text', () => {
  it.each([
    ['## Title', 'Title'],
    ['## Title ##', 'Title'],
    ['## Title ##   ', 'Title'],
    ['## Title\t#', 'Title'],
    ['## Title#', 'Title#'],
    ['## C# ##', 'C#'],
    ['## a   b  ', 'a   b'],
    ['## #', ''],
    ['## ###', ''],
  ])('%j reads as %j', (heading, text) => {
    expect(parseProtocolMarkdown(`# T\n\n${heading}\n\nbody\n`).steps[0]?.label).toBe(text);
  });
});
