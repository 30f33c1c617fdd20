import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import { type AuthInfo, createMcpHandler, isInitializeRequest, isLegacyRequest, type ServerContext } from '@modelcontextprotocol/server';
import type { AppConfig } from '../config.js';
import type { CredentialWatch } from '../http/credential-watch.js';
import type { Logger } from '../observability/logger.js';
import type { Metrics } from '../observability/metrics.js';
import { REQUEST_REFUSALS, type RequestRefusalCode, refusalStatus } from '../model/refusal-codes.js';
import type { Authentication } from '../services/auth-service.js';
import { RequestError } from '../services/errors.js';
import type { Services } from '../compose.js';
import { UI_PATH } from '../http/ui-static.js';
import { isAllowedOrigin } from '../http/websocket.js';
import type { KairosYoga } from '../http/yoga.js';
import { createGraphqlDoor } from './graphql-door.js';
import { createGraphqlSubscriber } from './graphql-subscribe.js';
import { LegacySessions } from './legacy-sessions.js';
import { type ListenRequest, namesRuns, serveRunListen } from './run-listen.js';
import { OpenStreamQuota } from '../http/open-stream-quota.js';
import { noticeSkillChanges, SkillNoticeBus } from './skills/skill-changes.js';
import { skillsCursorKey } from './skills/protocol-skills.js';
import { DEFAULT_OVERFLOW_POLICY } from '../events/overflow-policy.js';
import { createToolServer, LEGACY_REVISIONS, MODERN_REVISIONS } from './tool-server.js';

export const MCP_PATH = '/mcp';

export interface McpDoor {
  /** Handles a request to /mcp; true when the path was ours. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  close(): Promise<void>;
}

type McpApp = { yoga: KairosYoga; services: Services; config: AppConfig; log: Logger; metrics: Metrics; credentials: CredentialWatch };

/**
 * MCP over Streamable HTTP at /mcp, both eras on one path. A request carrying the 2026-07-28
 * `_meta` envelope is served statelessly by a fresh server instance (nothing kept between
 * requests, so any process answers it); anything else is the 2025 era: initialize opens a
 * session (Mcp-Session-Id) that later requests name. Every request authenticates as /graphql
 * does (Authorization: Bearer, X-Kairos-Space); a session's requests must be its principal's.
 * Tool calls run as the request's principal through the same GraphQL pipeline.
 */
export function createMcpDoor(app: McpApp): McpDoor {
  const log = app.log.child({ door: 'mcp' });
  const toolApp = {
    runOperation: createGraphqlDoor(app.yoga),
    log,
    metrics: app.metrics,
    skillsListCap: app.config.mcpSkillsListCap,
    skillsCursorKey: skillsCursorKey(app.config.signingSecret),
    localArtifactDirs: app.config.localArtifactDirs,
  };
  const subscribe = createGraphqlSubscriber(app.yoga);
  const listens = new OpenStreamQuota(app.config.maxListensPerPrincipal);
  const sessions = new LegacySessions(
    { perPrincipal: app.config.mcpSessionsPerPrincipal, total: app.config.mcpMaxSessions, idleMs: app.config.mcpSessionIdleMs },
    app.credentials,
    log,
    app.metrics,
  );

  const skillNotices = new SkillNoticeBus(
    (viewer) => app.services.memories.watchMemoryEvents(viewer, {}, DEFAULT_OVERFLOW_POLICY),
    listens,
    log,
  );
  const modern = createMcpHandler(
    ({ authInfo, requestInfo }) =>
      createToolServer(toolApp, {
        era: 'modern',
        authenticationOf: () => authenticationIn(authInfo),
        livePageUrl: livePageUrl(requestInfo?.headers.get('host') ?? null),
      }),
    {
      legacy: 'reject',
      maxRequestBodySize: app.config.maxBodyBytes,
      bus: skillNotices,
      onerror: (error) => log.debug({ err: error }, 'mcp request refused'),
    },
  );
  const serveModern = toNodeHandler(modern, { maxRequestBodySize: app.config.maxBodyBytes });

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isAllowedOrigin(req.headers.origin, req.headers.host, app.config.corsOrigins)) {
      return refuse(res, 'FORBIDDEN', 'Cross-origin requests to /mcp are not allowed');
    }
    let authentication: Authentication;
    try {
      const space = header(req, 'x-kairos-space') ?? new URL(req.url ?? '/', 'http://localhost').searchParams.get('space');
      authentication = await app.services.auth.authenticate(header(req, 'authorization'), space);
    } catch (error) {
      if (error instanceof RequestError) return refuse(res, error.code as RequestRefusalCode, error.message);
      throw error;
    }
    // The transports read `auth` from the request and hand it to the handlers.
    (req as IncomingMessage & { auth?: AuthInfo }).auth = {
      token: '',
      clientId: authentication.viewer.principalId,
      scopes: [],
      extra: { authentication },
    };

    const sessionId = header(req, 'mcp-session-id');
    let body: unknown;
    if (req.method === 'POST' && !sessionId) {
      body = await readJson(req, app.config.maxBodyBytes);
      if (body === TOO_LARGE) return refuse(res, 'PAYLOAD_TOO_LARGE', `The request body is over ${app.config.maxBodyBytes} bytes`);
      if (body !== undefined && !(await isLegacyRequest(await toWebRequest(req, body), body))) {
        const message = body as ListenRequest & { method?: string };
        if (message.method === 'subscriptions/listen' && namesRuns(message)) {
          return serveRunListen(
            { subscribe, log, listens, maxBufferedBytes: app.config.maxBufferedBytes },
            message,
            { authentication },
            res,
          );
        }
        return skillNotices.serving(authentication.viewer, () => serveModern(req, res, body));
      }
    }
    return serveLegacy(req, res, authentication, sessionId, body);
  }

  async function serveLegacy(
    req: IncomingMessage,
    res: ServerResponse,
    authentication: Authentication,
    sessionId: string | null,
    body: unknown,
  ): Promise<void> {
    if (sessionId) {
      const session = sessions.get(sessionId);
      if (!session) return refuse(res, 'NOT_FOUND', 'No such MCP session (it may have expired); initialize a new one');
      if (session.principalId !== authentication.viewer.principalId)
        return refuse(res, 'FORBIDDEN', 'This MCP session belongs to another principal');
      session.lastUsed = Date.now();
      if (req.method === 'POST') {
        session.open++;
        res.once('close', () => {
          session.open--;
          session.lastUsed = Date.now();
        });
      }
      await session.transport.handleRequest(req, res);
      return;
    }
    if (req.method !== 'POST' || body === undefined || !isInitializeRequest(body)) {
      return refuse(
        res,
        'BAD_USER_INPUT',
        'Send Mcp-Session-Id, or POST initialize to open a session, or send 2026-07-28 requests with their _meta envelope',
      );
    }
    const refusal = await sessions.admit(authentication.viewer.principalId);
    if (refusal) return refuse(res, refusal.code, refusal.message);

    const server = createToolServer(toolApp, {
      era: 'legacy',
      authenticationOf: (ctx: ServerContext) => authenticationIn(ctx.http?.authInfo) ?? authentication,
      livePageUrl: livePageUrl(header(req, 'host')),
    });
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: app.config.maxBodyBytes,
      supportedProtocolVersions: [...LEGACY_REVISIONS, ...MODERN_REVISIONS],
      onsessioninitialized: (id) => {
        sessions.add(id, transport, authentication);
        stopNotices = noticeSkillChanges(
          () => server.sendResourceListChanged(),
          app.services.memories.watchMemoryEvents(authentication.viewer, {}, DEFAULT_OVERFLOW_POLICY),
          log,
        );
      },
      onsessionclosed: (id) => void sessions.close(id, 'client ended it'),
    });
    let stopNotices = () => {};
    transport.onclose = () => {
      stopNotices();
      if (transport.sessionId) sessions.forget(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  function livePageUrl(host: string | null): string {
    return `http://${host ?? 'localhost'}${UI_PATH}/`;
  }

  return {
    handle(req, res) {
      const path = (req.url ?? '').split('?')[0];
      if (path !== MCP_PATH) return false;
      serve(req, res).catch((error: unknown) => {
        log.error({ err: error }, 'mcp request failed');
        if (!res.headersSent) refuse(res, 'INTERNAL_SERVER_ERROR', REQUEST_REFUSALS.INTERNAL_SERVER_ERROR.message);
        else res.end();
      });
      return true;
    },
    async close() {
      await modern.close();
      await sessions.closeAll();
    },
  };
}

function authenticationIn(authInfo: AuthInfo | undefined): Authentication {
  return authInfo?.extra?.authentication as Authentication;
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
}

/** A refusal before MCP runs: a JSON-RPC error whose data carries the code, as GraphQL's extensions do. */
function refuse(res: ServerResponse, code: RequestRefusalCode, message: string): void {
  const status = refusalStatus(code);
  res.writeHead(status, { 'content-type': 'application/json', ...(status === 401 ? { 'www-authenticate': 'Bearer' } : {}) });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message, data: { code } }, id: null }));
}

const TOO_LARGE = Symbol('too large');

/** The POST body as JSON; undefined when it is not JSON (the era's handler answers that), TOO_LARGE over the limit. */
async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return TOO_LARGE;
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}
