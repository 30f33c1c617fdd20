/**
 * GraphiQL served from this server: the page, its script, styles and editor workers (shipped by
 * `@graphql-yoga/render-graphiql`) and the favicon, so it works without internet and loads no
 * third-party code. Yoga's own page inlines everything and builds its workers from blob: URLs,
 * which a strict Content-Security-Policy forbids; here each asset is a same-origin file.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { GraphiQLOptions, Plugin } from 'graphql-yoga';

export const GRAPHIQL_ASSETS_PATH = '/graphiql/';
export const FAVICON_PATH = '/favicon.svg';

/**
 * Same origin only, as /ui. Styles may be inline: the Monaco editor inside GraphiQL writes its
 * theme into <style> elements and style attributes at run time. Workers are same-origin files.
 */
export const GRAPHIQL_CSP =
  "default-src 'none'; script-src 'self'; worker-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** An hourglass: kairos, the right moment. Shared by /graphql and /ui. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1f3a5f"/><path d="M10 6h12v3c0 3-3 5-5 7 2 2 5 4 5 7v3H10v-3c0-3 3-5 5-7-2-2-5-4-5-7z" fill="none" stroke="#f4c95d" stroke-width="2" stroke-linejoin="round"/><path d="M13 24c0-2 3-3 3-4 0 1 3 2 3 4z" fill="#f4c95d"/></svg>
`;

/** Which file each Monaco worker label loads (the labels Yoga's page uses). */
const WORKER_FILES = { editorWorkerService: 'editor.worker.js', json: 'json.worker.js', graphql: 'graphql.worker.js' } as const;

/** Reads the page options from the inert JSON block, points Monaco at the worker files, renders. */
const BOOT_SCRIPT = `'use strict';
(function () {
  var options = JSON.parse(document.getElementById('graphiql-options').textContent);
  var workers = ${JSON.stringify(Object.fromEntries(Object.entries(WORKER_FILES).map(([label, file]) => [label, GRAPHIQL_ASSETS_PATH + file])))};
  self.MonacoEnvironment = {
    globalAPI: false,
    getWorkerUrl: function (moduleId, label) { return workers[label] || workers.editorWorkerService; },
  };
  YogaGraphiQL.renderYogaGraphiQL(document.querySelector('#root'), options);
})();
`;

interface Asset {
  body: Buffer;
  gzipped: Buffer;
  contentType: string;
  etag: string;
}

let assets: Promise<Map<string, Asset>> | null = null;

/** The 9 MB bundle is loaded on the first GraphiQL request, never by a server that is not asked for it. */
function loadAssets(): Promise<Map<string, Asset>> {
  assets ??= import('@graphql-yoga/render-graphiql/graphiql').then((bundle) => {
    const files: [string, string, string][] = [
      ['graphiql.js', bundle.js, 'text/javascript; charset=utf-8'],
      ['graphiql.css', bundle.css, 'text/css; charset=utf-8'],
      ['boot.js', BOOT_SCRIPT, 'text/javascript; charset=utf-8'],
      [WORKER_FILES.editorWorkerService, bundle.editorWorkerService, 'text/javascript; charset=utf-8'],
      [WORKER_FILES.json, bundle.jsonWorker, 'text/javascript; charset=utf-8'],
      [WORKER_FILES.graphql, bundle.graphqlWorker, 'text/javascript; charset=utf-8'],
    ];
    return new Map(
      files.map(([name, text, contentType]) => {
        const body = Buffer.from(text);
        return [
          name,
          { body, gzipped: gzipSync(body), contentType, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` },
        ];
      }),
    );
  });
  return assets;
}

/** The GraphiQL page for Yoga's `renderGraphiQL`: markup only, every script and style a same-origin file. */
export function renderLocalGraphiQL(options: GraphiQLOptions): string {
  // "<" escaped, so no value can close the JSON block early.
  const json = JSON.stringify(options).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="referrer" content="no-referrer" />
    <title>${escapeHtml(options.title ?? 'GraphiQL')}</title>
    <link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml" />
    <link rel="stylesheet" href="${GRAPHIQL_ASSETS_PATH}graphiql.css" />
  </head>
  <body id="body" class="no-focus-outline">
    <noscript>You need to enable JavaScript to run GraphiQL.</noscript>
    <div id="root"></div>
    <script type="application/json" id="graphiql-options">${json}</script>
    <script src="${GRAPHIQL_ASSETS_PATH}graphiql.js"></script>
    <script src="${GRAPHIQL_ASSETS_PATH}boot.js"></script>
  </body>
</html>
`;
}

/** The GraphiQL page (HTML from the GraphQL endpoint) gets the same kind of headers as /ui. */
export function useGraphiQLSecurityHeaders(): Plugin {
  return {
    onResponse: ({ response }) => {
      if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return;
      response.headers.set('content-security-policy', GRAPHIQL_CSP);
      response.headers.set('x-content-type-options', 'nosniff');
      response.headers.set('referrer-policy', 'no-referrer');
    },
  };
}

/**
 * Answers /favicon.svg (and /favicon.ico, which browsers ask for unprompted) and, when GraphiQL
 * is on, /graphiql/<asset>; false for every other path.
 */
export function serveGraphiQLAssets(req: IncomingMessage, res: ServerResponse, graphiqlEnabled: boolean): boolean {
  const pathname = (req.url ?? '/').split('?')[0]!;
  const isFavicon = pathname === FAVICON_PATH || pathname === '/favicon.ico';
  if (!isFavicon && !(graphiqlEnabled && pathname.startsWith(GRAPHIQL_ASSETS_PATH))) return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
    res.end('Method not allowed\n');
    return true;
  }
  if (isFavicon) {
    res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400', 'x-content-type-options': 'nosniff' });
    res.end(req.method === 'HEAD' ? undefined : FAVICON_SVG);
    return true;
  }
  void loadAssets().then(
    (files) => sendAsset(files.get(pathname.slice(GRAPHIQL_ASSETS_PATH.length)), req, res),
    () => {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('GraphiQL assets could not be loaded\n');
    },
  );
  return true;
}

function sendAsset(asset: Asset | undefined, req: IncomingMessage, res: ServerResponse): void {
  if (!asset) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' });
    res.end('Not found\n');
    return;
  }
  // Revalidated on each visit (the names carry no hash), answered 304 when unchanged.
  const headers: Record<string, string | number> = {
    'content-type': asset.contentType,
    'cache-control': 'no-cache',
    etag: asset.etag,
    'x-content-type-options': 'nosniff',
    vary: 'accept-encoding',
  };
  if (req.headers['if-none-match'] === asset.etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = gzip ? asset.gzipped : asset.body;
  res.writeHead(200, { ...headers, 'content-length': body.length, ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);
}
