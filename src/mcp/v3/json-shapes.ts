/**
 * The one mapping between this API's GraphQL shapes and the reference JSON the KAIROS 3
 * tools speak (the seed examples): camelCase ↔ snake_case field names, SCREAMING_SNAKE ↔ lowercase
 * enum values. Answers may add keys to the seeds' shapes (run_id, step_index…), never drop or
 * rename one; keys whose value is null are left out where the seeds leave them out.
 */
import type {
  McpAnswerPromptMutation,
  McpAttestMutation,
  McpDeleteMutation,
  McpMintMutation,
  McpRunQuery,
  McpSearchQuery,
  McpStepPayloadFragment,
  McpUpdateMutation,
} from '../../generated/graphql.js';
import { type Json, lowerValue, present, upperValue } from '../json-case.js';

export function stepPayloadJson(payload: McpStepPayloadFragment): Json {
  const json = stepPayloadFields(payload);
  // The seeds always show a challenge's nonce; null once no proof is expected any more.
  if (payload.challenge) (json.challenge as Json).nonce = payload.challenge.nonce;
  return json;
}

function stepPayloadFields(payload: McpStepPayloadFragment): Json {
  const challenge = payload.challenge;
  const failed = payload.errorCode !== null;
  return present({
    must_obey: payload.mustObey,
    current_step: payload.currentStep
      ? {
          uri: payload.currentStep.uri,
          content: payload.currentStep.content,
          mimeType: payload.currentStep.mimeType,
          step_index: payload.currentStep.stepIndex,
          step_count: payload.currentStep.stepCount,
        }
      : null,
    challenge: challenge
      ? present({
          type: lowerValue(challenge.type),
          description: challenge.description,
          required: challenge.required,
          shell: challenge.shell
            ? present({
                cmd: challenge.shell.cmd,
                timeout_seconds: challenge.shell.timeoutSeconds,
                interpreter: challenge.shell.interpreter,
                flags: challenge.shell.flags,
                args: challenge.shell.args,
                workdir: challenge.shell.workdir,
                invocation_display: challenge.shell.invocationDisplay,
              })
            : null,
          mcp: challenge.mcp ? { tool_name: challenge.mcp.toolName, expected_result: challenge.mcp.expectedResult } : null,
          user_input: challenge.userInput ? { prompt: challenge.userInput.prompt, require_human: challenge.userInput.requireHuman } : null,
          comment: challenge.comment ? { min_length: challenge.comment.minLength } : null,
          proof_hash: challenge.proofHash,
          prompt_id: challenge.promptId,
        })
      : null,
    message: payload.message,
    next_action: payload.nextAction,
    proof_hash: payload.proofHash,
    error_code: payload.errorCode,
    retry_count: failed ? payload.retryCount : null,
    run_id: payload.runId,
  });
}

/** The reference's MCP solution (§4.2) as this API's SolutionInput. */
export function solutionInput(solution: McpSolution): Json {
  return present({
    type: upperValue(solution.type),
    nonce: solution.nonce,
    proofHash: solution.proof_hash,
    shell: solution.shell
      ? present({
          exitCode: solution.shell.exit_code,
          stdout: solution.shell.stdout,
          stderr: solution.shell.stderr,
          durationSeconds: solution.shell.duration_seconds,
        })
      : null,
    mcp: solution.mcp
      ? present({
          toolName: solution.mcp.tool_name,
          arguments: solution.mcp.arguments,
          result: solution.mcp.result,
          success: solution.mcp.success,
        })
      : null,
    userInput: solution.user_input
      ? present({ confirmation: solution.user_input.confirmation, timestamp: solution.user_input.timestamp })
      : null,
    comment: solution.comment ? present({ text: solution.comment.text }) : null,
  });
}

export interface McpSolution {
  type: string;
  nonce?: string;
  proof_hash?: string;
  shell?: { exit_code?: number; stdout?: string; stderr?: string; duration_seconds?: number };
  mcp?: { tool_name?: string; arguments?: unknown; result?: unknown; success?: boolean };
  user_input?: { confirmation?: string; timestamp?: string };
  comment?: { text?: string };
}

export function searchJson(result: McpSearchQuery['search']): Json {
  return {
    must_obey: result.mustObey,
    message: result.message,
    next_action: result.nextAction,
    choices: result.choices.map((choice) => ({
      uri: choice.uri,
      label: choice.label,
      chain_label: choice.chainLabel,
      score: choice.score,
      role: lowerValue(choice.role),
      tags: choice.tags,
      next_action: choice.nextAction,
      protocol_version: choice.protocolVersion,
    })),
  };
}

/** Reference §5.8: `{ results: [{ uri, outcome, quality_bonus, message, rated_at }], total_rated, total_failed }`. */
export function attestJson(payload: McpAttestMutation['attest']): Json {
  const rated = payload.errorCode === null;
  return present({
    results: [
      {
        uri: payload.uri,
        outcome: lowerValue(payload.outcome),
        quality_bonus: payload.qualityBonus,
        message: payload.message,
        rated_at: payload.ratedAt,
      },
    ],
    total_rated: rated ? 1 : 0,
    total_failed: rated ? 0 : 1,
    error_code: payload.errorCode,
    next_action: payload.nextAction,
    run_id: payload.runId,
  });
}

type BatchResults = { results: { uri: string; status: string; message: string }[] };

function batchResults(payload: BatchResults): Json[] {
  return payload.results.map((result) => ({ uri: result.uri, status: lowerValue(result.status), message: result.message }));
}

type Notices = { notices: { code: string; uri: string; message: string; keys: { path: string }[] }[] };

/** `notices` (only when there is one): what the author should know, e.g. contract keys kept but not read. */
function noticesJson(payload: Notices): Json {
  if (payload.notices.length === 0) return {};
  return {
    notices: payload.notices.map((notice) => ({
      code: notice.code,
      uri: notice.uri,
      keys: notice.keys.map((key) => key.path),
      message: notice.message,
    })),
  };
}

/** Seed 000: `{ results: [{ uri, status: "updated" | "error", message }], total_updated, total_failed }`, and `notices` when there are some. */
export function updateJson(payload: McpUpdateMutation['updateMemories']): Json {
  return {
    results: batchResults(payload),
    total_updated: payload.totalUpdated,
    total_failed: payload.totalFailed,
    ...noticesJson(payload),
  };
}

/** Seed 001: `{ results: [{ uri, status: "deleted" | "error", message }], total_deleted, total_failed }`. */
export function deleteJson(payload: McpDeleteMutation['deleteMemories']): Json {
  return { results: batchResults(payload), total_deleted: payload.totalDeleted, total_failed: payload.totalFailed };
}

/** Reference §3.7: `{ items: [{ uri, memory_uuid, label, tags }], status: "stored" }`, and `notices` when there are some. */
export function mintJson(payload: McpMintMutation['mint']): Json {
  const protocol = payload.protocol;
  return {
    items: protocol.steps.map((step) => ({ uri: step.uri, memory_uuid: step.id, label: step.label, tags: step.tags })),
    status: 'stored',
    protocol_uri: protocol.uri,
    slug: protocol.slug,
    space: protocol.space,
    ...noticesJson(payload),
  };
}

export function answerPromptJson(payload: McpAnswerPromptMutation['answerPrompt']): Json {
  return {
    prompt: {
      prompt_id: payload.prompt.promptId,
      run_id: payload.prompt.runId,
      status: lowerValue(payload.prompt.status),
      prompt: payload.prompt.prompt,
      step_uri: payload.prompt.stepUri,
      step_index: payload.prompt.stepIndex,
      require_human: payload.prompt.requireHuman,
    },
    result: stepPayloadJson(payload.result),
  };
}

export function runJson(run: NonNullable<McpRunQuery['run']>): Json {
  return {
    run_id: run.id,
    status: lowerValue(run.status),
    protocol_label: run.protocolLabel,
    protocol_uri: run.protocolUri,
    space: run.space,
    step_count: run.stepCount,
    step_uris: run.stepUris,
    pending_step_index: run.pendingStepIndex,
    retry_count: run.retryCount,
    outcome: lowerValue(run.outcome),
    created_at: run.createdAt,
    updated_at: run.updatedAt,
    expires_at: run.expiresAt,
    proofs: run.proofs.map((proof) =>
      present({
        step_index: proof.stepIndex,
        step_uri: proof.stepUri,
        type: lowerValue(proof.type),
        status: lowerValue(proof.status),
        source: lowerValue(proof.source),
        settled: proof.settled,
        nonce: proof.nonce,
        proof_hash: proof.proofHash,
        previous_proof_hash: proof.previousProofHash,
        executed_at: proof.executedAt,
        shell: proof.shell
          ? present({
              exit_code: proof.shell.exitCode,
              stdout: proof.shell.stdout,
              stderr: proof.shell.stderr,
              duration_seconds: proof.shell.durationSeconds,
            })
          : null,
        mcp: proof.mcp
          ? { tool_name: proof.mcp.toolName, arguments: proof.mcp.arguments, result: proof.mcp.result, success: proof.mcp.success }
          : null,
        user_input: proof.userInput ? { confirmation: proof.userInput.confirmation, timestamp: proof.userInput.timestamp } : null,
        comment: proof.comment ? { text: proof.comment.text } : null,
      }),
    ),
    events: run.events.map((event) =>
      present({
        seq: event.seq,
        type: lowerValue(event.type),
        step_index: event.stepIndex,
        step_uri: event.stepUri,
        error_code: event.errorCode,
        message: event.message,
        at: event.at,
      }),
    ),
  };
}
