import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Services } from '../compose.js';
import type { Logger } from '../observability/logger.js';
import { MemoryReader } from '../services/memory-reader.js';
import { RequestError } from '../services/errors.js';
import { EXPORT_DOWNLOAD_PATH, loggableDownloadPath } from '../services/export-service.js';

const STATUS_OF: Record<string, number> = { UNAUTHENTICATED: 401, FORBIDDEN: 403, NOT_FOUND: 404 };

/**
 * GET /export/download/<token>: a large skill_zip export, or one artifact's file. A header link authenticates as /graphql
 * does (Authorization, X-Kairos-Space); a capability link acts as the token that made it, which
 * must still be valid (docs/security.md). Either way the link must be this principal's and
 * unexpired, and the adapters are read again with its spaces. The archive is written skill by
 * skill, waiting for the socket to drain. A link is logged without its signature.
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
      else app.log.info({ code }, 'export download refused');
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(STATUS_OF[code] ?? (code === 'INTERNAL_SERVER_ERROR' ? 500 : 400), {
        'content-type': 'application/json',
        'cache-control': 'no-store',
      });
      res.end(JSON.stringify({ error: code, message: error instanceof RequestError ? error.message : 'Unexpected error.' }));
    });
    return true;
  };

  async function serve(encoded: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const token = decodeLinkToken(encoded);
    const link = app.services.exports.openLink(token);
    const space = req.headers['x-kairos-space'];
    const authentication = link.capability
      ? await app.services.auth.authenticateAsIssuer(link.capability.tokenId, link.capability.narrowedTo)
      : await app.services.auth.authenticate(req.headers.authorization ?? null, typeof space === 'string' ? space : null);
    const reader = new MemoryReader(app.services.memoryStore, authentication.viewer, { cache: false });
    const { filename, contentType, body } = await app.services.exports.download(authentication.viewer, reader, link);
    if (link.capability)
      app.log.info(
        { link: loggableDownloadPath(token), exportId: link.capability.exportId, principalId: link.principalId },
        'export downloaded by capability link',
      );
    res.writeHead(200, {
      'content-type': contentType,
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    });
    for await (const chunk of body) {
      if (!res.write(chunk)) await drainedOrClosed(res);
      // A reader that went away stops the archive: the rest is never read or built.
      if (res.destroyed) return;
    }
    res.end();
  }
}

function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** The token part of the path; a malformed percent-escape is an unknown link (404), not a server error. */
function decodeLinkToken(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    throw new RequestError('NOT_FOUND', 'This download link is unknown or has expired; export again');
  }
}
