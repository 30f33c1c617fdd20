/**
 * A run as an MCP resource, `kairos://run/{runId}`: read it (the `kairos_run` answer), or name it
 * in `subscriptions/listen`'s `resourceSubscriptions` to receive its progress (run-listen.ts).
 */
import { type McpServer, ResourceNotFoundError, ResourceTemplate, type ServerContext } from '@modelcontextprotocol/server';
import { inMcpRequestSpan } from '../observability/mcp-spans.js';
import type { Authentication } from '../services/auth-service.js';
import { parseRunUri, RUN_URI_TEMPLATE } from '../model/kairos-uri.js';
import type { RunOperation } from './graphql-door.js';
import { runJson } from './v3/json-shapes.js';
import { McpRunDocument } from './v3/operations.js';

export const RUN_RESOURCE_CAPABILITY = { resources: { subscribe: true } } as const;

export function registerRunResources(
  mcp: McpServer,
  app: { runOperation: RunOperation },
  authenticationOf: (ctx: ServerContext) => Authentication,
): void {
  mcp.registerResource(
    'run',
    // Runs are not listed (there may be many); the template matches `?after_seq=` too (it lands in runId, parsed below).
    new ResourceTemplate(RUN_URI_TEMPLATE, { list: undefined }),
    {
      title: 'A protocol run',
      description:
        "A run's state (as kairos_run answers). Name it in subscriptions/listen's resourceSubscriptions (optionally with ?after_seq=N) to receive its progress.",
      mimeType: 'application/json',
    },
    (uri, _variables, ctx) =>
      inMcpRequestSpan(ctx, null, async () => {
        const parsed = parseRunUri(uri.href);
        const outcome = parsed
          ? await app.runOperation(McpRunDocument, { id: parsed.runId }, { authentication: authenticationOf(ctx) })
          : null;
        if (!outcome?.ok || !outcome.data.run) {
          throw new ResourceNotFoundError(uri.href.slice(0, 200));
        }
        return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(runJson(outcome.data.run)) }] };
      }),
  );
}
