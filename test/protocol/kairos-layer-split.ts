/**
 * A test helper of our own that splits an adapter document into layers by KAIROS 4.8.5's rule, as
 * its src/services/memory/adapter-builder.ts (with adapter-contract-blocks.ts) applies it, so our
 * parser can be compared with it document by document. The rule, in short:
 * - frontmatter aside, `## STEP n …` and `## n. …` headings lose their numbering;
 * - every `# ` line outside a ``` fence starts an adapter (its title); none: one adapter titled by its first H2;
 * - a contract block is a fence opened by exactly ```json at a line start (nothing else on that line
 *   but spaces) whose text is a JSON object with an object `contract`; each one ends a layer;
 * - a layer is the text before its block, trimmed; its label is the first `## ` heading in it, else the title;
 * - text after the last block is a last layer, unless it starts with `## Reward Signal` (then it is
 *   the adapter's reward signal and no layer);
 * - with no block at all, the whole section is one layer (a contract in a fence that ends it counts).
 */

export interface KairosLayer {
  label: string;
  text: string;
  contractType: string | null;
}

export interface KairosAdapter {
  title: string;
  layers: KairosLayer[];
  rewardSignal: string | null;
}

function withoutFrontmatter(markdown: string): string {
  const match = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(markdown);
  return match ? markdown.slice(match[0].length) : markdown;
}

function numberlessHeading(line: string): string {
  if (!line.startsWith('## ')) return line;
  return line
    .replace(/^##\s*step\s*\d+[-:\s–·•]*\s*/i, '## ')
    .replace(/^##\s*\d+[\s.)\-:—–·•]*\s*/, '## ')
    .replace(/^##\s*\d+[a-z]*[\s.)\-:—–·•]*\s*/i, '## ')
    .trim();
}

function contractOf(fenced: string): Record<string, unknown> | null {
  try {
    const json = JSON.parse(fenced.trim()) as unknown;
    if (json && typeof json === 'object' && !Array.isArray(json)) {
      const contract = (json as Record<string, unknown>).contract;
      if (contract && typeof contract === 'object') return contract as Record<string, unknown>;
    }
  } catch {
    return null;
  }
  return null;
}

function firstH2(text: string): string | null {
  const found = /^##\s+(.+)$/m.exec(text);
  return found ? found[1]!.trim() : null;
}

function contractBlocks(section: string): { start: number; end: number; type: string | null }[] {
  const blocks: { start: number; end: number; type: string | null }[] = [];
  const fence = /(^|\n)(```json\s*\n([\s\S]*?)```)/g;
  for (let found = fence.exec(section); found; found = fence.exec(section)) {
    const contract = contractOf(found[3]!);
    if (!contract) continue;
    const start = found.index + found[1]!.length;
    blocks.push({ start, end: start + found[2]!.length, type: typeof contract.type === 'string' ? contract.type : null });
  }
  return blocks;
}

function splitSection(title: string, section: string): KairosAdapter {
  const blocks = contractBlocks(section);
  if (blocks.length === 0) {
    // One layer; a contract in a fence (```json or ```) that ends the section is its contract.
    const trailing = /([\s\S]*)\n```(?:json)?\s*\n([\s\S]*?)```\s*$/.exec(section);
    const contract = trailing ? contractOf(trailing[2]!) : null;
    const text = contract ? section.slice(0, trailing!.index + trailing![1]!.length).trim() : section.trim();
    return {
      title,
      layers: [{ label: firstH2(text) ?? title, text, contractType: contract ? String(contract.type) : null }],
      rewardSignal: null,
    };
  }
  const layers: KairosLayer[] = [];
  let from = 0;
  for (const block of blocks) {
    const text = section.slice(from, block.start).trim();
    layers.push({ label: firstH2(text) ?? title, text, contractType: block.type });
    from = block.end;
  }
  const rest = section.slice(from).trim();
  const reward = /^##\s+Reward Signal\s*(?:\r?\n|$)/i.test(rest) ? rest : null;
  if (rest !== '' && reward === null) layers.push({ label: firstH2(rest) ?? title, text: rest, contractType: null });
  return { title, layers, rewardSignal: reward };
}

/** The adapters KAIROS 4.8.5 makes of a document, each with its layers. */
export function kairosSplit(markdown: string): KairosAdapter[] {
  const lines = withoutFrontmatter(markdown).split(/\r?\n/).map(numberlessHeading);
  const titles: { line: number; title: string }[] = [];
  let inFence = false;
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed.startsWith('```')) inFence = !inFence;
    else if (!inFence && trimmed.startsWith('# ')) titles.push({ line: index, title: trimmed.slice(2).trim() });
  });
  if (titles.length === 0) {
    const whole = lines.join('\n');
    const title = firstH2(whole);
    return title === null ? [] : [splitSection(title, whole)];
  }
  return titles.map((entry, index) =>
    splitSection(entry.title, lines.slice(entry.line + 1, titles[index + 1]?.line ?? lines.length).join('\n')),
  );
}
