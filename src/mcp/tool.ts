/**
 * The one tool definition type every wing (KAIROS 3 in v3/, KAIROS 4 in v4/, agent memory in
 * memory/) builds its tools with, and what a tool call may use. The kernel lists them (tools.ts)
 * and serves them (tool-server.ts); nothing here names a tool.
 */
import * as z from 'zod';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { McpStepPayloadFragment } from '../generated/graphql.js';
import type { OperationOutcome } from './graphql-door.js';
import type { HostReplyInput, PersonRequired, personRequired } from './host-prompt.js';
import type { DoorRenderer } from '../render/door-renderer.js';

/** What a tool call may use: in-process GraphQL as the caller, and the host's person when there is one. */
export interface ToolCall {
  run<TResult, TVariables>(document: TypedDocumentNode<TResult, TVariables>, variables: TVariables): Promise<OperationOutcome<TResult>>;
  /**
   * Asks the person at the host to answer the pending user_input prompt of this step payload,
   * stores their answer (or their refusal) and returns the run as it then stands; returns the
   * payload unchanged when the host cannot ask (no elicitation capability). On the 2026-07-28
   * era it ends the call with an `input_required` result instead (the retried call carries the
   * answer). Where the host may not answer (a `require_human` prompt), the call answers with the
   * step, that refusal's code and where a person can answer, instead of asking.
   */
  askHost(payload: McpStepPayloadFragment): Promise<OperationOutcome<McpStepPayloadFragment>>;
  /**
   * When the pending prompt is one the caller may not answer (`require_human`, the caller runs
   * the run): the code, why, and the live page where a person answers; null otherwise.
   */
  personRequired(challenge: Parameters<typeof personRequired>[1], callAgain: string): PersonRequired | null;
  /**
   * Stores a reply the person at the host gave to a prompt, as an elicitation's answer is stored
   * (so the one rule of who may answer decides it); the run as it then stands.
   */
  answerAtHost(promptId: string, reply: HostReplyInput): Promise<OperationOutcome<McpStepPayloadFragment>>;
  /** Where the client keeps a run's local files: the operator's hints, resolved by the client. */
  localArtifactDirs: readonly string[];
}

/**
 * A tool's answer: JSON as text and as structured content; refusals are tool errors, with any
 * `details` a wing adds beside the code and message.
 */
export type ToolAnswer =
  { ok: true; json: Record<string, unknown> } | { ok: false; code: string; message: string; details?: Record<string, unknown> };

export interface ToolDefinition {
  name: string;
  description: string;
  input: z.ZodType;
  /** The words its operations' answers use, when not the door's default (KAIROS 3's). */
  renderer?: DoorRenderer;
  /**
   * The tool may end a 2026-07-28 call with `input_required` (it asks the host's person): only
   * its retried call's `inputResponses` are read; on any other tool they are ignored.
   */
  asksHost?: boolean;
  handle(args: never, call: ToolCall): Promise<ToolAnswer>;
}

/** A tool whose handler sees its arguments as its zod schema parses them. */
export function defineTool<Schema extends z.ZodType>(definition: {
  name: string;
  description: string;
  input: Schema;
  renderer?: DoorRenderer;
  asksHost?: boolean;
  handle(args: z.output<Schema>, call: ToolCall): Promise<ToolAnswer>;
}): ToolDefinition {
  return definition as ToolDefinition;
}

export function refused(code: string, message: string, details?: Record<string, unknown>): ToolAnswer {
  return details ? { ok: false, code, message, details } : { ok: false, code, message };
}

/** A failed operation as a tool refusal (its GraphQL `details` under a `details` key); a successful one mapped by `toJson`. */
export function answerOf<T>(outcome: OperationOutcome<T>, toJson: (data: T) => Record<string, unknown>): ToolAnswer {
  if (outcome.ok) return { ok: true, json: toJson(outcome.data) };
  const { code, message, details } = outcome.refusal;
  return refused(code, message, details ? { details } : undefined);
}

/** The MCP `inputSchema` of a tool (JSON Schema from its zod schema). */
export function inputJsonSchema(definition: ToolDefinition): Record<string, unknown> {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(definition.input, { io: 'input' }) as Record<string, unknown>;
  return schema;
}
