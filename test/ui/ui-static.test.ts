/** /ui over real HTTP: the built page, its assets, cache headers, and nothing outside dist/ui. */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { serveUi } from '../../src/http/ui-static.js';
import { useTestServer } from '../support/app.js';

const server = useTestServer();

/** A GET with the path sent exactly as given (fetch would resolve the dot segments first). */
function rawGet(
  baseUrl: string,
  path: string,
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('GET /ui', () => {
  it('serves the page (also for deep links) with a strict policy and no caching', async () => {
    for (const path of ['/ui', '/ui/', '/ui/runs/some-run']) {
      const response = await rawGet(server.running.baseUrl, path);
      expect(response.status, path).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.body).toContain('<title>Kairos live</title>');
    }
  });

  it('serves hashed assets for good, with their content type, and 404s missing ones', async () => {
    const page = await rawGet(server.running.baseUrl, '/ui/');
    const script = /src="(\/ui\/assets\/[^"]+\.js)"/.exec(page.body)?.[1];
    const style = /href="(\/ui\/assets\/[^"]+\.css)"/.exec(page.body)?.[1];
    expect(script && style).toBeTruthy();
    const js = await rawGet(server.running.baseUrl, script!);
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await rawGet(server.running.baseUrl, style!)).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await rawGet(server.running.baseUrl, '/ui/assets/missing-0000.js')).status).toBe(404);
    expect((await rawGet(server.running.baseUrl, '/ui/favicon.ico')).status).toBe(404);
  });

  it('never reads outside dist/ui', async () => {
    for (const path of [
      '/ui/../package.json',
      '/ui/%2e%2e/%2e%2e/package.json',
      '/ui/..%2f..%2fpackage.json',
      '/ui/assets/../../../package.json',
      '/ui/%00',
    ]) {
      const response = await rawGet(server.running.baseUrl, path);
      expect(response.body, path).not.toContain('"name": "kairos-graphql"');
      expect([400, 404], path).toContain(response.status);
    }
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await rawGet(server.running.baseUrl, '/ui/', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect((await rawGet(server.running.baseUrl, '/ui/', 'POST')).status).toBe(405);
  });

  it('says how to build the page when dist/ui is missing', async () => {
    const bare = createServer((req, res) => {
      if (!serveUi(req, res, '/nonexistent/kairos-ui')) res.writeHead(418).end();
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    try {
      const response = await rawGet(`http://127.0.0.1:${(bare.address() as AddressInfo).port}`, '/ui/');
      expect(response.status).toBe(503);
      expect(response.body).toContain('npm run build');
    } finally {
      await new Promise((resolve) => bare.close(resolve));
    }
  });
});
