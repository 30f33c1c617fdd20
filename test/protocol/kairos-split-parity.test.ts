/**
 * Our parser against KAIROS 4.8.5's splitting rule (./kairos-layer-split.ts, following its
 * src/services/memory/adapter-builder.ts): the structures of its nine shipped adapters and the
 * edge cases give the same title, the same layers (label, contract type, text) and the same
 * reward signal, but for the two differences on purpose named below. A layer's text is compared
 * without the heading KAIROS keeps in it and which we show as the label.
 */
import { describe, expect, it } from 'vitest';
import { parseProtocolMarkdown, ProtocolStructureError } from '../../src/protocol/markdown-protocol.js';
import { kairosSplit, type KairosLayer } from './kairos-layer-split.js';
import { contract, doc, everyContractType, textFences } from './v4-fixtures.js';
import { cheatSheetShape, gateGuideShape, proofGuideShape, splitGuideShape } from './v4-shipped-guides.js';
import { bulkShape, createShape, criticShape, migrateShape, refineShape } from './v4-shipped-shapes.js';

const comment = contract({ type: 'comment', comment: { min_length: 5 } });
const fenced = (opening: string, closing = '```') =>
  doc(opening, JSON.stringify({ contract: { type: 'shell', shell: { cmd: 'true' } } }), closing);

export const EDGE_CASES: [string, string][] = [
  ['```JSON fence (text to KAIROS)', doc('# Fences', '', '## Upper', 'Text.', '', fenced('```JSON'), '', '## Real', 'More.', '', comment)],
  [
    '```json with an info string (text)',
    doc('# Fences', '', '## Titled', 'Text.', '', fenced('```json title=x'), '', '## Real', 'More.', '', comment),
  ],
  ['four backticks (text)', doc('# Fences', '', '## Four', 'Text.', '', fenced('````json', '````'), '', '## Real', 'More.', '', comment)],
  ['text after the last contract', doc('# Closing', '', '## Do it', 'Text.', '', comment, '', '## Wrap up', 'Closing words.')],
  [
    'a reward signal right after the last contract',
    doc('# Rewarded', '', '## Do it', 'Text.', '', comment, '', '## Reward Signal', 'Done when done.'),
  ],
  [
    'a reward signal after closing text (kept in the layer)',
    doc('# Rewarded late', '', '## Do it', 'Text.', '', comment, '', 'Closing words.', '', '## Reward Signal', 'Done when done.'),
  ],
  [
    'activation patterns before the first layer',
    doc('# Activated', '', 'Intro.', '', '## Activation Patterns', '- when asked', '', '## Step 1: First', 'Text.', '', comment),
  ],
  ['numbered headings', doc('# Numbered', '', '## STEP 1 - Alpha', 'A.', '', comment, '', '## 2. Beta', 'B.', '', comment)],
];

const BUILT_INS: [string, string][] = [
  ['refine-search', refineShape],
  ['create-new-protocol', createShape],
  ['phase-critic', criticShape],
  ['bulk-insert-adapters-via-cli', bulkShape],
  ['adapter-migration', migrateShape],
  ['challenge-type-guide', proofGuideShape],
  ['phase-critic-guide', gateGuideShape],
  ['protocol-linking-guide', splitGuideShape],
  ['skill-format-guide', cheatSheetShape],
];

/**
 * The one difference on purpose: our heading rule (shared with KAIROS 3 documents) also drops
 * "Phase n -", "Part n:" and "Stage n." numbering, which KAIROS 4.8.5 keeps in the label.
 */
const ourLabel = (label: string) => label.replace(/^(?:phase|part|stage)\s*\d+[a-z]?(?:\s*[—–:.)-])?\s+/i, '');

/**
 * The other: KAIROS's first layer keeps the `## Activation Patterns` section (and so takes it as
 * its label); ours leaves it out of the layer (it is the adapter's activation patterns, shown by
 * `activate`) and takes the first H2 after it, or the title, as the label.
 */
function withoutActivation(layer: KairosLayer, title: string): KairosLayer {
  const section = /^##\s+Activation Patterns\s*$[\s\S]*?(?=^##\s|(?![\s\S]))/im;
  if (!section.test(layer.text)) return layer;
  const text = layer.text.replace(section, '').trim();
  return { ...layer, text, label: /^##\s+(.+)$/m.exec(text)?.[1]?.trim() ?? title };
}

/** Text without heading lines and blank-line runs, so KAIROS's "## Label\nText" meets our label + text. */
function body(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^#{1,2}\s/.test(line))
    .join('\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

describe('our layers are the layers KAIROS 4.8.5 makes', () => {
  it.each([...BUILT_INS, ['every contract type', everyContractType], ['fences that stay text', textFences], ...EDGE_CASES])(
    '%s',
    (_name, markdown) => {
      const [split, more] = kairosSplit(markdown);
      const kairos = {
        ...split!,
        layers: split!.layers.map((layer, index) => (index === 0 ? withoutActivation(layer, split!.title) : layer)),
      };
      expect(more).toBeUndefined();
      const ours = parseProtocolMarkdown(markdown);
      expect(ours.title).toBe(kairos!.title);
      expect(ours.steps.map((step) => [step.label, step.challenge?.type.toLowerCase() ?? null])).toEqual(
        kairos!.layers.map((layer) => [ourLabel(layer.label), layer.contractType]),
      );
      expect(ours.steps.map((step) => body(step.text))).toEqual(kairos!.layers.map((layer) => body(layer.text)));
      const reward = ours.adapter?.rewardSignal ?? null;
      expect(reward === null ? null : body(reward)).toBe(kairos!.rewardSignal === null ? null : body(kairos!.rewardSignal));
    },
  );

  it('refuses a document with two H1 titles (KAIROS would make two adapters of it) with a clear code', () => {
    const two = doc('# One', '', 'Text.', '', comment, '', '# Two', '', 'More.', '', comment);
    expect(kairosSplit(two)).toHaveLength(2);
    expect(() => parseProtocolMarkdown(two)).toThrow(ProtocolStructureError);
    try {
      parseProtocolMarkdown(two);
    } catch (error) {
      expect((error as ProtocolStructureError).kind).toBe('MULTIPLE_ADAPTERS');
    }
  });
});
