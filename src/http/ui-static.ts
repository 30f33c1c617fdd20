/**
 * Serves the built live page (dist/ui, from `npm run build`) at /ui. Only files inside that
 * folder are ever read; hashed assets are cached for good, index.html never.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const UI_PATH = '/ui';

/** Where `npm run build` writes the page (src/ui/vite.config.ts). */
export const UI_DIST_DIR = fileURLToPath(new URL('../../dist/ui/', import.meta.url));

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/** Same-origin only: the page's scripts, styles and connections (HTTP and WebSocket) go to this server. */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** Vite puts content-hashed files under assets/: a new build gets new names. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Answers requests for /ui and /ui/*; returns false for every other path so the caller can
 * route it elsewhere.
 */
export function serveUi(req: IncomingMessage, res: ServerResponse, distDir: string = UI_DIST_DIR): boolean {
  const pathname = (req.url ?? '/').split('?')[0]!;
  if (pathname !== UI_PATH && !pathname.startsWith(`${UI_PATH}/`)) return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
    res.end('Method not allowed\n');
    return true;
  }
  void sendUiFile(pathname, req, res, distDir);
  return true;
}

async function sendUiFile(pathname: string, req: IncomingMessage, res: ServerResponse, distDir: string): Promise<void> {
  const root = resolve(distDir);
  let relative: string;
  try {
    relative = decodeURIComponent(pathname.slice(UI_PATH.length)).replace(/^\/+/, '');
  } catch {
    return sendText(res, 400, 'Bad path\n');
  }
  const file = resolve(root, relative);
  // Resolved paths that leave dist/ui (../, encoded or not) or carry NUL bytes are refused.
  if (relative.includes('\0') || (file !== root && !file.startsWith(root + sep))) return sendText(res, 404, 'Not found\n');

  const isAsset = relative.startsWith('assets/');
  let target = file;
  let info = await stat(file).catch(() => null);
  if (!info?.isFile()) {
    // Missing assets are 404s; any other path under /ui is the page itself.
    if (isAsset || extname(relative) !== '') return sendText(res, 404, 'Not found\n');
    target = resolve(root, 'index.html');
    info = await stat(target).catch(() => null);
    if (!info?.isFile())
      return sendText(res, 503, 'The live page is not built: run `npm run build` (npm start does it when dist/ui is missing).\n');
  }

  const headers: Record<string, string | number> = {
    ...SECURITY_HEADERS,
    'content-type': CONTENT_TYPES[extname(target)] ?? 'application/octet-stream',
    'content-length': info.size,
    'cache-control': isAsset && target === file ? IMMUTABLE : 'no-cache',
    'last-modified': info.mtime.toUTCString(),
  };
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(target);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(text);
}
