/**
 * The KAIROS 3 tools (reference kairos-v3-behaviour.md §3.7, §5–§7), with the reference names and
 * JSON shapes. Each tool validates its arguments (zod), runs GraphQL operations from
 * operations.ts in process, and maps the answer with json-shapes.ts. Nothing here decides a
 * rule: the schema's services do.
 */
import * as z from 'zod';
import type { McpStepPayloadFragment } from '../../generated/graphql.js';
import type { OperationOutcome } from '../graphql-door.js';
import { upperValue } from '../json-case.js';
import { answerOf as answer, defineTool as tool, type ToolAnswer, type ToolCall, type ToolDefinition } from '../tool.js';
import {
  answerPromptJson,
  attestJson,
  deleteJson,
  type McpSolution,
  mintJson,
  runJson,
  searchJson,
  solutionInput,
  stepPayloadJson,
  updateJson,
} from './json-shapes.js';
import {
  McpAnswerPromptDocument,
  McpAttestDocument,
  McpBeginDocument,
  McpDeleteDocument,
  McpMintDocument,
  McpNextDocument,
  McpRunDocument,
  McpSearchDocument,
  McpUpdateDocument,
} from './operations.js';

// Schemas check shapes only; what a value may be (non-empty, known…) the services decide, so a
// refusal carries the same code and message as over GraphQL.
const memoryUri = z.string().describe('kairos://mem/{uuid}');

const solutionSchema = z
  .object({
    type: z.enum(['shell', 'mcp', 'user_input', 'comment']).describe('Must equal challenge.type.'),
    nonce: z.string().optional().describe('Echo challenge.nonce.'),
    proof_hash: z.string().optional().describe("Echo challenge.proof_hash (after an error: the error answer's challenge.proof_hash)."),
    shell: z
      .object({
        exit_code: z.number().optional(),
        stdout: z.string().optional(),
        stderr: z.string().optional(),
        duration_seconds: z.number().optional(),
      })
      .optional()
      .describe('For shell: the real exit code and output of the command.'),
    mcp: z
      .object({
        tool_name: z.string().optional(),
        arguments: z.unknown().optional(),
        result: z.unknown().optional(),
        success: z.boolean().optional(),
      })
      .optional()
      .describe('For mcp: the tool you called and its real result.'),
    user_input: z
      .object({ confirmation: z.string().optional(), timestamp: z.string().optional() })
      .optional()
      .describe("For user_input: the user's own reply; never invent it."),
    comment: z.object({ text: z.string().optional() }).optional().describe('For comment: a genuine summary of what was done.'),
  })
  .describe('The proof of the pending step, matching its challenge.');

const STEP_ANSWER = `Answer: { must_obey, current_step { uri, content, mimeType, step_index, step_count }, challenge { type, description, nonce, proof_hash, prompt_id?, shell | mcp | user_input | comment }, next_action, message?, proof_hash?, error_code?, retry_count?, run_id }.`;

async function withHost(outcome: OperationOutcome<McpStepPayloadFragment>, call: ToolCall): Promise<ToolAnswer> {
  if (!outcome.ok) return answer(outcome, stepPayloadJson);
  return answer(await call.askHost(outcome.data), stepPayloadJson);
}

export const V3_TOOLS: readonly ToolDefinition[] = [
  tool({
    name: 'kairos_search',
    description:
      'Find the protocol for what the user asked, by plain words. Call this first for any task that may have a protocol. ' +
      'Answer: { must_obey, message, next_action, choices: [{ uri, label, chain_label, score, role: "match" | "refine" | "create", tags, next_action, protocol_version }] }. ' +
      'Pick one choice and do exactly what its next_action says (usually: call kairos_begin with its uri). "refine" helps turn a vague request into a better query; "create" guides writing a new protocol. ' +
      'Refusals: BAD_USER_INPUT (empty or over-long query), FORBIDDEN (a space you cannot read).',
    input: z.object({
      query: z.string().describe('What the user wants done, in words (not empty).'),
      space: z.string().optional().describe('Only this space (a space id, or "personal").'),
      space_id: z.string().optional().describe('Alias of space.'),
      max_choices: z.number().int().min(5).max(50).optional().describe('Most "match" choices, 5 to 50 (default 10).'),
    }),
    handle: async (args, call) =>
      answer(
        await call.run(McpSearchDocument, {
          query: args.query,
          maxChoices: args.max_choices ?? null,
          space: args.space ?? args.space_id ?? null,
        }),
        (data) => searchJson(data.search),
      ),
  }),
  tool({
    name: 'kairos_begin',
    asksHost: true,
    description:
      'Start a run of a protocol: send the uri of any of its steps (from kairos_search or kairos_mint) or its key (slug); if both, uri wins. ' +
      'The run begins at step 1 and shows it with its challenge. must_obey is true: follow next_action exactly and do not answer the user before kairos_attest. ' +
      'Do the challenge, then call kairos_next with the uri next_action names and a solution echoing challenge.nonce and challenge.proof_hash; pass run_id too. ' +
      'When the host supports elicitation, a user_input step is asked of the user directly and the run moves on. ' +
      STEP_ANSWER +
      ' Refusals: NOT_FOUND (no such protocol in your spaces), AMBIGUOUS (a key found in several spaces: use a uri), BAD_USER_INPUT.',
    input: z.object({
      uri: memoryUri.optional().describe('Any step of the protocol (kairos://mem/{uuid}).'),
      key: z.string().optional().describe('The protocol slug, e.g. analyze-and-plan.'),
    }),
    handle: async (args, call) => {
      const input = args.uri ? { uri: args.uri } : args.key ? { key: args.key } : {};
      const begun = await call.run(McpBeginDocument, { input });
      return withHost(begun.ok ? { ok: true, data: begun.data.begin } : begun, call);
    },
  }),
  tool({
    name: 'kairos_next',
    asksHost: true,
    description:
      "Prove the run's pending step and get the next one. uri: the step next_action named (the pending step or the one after it). " +
      "solution: type equal to challenge.type, nonce and proof_hash echoed from the last answer's challenge, and the type's object with REAL results (shell.exit_code/stdout/stderr, mcp.tool_name/result/success, user_input.confirmation from the user, comment.text). " +
      'run_id: from kairos_begin; without it, your most recent open run of this protocol. Omit solution only for a step that needs no proof. ' +
      "A failure is data: error_code (NONCE_MISMATCH, PROOF_HASH_MISMATCH, MISSING_FIELD, TYPE_MISMATCH, COMMAND_FAILED, MISSING_PROOF, USER_DECLINED…) and retry_count; retry with the nonce and proof_hash of THAT answer's challenge. " +
      'After MAX_RETRIES_EXCEEDED (must_obey false) choose: fix the step with kairos_update and retry, kairos_attest with outcome failure, or ask the user. ' +
      'When next_action says kairos_attest, every step is done. ' +
      STEP_ANSWER,
    input: z.object({
      uri: memoryUri,
      solution: solutionSchema.optional(),
      run_id: z.string().optional().describe('The run from kairos_begin.'),
    }),
    handle: async (args, call) => {
      const moved = await call.run(McpNextDocument, {
        input: {
          uri: args.uri,
          runId: args.run_id ?? null,
          solution: args.solution ? (solutionInput(args.solution as McpSolution) as never) : null,
        },
      });
      return withHost(moved.ok ? { ok: true, data: moved.data.next } : moved, call);
    },
  }),
  tool({
    name: 'kairos_attest',
    description:
      'Finish a run when next_action says so: outcome "success" (every required step proven) or "failure" (to abort), with a short message of what was done. ' +
      'Then report the outcome to the user. Answer: { results: [{ uri, outcome, quality_bonus, message, rated_at }], total_rated, total_failed, error_code?, next_action, run_id }. ' +
      'error_code INCOMPLETE_RUN: a required step is unproven (next_action names it); RUN_CLOSED: already attested; RUN_NOT_FOUND: no such run.',
    input: z.object({
      uri: memoryUri.describe('The step next_action named (any step of the run).'),
      outcome: z.enum(['success', 'failure']),
      message: z.string().describe('What was done, or why the run failed.'),
      quality_bonus: z.number().optional(),
      llm_model_id: z.string().optional(),
      run_id: z.string().optional().describe('The run from kairos_begin; without it, your most recent open run of this protocol.'),
    }),
    handle: async (args, call) =>
      answer(
        await call.run(McpAttestDocument, {
          input: {
            uri: args.uri,
            runId: args.run_id ?? null,
            outcome: upperValue(args.outcome) as 'SUCCESS' | 'FAILURE',
            message: args.message,
            qualityBonus: args.quality_bonus ?? null,
            llmModelId: args.llm_model_id ?? null,
          },
        }),
        (data) => attestJson(data.attest),
      ),
  }),
  tool({
    name: 'kairos_answer_prompt',
    description:
      "Relay the user's own reply to a user_input step's prompt (challenge.prompt_id), when the user answered you in the conversation. Never invent the reply. " +
      'A prompt marked require_human can only be answered by a person on the live page (/ui), not through this tool. ' +
      'Answer: { prompt { prompt_id, status, … }, result: the run after the answer (as kairos_next answers) }. Refusals: NOT_FOUND, FORBIDDEN, BAD_USER_INPUT.',
    input: z.object({ prompt_id: z.string(), confirmation: z.string().describe("The user's reply, as they gave it.") }),
    handle: async (args, call) =>
      answer(await call.run(McpAnswerPromptDocument, { input: { promptId: args.prompt_id, confirmation: args.confirmation } }), (data) =>
        answerPromptJson(data.answerPrompt),
      ),
  }),
  tool({
    name: 'kairos_run',
    description:
      "A run's state: status (active, completed, attested, expired), pending_step_index, retry_count, every proof (who gave it: source agent or human, its hash chain) and every event. " +
      'Use it to resume after a restart or to show the user what was proven. Refusals: NOT_FOUND (no such run in your spaces).',
    input: z.object({ run_id: z.string() }),
    handle: async (args, call) => {
      const outcome = await call.run(McpRunDocument, { id: args.run_id });
      if (outcome.ok && !outcome.data.run) return { ok: false, code: 'NOT_FOUND', message: `Run ${args.run_id} not found` };
      return answer(outcome, (data) => runJson(data.run!));
    },
  }),
  tool({
    name: 'kairos_update',
    description:
      'Update one or more memories (protocol steps) by URI: to replace, modify or fix content, e.g. after kairos_next answered MAX_RETRIES_EXCEEDED and you chose to fix the step for future runs (then retry kairos_next or tell the user). ' +
      "Send markdown_doc (one markdown string per uri; a ```json challenge block replaces the step's challenge; BODY markers are honoured) or updates (fields for every uri: text, label, tags, challenge). " +
      'Answer: { results: [{ uri, status: "updated" | "error", message }], total_updated, total_failed }, with notices: [{ code, uri, keys, message }] when a challenge has keys the server does not read (kept as written: check them for a typo). When total_failed > 0, report which failed and why. ' +
      'Whole-call refusals: BAD_USER_INPUT (empty uris, markdown_doc length not matching uris, neither or both of markdown_doc and updates).',
    input: z.object({
      uris: z.array(memoryUri).describe('One or more memory URIs.'),
      markdown_doc: z.array(z.string()).optional(),
      updates: z.record(z.string(), z.unknown()).optional(),
    }),
    handle: async (args, call) =>
      answer(
        await call.run(McpUpdateDocument, {
          input: { uris: args.uris, markdownDoc: args.markdown_doc ?? null, updates: args.updates ?? null },
        }),
        (data) => updateJson(data.updateMemories),
      ),
  }),
  tool({
    name: 'kairos_delete',
    description:
      "Delete one or more memories by URI (resolve them first with kairos_search or a protocol's steps). Each URI is deleted on its own, so partial success is possible; deleting one step does not delete the rest of its protocol. " +
      'Answer: { results: [{ uri, status: "deleted" | "error", message }], total_deleted, total_failed }. Report failures; do not claim full success when total_failed > 0.',
    input: z.object({ uris: z.array(memoryUri).describe('One or more memory URIs.') }),
    handle: async (args, call) =>
      answer(await call.run(McpDeleteDocument, { input: { uris: args.uris } }), (data) => deleteJson(data.deleteMemories)),
  }),
  tool({
    name: 'kairos_mint',
    description:
      'Store a protocol: a KAIROS markdown document (H1 title, steps ending in a ```json {"challenge": …} block; a "Natural Language Triggers" section helps search). ' +
      'Answer: { items: [{ uri, memory_uuid, label, tags }] in step order, status: "stored" } (and notices, as kairos_update answers them); begin it with kairos_begin and items[0].uri. ' +
      'Refusals: PROTOCOL_STRUCTURE_INVALID (with the line), DUPLICATE_CHAIN (send force_update: true to replace it), DUPLICATE_SLUG, INVALID_SLUG, SPACE_READ_ONLY, SPACE_NOT_FOUND, PAYLOAD_TOO_LARGE.',
    input: z.object({
      markdown_doc: z.string().describe('The protocol document (markdown).'),
      llm_model_id: z.string().min(1).describe('The model writing the protocol.'),
      force_update: z.boolean().optional(),
      protocol_version: z.string().optional(),
      space: z.string().optional().describe('Target space; omitted or "personal" is your own.'),
    }),
    handle: async (args, call) => {
      // The reference accepts a document sent as a JSON string literal.
      let markdown = args.markdown_doc;
      if (markdown.length > 1 && markdown.startsWith('"') && markdown.endsWith('"')) {
        try {
          markdown = JSON.parse(markdown) as string;
        } catch {
          // Not JSON after all: the text is the document.
        }
      }
      return answer(
        await call.run(McpMintDocument, {
          input: { markdown, force: args.force_update ?? null, protocolVersion: args.protocol_version ?? null, space: args.space ?? null },
        }),
        (data) => mintJson(data.mint),
      );
    },
  }),
];
