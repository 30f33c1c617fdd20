import { trace } from '@opentelemetry/api';
import { pino, type Logger } from 'pino';
import { isTracingOn } from './tracing.js';

export type { Logger };

export function createLogger(level: string): Logger {
  // A line written inside a span names it, so a log search leads to the trace (and back).
  const mixin = isTracingOn() ? traceFields : undefined;
  return pino({ level, base: { service: 'kairos-graphql' }, mixin });
}

function traceFields(): Record<string, string> {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId, traceFlags } = span.spanContext();
  return { trace_id: traceId, span_id: spanId, trace_flags: `0${traceFlags.toString(16)}`.slice(-2) };
}
