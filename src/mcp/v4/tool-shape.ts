import type * as z from 'zod';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { OperationOutcome } from '../graphql-door.js';
import type { DoorRenderer } from '../../render/door-renderer.js';
import { mcpV4Renderer } from '../../render/mcp-v4-renderer.js';

/**
 * The shape of a tool as ../tools.ts defines it, restated here so the KAIROS 4 tools plug into
 * the same TOOLS list without importing it (that would be a cycle).
 */
export interface V4ToolCall {
  run<TResult, TVariables>(document: TypedDocumentNode<TResult, TVariables>, variables: TVariables): Promise<OperationOutcome<TResult>>;
}

export type V4ToolAnswer = { ok: true; json: Record<string, unknown> } | { ok: false; code: string; message: string };

export interface V4ToolDefinition {
  name: string;
  description: string;
  input: z.ZodType;
  renderer: DoorRenderer;
  handle(args: never, call: V4ToolCall): Promise<V4ToolAnswer>;
}

export function v4Tool<Schema extends z.ZodType>(definition: {
  name: string;
  description: string;
  input: Schema;
  handle(args: z.output<Schema>, call: V4ToolCall): Promise<V4ToolAnswer>;
}): V4ToolDefinition {
  return { ...definition, renderer: mcpV4Renderer } as V4ToolDefinition;
}

export function refused(code: string, message: string): V4ToolAnswer {
  return { ok: false, code, message };
}

/** A failed operation as a tool refusal; a successful one mapped by `toJson`. */
export function answerOf<T>(outcome: OperationOutcome<T>, toJson: (data: T) => Record<string, unknown>): V4ToolAnswer {
  return outcome.ok ? { ok: true, json: toJson(outcome.data) } : refused(outcome.refusal.code, outcome.refusal.message);
}
