/**
 * Debian's Chromium driven by playwright-core (no browser download): one browser per test file,
 * a fresh context (own storage, laptop-sized viewport) per page, and a screenshot per test.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

export const CHROMIUM_PATH = '/usr/bin/chromium';
const SCREENSHOT_DIR = join(process.cwd(), 'test-output/ui');

// Without the background-networking flags Chromium keeps dialing Google on a closed network.
// Playwright adds --headless and its own fresh --user-data-dir for every launch.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface TestBrowser {
  /** A new tab in a new context (its own sessionStorage), 1366×768; `prepare` runs before it loads. */
  openPage(url: string, prepare?: (page: Page) => void): Promise<Page>;
  /** A screenshot of a moment inside the test (`<test>--<moment>.png`), next to the final one. */
  capture(page: Page, moment: string): Promise<void>;
}

/** Call at the top level of a test file. Fails (never skips) when Chromium is not installed. */
export function useBrowser(): TestBrowser {
  let browser: Browser | null = null;
  const contexts: BrowserContext[] = [];
  let lastPage: Page | null = null;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM_PATH)) {
      throw new Error(
        `${CHROMIUM_PATH} is missing: the browser tests need Debian's Chromium. Install it with \`apt-get install -y chromium\` (.ci/run does).`,
      );
    }
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  });

  afterEach(async (context) => {
    // Passed or failed, each test leaves a picture of what the page showed at its end.
    if (lastPage && !lastPage.isClosed()) {
      await screenshot(lastPage, slug(context.task.name));
    }
    await Promise.all(contexts.splice(0).map((browserContext) => browserContext.close()));
    lastPage = null;
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    async openPage(url, prepare) {
      if (!browser) throw new Error('the browser is not started yet');
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
      contexts.push(context);
      const page = await context.newPage();
      // Well under the test timeout, so a missing element fails with Playwright's own message.
      page.setDefaultTimeout(15_000);
      lastPage = page;
      prepare?.(page);
      await page.goto(url);
      return page;
    },
    async capture(page, moment) {
      await screenshot(page, `${slug(expect.getState().currentTestName?.split(' > ').at(-1) ?? 'test')}--${slug(moment)}`);
    },
  };
}

async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}
