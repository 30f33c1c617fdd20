/**
 * A stored adapter back to flat KAIROS 4 markdown (the `export` tool's `markdown` format):
 * frontmatter, `# Title`, `## Activation Patterns`, each layer's text followed by its contract
 * block, then `## Reward Signal`. Parsing the result gives the same title, slug, version,
 * activation patterns, reward text and layers (label, text, contract) for any adapter that
 * `parseProtocolMarkdown` produced (round-trip tested).
 *
 * A layer whose text would not yield its label is written with a `## {label}` heading first
 * (after an update replaced its text), so labels survive. Limits, reachable only through data
 * that did not come from parsing: only the last layer can lack a contract (an earlier one
 * merges into the next, because only contract blocks cut), and layer texts must not hold a
 * top-level contract block, an H1, or an `## Activation Patterns` / `## Reward Signal` heading.
 */
import { stringify as stringifyYaml } from 'yaml';
import { toAuthoredChallenge } from './challenge-json.js';
import { firstTopLevelH2 } from './first-heading.js';
import type { ProtocolStepDraft } from './protocol-draft.js';
import { ACTIVATION_PATTERNS_HEADING, REWARD_SIGNAL_HEADING } from './v4-adapter.js';

export interface RenderableAdapter {
  title: string;
  slug?: string | null;
  version?: string | null;
  /** Frontmatter keys to keep (unknown keys included); `slug` and `version` above win. */
  frontmatter?: Record<string, unknown> | null;
  /** The activation section as written; when absent the patterns are written as a list. */
  activationText?: string | null;
  activationPatterns?: readonly string[] | null;
  rewardSignal?: string | null;
  steps: readonly ProtocolStepDraft[];
}

export function renderAdapterMarkdown(adapter: RenderableAdapter): string {
  const parts: string[] = [];
  const frontmatter: Record<string, unknown> = { ...(adapter.frontmatter ?? {}) };
  if (adapter.slug) frontmatter.slug = adapter.slug;
  if (adapter.version) frontmatter.version = adapter.version;
  if (Object.keys(frontmatter).length > 0) parts.push(`---\n${stringifyYaml(frontmatter, { lineWidth: 0 }).trimEnd()}\n---`);
  parts.push(`# ${adapter.title}`);

  const activation = adapter.activationText?.trim()
    ? adapter.activationText.trim()
    : (adapter.activationPatterns ?? []).map((item) => `- ${item}`).join('\n');
  const section = activation === '' ? '' : `## ${ACTIVATION_PATTERNS_HEADING}\n\n${activation}`;
  if (section !== '' && adapter.steps.length === 0) parts.push(section);

  adapter.steps.forEach((step, index) => {
    let text = layerText(step, adapter.title);
    if (index === 0 && section !== '') text = withActivationSection(text, section);
    if (text !== '') parts.push(text);
    if (step.challenge) {
      const json = JSON.stringify({ contract: toAuthoredChallenge(step.challenge) }, null, 2);
      parts.push(`\`\`\`json\n${json}\n\`\`\``);
    }
  });
  if (adapter.rewardSignal?.trim()) parts.push(`## ${REWARD_SIGNAL_HEADING}\n\n${adapter.rewardSignal.trim()}`);
  return `${parts.join('\n\n')}\n`;
}

function layerText(step: ProtocolStepDraft, title: string): string {
  const ownLabel = firstH2(step.text)?.text ?? title;
  return ownLabel === step.label ? step.text : `## ${step.label}\n\n${step.text}`.trimEnd();
}

/** Layer 1's text with the activation section right before its first H2 (else after it), so intro text stays out of the section. */
function withActivationSection(text: string, section: string): string {
  const heading = firstH2(text);
  if (heading === undefined) return text === '' ? section : `${text}\n\n${section}`;
  return `${text.slice(0, heading.start)}${section}\n\n${text.slice(heading.start)}`;
}

function firstH2(markdown: string): { start: number; text: string } | undefined {
  return firstTopLevelH2(markdown);
}
