/**
 * The two stdio relays behind `kairos-graphql mcp`, one per era of the host's connection.
 * 2025: a session to the server's /mcp (the v1 client), the host's elicitation passed through.
 * 2026-07-28: each request forwarded as it came (its `_meta` envelope, `inputResponses` and
 * `requestState`) to /mcp, statelessly, and the answer (an `input_required` one too) passed back.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { ProtocolError, Server, type ServerContext } from '@modelcontextprotocol/server';
import { SKILLS_EXTENSION_ID } from '@modelcontextprotocol/server/ext/skills';
import * as z from 'zod';
import { APP_VIEWS_CAPABILITY } from '../mcp/apps/views.js';
import { SERVER_INFO } from '../mcp/server-info.js';

export interface Upstream {
  mcpUrl: string;
  token: string | null;
}

const MODERN_REVISION = '2026-07-28';
const ELICITATION_TIMEOUT_MS = 30 * 60_000;
/** What the relay offers the host: the server's tools, its resources (runs, views, skill files) and its skills. */
const RELAY_CAPABILITIES = { tools: {}, resources: {}, extensions: { ...APP_VIEWS_CAPABILITY.extensions, [SKILLS_EXTENSION_ID]: {} } };
/** The skills methods are outside the core spec: their answers pass through as the server sent them. */
const AnyResult = z.looseObject({});
const ListSkillsParams = z.looseObject({ cursor: z.string().optional() });
const GetSkillParams = z.looseObject({ uri: z.string() });

function authorization(upstream: Upstream): Record<string, string> {
  return upstream.token ? { authorization: `Bearer ${upstream.token}` } : {};
}

export function legacyRelay(upstream: Upstream, onClient: (client: Promise<Client>) => void): Server {
  const relay = new Server(SERVER_INFO, { capabilities: RELAY_CAPABILITIES });
  let client: Promise<Client> | null = null;
  const connected = (): Promise<Client> => {
    if (!client) {
      client = connectLegacy(upstream, relay);
      onClient(client);
    }
    return client;
  };
  relay.oninitialized = () => void connected().catch(() => {});
  /** A session the server dropped (idle, restarted) is opened again once. */
  const relayed = async <T>(send: (client: Client) => Promise<T>): Promise<T> => {
    try {
      return await send(await connected());
    } catch (error) {
      if (!(error instanceof StreamableHTTPError && error.code === 404)) throw error;
      client = null;
      return send(await connected());
    }
  };
  relay.setRequestHandler('tools/list', (request) => relayed((upstreamClient) => upstreamClient.listTools(request.params)) as never);
  relay.setRequestHandler(
    'tools/call',
    (request) => relayed((upstreamClient) => upstreamClient.callTool(request.params as never)) as never,
  );
  relay.setRequestHandler(
    'resources/list',
    (request) => relayed((upstreamClient) => upstreamClient.listResources(request.params)) as never,
  );
  relay.setRequestHandler(
    'resources/templates/list',
    (request) => relayed((upstreamClient) => upstreamClient.listResourceTemplates(request.params)) as never,
  );
  relay.setRequestHandler('resources/read', (request) => relayed((upstreamClient) => upstreamClient.readResource(request.params)) as never);
  for (const [method, params] of [
    ['skills/list', ListSkillsParams],
    ['skills/get', GetSkillParams],
  ] as const) {
    relay.setRequestHandler(
      method,
      { params },
      (request) => relayed((upstreamClient) => upstreamClient.request({ method, params: request as never }, AnyResult as never)) as never,
    );
  }
  return relay;
}

async function connectLegacy(upstream: Upstream, relay: Server): Promise<Client> {
  const hostCanAsk = Boolean(relay.getClientCapabilities()?.elicitation);
  const client = new Client(
    { name: 'kairos-graphql-stdio', version: SERVER_INFO.version },
    { capabilities: hostCanAsk ? { elicitation: {} } : {} },
  );
  if (hostCanAsk)
    client.setRequestHandler(
      ElicitRequestSchema,
      (request) => relay.elicitInput(request.params as never, { timeout: ELICITATION_TIMEOUT_MS }) as never,
    );
  await client.connect(new StreamableHTTPClientTransport(new URL(upstream.mcpUrl), { requestInit: { headers: authorization(upstream) } }));
  return client;
}

export function modernRelay(upstream: Upstream): Server {
  const relay = new Server(SERVER_INFO, { capabilities: RELAY_CAPABILITIES });
  for (const method of ['tools/list', 'tools/call', 'resources/list', 'resources/templates/list', 'resources/read'] as const) {
    relay.setRequestHandler(method, (request, ctx) => forward(upstream, method, request.params, ctx) as never);
  }
  for (const [method, params] of [
    ['skills/list', ListSkillsParams],
    ['skills/get', GetSkillParams],
  ] as const) {
    relay.setRequestHandler(
      method,
      { params },
      (request, ctx) => forward(upstream, method, request as Record<string, unknown>, ctx) as never,
    );
  }
  return relay;
}

let nextId = 1;

async function forward(
  upstream: Upstream,
  method: string,
  params: Record<string, unknown> | undefined,
  ctx: ServerContext,
): Promise<unknown> {
  const requestState = ctx.mcpReq.requestState<string>();
  const body = {
    jsonrpc: '2.0',
    id: nextId++,
    method,
    params: {
      ...params,
      _meta: { ...(params?._meta as Record<string, unknown> | undefined), ...ctx.mcpReq.envelope },
      ...(ctx.mcpReq.inputResponses ? { inputResponses: ctx.mcpReq.inputResponses } : {}),
      ...(typeof requestState === 'string' ? { requestState } : {}),
    },
  };
  const response = await fetch(upstream.mcpUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN_REVISION,
      'mcp-method': method,
      // The 2026-07-28 routing header: the tool's name, or the URI a read or skills/get names.
      ...(typeof params?.name === 'string'
        ? { 'mcp-name': params.name }
        : typeof params?.uri === 'string'
          ? { 'mcp-name': params.uri }
          : {}),
      ...authorization(upstream),
    },
    body: JSON.stringify(body),
    signal: ctx.mcpReq.signal,
  });
  const text = await response.text();
  // A JSON answer, or an SSE stream whose last message is the answer.
  const messages = (response.headers.get('content-type') ?? '').includes('text/event-stream')
    ? text
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>)
    : [JSON.parse(text) as Record<string, unknown>];
  const answer = messages.find((message) => message.id === body.id) ?? messages.at(-1);
  const error = answer?.error as { code: number; message: string; data?: unknown } | undefined;
  if (error || !answer)
    throw new ProtocolError(error?.code ?? -32603, error?.message ?? `The server answered HTTP ${response.status}`, error?.data);
  return answer.result;
}
