/** The SDK's own MCP client against the test server's /mcp (or through `kairos-graphql mcp`), and a helper that reads a tool's JSON. */
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type ElicitRequest, ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll } from 'vitest';
import type { TestServer } from '../support/app.js';

export type ToolJson = Record<string, any>;

export interface McpTestClient {
  client: Client;
  /** Calls a tool; `json` is the parsed text content (also checked equal to structuredContent). */
  call(name: string, args?: Record<string, unknown>): Promise<{ json: ToolJson; isError: boolean }>;
}

export function useMcpClients(server: TestServer) {
  const clients: Client[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
  });
  return async function connect(
    options: { token?: string; elicit?: (request: ElicitRequest) => Promise<ElicitResult> | ElicitResult } = {},
  ): Promise<McpTestClient> {
    const client = new Client({ name: 'kairos-test', version: '1.0.0' }, { capabilities: options.elicit ? { elicitation: {} } : {} });
    if (options.elicit) client.setRequestHandler(ElicitRequestSchema, options.elicit);
    const headers: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
    await client.connect(new StreamableHTTPClientTransport(new URL(server.running.mcpUrl), { requestInit: { headers } }));
    clients.push(client);
    return {
      client,
      async call(name, args = {}) {
        const result = await client.callTool({ name, arguments: args });
        const content = result.content as { type: string; text: string }[];
        const json = JSON.parse(content[0]!.text) as ToolJson;
        if (JSON.stringify(result.structuredContent) !== JSON.stringify(json))
          throw new Error('structuredContent differs from the text content');
        return { json, isError: result.isError === true };
      },
    };
  };
}

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const cliBin = fileURLToPath(new URL('../../bin/kairos-graphql.js', import.meta.url));

/** This process's environment without any KAIROS_ setting, plus `extra`: what a host hands the command. */
export function hostEnvironment(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !key.startsWith('KAIROS_')) env[key] = value;
  return { ...env, ...extra };
}

/** Clients that launch `kairos-graphql mcp` as a host would, relaying to the test server. */
export function useStdioRelays(server: TestServer) {
  const clients: Client[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
  });
  return async function launch(options: { elicit?: boolean } = {}): Promise<Client> {
    const client = new Client({ name: 'stdio-test', version: '1.0.0' }, { capabilities: options.elicit ? { elicitation: {} } : {} });
    if (options.elicit)
      client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { confirmation: 'approved at the terminal' } }));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cliBin, 'mcp'],
      cwd: repoRoot,
      env: hostEnvironment({ KAIROS_URL: server.running.baseUrl }),
      stderr: 'pipe',
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  };
}
