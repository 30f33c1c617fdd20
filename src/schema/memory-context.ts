import { builder } from '../builder.js';
import type { ContextSection, OmittedSection } from '../proposals/context-ranking.js';
import type { MemoryContextResult } from '../services/memory-context-service.js';
import { MemoryCategoryEnum } from './memory.js';

const ContextSectionRef = builder.objectRef<ContextSection>('MemoryContextSection').implement({
  description: 'One section of a project-memory document. Address it in `proposeUpdate` by `path` and `sectionId`.',
  fields: (t) => ({
    path: t.exposeString('path', { description: 'The document path.' }),
    sectionId: t.exposeString('sectionId', { description: 'The section id, for `ProposalOperationInput.sectionId`.' }),
    uri: t.exposeString('uri', { description: 'The document’s memory URI.' }),
    heading: t.exposeString('heading', { description: 'The heading text.' }),
    category: t.field({ type: MemoryCategoryEnum, description: 'The kind of document.', resolve: (section) => section.category }),
    text: t.exposeString('text', { description: 'Heading and direct body; subsections come as sections of their own.' }),
    score: t.exposeFloat('score', { description: 'Relevance to the query (higher is better); ties keep document order.' }),
  }),
});

const OmittedSectionRef = builder.objectRef<OmittedSection>('MemoryContextOmission').implement({
  description: 'A relevant section left out of the answer.',
  fields: (t) => ({
    path: t.exposeString('path', { description: 'The document path.' }),
    sectionId: t.exposeString('sectionId', { description: 'The section id.' }),
    reason: t.exposeString('reason', { description: 'Why: "budget exhausted" (ask with a larger `budgetChars`) or "near-duplicate of a higher-ranked section".' }),
  }),
});

const MemoryContextRef = builder.objectRef<MemoryContextResult>('MemoryContext').implement({
  description: 'Project-memory sections for a task, best first, within a character budget.',
  fields: (t) => ({
    sections: t.field({ type: [ContextSectionRef], description: 'The sections returned, best first.', resolve: (context) => context.sections }),
    omitted: t.field({ type: [OmittedSectionRef], description: 'Relevant sections left out, and why.', resolve: (context) => context.omitted }),
    budgetChars: t.exposeInt('budgetChars', { description: 'The budget used for this answer.' }),
    budgetUsed: t.exposeInt('budgetUsed', { description: 'Characters of section text returned.' }),
  }),
});

builder.queryField('memoryContext', (t) =>
  t.field({
    type: MemoryContextRef,
    description:
      'The project-memory sections most relevant to a query, best first, within `budgetChars` (default 24000), from the spaces you can read. ' +
      'Without a query: the current state and conventions, in document order. Read it before a task, and before `proposeUpdate` to find the `sectionId` to change. ' +
      'Codes: `BAD_USER_INPUT` (`budgetChars` outside 1 to 200000, `include` naming no project-memory category).',
    args: {
      query: t.arg.string({ description: 'What you are about to work on, in words; omitted: the current state and conventions.' }),
      budgetChars: t.arg.int({ description: 'Most characters of section text to return (default 24000, at most 200000).' }),
      include: t.arg({ type: [MemoryCategoryEnum], description: 'Only these categories (default: every project-memory category).' }),
    },
    resolve: (_root, args, ctx) => ctx.services.memoryContext.memoryContext(ctx.viewer, args),
  }),
);
