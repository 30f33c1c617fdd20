import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { layerUriOfMemoryUri, parseKairosUri } from '../../model/kairos-uri.js';
import { choiceJson, favourOwnSpace, withoutRepeatedMatches } from './activation.js';
import { forwardJson, solutionInputOf, type V4Solution } from './layer-json.js';
import {
  V4ActivateContextDocument,
  V4AdapterDocument,
  V4AttestDocument,
  V4BeginDocument,
  V4NextDocument,
  V4RecordActivationDocument,
  V4RunLayersDocument,
} from './operations.js';
import { answerOf, refused, type ToolAnswer, type ToolCall } from '../tool.js';
import { v4Tool } from './define-tool.js';
import { mcpV4Renderer } from '../../render/mcp-v4-renderer.js';
import type { V4AdapterQuery, V4LayerPayloadFragment } from '../../generated/graphql.js';

type Adapter = NonNullable<V4AdapterQuery['protocol']>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const solutionSchema = z
  .object({
    type: z.enum(['shell', 'mcp', 'user_input', 'comment', 'tensor']).describe('Must equal contract.type.'),
    outcome: z.enum(['success', 'failure', 'skipped']).optional(),
    evidence: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        'shell: exit_code, stdout, stderr; mcp: tool_name, arguments, response; comment: text; user_input: confirmation; tensor: name, value.',
      ),
    nonce: z.string().max(200).optional().describe('Echo contract.nonce.'),
    proof_hash: z.string().max(200).optional().describe('Echo contract.proof_hash.'),
    shell: z.record(z.string(), z.unknown()).optional().describe('Older shape: the evidence under the type.'),
    mcp: z.record(z.string(), z.unknown()).optional(),
    user_input: z.record(z.string(), z.unknown()).optional(),
    comment: z.union([z.record(z.string(), z.unknown()), z.string()]).optional(),
    tensor: z.record(z.string(), z.unknown()).optional(),
    text: z.string().optional(),
    trace: z.string().optional().describe('Your reasoning for this layer: kept with the proof and exported in trace_jsonl.'),
  })
  .describe('The proof of the layer: prefer { type, outcome, evidence, nonce, proof_hash }.');

/**
 * forward's answer; while only a person other than the runner can answer the pending prompt, it
 * also says so (`person_required`, as the 2026 era's run tools do): the runner waits for that
 * person and polls forward without a solution, which does not count as a failed attempt.
 */
function withPersonRequired(payload: V4LayerPayloadFragment, call: ToolCall): Record<string, unknown> {
  const json = forwardJson(payload, call.localArtifactDirs);
  const required = call.personRequired(payload.challenge, 'forward');
  return required ? { ...json, person_required: required } : json;
}

function matchesMessage(matches: readonly Record<string, unknown>[]): string {
  const scores = matches.map((choice) => (typeof choice.activation_score === 'number' ? choice.activation_score : 0));
  const summary =
    matches.length === 1
      ? ({ kind: 'ONE_MATCH' } as const)
      : ({ kind: 'MATCHES', count: matches.length, topScore: Math.max(...scores) } as const);
  return mcpV4Renderer.searchSummary(summary).message;
}

/**
 * A run that is gone or closed (RUN_NOT_FOUND, RUN_CLOSED) has no layer to show: as in KAIROS,
 * forward answers a tool error, `{ error, error_code, message }`, with the call that starts again.
 */
function runGone(payload: V4LayerPayloadFragment): ToolAnswer {
  const code = payload.errorCode ?? 'RUN_NOT_FOUND';
  return refused(code, payload.message ?? code, { error_code: code, execution_id: payload.runId, next_action: payload.nextAction });
}

export const V4_RUN_TOOLS = [
  v4Tool({
    name: 'activate',
    description:
      'Find the adapter for what the user asked, in plain words. Call it first for any task. Answer: { must_obey, message, next_action, execution_id, query, choices: [{ role: "match" | "refine" | "create", uri, label, adapter_name, activation_score (0..1, null unless match), tags, next_action, adapter_version, activation_patterns, space_name, slug, forward_first_call: { uri } | null, linked_artifacts?: [{ slug, filename, relative_path, download_url, sha256, content_type, materialize }] }] }. A match with linked_artifacts: run each materialize command (it downloads the file into $KAIROS_LOCAL_ARTIFACT_DIR and checks its sha256) before forward. ' +
      'Pick one choice and do its next_action (usually forward with forward_first_call.uri). To refine a vague request, call activate again with a better query and the same execution_id (the refine row is dropped after two refinements).',
    input: z.object({
      query: z.string().describe('What the user wants done.'),
      space: z.string().optional().describe('Only this space ("personal", a space id).'),
      space_id: z.string().optional().describe('Alias of space.'),
      max_choices: z.number().int().min(5).max(50).optional(),
      execution_id: z.string().max(64).optional().describe('From a previous activate of the same request (a UUID).'),
    }),
    handle: async (args, call) => {
      if (args.execution_id !== undefined && !UUID.test(args.execution_id))
        return refused('BAD_USER_INPUT', 'execution_id must be the UUID a previous activate answered');
      // The search first, under the sequence's id (its request is kept with it: learning reads a request with its
      // refinements); the sequence is recorded only once the search has taken the input, so a refusal counts nothing.
      const executionId = args.execution_id ?? randomUUID();
      const context = await call.run(V4ActivateContextDocument, {
        query: args.query,
        maxChoices: args.max_choices ?? null,
        space: args.space ?? args.space_id ?? null,
        executionId,
      });
      if (!context.ok) return answerOf(context, () => ({}));
      const activation = await call.run(V4RecordActivationDocument, { input: { executionId, fresh: args.execution_id === undefined } });
      if (!activation.ok) return answerOf(activation, () => ({}));
      const { refineOffered } = activation.data.recordActivation;
      const { me, search } = context.data;
      const choices = [];
      // A chain's later links start at its root: each root is looked up once per call.
      const roots = new Map<string, Promise<Adapter | null>>();
      const rootOf = (slug: string) => {
        if (!roots.has(slug))
          roots.set(
            slug,
            call
              .run(V4AdapterDocument, { uri: null, key: slug, withArtifacts: true })
              .then((found) => (found.ok ? found.data.protocol : null)),
          );
        return roots.get(slug)!;
      };
      for (const choice of search.choices) {
        if (choice.role === 'REFINE' && !refineOffered) continue;
        const found = await call.run(V4AdapterDocument, { uri: choice.uri, key: null, withArtifacts: choice.role === 'MATCH' });
        const adapter = found.ok ? found.data.protocol : null;
        const chainRoot = choice.role === 'MATCH' ? adapter?.chainRoot : null;
        const root = chainRoot && chainRoot !== adapter?.slug ? await rootOf(chainRoot) : null;
        choices.push({ choice, adapter, root });
      }
      const ranked = favourOwnSpace(
        choices.map((entry) => ({
          ...entry,
          role: entry.choice.role,
          score: entry.choice.score ?? null,
          space: entry.adapter?.space ?? null,
        })),
        me.defaultWriteSpace,
      );
      const shown = withoutRepeatedMatches(ranked.map((entry) => choiceJson(entry.choice, entry.adapter, entry.root)));
      const matchesShown = shown.filter((choice) => choice.role === 'match');
      const collapsed = matchesShown.length < ranked.filter((entry) => entry.role === 'MATCH').length;
      return {
        ok: true,
        json: {
          must_obey: true,
          // Links collapsed to their chain's root: the message counts the matches shown, as KAIROS 4's does.
          message: collapsed ? matchesMessage(matchesShown) : search.message,
          next_action: "Pick one choice and follow that choice's next_action.",
          execution_id: executionId,
          query: args.query,
          choices: shown,
          kairos_local_artifact_dir: [...call.localArtifactDirs],
        },
      };
    },
  }),
  v4Tool({
    name: 'forward',
    description:
      'Run an adapter layer by layer. First call: uri = the adapter (kairos://adapter/<slug>) and no solution; it starts a run. Then, for each layer: do what current_layer says, and call forward with next_call.args.uri (kairos://layer/<uuid>?execution_id=<run>) and a solution { type: contract.type, outcome, evidence, nonce: contract.nonce, proof_hash: contract.proof_hash }. ' +
      'Answer: { must_obey, current_layer { uri, content, mimeType }, contract { type, required, description, nonce, proof_hash, shell | mcp | user_input | comment | tensor }, next_action, next_call { kind: "forward" | "reward", args { uri, solution_template | outcome_template } }, execution_id, proof_hash, message?, error_code?, retry_count, adapter_layer_index, adapter_layer_count, current_layer_label, context_adapter_name, activation_space_name, kairos_local_artifact_dir }. An mcp contract names tool_name and arguments: make that call (for tool forward with an adapter uri, run that adapter to its end) and send { tool_name, arguments, response } as evidence. ' +
      "A failed proof is data (error_code: NONCE_MISMATCH, PROOF_HASH_MISMATCH, TYPE_MISMATCH, MISSING_FIELD, COMMAND_FAILED, MAX_RETRIES_EXCEEDED, …): retry with that answer's contract. A run closed or gone is a tool error (RUN_CLOSED, RUN_NOT_FOUND): start again as its next_action says. When next_call.kind is reward, call reward. " +
      'A tensor contract names its output (tensor.output: name, type, bounds) and the earlier outputs it reads (tensor.required_inputs), whose values come as tensor_in.',
    input: z.object({
      uri: z.string().max(300).describe('kairos://adapter/<slug|uuid> to start; kairos://layer/<uuid>?execution_id=<run> to continue.'),
      solution: solutionSchema.optional(),
    }),
    handle: async (args, call) => {
      const target = parseKairosUri(args.uri);
      if (!target || target.kind === 'mem')
        return refused('BAD_USER_INPUT', 'uri must be kairos://adapter/<slug|uuid> or kairos://layer/<uuid>?execution_id=<run>');
      if (target.kind === 'adapter' || !target.executionId) {
        if (args.solution)
          return refused(
            'BAD_USER_INPUT',
            'Omit solution on the first forward call (an adapter URI, or a layer URI without execution_id): it starts a run.',
          );
        // begin resolves adapter (slug, chain id, step id) and layer URIs (MemoryReader).
        const begun = await call.run(V4BeginDocument, { input: { uri: args.uri } });
        return answerOf(begun, (data) => withPersonRequired(data.begin, call));
      }
      const moved = await call.run(V4NextDocument, {
        // RunService resolves the layer URI and its execution_id (EXECUTION_ID_MISMATCH).
        input: { uri: args.uri, runId: null, solution: args.solution ? (solutionInputOf(args.solution as V4Solution) as never) : null },
      });
      if (moved.ok && !moved.data.next.currentStep && moved.data.next.errorCode) return runGone(moved.data.next);
      return answerOf(moved, (data) => withPersonRequired(data.next, call));
    },
  }),
  v4Tool({
    name: 'reward',
    description:
      "Close a run when forward's next_call.kind is reward: outcome success (every required layer proven) or failure, with optional grading (score 0..1, feedback, rater, rubric_version, llm_model_id). " +
      'Answer: { results: [one per layer: { uri, outcome, score, feedback, rater, rubric_version, llm_model_id, grader_kind, evaluation_label, exportable_for_sft, exportable_for_preference, sft_blockers, preference_blockers, rated_at }], total_rated, total_failed, execution_id, next_call: null }. ' +
      'Refusals: INCOMPLETE_RUN (a required layer is unproven), RUN_CLOSED, RUN_NOT_FOUND, BAD_USER_INPUT (score outside 0..1).',
    input: z.object({
      uri: z.string().max(300).describe('kairos://layer/<uuid>?execution_id=<run> (next_call.args.uri).'),
      outcome: z.enum(['success', 'failure']),
      score: z.number().optional(),
      feedback: z.string().optional(),
      rater: z.string().optional(),
      rubric_version: z.string().optional(),
      llm_model_id: z.string().optional(),
    }),
    handle: async (args, call) => {
      const target = parseKairosUri(args.uri);
      if (!target || target.kind !== 'layer' || !target.executionId)
        return refused('BAD_USER_INPUT', 'uri must be kairos://layer/<uuid>?execution_id=<run>');
      const attested = await call.run(V4AttestDocument, {
        input: {
          uri: args.uri,
          runId: null,
          outcome: args.outcome === 'success' ? 'SUCCESS' : 'FAILURE',
          message: args.feedback?.trim() || `reward: ${args.outcome}`,
          llmModelId: args.llm_model_id ?? null,
          score: args.score ?? null,
          rubricVersion: args.rubric_version ?? null,
          rater: args.rater ?? null,
          feedback: args.feedback ?? null,
        },
      });
      if (!attested.ok) return answerOf(attested, () => ({}));
      const payload = attested.data.attest;
      if (payload.errorCode) return refused(payload.errorCode, `${payload.message} ${payload.nextAction}`.trim());
      const layers = await call.run(V4RunLayersDocument, { id: payload.runId });
      // One result per layer of the run; the attested layer alone when the run cannot be read back.
      const uris = layers.ok && layers.data.run ? layers.data.run.stepUris : [payload.uri];
      const grading = payload.grading;
      const lower = (codes: readonly string[] | undefined) => (codes ?? []).map((code) => code.toLowerCase());
      const results = uris.map((uri) => ({
        uri: layerUriOfMemoryUri(uri, payload.runId),
        outcome: payload.outcome.toLowerCase(),
        score: grading?.score ?? null,
        feedback: grading?.feedback ?? null,
        rater: grading?.rater ?? null,
        rubric_version: grading?.rubricVersion ?? null,
        llm_model_id: grading?.llmModelId ?? null,
        grader_kind: (grading?.graderKind ?? 'UNKNOWN').toLowerCase(),
        evaluation_label: (grading?.evaluationLabel ?? 'BRONZE').toLowerCase(),
        exportable_for_sft: grading?.exportableForSft ?? false,
        exportable_for_preference: grading?.exportableForPreference ?? false,
        sft_blockers: lower(grading?.sftBlockers),
        preference_blockers: lower(grading?.preferenceBlockers),
        rated_at: payload.ratedAt,
      }));
      return { ok: true, json: { results, total_rated: results.length, total_failed: 0, execution_id: payload.runId, next_call: null } };
    },
  }),
];
