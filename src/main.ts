import { startTracing } from './observability/tracing.js';

// Before the server's modules load: the MongoDB instrumentation patches the driver as it loads.
const tracing = await startTracing();
const [{ ensureUiBuild }, { buildApp }, { createLogger }, { loadConfig }] = await Promise.all([
  import('./http/ui-build.js'),
  import('./server.js'),
  import('./observability/logger.js'),
  import('./config.js'),
]);

const log = createLogger(loadConfig().logLevel);
const app = buildApp({ log });

try {
  // One process (no `a && b` in npm start), so SIGINT/SIGTERM reach the server itself.
  await ensureUiBuild((line) => log.info(line));
  const running = await app.start();
  log.info(
    `kairos-graphql ready: GraphiQL and HTTP ${running.graphqlUrl} · WebSocket ${running.wsUrl} · live page ${running.baseUrl}/ui · health ${running.baseUrl}/healthz`,
  );
} catch (error) {
  log.fatal({ err: error }, `kairos-graphql failed to start: ${(error as Error).message}`);
  await app.stop().catch(() => {});
  process.exit(1);
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, shutting down`);
    // The spans of the last requests are flushed once the server stopped taking new ones.
    app
      .stop()
      .then(() => tracing?.shutdown())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  });
}
