/**
 * KAIROS 4 adapter markdown → layers. Layer boundaries are contract blocks, not
 * headings: every top-level ```json fence that starts its line and holds a JSON object with an
 * object `contract` ends a layer. Any other fence (invalid JSON, no `contract`, indented, in a
 * list) is ordinary text. The H1 is the adapter title; the first H2, when it is
 * `## Activation Patterns`, and the last H2, when it is `## Reward Signal` straight after the last
 * contract, are kept as adapter metadata and out of the layers' text.
 */
import { jsonDepth, MAX_DOCUMENT_JSON_DEPTH } from '../limits.js';
import { trimMarkdownBlock } from './body-markers.js';
import { ProtocolStructureError, isJsonObject, parseAuthoredChallenge } from './challenge-json.js';
import type { Challenge } from './challenge.js';
import { readFrontmatter } from './frontmatter.js';
import {
  type CodeBlock,
  type Edit,
  type HeadingEvent,
  type LineIndex,
  type MarkdownBlock,
  cutSegments,
  headingEvent,
} from './markdown-blocks.js';
import type { ParsedProtocol, ProtocolStepDraft } from './protocol-draft.js';

export const ACTIVATION_PATTERNS_HEADING = 'Activation Patterns';
export const REWARD_SIGNAL_HEADING = 'Reward Signal';
export const MAX_ACTIVATION_PATTERNS = 200;
export const MAX_ACTIVATION_PATTERN_LENGTH = 1000;
export const MAX_ADAPTER_SECTION_BYTES = 64 * 1024;

const isActivationHeading = (text: string) => /^activation patterns:?$/i.test(text.trim());
const isRewardHeading = (text: string) => /^reward signal:?$/i.test(text.trim());

/** What a top-level fence means in a v4 document. */
type FenceReading = { kind: 'contract'; contract: Record<string, unknown> } | { kind: 'refused' } | { kind: 'text' };

/**
 * As KAIROS 4.8.5 reads a fence: a contract block opens with exactly three backticks and `json`
 * (lower case, nothing after it); ```JSON, ```json title=x and ````json are text. A plain ```
 * fence holding contract JSON is refused, as KAIROS refuses such a document.
 */
function readFence(block: CodeBlock, source: string): FenceReading {
  if (!block.fenced || block.fenceChar !== '`' || block.indent > 0) return { kind: 'text' };
  if (/^`{4}/.test(source.slice(block.start, block.start + 4))) return { kind: 'text' };
  const language = block.info;
  if (language !== 'json' && language !== '') return { kind: 'text' };
  let json: unknown;
  try {
    json = JSON.parse(block.value);
  } catch {
    return { kind: 'text' };
  }
  if (!isJsonObject(json) || !isJsonObject(json.contract)) return { kind: 'text' };
  return language === 'json' ? { kind: 'contract', contract: json.contract } : { kind: 'refused' };
}

/** Whether a body holds a contract block (or a plain fence holding one, which is then refused). */
export function hasContractBlock(blocks: readonly MarkdownBlock[], source: string): boolean {
  return blocks.some((block) => block.kind === 'code' && readFence(block, source).kind !== 'text');
}

interface ContractEvent {
  kind: 'contract';
  start: number;
  end: number;
  line: number;
  challenge: Challenge;
}

/** Reads a v4 document; `blocks` are its body's (after any frontmatter). Throws `ProtocolStructureError`. */
export function parseV4Adapter(document: string, lines: LineIndex, blocks: readonly MarkdownBlock[]): ParsedProtocol {
  const frontmatter = readFrontmatter(document, lines);
  const body = document.slice(frontmatter.bodyStart);
  const lineAt = (offset: number) => lines.lineAt(frontmatter.bodyStart + offset);
  if (body.trim() === '') throw new ProtocolStructureError(null, 'the document has nothing after its frontmatter');

  const headings: HeadingEvent[] = [];
  const contracts: ContractEvent[] = [];
  for (const block of blocks) {
    if (block.kind === 'heading') {
      const event = headingEvent(block, lineAt(block.start));
      if (event) headings.push(event);
    } else if (block.kind === 'code') {
      const reading = readFence(block, body);
      const line = lineAt(block.start);
      if (reading.kind === 'refused') {
        throw new ProtocolStructureError(
          line,
          'contract blocks must be ```json fences (this is a plain ``` fence)',
          'CONTRACT_FENCE_REFUSED',
        );
      }
      if (reading.kind === 'contract') {
        if (jsonDepth(reading.contract, MAX_DOCUMENT_JSON_DEPTH) > MAX_DOCUMENT_JSON_DEPTH) {
          throw new ProtocolStructureError(line, `the contract nests deeper than ${MAX_DOCUMENT_JSON_DEPTH} levels`, 'CONTRACT_INVALID');
        }
        contracts.push({
          kind: 'contract',
          start: block.start,
          end: block.end,
          line,
          challenge: parseAuthoredChallenge(reading.contract, line),
        });
      }
    }
  }

  checkTensorInputs(contracts);

  const [titleHeading, secondTitle] = headings.filter((event) => event.kind === 'h1');
  if (titleHeading && secondTitle) {
    throw new ProtocolStructureError(
      secondTitle.line,
      `a second H1 title (the first is at line ${titleHeading.line}); a document holds exactly one adapter`,
      'MULTIPLE_ADAPTERS',
    );
  }
  if (titleHeading && titleHeading.text === '') throw new ProtocolStructureError(titleHeading.line, 'the H1 title is empty');

  const h2s = headings.filter((event) => event.kind === 'h2');
  const activation = h2s[0] && isActivationHeading(h2s[0].text) ? h2s[0] : undefined;
  const lastH2 = h2s.at(-1);
  const lastContractEnd = contracts.at(-1)?.end ?? -1;
  // As KAIROS 4.8.5 reads it: a reward section is the adapter's only when it comes straight after
  // the last contract; after closing text (or with no contract) it stays in the last layer.
  const reward =
    lastH2 &&
    lastH2 !== activation &&
    isRewardHeading(lastH2.text) &&
    contracts.length > 0 &&
    lastH2.start >= lastContractEnd &&
    body.slice(lastContractEnd, lastH2.start).trim() === ''
      ? lastH2
      : undefined;
  const layerHeadings = h2s.filter((heading) => heading !== activation && heading !== reward);

  const title = titleHeading?.text ?? layerHeadings[0]?.text;
  if (title === undefined) throw new ProtocolStructureError(null, 'the adapter has no H1 title: start it with "# Adapter title"');

  const edits: Edit[] = [];
  if (titleHeading) edits.push({ start: titleHeading.start, end: titleHeading.end, replacement: '', collapseBlankLines: true });
  let activationText: string | null = null;
  if (activation) {
    const sectionEnd = Math.min(
      ...[...headings, ...contracts].filter((event) => event.start > activation.start).map((event) => event.start),
      reward?.start ?? body.length,
    );
    activationText = trimMarkdownBlock(body.slice(activation.end, sectionEnd));
    edits.push({ start: activation.start, end: sectionEnd, replacement: '' });
  }
  for (const heading of layerHeadings) {
    if (heading.sanitisedRaw !== undefined) edits.push({ start: heading.start, end: heading.end, replacement: heading.sanitisedRaw });
  }
  edits.sort((a, b) => a.start - b.start);

  const layersEnd = reward?.start ?? body.length;
  const segments: Array<{ from: number; to: number; challenge: Challenge | null }> = [];
  let from = 0;
  for (const contract of contracts) {
    segments.push({ from, to: contract.start, challenge: contract.challenge });
    from = contract.end;
  }
  segments.push({ from, to: layersEnd, challenge: null });

  const steps: ProtocolStepDraft[] = [];
  cutSegments(body, segments, edits, layerHeadings).forEach((cut, index) => {
    const text = trimMarkdownBlock(cut.text);
    const challenge = segments[index]!.challenge;
    // Text after the last contract is a closing layer only when there is some.
    if (text === '' && challenge === null && contracts.length > 0) return;
    steps.push({ label: cut.mark?.text ?? title, text, challenge });
  });
  if (steps.length === 1 && steps[0]!.text === '' && steps[0]!.challenge === null) {
    throw new ProtocolStructureError(null, 'the adapter has no layers: add text or a contract block after the title');
  }

  const rewardSignal = reward ? trimMarkdownBlock(body.slice(reward.end)) : null;
  checkSectionSize(REWARD_SIGNAL_HEADING, rewardSignal, reward?.line ?? null);
  checkSectionSize(ACTIVATION_PATTERNS_HEADING, activationText, activation?.line ?? null);
  const activationPatterns = activationText === null ? [] : activationItems(activationText, activation!.line);

  return {
    title,
    ...(frontmatter.slug !== undefined && { slug: frontmatter.slug }),
    ...(frontmatter.version !== undefined && { version: frontmatter.version }),
    ...(frontmatter.title !== undefined && { frontmatterTitle: frontmatter.title }),
    ...(activationText !== null && activationText !== '' && { triggers: activationText }),
    steps,
    adapter: {
      activationPatterns,
      activationText,
      rewardSignal,
      frontmatter: frontmatter.present ? frontmatter.metadata : null,
    },
  };
}

/** One pattern per non-blank line of the section, list markers removed. */
function activationItems(section: string, line: number): string[] {
  const items = section
    .split('\n')
    .map((text) => text.replace(/^\s*(?:[-*+]|\d{1,3}[.)])\s+/, '').trim())
    .filter((text) => text !== '');
  if (items.length > MAX_ACTIVATION_PATTERNS) {
    throw new ProtocolStructureError(
      line,
      `the ${ACTIVATION_PATTERNS_HEADING} section has ${items.length} lines; the limit is ${MAX_ACTIVATION_PATTERNS}`,
    );
  }
  const long = items.find((item) => item.length > MAX_ACTIVATION_PATTERN_LENGTH);
  if (long !== undefined) {
    throw new ProtocolStructureError(line, `an activation pattern is longer than ${MAX_ACTIVATION_PATTERN_LENGTH} characters`);
  }
  return items;
}

function checkSectionSize(heading: string, text: string | null, line: number | null): void {
  if (text !== null && Buffer.byteLength(text, 'utf8') > MAX_ADAPTER_SECTION_BYTES) {
    throw new ProtocolStructureError(line, `the ${heading} section is larger than ${MAX_ADAPTER_SECTION_BYTES} bytes`);
  }
}

/**
 * A tensor contract's `required_inputs` must each name the output of an earlier tensor layer:
 * KAIROS fails such a layer only when a run reaches it, here the adapter is refused when trained.
 */
function checkTensorInputs(contracts: readonly ContractEvent[]): void {
  const produced = new Set<string>();
  for (const contract of contracts) {
    const tensor = contract.challenge.tensor;
    if (contract.challenge.type !== 'TENSOR' || !tensor) continue;
    const missing = (tensor.requiredInputs ?? []).filter((input) => !produced.has(input));
    if (missing.length > 0)
      throw new ProtocolStructureError(
        contract.line,
        `"tensor.required_inputs" names ${missing.map((input) => `"${input}"`).join(', ')}, which no earlier tensor layer outputs`,
        'CONTRACT_INVALID',
      );
    produced.add(tensor.name.trim());
  }
}
