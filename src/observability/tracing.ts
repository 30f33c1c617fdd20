/**
 * OpenTelemetry traces, configured by the standard OTEL_* variables. With no OTLP endpoint
 * nothing here loads the SDK: `@opentelemetry/api` stays a no-op and costs nothing measurable.
 * Call `startTracing()` before anything imports `mongodb`: its instrumentation patches the
 * driver as it loads.
 */

export interface Tracing {
  /** Flushes the spans still queued, then stops exporting. */
  shutdown(): Promise<void>;
}

let tracingOn = false;
let started: Promise<Tracing | null> | null = null;

/** Whether this process exports traces (set once by `startTracing`). */
export function isTracingOn(): boolean {
  return tracingOn;
}

/** Traces are on when an OTLP endpoint is set and the SDK is not disabled. */
export function tracingWanted(): boolean {
  const endpoint = process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return false;
  if ((process.env.OTEL_SDK_DISABLED ?? '').toLowerCase() === 'true') return false;
  return (process.env.OTEL_TRACES_EXPORTER ?? 'otlp').split(',').some((name) => name.trim() !== 'none');
}

/**
 * Starts the Node SDK with the HTTP and MongoDB instrumentations; the exporter (http/protobuf or
 * http/json), sampler and batch settings come from the OTEL_* variables the SDK reads itself.
 */
export function startTracing(): Promise<Tracing | null> {
  // Once per process: a preload (the bench's probe) may have started it before the entry point.
  started ??= startSdk();
  return started;
}

async function startSdk(): Promise<Tracing | null> {
  if (!tracingWanted()) return null;
  // Metrics are served by /metrics and logs go to stdout: only traces go over OTLP unless asked.
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  const [{ NodeSDK }, { HttpInstrumentation }, { MongoDBInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-mongodb'),
  ]);
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ? undefined : 'kairos-graphql',
    instrumentations: [
      new HttpInstrumentation({
        // Probes and scrapes would drown the traces that matter.
        ignoreIncomingRequestHook: (request) => request.url === '/healthz' || request.url === '/metrics',
        requestHook: (span, request) => {
          if (!('url' in request) || typeof request.url !== 'string') return;
          const scrubbed = scrubbedUrl(request.url);
          span.setAttribute('url.path', scrubbed.path);
          if (scrubbed.query !== null) span.setAttribute('url.query', scrubbed.query);
        },
      }),
      // The command's shape, never its values: a span must not carry a memory, a proof or a token.
      new MongoDBInstrumentation({ enhancedDatabaseReporting: false, dbStatementSerializer: commandShape }),
    ],
  });
  sdk.start();
  tracingOn = true;
  return {
    shutdown: async () => {
      tracingOn = false;
      await sdk.shutdown();
    },
  };
}

/** The download path carries a one-time token (src/services/export-service.ts). */
const TOKEN_IN_PATH = /^(\/export\/download\/)[^?]*/;

/**
 * What a request's span may say of its URL: a GET's `query` and `variables`, a download's token,
 * any parameter could hold a secret, so parameters keep their names only.
 */
export function scrubbedUrl(url: string): { path: string; query: string | null } {
  const [path = '', query] = url.split('?', 2) as [string, string | undefined];
  const names = query === undefined ? null : [...new URLSearchParams(query).keys()].map((name) => `${name}=REDACTED`).join('&');
  return { path: path.replace(TOKEN_IN_PATH, '$1{token}'), query: names };
}

/** A command's top-level keys only (`{"find":"?","filter":"?"}`): what it did, not what it held. */
function commandShape(command: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.keys(command).map((key) => [key, '?'])));
}
