/**
 * The agent-memory tools (propose-update-behaviour.md §2, §7) with the reference names and JSON
 * shapes: each runs a GraphQL operation from operations.ts in process and maps the answer with
 * json-shapes.ts. Nothing here decides a rule: the proposal pipeline does.
 */
import * as z from 'zod';
import { upperValue } from '../json-case.js';
import { answerOf as answer, defineTool as tool, type ToolDefinition } from '../tool.js';
import { fetchContextJson, proposeUpdateInput, proposeUpdateJson, statusJson } from './json-shapes.js';
import { McpFetchContextDocument, McpProposeUpdateDocument, McpStatusDocument } from './operations.js';

export const MEMORY_TOOLS: readonly ToolDefinition[] = [
  tool({
    name: 'memory.propose_update',
    description:
      "Propose structured edits to the project's memory documents (decisions.md, pitfalls.md, conventions.md, shared.md, current/<name>.md, modules/<name>.md, sessions/…, archive/…). " +
      'Each operation is validated against the schema, scanned for secrets and PII, and checked for provenance; safe updates are applied at once, others are staged for a person to review. ' +
      'A rejection is in the answer (status "rejected" with a reason such as secret_detected, validation_failed, provenance_violation), not an error. ' +
      'Answer: { status: "applied" | "staged" | "rejected", reason?, message, routing?, staging_id?, files, findings?, violations?, provenance_violations?, applied_at?, affected_sections?, index_updated?, warnings?, staging_ttl_seconds?, human_approval_required?, review_command? }.',
    input: z.object({
      intent: z
        .enum([
          'update_current',
          'update_shared',
          'session_log',
          'add_pitfall',
          'record_decision',
          'refresh_module',
          'update_conventions',
          'archive_stale',
        ])
        .describe('What the proposal is for; each intent may touch only its own documents.'),
      rationale: z.string().optional().describe('A short reason, shown to reviewers.'),
      operations: z
        .array(
          z.object({
            operation: z.enum([
              'create_file',
              'replace_section',
              'append_section',
              'append_to_section',
              'replace_section_content',
              'archive_section',
              'remove_section',
              'rename_heading',
            ]),
            path: z.string().describe('The document path, e.g. decisions.md.'),
            section_id: z.string().optional(),
            heading: z.string().optional(),
            heading_level: z.number().int().optional(),
            parent_section_id: z.string().optional(),
            content: z.string().optional(),
            if_exists: z.enum(['reject', 'append', 'replace']).optional(),
            if_missing: z.enum(['reject', 'append', 'create_file']).optional(),
            archive_path: z.string().optional(),
            replacement: z.string().optional(),
            reason: z.string().optional(),
            new_heading: z.string().optional(),
            new_heading_level: z.number().int().optional(),
          }),
        )
        .describe('One or more structured edits, applied in order; all or nothing.'),
      sources: z
        .array(z.object({ type: z.enum(['user', 'file', 'test', 'session', 'inference', 'external']), ref: z.string().optional() }))
        .optional()
        .describe('Provenance (required for some intents, e.g. record_decision).'),
      confidence: z.enum(['confirmed', 'inferred', 'user-provided', 'stale', 'unknown']).optional(),
      owner: z.object({ id: z.string().optional(), kind: z.string().optional() }).optional().describe('The proposing agent.'),
      space: z.string().optional().describe('Target space; omitted or "personal" is your own.'),
    }),
    handle: async (args, call) =>
      answer(await call.run(McpProposeUpdateDocument, { input: proposeUpdateInput(args) as never }), (data) =>
        proposeUpdateJson(data.proposeUpdate),
      ),
  }),
  tool({
    name: 'memory.fetch_context',
    description:
      'Read project memory back before working: with a query, the most relevant sections best first; without one, the current state and conventions. ' +
      'Answer: { context (markdown, each section after a comment naming its file and section), included_files, omitted, suggested_next_queries, context_metadata { budget_used, budget_remaining }, sections }.',
    input: z.object({
      query: z.string().optional(),
      scope: z.array(z.string()).optional().describe('Only documents whose path contains one of these.'),
      budget: z.number().int().min(0).optional().describe('Characters of context (0 or omitted: the default, 24000).'),
      include: z
        .array(z.enum(['decision', 'pitfall', 'convention', 'shared', 'current', 'module', 'session_log', 'archive']))
        .optional()
        .describe('Only these kinds of document.'),
      exclude_archive: z.boolean().optional(),
    }),
    handle: async (args, call) => {
      const include = args.include?.map(upperValue);
      const outcome = await call.run(McpFetchContextDocument, {
        query: args.query ?? null,
        budgetChars: args.budget ? args.budget : null,
        include: (include ?? null) as never,
      });
      return answer(outcome, (data) => {
        const sections = data.memoryContext.sections.filter(
          (section) =>
            (!args.scope?.length || args.scope.some((part) => section.path.includes(part))) &&
            !(args.exclude_archive && section.category === 'ARCHIVE'),
        );
        return fetchContextJson(data.memoryContext, sections);
      });
    },
  }),
  tool({
    name: 'memory.status',
    description:
      'An overview of project memory in your space: document counts by kind and the staged proposals waiting for review (id, intent, age, time left, target files, drift). Takes no input.',
    input: z.object({}),
    handle: async (_args, call) => answer(await call.run(McpStatusDocument, {}), (data) => statusJson(data, new Date())),
  }),
];
