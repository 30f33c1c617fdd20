import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Services } from '../compose.js';
import type { Logger } from '../observability/logger.js';
import { MemoryReader } from '../services/memory-reader.js';
import { RequestError } from '../services/errors.js';
import { EXPORT_DOWNLOAD_PATH } from '../services/export-service.js';

const STATUS_OF: Record<string, number> = { UNAUTHENTICATED: 401, FORBIDDEN: 403, NOT_FOUND: 404 };

/**
 * GET /export/download/<token>: a large skill_zip export. The request authenticates as /graphql
 * does (Authorization, X-Kairos-Space); the token must be this principal's and unexpired, and the
 * adapters are read again with the caller's spaces. The archive is written skill by skill.
 */
export function createExportDownload(app: { services: Services; log: Logger }) {
  return function handle(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? '';
    if (!url.startsWith(EXPORT_DOWNLOAD_PATH)) return false;
    if (req.method !== 'GET') {
      res.writeHead(405, { allow: 'GET', 'content-type': 'application/json' }).end(JSON.stringify({ error: 'METHOD_NOT_ALLOWED' }));
      return true;
    }
    void serve(url.slice(EXPORT_DOWNLOAD_PATH.length).split('?')[0]!, req, res).catch((error: unknown) => {
      const code = error instanceof RequestError ? error.code : 'INTERNAL_SERVER_ERROR';
      if (!(error instanceof RequestError)) app.log.error({ err: error }, 'export download failed');
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(STATUS_OF[code] ?? (code === 'INTERNAL_SERVER_ERROR' ? 500 : 400), { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ error: code, message: error instanceof RequestError ? error.message : 'Unexpected error.' }));
    });
    return true;
  };

  async function serve(token: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const space = req.headers['x-kairos-space'];
    const authentication = await app.services.auth.authenticate(req.headers.authorization ?? null, typeof space === 'string' ? space : null);
    const reader = new MemoryReader(app.services.memoryStore, authentication.viewer, { cache: false });
    const { filename, body } = await app.services.exports.download(authentication.viewer, reader, decodeURIComponent(token));
    res.writeHead(200, { 'content-type': 'application/zip', 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'no-store' });
    for await (const chunk of body) {
      if (!res.write(chunk)) await new Promise<void>((resolve) => res.once('drain', resolve));
    }
    res.end();
  }
}
