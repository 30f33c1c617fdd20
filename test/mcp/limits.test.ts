/** Guard rails on /mcp: the per-principal rate limit of /graphql, metrics, and the session cap. */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
import { useMcpClients } from './mcp-client.js';

const server = useTestServer({ rateLimitPerMinute: 5, mcpMaxSessions: 2 });
const connect = useMcpClients(server);

describe('limits on /mcp', () => {
  it('applies the same per-principal rate limit as /graphql, as a tool error, and counts tool calls in /metrics', async () => {
    const mcp = await connect();
    const outcomes: string[] = [];
    for (let call = 0; call < 7; call++) {
      const { json, isError } = await mcp.call('kairos_search', { query: 'deploy the service' });
      outcomes.push(isError ? json.error : 'ok');
    }
    expect(outcomes.slice(0, 5)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(outcomes.slice(5)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
    const metrics = await (await fetch(`${server.running.baseUrl}/metrics`)).text();
    expect(metrics).toContain('kairos_mcp_tool_calls_total{tool="kairos_search",outcome="ok"} 5');
    expect(metrics).toContain('kairos_mcp_tool_calls_total{tool="kairos_search",outcome="RATE_LIMITED"} 2');
    expect(metrics).toMatch(/kairos_graphql_operations_total\{type="query",operation="search",outcome="ok"\} 5/);
    expect(metrics).toContain('kairos_mcp_sessions 1');
  });

  it('at the total cap, closes the oldest idle session to open a new one', async () => {
    const first = await connect();
    await connect();
    const third = await connect();
    expect((await third.client.listTools()).tools.length).toBeGreaterThan(0);
    await expect(first.client.listTools()).rejects.toThrow();
  });
});
