/**
 * A run as an MCP resource, `kairos://run/{runId}`: read it (the `kairos_run` answer), or name it
 * in `subscriptions/listen`'s `resourceSubscriptions` to receive its progress (run-listen.ts).
 */
import { ResourceNotFoundError, type Server, type ServerContext } from '@modelcontextprotocol/server';
import { inMcpRequestSpan } from '../observability/mcp-spans.js';
import type { Authentication } from '../services/auth-service.js';
import { parseRunUri, RUN_URI_TEMPLATE } from '../model/kairos-uri.js';
import type { RunOperation } from './graphql-door.js';
import { runJson } from './v3/json-shapes.js';
import { McpRunDocument } from './v3/operations.js';

export const RUN_RESOURCE_CAPABILITY = { resources: { subscribe: true } } as const;

export function registerRunResources(server: Server, app: { runOperation: RunOperation }, authenticationOf: (ctx: ServerContext) => Authentication): void {
  server.setRequestHandler('resources/list', () => ({ resources: [] }));
  server.setRequestHandler('resources/templates/list', () => ({
    resourceTemplates: [
      {
        uriTemplate: RUN_URI_TEMPLATE,
        name: 'run',
        title: 'A protocol run',
        description: "A run's state (as kairos_run answers). Name it in subscriptions/listen's resourceSubscriptions (optionally with ?after_seq=N) to receive its progress.",
        mimeType: 'application/json',
      },
    ],
  }));
  server.setRequestHandler('resources/read', (request, ctx) =>
    inMcpRequestSpan(ctx, null, async () => {
      const parsed = parseRunUri(request.params.uri);
      const outcome = parsed ? await app.runOperation(McpRunDocument, { id: parsed.runId }, { authentication: authenticationOf(ctx) }) : null;
      if (!outcome?.ok || !outcome.data.run) {
        throw new ResourceNotFoundError(request.params.uri.slice(0, 200));
      }
      return { contents: [{ uri: request.params.uri, mimeType: 'application/json', text: JSON.stringify(runJson(outcome.data.run)) }] };
    }),
  );
}
