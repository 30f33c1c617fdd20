import type * as z from 'zod';
import { mcpV4Renderer } from '../../render/mcp-v4-renderer.js';
import { defineTool, type ToolAnswer, type ToolCall, type ToolDefinition } from '../tool.js';

/** A KAIROS 4 tool: the kernel's tool type, its answers worded by the KAIROS 4 renderer. */
export function v4Tool<Schema extends z.ZodType>(definition: {
  name: string;
  description: string;
  input: Schema;
  handle(args: z.output<Schema>, call: ToolCall): Promise<ToolAnswer>;
}): ToolDefinition {
  return defineTool({ ...definition, renderer: mcpV4Renderer });
}
