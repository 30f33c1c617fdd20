/**
 * Protocol markdown → protocol steps, for every door that takes markdown. A document is read as
 * a KAIROS 4 adapter (src/protocol/v4-adapter.ts) when it has YAML frontmatter or a contract
 * block, as the issue says, except that frontmatter alone does not outweigh v3 step markers;
 * anything else is read exactly as KAIROS v3 (src/protocol/v3-protocol.ts). Both read the block
 * structure once, in linear time (src/protocol/markdown-blocks.ts).
 */
import { ProtocolStructureError } from './challenge-json.js';
import { declaredFormat, findFrontmatter } from './frontmatter.js';
import { LineIndex, type MarkdownBlock, normalizeNewlines, readBlocks } from './markdown-blocks.js';
import type { ParsedProtocol } from './protocol-draft.js';
import { hasV3StepMarkers, parseV3Protocol } from './v3-protocol.js';
import { hasContractBlock, parseV4Adapter } from './v4-adapter.js';

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
  if (readsAsV4(document, bodyStart, blocks, present)) return parseV4Adapter(document, lines, blocks);
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
    return readsAsV4(
      document,
      bodyStart,
      readBlocks(document.slice(bodyStart), (offset) => lines.lineAt(bodyStart + offset)),
      present,
    );
  } catch {
    return false;
  }
}

/**
 * The recognition rule (docs/kairos-v4.md "How a document is recognised as v4"), first match wins:
 * a `format: kairos-v3` / `kairos-v4` frontmatter key; a contract block → v4; a v3 step marker
 * (challenge block, PROOF OF WORK line) → v3; frontmatter → v4; otherwise v3.
 */
function readsAsV4(document: string, bodyStart: number, blocks: readonly MarkdownBlock[], hasFrontmatter: boolean): boolean {
  const declared = hasFrontmatter ? declaredFormat(document) : null;
  if (declared !== null) return declared === 'kairos-v4';
  if (hasContractBlock(blocks, document.slice(bodyStart))) return true;
  if (!hasFrontmatter) return false;
  return !hasV3StepMarkers(document.slice(bodyStart), blocks);
}
