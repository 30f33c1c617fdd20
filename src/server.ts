import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { MongoClient } from 'mongodb';
import { type AppConfig, loadConfig } from './config.js';
import { type DatabaseEndpoint, resolveDatabase } from '../engine/resolve-database.js';
import { type ConnectedEventBus, createEventBus } from './events/event-bus.js';
import { CredentialWatch } from './http/credential-watch.js';
import { sanitizeForLog, TEXT_LIMITS } from './limits.js';
import { createLogger, type Logger } from './observability/logger.js';
import { bodyRefusal } from './http/body-limit.js';
import { createExportDownload } from './http/export-download.js';
import { createOperatorRoutes } from './http/operator-routes.js';
import { createMcpDoor } from './mcp/http-door.js';
import { createMetrics } from './observability/metrics.js';
import { schema } from './schema/index.js';
import { createServices, type Services } from './compose.js';
import { connectMongo, type MongoHandle, pingDatabase } from './store/mongo.js';
import { resolveKeyEncryptionSecret, secretSourceHint } from './transcripts/key-encryption-secret.js';
import { PrivateKeyUnsealError } from './transcripts/private-key-sealing.js';
import { serveGraphiQLAssets } from './http/graphiql.js';
import { serveUi } from './http/ui-static.js';
import { attachGraphqlWs } from './http/websocket.js';
import { createKairosYoga, type KairosYoga } from './http/yoga.js';

export interface AppOptions {
  config?: Partial<AppConfig>;
  /** Use this MongoDB URI instead of resolving one (MONGODB_URI, mongod, or the local engine). */
  mongoUri?: string;
  /** Emit the driver's command events (tests count round trips with them). */
  monitorCommands?: boolean;
  log?: Logger;
}

export interface RunningApp {
  /** e.g. http://127.0.0.1:4000 */
  baseUrl: string;
  graphqlUrl: string;
  wsUrl: string;
  /** MCP over Streamable HTTP. */
  mcpUrl: string;
  services: Services;
  yoga: KairosYoga;
  /** The driver client (with `monitorCommands`, tests count round trips on it). */
  mongoClient: MongoClient;
}

export interface App {
  start(): Promise<RunningApp>;
  stop(): Promise<void>;
}

/** Assembles database, services, Yoga (HTTP) and graphql-ws (WebSocket) on one port. */
export function buildApp(options: AppOptions = {}): App {
  const config = loadConfig(options.config);
  const log = options.log ?? createLogger(config.logLevel);
  let database: DatabaseEndpoint | null = null;
  let mongo: MongoHandle | null = null;
  let events: ConnectedEventBus | null = null;
  let closeTransports: (() => Promise<void>) | null = null;

  async function start(): Promise<RunningApp> {
    database = options.mongoUri
      ? { uri: options.mongoUri, description: 'given URI', stop: async () => {} }
      : await resolveDatabase({ log: (message) => log.info(message) });
    mongo = await connectMongo(database.uri, config.mongoDbName, {
      monitorCommands: options.monitorCommands,
      maxTimeMs: config.dbMaxTimeMs,
    });
    events = await createEventBus({ redisUrl: config.redisUrl, channelPrefix: config.mongoDbName, log });
    const metrics = createMetrics();
    const keySecret = await resolveKeyEncryptionSecret({ configured: config.signingSecret, dataDir: config.dataDir });
    if (keySecret.source === 'generated')
      log.warn(
        `generated a key-encryption secret in ${keySecret.path} (mode 0600): it seals the transcript signing keys; back it up, or set KAIROS_SECRET (several machines on one database need the same secret)`,
      );
    const services = await createServices(
      mongo.db,
      mongo.client,
      events,
      { ...config, signingSecret: keySecret.secret },
      metrics,
      log,
    ).catch((error: unknown) => {
      if (error instanceof PrivateKeyUnsealError) throw new PrivateKeyUnsealError(`${error.message} (${secretSourceHint(keySecret)})`);
      throw error;
    });
    const credentials = new CredentialWatch(events, (tokenId) => services.auth.forget(tokenId), log);
    const yoga = createKairosYoga({ schema, services, events, log, config, metrics, credentials });
    // The skills cursors are signed with the same secret every process on the database resolves, so any process reads them.
    const mcp = createMcpDoor({ yoga, services, config: { ...config, signingSecret: keySecret.secret }, log, metrics, credentials });
    const exportDownload = createExportDownload({ services, log });
    const db = mongo.db;
    const operatorRoutes = createOperatorRoutes({ pingDatabase: () => pingDatabase(db), services, metrics, log });

    const httpServer = createServer((req: IncomingMessage, res: ServerResponse) => {
      // The live page (static files; it authenticates its own GraphQL calls).
      if (serveUi(req, res)) return;
      // GraphiQL's script, styles and workers, and the favicon both pages use.
      if (serveGraphiQLAssets(req, res, config.graphiql)) return;
      if (operatorRoutes(req, res)) return;
      const refusal = bodyRefusal(req, config.maxBodyBytes);
      if (refusal) {
        const requestId = sanitizeForLog(req.headers['x-request-id'] as string | undefined, TEXT_LIMITS.requestId) ?? randomUUID();
        res.writeHead(refusal.status, { 'content-type': 'application/json', connection: 'close', 'x-request-id': requestId });
        res.end(
          JSON.stringify({
            errors: [{ message: refusal.message, extensions: { code: refusal.code, requestId } }],
            extensions: { requestId },
          }),
        );
        req.resume();
        return;
      }
      if (mcp.handle(req, res)) return;
      if (exportDownload(req, res)) return;
      void yoga.handle(req, res);
    });
    const sockets = new Set<Socket>();
    httpServer.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });

    const websocket = attachGraphqlWs({ httpServer, yoga, services, config, log, credentials });

    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(config.port, config.host, () => resolve());
    });
    const { port } = httpServer.address() as AddressInfo;
    const host = config.host === '0.0.0.0' ? 'localhost' : config.host;

    // Idle runs expire lazily when touched; the sweep also closes their prompts for watchers.
    const expirySweep = setInterval(() => {
      services.runs.expireIdleRuns().catch((error: unknown) => log.warn({ err: error }, 'run expiry sweep failed'));
      // Staged proposals past their expiry become EXPIRED (audited, announced) even if nobody reads them.
      services.proposals.expireStaleProposals().catch((error: unknown) => log.warn({ err: error }, 'proposal expiry sweep failed'));
    }, 60_000);
    expirySweep.unref();

    closeTransports = async () => {
      clearInterval(expirySweep);
      services.searchSync.stop();
      services.semanticIndex.stop();
      services.vectorSearch.source?.stop();
      await websocket.dispose();
      await mcp.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await yoga.dispose();
      await credentials.close();
      // Before the database closes: the local snapshot of the search vectors makes the next start quick.
      await services.semanticIndex.close();
    };

    return {
      baseUrl: `http://${host}:${port}`,
      graphqlUrl: `http://${host}:${port}/graphql`,
      wsUrl: `ws://${host}:${port}/graphql`,
      mcpUrl: `http://${host}:${port}/mcp`,
      services,
      yoga,
      mongoClient: mongo.client,
    };
  }

  /** Closes sockets, then the database client, then any engine this process started. */
  async function stop(): Promise<void> {
    await closeTransports?.();
    closeTransports = null;
    await events?.close();
    events = null;
    await mongo?.close();
    mongo = null;
    await database?.stop();
    database = null;
  }

  return { start, stop };
}
