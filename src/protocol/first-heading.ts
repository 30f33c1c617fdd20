/**
 * The first top-level ATX H2 of a markdown text, as `readBlocks` finds it, without reading the
 * whole text when the heading comes early (it nearly always opens a step). Whether a line is an
 * ATX heading depends only on the lines before it, so a heading found in a prefix of whole lines
 * is the one the whole text has; only when none is found is more of the text read.
 */
import { LineIndex, readBlocks, sanitiseHeadingText } from './markdown-blocks.js';

/** Prefixes tried before the whole text, in characters (each cut back to its last line end). */
const PREFIX_SIZES = [4_096, 65_536];

export function firstTopLevelH2(
  markdown: string,
  accept: (text: string) => boolean = () => true,
): { start: number; text: string } | undefined {
  for (const size of PREFIX_SIZES) {
    if (markdown.length <= size) break;
    const lineEnd = markdown.lastIndexOf('\n', size);
    if (lineEnd <= 0) continue;
    const found = scan(markdown.slice(0, lineEnd + 1), accept);
    if (found) return found;
  }
  return scan(markdown, accept);
}

function scan(markdown: string, accept: (text: string) => boolean): { start: number; text: string } | undefined {
  const lines = new LineIndex(markdown);
  for (const block of readBlocks(markdown, (offset) => lines.lineAt(offset))) {
    if (block.kind === 'heading' && block.atx && block.depth === 2) {
      const text = sanitiseHeadingText(block.text).text;
      if (accept(text)) return { start: block.start, text };
    }
  }
  return undefined;
}
