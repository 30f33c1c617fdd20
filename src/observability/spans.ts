import {
  type Attributes,
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { SPAN_ATTRIBUTES } from './span-attributes.js';
import { isTracingOn } from './tracing.js';

const tracer = trace.getTracer('kairos-graphql');

/**
 * Runs `work` inside a span of ours (the database spans it causes nest under it). `describe` turns
 * the answer into attributes; a thrown refusal records its code only, never its message.
 * With tracing off it is a plain call.
 */
export async function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: () => Promise<T>,
  describe?: (result: T) => Attributes,
  options: { kind?: SpanKind; parent?: Context } = {},
): Promise<T> {
  if (!isTracingOn()) return work();
  return tracer.startActiveSpan(
    name,
    { attributes: definedOnly(attributes), kind: options.kind },
    options.parent ?? context.active(),
    async (span) => {
      try {
        const result = await work();
        if (describe && span.isRecording()) span.setAttributes(definedOnly(describe(result)));
        return result;
      } catch (error) {
        const code = String((error as { code?: unknown }).code ?? 'INTERNAL_SERVER_ERROR');
        span.setAttributes({ [SPAN_ATTRIBUTES.refusalCode]: code, [SPAN_ATTRIBUTES.errorType]: code });
        span.setStatus({ code: SpanStatusCode.ERROR, message: code });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** An event on the active span (e.g. a run event handed to subscribers), if one is recording. */
export function addSpanEvent(name: string, attributes: Attributes): void {
  const span = trace.getActiveSpan();
  if (span?.isRecording()) span.addEvent(name, attributes);
}

/** Attributes without the unset ones (an answer without a step has no step index). */
export function definedOnly(attributes: Attributes): Attributes {
  return Object.fromEntries(Object.entries(attributes).filter(([, value]) => value !== undefined && value !== null));
}

/** Attributes learnt while the active span runs (an outcome known only at the end). */
export function setSpanAttributes(attributes: Attributes): void {
  const span = trace.getActiveSpan();
  if (span?.isRecording()) span.setAttributes(definedOnly(attributes));
}

/**
 * The caller's trace from a W3C `traceparent`/`tracestate` pair (an MCP request's `_meta`, graphql-ws
 * connection parameters); null when it names none.
 */
export function callerTraceContext(carrier: unknown): Context | null {
  const fields = carrier as { traceparent?: unknown; tracestate?: unknown } | null | undefined;
  if (typeof fields?.traceparent !== 'string') return null;
  const headers: Record<string, string> = { traceparent: fields.traceparent };
  if (typeof fields.tracestate === 'string') headers.tracestate = fields.tracestate;
  return propagation.extract(ROOT_CONTEXT, headers);
}
