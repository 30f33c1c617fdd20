/** The official v2 client pinned to MCP 2026-07-28 (stateless: no initialize, no session), and a helper reading a tool's JSON. */
import { Client, type ElicitRequest, type ElicitResult, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll } from 'vitest';

export type ToolJson = Record<string, any>;

export interface ModernTestClient {
  client: Client;
  call(name: string, args?: Record<string, unknown>): Promise<{ json: ToolJson; isError: boolean }>;
}

export const MODERN_REVISION = '2026-07-28';

/** Connects to `mcpUrl()` (a function: the port is known once the server started). */
export function useModernClients() {
  const clients: Client[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
  });
  return async function connect(
    mcpUrl: string,
    options: { token?: string; elicit?: (request: ElicitRequest) => Promise<ElicitResult> | ElicitResult } = {},
  ): Promise<ModernTestClient> {
    const client = new Client(
      { name: 'kairos-modern-test', version: '1.0.0' },
      { capabilities: options.elicit ? { elicitation: { form: {} } } : {}, versionNegotiation: { mode: { pin: MODERN_REVISION } } },
    );
    if (options.elicit) client.setRequestHandler('elicitation/create', options.elicit);
    const headers: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
    await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { requestInit: { headers } }));
    clients.push(client);
    return {
      client,
      async call(name, args = {}) {
        const result = await client.callTool({ name, arguments: args });
        const content = result.content as { type: string; text: string }[];
        return { json: JSON.parse(content[0]!.text) as ToolJson, isError: result.isError === true };
      },
    };
  };
}
