/**
 * A run as an MCP resource, `kairos://run/{runId}`: read it (the `kairos_run` answer), or name it
 * in `subscriptions/listen`'s `resourceSubscriptions` to receive its progress (run-listen.ts).
 */
import { ResourceNotFoundError, type Server, type ServerContext } from '@modelcontextprotocol/server';
import type { Authentication } from '../services/auth-service.js';
import type { RunOperation } from './graphql-door.js';
import { runJson } from './v3/json-shapes.js';
import { McpRunDocument } from './v3/operations.js';

export const RUN_URI_PREFIX = 'kairos://run/';
export const RUN_RESOURCE_CAPABILITY = { resources: { subscribe: true } } as const;
/** Run ids are short; anything longer is not a run. */
const MAX_RUN_ID_LENGTH = 128;

/** `kairos://run/<id>` or `kairos://run/<id>?after_seq=<n>`: the run id and the sequence to replay after. */
export function parseRunUri(uri: string): { runId: string; afterSeq: number } | null {
  if (!uri.startsWith(RUN_URI_PREFIX)) return null;
  const [id, query] = uri.slice(RUN_URI_PREFIX.length).split('?', 2) as [string, string | undefined];
  if (id === '' || id.length > MAX_RUN_ID_LENGTH || !/^[\w-]+$/.test(id)) return null;
  const after = new URLSearchParams(query ?? '').get('after_seq');
  const afterSeq = after === null ? 0 : Number(after);
  if (!Number.isSafeInteger(afterSeq) || afterSeq < 0) return null;
  return { runId: id, afterSeq };
}

export function registerRunResources(server: Server, app: { runOperation: RunOperation }, authenticationOf: (ctx: ServerContext) => Authentication): void {
  server.setRequestHandler('resources/list', () => ({ resources: [] }));
  server.setRequestHandler('resources/templates/list', () => ({
    resourceTemplates: [
      {
        uriTemplate: `${RUN_URI_PREFIX}{runId}`,
        name: 'run',
        title: 'A protocol run',
        description: "A run's state (as kairos_run answers). Name it in subscriptions/listen's resourceSubscriptions (optionally with ?after_seq=N) to receive its progress.",
        mimeType: 'application/json',
      },
    ],
  }));
  server.setRequestHandler('resources/read', async (request, ctx) => {
    const parsed = parseRunUri(request.params.uri);
    const outcome = parsed ? await app.runOperation(McpRunDocument, { id: parsed.runId }, { authentication: authenticationOf(ctx) }) : null;
    if (!outcome?.ok || !outcome.data.run) {
      throw new ResourceNotFoundError(request.params.uri.slice(0, 200));
    }
    return { contents: [{ uri: request.params.uri, mimeType: 'application/json', text: JSON.stringify(runJson(outcome.data.run)) }] };
  });
}
