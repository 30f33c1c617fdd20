import type { ProposeUpdateInput } from '../../src/generated/graphql.js';
import { collect, type TestServer } from '../support/app.js';
import { ProposalEventsDocument, ProposeUpdateDocument } from './documents.js';

/** A decision entry that satisfies the default DECISION schema. */
export function decisionBody(text: string, fields: { date?: string; status?: string; confidence?: string } = {}): string {
  return [
    `Date: ${fields.date ?? '2026-11-21'}`,
    `Status: ${fields.status ?? 'active'}`,
    `Confidence: ${fields.confidence ?? 'confirmed'}`,
    '',
    text,
  ].join('\n');
}

/** RECORD_DECISION appending one `## heading` section to decisions.md, with a file source. */
export function recordDecision(heading: string, text: string, overrides: Partial<ProposeUpdateInput> = {}): ProposeUpdateInput {
  return {
    intent: 'RECORD_DECISION',
    rationale: `Record the ${heading} decision`,
    operations: [{ kind: 'APPEND_SECTION', file: 'decisions.md', heading, content: decisionBody(text) }],
    sources: [{ type: 'FILE', ref: 'src/store/memory-store.ts' }],
    ...overrides,
  };
}

export function addPitfall(bullet: string): ProposeUpdateInput {
  return {
    intent: 'ADD_PITFALL',
    rationale: 'note a pitfall',
    operations: [{ kind: 'APPEND_TO_SECTION', file: 'pitfalls.md', sectionId: 'pitfalls', content: `- ${bullet}` }],
  };
}

/**
 * Subscribes to proposalEvents and waits until the subscription is live: proposalEvents has no
 * replay, so a throwaway proposal is staged until its event shows up. Filter with `until(n, { where })`.
 */
export async function liveProposalEvents(server: TestServer) {
  const subscription = collect(server.wsClient(), ProposalEventsDocument, { space: 'personal' });
  for (let attempt = 0; subscription.events.length === 0 && attempt < 100; attempt++) {
    await server.query(ProposeUpdateDocument, { input: recordDecision(`Probe ${attempt}`, 'probe') });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return subscription;
}
