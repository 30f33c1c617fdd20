/**
 * `firstTopLevelH2` reads a prefix first: it must find exactly what a read of the whole text
 * finds, wherever the heading sits and whatever opens before the prefix ends.
 */
import { describe, expect, it } from 'vitest';
import { firstTopLevelH2 } from '../../src/protocol/first-heading.js';
import { LineIndex, readBlocks, sanitiseHeadingText } from '../../src/protocol/markdown-blocks.js';

function wholeRead(markdown: string): { start: number; text: string } | undefined {
  const lines = new LineIndex(markdown);
  for (const block of readBlocks(markdown, (offset) => lines.lineAt(offset))) {
    if (block.kind === 'heading' && block.atx && block.depth === 2)
      return { start: block.start, text: sanitiseHeadingText(block.text).text };
  }
  return undefined;
}

const filler = (bytes: number) => `${'lorem ipsum dolor '.repeat(Math.ceil(bytes / 18)).slice(0, bytes)}\n`;

describe('firstTopLevelH2', () => {
  const cases: Record<string, string> = {
    'a heading on the first line of a large text': `## Step one\n\n${filler(200_000)}`,
    'a heading past the first prefix': `${filler(10_000)}\n## Later\n\n${filler(100_000)}`,
    'a heading past every prefix': `${filler(100_000)}\n## Far\n\ntext\n`,
    'no heading at all': filler(150_000),
    'a fence opened before the cut and closed after it, a heading-like line inside': `${filler(3_000)}\n\`\`\`\n${filler(2_000)}\n## not a heading\n${filler(2_000)}\n\`\`\`\n\n## After the fence\n`,
    'a setext heading only': `${filler(5_000)}Title\n---\n\n${filler(5_000)}`,
    'a heading followed by one line longer than every prefix': `## Long line\n\n${'word '.repeat(40_000)}\n`,
    'a heading line longer than the first prefix': `## ${'x'.repeat(5_000)}\n\n${filler(70_000)}`,
    'an indented heading-like line': `    ## code\n\n${filler(5_000)}\n## Real\n`,
  };
  for (const [name, markdown] of Object.entries(cases)) {
    it(`finds what a whole read finds: ${name}`, () => {
      expect(firstTopLevelH2(markdown)).toEqual(wholeRead(markdown));
    });
  }
});
