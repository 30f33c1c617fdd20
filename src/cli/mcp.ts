/**
 * `kairos-graphql mcp`: the server's MCP tools over stdio, for hosts that launch a command. It
 * relays to a running server's /mcp (KAIROS_URL, default http://localhost:4000; KAIROS_TOKEN),
 * so every rule runs in the server; only the transport differs. The host's elicitation
 * capability is passed on, and the server's questions to the person come back through it.
 * A missing or unreachable server, or a refused token, is one line on stderr and exit 1.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ElicitRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { SERVER_INFO } from '../mcp/server-info.js';

export const DEFAULT_SERVER_URL = 'http://localhost:4000';
const PROBE_TIMEOUT_MS = 5_000;

export class McpRelayError extends Error {}

/** `http://host:4000`, `…/graphql` or `…/mcp` all name the same server. */
export function serverBaseUrl(url: string): string {
  return url.replace(/\/+$/, '').replace(/\/(graphql|mcp)$/, '');
}

/** Runs until the host closes stdin; resolves with the exit code. */
export async function runMcpRelay(options: { url: string; token: string | null }): Promise<number> {
  const base = serverBaseUrl(options.url);
  await probe(base, options.token);

  const relay = new Server(SERVER_INFO, { capabilities: { tools: {} } });
  let upstream: Promise<Client> | null = null;
  const connected = (): Promise<Client> => {
    upstream ??= connectUpstream(base, options.token, relay);
    return upstream;
  };
  relay.oninitialized = () => {
    connected().catch((error: unknown) => fail(`kairos-graphql mcp: ${(error as Error).message}`));
  };
  /** A session the server dropped (idle, restarted) is opened again once. */
  const relayed = async <T>(send: (client: Client) => Promise<T>): Promise<T> => {
    try {
      return await send(await connected());
    } catch (error) {
      if (!(error instanceof StreamableHTTPError && error.code === 404)) throw error;
      upstream = null;
      return send(await connected());
    }
  };
  relay.setRequestHandler(ListToolsRequestSchema, (request) => relayed((client) => client.listTools(request.params)));
  relay.setRequestHandler(CallToolRequestSchema, (request) => relayed((client) => client.callTool(request.params)));

  const stdio = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    stdio.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await relay.connect(stdio);
  await closed;
  if (upstream) await (await (upstream as Promise<Client>).catch(() => null))?.close();
  return 0;
}

/** The server answers (/healthz) and accepts the token (a GraphQL `me`), within a few seconds. */
async function probe(base: string, token: string | null): Promise<void> {
  let health: Response;
  try {
    health = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new McpRelayError(`kairos-graphql mcp: cannot reach a kairos-graphql server at ${base} (${reason}); start one or set KAIROS_URL`);
  }
  if (!health.ok) throw new McpRelayError(`kairos-graphql mcp: the server at ${base} is not ready (HTTP ${health.status} on /healthz)`);
  const me = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query: '{ me { principalId } }' }),
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  }).catch((error: unknown) => {
    throw new McpRelayError(`kairos-graphql mcp: ${base}/graphql did not answer (${(error as Error).message})`);
  });
  const body = (await me.json().catch(() => null)) as { errors?: { message: string; extensions?: { code?: string } }[] } | null;
  const refusal = body?.errors?.[0];
  if (refusal || !me.ok) {
    throw new McpRelayError(`kairos-graphql mcp: the server refused the token (${refusal?.extensions?.code ?? `HTTP ${me.status}`}: ${refusal?.message ?? 'no answer'}); set KAIROS_TOKEN`);
  }
}

async function connectUpstream(base: string, token: string | null, relay: Server): Promise<Client> {
  const hostCanAsk = Boolean(relay.getClientCapabilities()?.elicitation);
  const client = new Client({ name: 'kairos-graphql-stdio', version: SERVER_INFO.version }, { capabilities: hostCanAsk ? { elicitation: {} } : {} });
  if (hostCanAsk) client.setRequestHandler(ElicitRequestSchema, (request) => relay.elicitInput(request.params, { timeout: 30 * 60_000 }));
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: token ? { authorization: `Bearer ${token}` } : {} } });
  await client.connect(transport);
  return client;
}

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}
