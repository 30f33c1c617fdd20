/** Preloaded before bench/server-probe.ts (which imports the driver), so tracing's MongoDB instrumentation patches the driver as src/main.ts would. */
import { startTracing } from '../src/observability/tracing.js';

await startTracing();
