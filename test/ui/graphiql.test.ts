/**
 * GraphiQL on a machine without internet: Chromium with every request outside the server refused
 * opens /graphql, runs a query, and runs a subscription over WebSocket, all from this server.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MintDocument } from '../api/documents.js';
import { noChallengeProtocol } from '../api/fixtures.js';
import { BeginDocument } from '../api/run-documents.js';
import { useTestServer } from '../support/app.js';
import { useBrowser } from '../support/browser.js';

const server = useTestServer();
const browser = useBrowser();

interface Offline {
  /** Requests the page tried to make outside the server (all refused). */
  outside: string[];
  /** Console errors, such as Content-Security-Policy violations. */
  errors: string[];
  webSockets: string[];
}

/** Opens a page on which only the server itself answers: anything else is aborted and recorded. */
async function openOffline(path: string): Promise<{ page: Page; seen: Offline }> {
  const seen: Offline = { outside: [], errors: [], webSockets: [] };
  const origin = new URL(server.running.baseUrl).origin;
  const page = await browser.openPage(`${server.running.baseUrl}${path}`, (page) => {
    void page.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.origin === origin || url.protocol === 'data:') return route.continue();
      seen.outside.push(url.href);
      return route.abort('internetdisconnected');
    });
    page.on('console', (message) => {
      if (message.type() === 'error') seen.errors.push(message.text());
    });
    page.on('websocket', (socket) => seen.webSockets.push(socket.url()));
  });
  return { page, seen };
}

/** Replaces the query editor's text (Monaco) and runs it with the execute button. */
async function runInGraphiQL(page: Page, operation: string): Promise<void> {
  const editor = page.locator('.graphiql-query-editor .monaco-editor').first();
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  // insertText: no auto-closed brackets doubling what is typed.
  await page.keyboard.insertText(operation);
  await page.locator('.graphiql-execute-button').click();
}

/** The result pane's text; Monaco renders spaces as no-break spaces. */
const responseText = async (page: Page) => (await page.locator('.graphiql-response').innerText()).replace(/\u00a0/g, ' ');

describe('GraphiQL at /graphql, offline', () => {
  it('loads from this server only, runs a query, and runs a subscription over WebSocket', async () => {
    const { page, seen } = await openOffline('/graphql');
    await page.locator('.graphiql-query-editor .monaco-editor').first().waitFor();
    expect(await page.title()).toBe('kairos-graphql');
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');

    await runInGraphiQL(page, '{ me { principalId role } }');
    await expect.poll(() => responseText(page)).toContain('"principalId": "local"');
    expect(await responseText(page)).toContain('"role": "ADMIN"');
    await browser.capture(page, 'query answered');

    const protocol = (await server.query(MintDocument, { input: { markdown: noChallengeProtocol() } })).mint.protocol;
    await runInGraphiQL(page, 'subscription { runEvents { type runId protocolLabel } }');
    // runEvents has no replay: start runs until one shows in GraphiQL's result pane.
    const started: string[] = [];
    await expect
      .poll(
        async () => {
          started.push((await server.query(BeginDocument, { input: { uri: protocol.uri } })).begin.runId);
          const text = await responseText(page);
          return started.some((runId) => text.includes(runId)) && text.includes('"type": "STARTED"') && text.includes(protocol.label);
        },
        { timeout: 15_000, interval: 300 },
      )
      .toBe(true);
    await browser.capture(page, 'subscription event');

    const wsOrigin = server.running.baseUrl.replace(/^http/, 'ws');
    expect(seen.webSockets.length).toBeGreaterThan(0);
    expect(seen.webSockets.every((url) => url.startsWith(`${wsOrigin}/graphql`))).toBe(true);
    expect(seen.outside).toEqual([]);
    expect(seen.errors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
  });

  it('serves the page with a same-origin Content-Security-Policy and every asset locally', async () => {
    const response = await fetch(`${server.running.graphqlUrl}`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("default-src 'none'");
    const html = await response.text();
    // No third-party host anywhere in the page, and no inline script to execute.
    expect(html).not.toMatch(/https?:\/\//);
    expect(html.match(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/g) ?? []).toEqual([]);
    for (const asset of ['graphiql.js', 'graphiql.css', 'boot.js', 'editor.worker.js', 'json.worker.js', 'graphql.worker.js']) {
      const file = await fetch(`${server.running.baseUrl}/graphiql/${asset}`);
      expect(file.status, asset).toBe(200);
      expect(file.headers.get('content-type'), asset).toMatch(asset.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
      expect((await file.arrayBuffer()).byteLength, asset).toBeGreaterThan(100);
    }
    expect((await fetch(`${server.running.baseUrl}/graphiql/missing.js`)).status).toBe(404);
  });

  it('gives /graphql and /ui the same favicon, from this server', async () => {
    const icon = await fetch(`${server.running.baseUrl}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(await icon.text()).toMatch(/^<svg /);
    const ui = await (await fetch(`${server.running.baseUrl}/ui/`)).text();
    expect(ui).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"');
  });
});
