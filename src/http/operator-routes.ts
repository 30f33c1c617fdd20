/**
 * The routes an operator or a verifier calls, outside GraphQL and MCP: `/healthz` (the database
 * answers a ping), the transcript signing keys (public on purpose: anyone holding a transcript
 * must be able to check it) and `/metrics` (Prometheus).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Services } from '../compose.js';
import type { Logger } from '../observability/logger.js';
import type { Metrics } from '../observability/metrics.js';
import { PUBLIC_KEYS_PATH } from '../transcripts/transcript-signature.js';

export interface OperatorRouteDeps {
  /** True while the database answers a ping (bounded by its own timer). */
  pingDatabase: () => Promise<boolean>;
  services: Services;
  metrics: Metrics;
  log: Logger;
}

/** Serves the request when it is one of these routes (true), else leaves it alone (false). */
export function createOperatorRoutes({
  pingDatabase,
  services,
  metrics,
  log,
}: OperatorRouteDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const reading = req.method === 'GET' || req.method === 'HEAD';
    if (req.url === '/healthz' && reading) {
      void pingDatabase().then((up) => {
        res.writeHead(up ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        // A failing embeddings endpoint is a detail, not an outage: search still answers, by words.
        const embeddings = services.semanticIndex.embeddingsHealth;
        res.end(JSON.stringify({ status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down', ...(embeddings ? { embeddings } : {}) }));
      });
      return true;
    }
    if (req.url === PUBLIC_KEYS_PATH && reading) {
      services.signingKeys.publicKeySet().then(
        (keySet) => {
          res.writeHead(200, {
            'content-type': 'application/json',
            'cache-control': 'public, max-age=300',
            'access-control-allow-origin': '*',
          });
          res.end(JSON.stringify(keySet));
        },
        (error: unknown) => {
          log.error({ err: error }, 'public key list failed');
          res.writeHead(503).end();
        },
      );
      return true;
    }
    if (req.url === '/metrics' && req.method === 'GET') {
      metrics.registry.metrics().then(
        (text) => {
          res.writeHead(200, { 'content-type': metrics.registry.contentType });
          res.end(text);
        },
        (error: unknown) => {
          log.error({ err: error }, 'metrics collection failed');
          res.writeHead(500).end();
        },
      );
      return true;
    }
    return false;
  };
}
