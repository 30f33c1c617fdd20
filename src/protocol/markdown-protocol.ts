/**
 * Protocol markdown → protocol steps, for every door that takes markdown. A document is read as
 * a KAIROS 4 adapter (src/protocol/v4-adapter.ts) when it has a contract block, or frontmatter
 * with an `## Activation Patterns` / `## Reward Signal` section; anything else is read exactly
 * as KAIROS v3 (src/protocol/v3-protocol.ts). Both read the block structure once, in linear
 * time (src/protocol/markdown-blocks.ts).
 */
import { ProtocolStructureError } from './challenge-json.js';
import { findFrontmatter } from './frontmatter.js';
import { LineIndex, normalizeNewlines, readBlocks } from './markdown-blocks.js';
import type { ParsedProtocol } from './protocol-draft.js';
import { parseV3Protocol } from './v3-protocol.js';
import { isV4Document, parseV4Adapter } from './v4-adapter.js';

export { ProtocolStructureError };
export type { AdapterDraft, ParsedProtocol, ProtocolStepDraft, RenderableProtocol } from './protocol-draft.js';
export { parseStepMarkdown } from './v3-protocol.js';
export { renderProtocolMarkdown } from './v3-render.js';
export { renderAdapterMarkdown, type RenderableAdapter } from './v4-render.js';

/**
 * Mints a whole document (v3 protocol or v4 adapter) into steps. Throws `ProtocolStructureError`;
 * for a v3 document its `kind` is always `STRUCTURE` (the code v3 documents have always had).
 */
export function parseProtocolMarkdown(markdown: string): ParsedProtocol {
  const document = normalizeNewlines(markdown);
  const lines = new LineIndex(document);
  const { present, bodyStart } = findFrontmatter(document);
  const blocks = readBlocks(document.slice(bodyStart), (offset) => lines.lineAt(bodyStart + offset));
  if (isV4Document(blocks, present)) return parseV4Adapter(document, lines, blocks);
  try {
    return parseV3Protocol(document, lines, blocks);
  } catch (error) {
    if (error instanceof ProtocolStructureError && error.kind !== 'STRUCTURE') throw new ProtocolStructureError(error.line, error.reason);
    throw error;
  }
}

/** Whether `markdown` would be read as a KAIROS 4 adapter (a structure error reads as v3). */
export function isAdapterMarkdown(markdown: string): boolean {
  const document = normalizeNewlines(markdown);
  const lines = new LineIndex(document);
  const { present, bodyStart } = findFrontmatter(document);
  try {
    return isV4Document(readBlocks(document.slice(bodyStart), (offset) => lines.lineAt(bodyStart + offset)), present);
  } catch {
    return false;
  }
}
