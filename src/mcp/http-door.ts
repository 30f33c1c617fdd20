import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { AppConfig } from '../config.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics.js';
import { REQUEST_REFUSALS, type RequestRefusalCode, refusalStatus } from '../model/refusal-codes.js';
import type { Authentication } from '../services/auth-service.js';
import { RequestError } from '../services/errors.js';
import type { Services } from '../compose.js';
import { isAllowedOrigin } from '../websocket.js';
import type { KairosYoga } from '../yoga.js';
import { createGraphqlDoor } from './graphql-door.js';
import { createToolServer } from './tool-server.js';

export const MCP_PATH = '/mcp';

interface Session {
  transport: StreamableHTTPServerTransport;
  /** A session belongs to the principal that opened it. */
  principalId: string;
  lastUsed: number;
  /**
   * Calls still running (a tool call may wait on a person for minutes): never idle meanwhile.
   * A client's standing GET stream does not count, or an abandoned host would hold its session forever.
   */
  open: number;
}

export interface McpDoor {
  /** Handles a request to /mcp; true when the path was ours. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  close(): Promise<void>;
}

/**
 * MCP over Streamable HTTP at /mcp, stateful: initialize opens a session (Mcp-Session-Id),
 * later requests name it. Every request authenticates as /graphql does (Authorization: Bearer,
 * X-Kairos-Space) and must be the session's principal; tool calls then run as that request's
 * principal, through the same GraphQL pipeline (limits, metrics, logs).
 */
export function createMcpDoor(app: { yoga: KairosYoga; services: Services; config: AppConfig; log: Logger; metrics: Metrics }): McpDoor {
  const log = app.log.child({ door: 'mcp' });
  const runOperation = createGraphqlDoor(app.yoga);
  const sessions = new Map<string, Session>();

  const sweep = setInterval(() => {
    const idleSince = Date.now() - app.config.mcpSessionIdleMs;
    for (const [id, session] of sessions) if (session.open === 0 && session.lastUsed < idleSince) void closeSession(id, 'idle');
  }, Math.min(60_000, Math.max(1_000, app.config.mcpSessionIdleMs / 2)));
  sweep.unref();

  async function closeSession(id: string, why: string): Promise<void> {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    app.metrics.mcpSessions.set(sessions.size);
    log.info({ sessionId: id, why }, 'mcp session closed');
    await session.transport.close().catch(() => {});
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isAllowedOrigin(req.headers.origin, req.headers.host, app.config.corsOrigins)) {
      return refuse(res, 'FORBIDDEN', 'Cross-origin requests to /mcp are not allowed');
    }
    let authentication: Authentication;
    try {
      const space = header(req, 'x-kairos-space') ?? new URL(req.url ?? '/', 'http://localhost').searchParams.get('space');
      authentication = await app.services.auth.authenticate(header(req, 'authorization'), space);
    } catch (error) {
      if (error instanceof RequestError) return refuse(res, error.code, error.message);
      throw error;
    }
    // The transport reads `auth` from the request and hands it to the tool handlers.
    (req as IncomingMessage & { auth?: unknown }).auth = { token: '', clientId: authentication.viewer.principalId, scopes: [], extra: { authentication } };

    const sessionId = header(req, 'mcp-session-id');
    if (sessionId) {
      const session = sessions.get(sessionId);
      if (!session) return refuse(res, 'NOT_FOUND', 'No such MCP session (it may have expired); initialize a new one');
      if (session.principalId !== authentication.viewer.principalId) return refuse(res, 'FORBIDDEN', 'This MCP session belongs to another principal');
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

    if (req.method !== 'POST') return refuse(res, 'BAD_USER_INPUT', 'Send Mcp-Session-Id, or POST initialize to open a session');
    const body = await readJson(req, app.config.maxBodyBytes);
    if (body === undefined || !isInitializeRequest(body)) return refuse(res, 'BAD_USER_INPUT', 'Send Mcp-Session-Id, or POST initialize to open a session');
    if (sessions.size >= app.config.mcpMaxSessions) return refuse(res, 'SERVICE_UNAVAILABLE', 'Too many open MCP sessions; retry later');

    const server = createToolServer({ runOperation, log, metrics: app.metrics }, (extra) => (extra.authInfo?.extra?.authentication as Authentication | undefined) ?? authentication);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: app.config.maxBodyBytes,
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, principalId: authentication.viewer.principalId, lastUsed: Date.now(), open: 0 });
        app.metrics.mcpSessions.set(sessions.size);
        log.info({ sessionId: id, principal: authentication.viewer.principalId }, 'mcp session opened');
      },
      onsessionclosed: (id) => void closeSession(id, 'client ended it'),
    });
    transport.onclose = () => {
      if (transport.sessionId && sessions.delete(transport.sessionId)) app.metrics.mcpSessions.set(sessions.size);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
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
      clearInterval(sweep);
      await Promise.all([...sessions.keys()].map((id) => closeSession(id, 'server stopping')));
    },
  };
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
}

/** A refusal before MCP runs: the code's HTTP status and a JSON-RPC error whose data carries the code, as GraphQL's extensions do. */
function refuse(res: ServerResponse, code: RequestRefusalCode, message: string): void {
  const status = refusalStatus(code);
  res.writeHead(status, { 'content-type': 'application/json', ...(status === 401 ? { 'www-authenticate': 'Bearer' } : {}) });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message, data: { code } }, id: null }));
}

async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}
