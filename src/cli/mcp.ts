/**
 * `kairos-graphql mcp`: the server's MCP tools over stdio, for hosts that launch a command, in
 * both eras (the SDK v2's serveStdio picks the era from the host's opening). It relays to a
 * running server's /mcp (KAIROS_URL, default http://localhost:4000; KAIROS_TOKEN), so every rule
 * runs in the server; only the transport differs. The person at the host answers as over HTTP:
 * elicitation pushed through a 2025 session, or `input_required` passed back on 2026-07-28.
 * A missing or unreachable server, or a refused token, is one line on stderr and exit 1.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { legacyRelay, modernRelay } from './mcp-relays.js';

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
  const upstream = { mcpUrl: `${base}/mcp`, token: options.token };
  const legacyClients: Promise<Client>[] = [];
  const stdio = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    stdio.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  // The host's opening picks the era: a 2026-07-28 envelope, or the 2025 initialize handshake.
  const handle = serveStdio(
    ({ era }) => {
      if (era === 'modern') return modernRelay(upstream);
      const relay = legacyRelay(upstream, (client) => legacyClients.push(client));
      return relay;
    },
    { transport: stdio, onerror: (error) => process.stderr.write(`kairos-graphql mcp: ${error.message}\n`) },
  );
  await closed;
  await handle.close().catch(() => {});
  await Promise.all(legacyClients.map(async (client) => (await client.catch(() => null))?.close()));
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
    throw new McpRelayError(
      `kairos-graphql mcp: the server refused the token (${refusal?.extensions?.code ?? `HTTP ${me.status}`}: ${refusal?.message ?? 'no answer'}); set KAIROS_TOKEN`,
    );
  }
}
