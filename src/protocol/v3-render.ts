/** The v3 protocol dump (reference §3.9): a stored protocol back to markdown that mints to the same steps. */
import { stringify as stringifyYaml } from 'yaml';
import { toAuthoredChallenge } from './challenge-json.js';
import { BODY_END_MARKER, BODY_START_MARKER, hasBodyMarkers, trimMarkdownBlock } from './body-markers.js';
import { type DocumentFormat, FORMAT_KEY } from './frontmatter.js';
import { firstTopLevelH2 } from './first-heading.js';
import type { ProtocolStepDraft, RenderableProtocol } from './protocol-draft.js';
import { TRIGGERS_HEADING, isTriggersHeading } from './v3-protocol.js';

/**
 * The protocol dump (reference §3.9): minting the result gives back the same title, slug,
 * version, triggers and steps for any protocol `parseProtocolMarkdown` produced (property-tested).
 * A protocol without challenges gets `format: kairos-v3` in its frontmatter, since frontmatter
 * alone would make the document a one-layer KAIROS 4 adapter.
 *
 * A step whose text would not yield its label when minted (an update replaced the text, BODY
 * markers cut the heading off, or the text itself holds markers) is written as `## {label}`
 * followed by its text between BODY markers, so stored labels survive a dump/mint cycle.
 * Limits, reachable only through data that did not come from parsing: in a protocol with
 * challenges only the last step can lack one (an earlier challenge-less step merges into the
 * next, because only challenges cut); without challenges a step's text must hold at most one
 * H2, at its start (each H2 cuts); step texts and triggers must not contain an H1, an H2 (for
 * triggers), a challenge block or a PROOF OF WORK line; a label written as a heading loses
 * leading step numbering ("1. Intro" → "Intro").
 */
export function renderProtocolMarkdown(protocol: RenderableProtocol): string {
  const parts: string[] = [];
  const frontmatter: Record<string, string> = {};
  if (protocol.slug !== undefined) frontmatter.slug = protocol.slug;
  if (protocol.version !== undefined) frontmatter.version = protocol.version;
  const hasChallenges = protocol.steps.some((step) => step.challenge !== null);
  // Frontmatter without a challenge would read as a KAIROS 4 adapter (one layer): say it is v3.
  if (Object.keys(frontmatter).length > 0 && !hasChallenges) frontmatter[FORMAT_KEY] = 'kairos-v3' satisfies DocumentFormat;
  if (Object.keys(frontmatter).length > 0) {
    parts.push(`---\n${stringifyYaml(frontmatter, { lineWidth: 0 }).trimEnd()}\n---`);
  }
  parts.push(`# ${protocol.title}`);

  // Without challenges every step is cut at its H2, so only a lone step may go without one.
  const mayOmitHeading = hasChallenges || protocol.steps.length === 1;
  const chunks = protocol.steps.map((step) => renderStepText(step, mayOmitHeading, protocol.title));
  const triggers = protocol.triggers === undefined ? '' : trimMarkdownBlock(protocol.triggers);
  if (triggers !== '') {
    const section = `## ${TRIGGERS_HEADING}\n\n${triggers}`;
    const first = chunks[0];
    if (first === undefined) parts.push(section);
    else chunks[0] = insertTriggersSection(first, section);
  }

  protocol.steps.forEach((step, index) => {
    const chunk = chunks[index];
    if (chunk) parts.push(chunk);
    if (step.challenge) {
      const json = JSON.stringify({ challenge: toAuthoredChallenge(step.challenge) }, null, 2);
      parts.push(`\`\`\`json\n${json}\n\`\`\``);
    }
  });
  return `${parts.join('\n\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// Rendering helpers

function renderStepText(step: ProtocolStepDraft, mayOmitHeading: boolean, title: string): string {
  const ownHeading = firstStepHeading(step.text);
  const ownLabel = ownHeading?.text ?? title;
  const needsHeading = ownHeading === undefined && !mayOmitHeading;
  if (ownLabel === step.label && !hasBodyMarkers(step.text) && !needsHeading) return step.text;
  const heading = step.label === title && ownHeading === undefined && mayOmitHeading ? '' : `## ${step.label}\n\n`;
  return `${heading}${BODY_START_MARKER}\n${step.text}\n${BODY_END_MARKER}`;
}

/** Puts the triggers section right before step 1's first H2 so step 1's text is left intact. */
function insertTriggersSection(stepChunk: string, section: string): string {
  const heading = firstStepHeading(stepChunk);
  if (heading === undefined) return stepChunk === '' ? section : `${stepChunk}\n\n${section}`;
  return `${stepChunk.slice(0, heading.start)}${section}\n\n${stepChunk.slice(heading.start)}`;
}

/** First top-level `## ` heading (sanitised text) that is not the triggers heading. */
function firstStepHeading(markdown: string): { start: number; text: string } | undefined {
  return firstTopLevelH2(markdown, (text) => !isTriggersHeading(text));
}
