/**
 * The live run view's own tools, callable by the view only (MCP Apps `visibility: ["app"]`):
 * `run_live` reads a run as the view shows it (its layers, which are settled, the prompt it
 * waits on), `run_live_answer` stores the person's answer to that prompt as an elicitation's
 * answer is stored, so the one rule of who may answer decides it. A `require_human` prompt of
 * the caller's own run is never answered here: the view names the live page instead.
 */
import * as z from 'zod';
import type { McpRunLiveQuery } from '../../generated/graphql.js';
import { lowerValue } from '../json-case.js';
import { defineTool, refused, type ToolAnswer, type ToolCall, type ToolDefinition } from '../tool.js';
import { McpRunLiveDocument } from './operations.js';

export const RUN_LIVE_TOOL = 'run_live';
export const RUN_LIVE_ANSWER_TOOL = 'run_live_answer';

const runId = z.string().min(1).max(128).describe('The run id (run_id or execution_id of a tool result)');

type LiveRun = NonNullable<McpRunLiveQuery['run']>;

/** The run as the view shows it; `personRequired` decides whether its prompt is answered here. */
function liveRunJson(run: LiveRun, viewerId: string, call: ToolCall): Record<string, unknown> {
  const settled = new Set(run.proofs.filter((proof) => proof.settled).map((proof) => proof.stepIndex));
  const closedWithoutPending = run.pendingStepIndex === null && run.status !== 'EXPIRED';
  const prompt = run.pendingPrompt;
  // Only the runner's own host is held to "not through its own host"; another viewer is judged by the service when it answers.
  const required =
    prompt && run.principalId === viewerId
      ? call.personRequired(
          { type: 'USER_INPUT', promptId: prompt.promptId, userInput: { requireHuman: prompt.requireHuman } },
          'kairos_next (or forward)',
        )
      : null;
  return {
    run_id: run.id,
    status: lowerValue(run.status),
    outcome: lowerValue(run.outcome),
    protocol_label: run.protocolLabel,
    layer_count: run.stepCount,
    pending_layer_index: run.pendingStepIndex,
    retry_count: run.retryCount,
    updated_at: run.updatedAt,
    layers: run.stepLabels.map((label, index) => ({
      index: index + 1,
      label: label || `Layer ${index + 1}`,
      settled: settled.has(index + 1) || closedWithoutPending || (run.pendingStepIndex !== null && index + 1 < run.pendingStepIndex),
    })),
    prompt: prompt
      ? {
          prompt_id: prompt.promptId,
          prompt: prompt.prompt,
          layer_content: prompt.stepContent,
          layer_index: prompt.stepIndex,
          require_human: prompt.requireHuman,
          answer_here: required === null,
          person_required: required,
        }
      : null,
  };
}

async function liveRun(call: ToolCall, id: string): Promise<ToolAnswer> {
  const read = await call.run(McpRunLiveDocument, { id });
  if (!read.ok) return refused(read.refusal.code, read.refusal.message);
  if (!read.data.run) return refused('NOT_FOUND', `Run ${id} not found`);
  return { ok: true, json: liveRunJson(read.data.run, read.data.me.principalId, call) };
}

export const RUN_LIVE_TOOLS: readonly ToolDefinition[] = [
  defineTool({
    name: RUN_LIVE_TOOL,
    description: "The live run view's refresh: a run's layers, which are settled, and the prompt its pending layer waits on.",
    input: z.object({ run_id: runId }),
    handle: (args, call) => liveRun(call, args.run_id),
  }),
  defineTool({
    name: RUN_LIVE_ANSWER_TOOL,
    description:
      "The live run view's answer to a run's user_input prompt, stored as the host's person's answer (accept with the confirmation, or decline). " +
      'A require_human prompt of your own run is refused (FORBIDDEN): a person answers it on the live page.',
    input: z.object({
      run_id: runId,
      prompt_id: z.string().min(1).max(128),
      action: z.enum(['accept', 'decline']),
      confirmation: z.string().max(10_000).optional(),
    }),
    async handle(args, call) {
      // The prompt must be the one this run waits on: the view answers what it shows, not another run's prompt.
      const before = await call.run(McpRunLiveDocument, { id: args.run_id });
      if (!before.ok) return refused(before.refusal.code, before.refusal.message);
      if (!before.data.run) return refused('NOT_FOUND', `Run ${args.run_id} not found`);
      if (before.data.run.pendingPrompt?.promptId !== args.prompt_id)
        return refused(
          'BAD_USER_INPUT',
          `Prompt ${args.prompt_id} is not the one run ${args.run_id} waits on: refresh the run and answer its prompt`,
        );
      const answered = await call.answerAtHost(args.prompt_id, { action: args.action, content: { confirmation: args.confirmation } });
      if (!answered.ok) return refused(answered.refusal.code, answered.refusal.message);
      return liveRun(call, args.run_id);
    },
  }),
];
