import { trace } from '@opentelemetry/api';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { isTracingOn } from './tracing.js';

/** Prometheus metrics served at /metrics (prom-client: the standard Node client). */
export interface Metrics {
  registry: Registry;
  operations: Counter<'type' | 'operation' | 'outcome'>;
  /** Records an operation's duration; with tracing on, the bucket keeps the trace as its exemplar. */
  observeDuration(labels: { type: string; operation: string }, seconds: number): void;
  errors: Counter<'code'>;
  activeSubscriptions: Gauge;
  runOutcomes: Counter<'outcome'>;
  mcpToolCalls: Counter<'tool' | 'outcome'>;
  mcpSessions: Gauge;
  /** Connections cut off because their reader fell too far behind (WebSocket bufferedAmount, SSE feed). */
  slowConsumersClosed: Counter<'transport'>;
  /** Subscription events executed (one per event and group of identical subscribers). */
  subscriptionExecutions: Counter;
  /** Subscription results handed on from another subscriber's execution of the same event. */
  subscriptionResultsShared: Counter;
  /** 1 while the remote embeddings endpoint's circuit is open (search ranks by words alone). */
  embeddingsCircuitOpen: Gauge;
}

/**
 * With tracing on, /metrics speaks OpenMetrics, the text format that carries exemplars: each
 * duration bucket names the trace of an operation that landed in it. Off, it stays Prometheus text.
 */
export function createMetrics(): Metrics {
  const exemplars = isTracingOn();
  const registry = new Registry();
  if (exemplars) registry.setContentType(Registry.OPENMETRICS_CONTENT_TYPE as never);
  collectDefaultMetrics({ register: registry, prefix: 'kairos_' });
  const durations = new Histogram({
    name: 'kairos_graphql_operation_duration_seconds',
    help: 'GraphQL operation durations (queries and mutations)',
    labelNames: ['type', 'operation'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
    enableExemplars: exemplars,
  });
  return {
    registry,
    observeDuration: exemplars
      ? (labels, value) => durations.observe({ labels, value, exemplarLabels: exemplarOfActiveSpan() })
      : (labels, value) => durations.observe(labels, value),
    operations: new Counter({
      name: 'kairos_graphql_operations_total',
      help: 'GraphQL operations by type, name and outcome',
      labelNames: ['type', 'operation', 'outcome'],
      registers: [registry],
    }),
    errors: new Counter({
      name: 'kairos_graphql_errors_total',
      help: 'GraphQL errors by extensions.code',
      labelNames: ['code'],
      registers: [registry],
    }),
    activeSubscriptions: new Gauge({
      name: 'kairos_graphql_active_subscriptions',
      help: 'Subscriptions currently streaming',
      registers: [registry],
    }),
    slowConsumersClosed: new Counter({
      name: 'kairos_graphql_slow_consumers_closed_total',
      help: 'Connections closed because the client did not read',
      labelNames: ['transport'],
      registers: [registry],
    }),
    subscriptionExecutions: new Counter({
      name: 'kairos_graphql_subscription_executions_total',
      help: 'Subscription events executed: one per event and group of subscribers with the same document, variables and viewer',
      registers: [registry],
    }),
    subscriptionResultsShared: new Counter({
      name: 'kairos_graphql_subscription_results_shared_total',
      help: 'Subscription results reused from the execution of another subscriber in the same group',
      registers: [registry],
    }),
    embeddingsCircuitOpen: new Gauge({
      name: 'kairos_embeddings_circuit_open',
      help: '1 while the embeddings endpoint is failing and search ranks by words alone',
      registers: [registry],
    }),
    runOutcomes: new Counter({
      name: 'kairos_run_attests_total',
      help: 'Runs attested, by outcome',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    mcpToolCalls: new Counter({
      name: 'kairos_mcp_tool_calls_total',
      help: 'MCP tool calls by tool and outcome (ok, or the refusal code)',
      labelNames: ['tool', 'outcome'],
      registers: [registry],
    }),
    mcpSessions: new Gauge({ name: 'kairos_mcp_sessions', help: 'Open MCP sessions on /mcp', registers: [registry] }),
  };
}

function exemplarOfActiveSpan(): Record<string, string> {
  const span = trace.getActiveSpan();
  if (!span?.isRecording()) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
