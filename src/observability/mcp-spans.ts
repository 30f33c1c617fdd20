import { SpanKind } from '@opentelemetry/api';
import { SPAN_ATTRIBUTES } from './span-attributes.js';
import { callerTraceContext, inSpan } from './spans.js';

/** What an MCP handler knows of its request (the SDK's context, narrowed). */
export interface McpRequestContext {
  sessionId?: string;
  mcpReq: { id: string | number; method: string; _meta?: unknown };
}

/**
 * One server span per MCP request, named and described by the MCP semantic conventions
 * (`tools/call kairos_next`: `mcp.method.name`, `gen_ai.tool.name`, `gen_ai.operation.name`
 * = `execute_tool`). It continues the trace of the request's `_meta.traceparent` when there is
 * one (SEP-414), else the HTTP request's. Arguments and results are never recorded.
 */
export function inMcpRequestSpan<T>(ctx: McpRequestContext, toolName: string | null, work: () => Promise<T>): Promise<T> {
  const method = ctx.mcpReq.method;
  const attributes = {
    [SPAN_ATTRIBUTES.mcpMethodName]: method,
    [SPAN_ATTRIBUTES.jsonRpcRequestId]: String(ctx.mcpReq.id),
    [SPAN_ATTRIBUTES.mcpSessionId]: ctx.sessionId,
    ...(toolName === null ? {} : { [SPAN_ATTRIBUTES.genAiToolName]: toolName, [SPAN_ATTRIBUTES.genAiOperationName]: 'execute_tool' }),
  };
  return inSpan(toolName === null ? method : `${method} ${toolName}`, attributes, work, undefined, {
    kind: SpanKind.SERVER,
    parent: callerTraceContext(ctx.mcpReq._meta) ?? undefined,
  });
}
