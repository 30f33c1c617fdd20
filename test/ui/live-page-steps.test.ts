/**
 * The live page, finished: step text rendered as sanitised markdown with the
 * challenge in plain words, and a run that starts appearing without a reload (the runEvents feed).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MintDocument } from '../api/documents.js';
import { uniqueTitle } from '../api/fixtures.js';
import { BeginDocument } from '../api/run-documents.js';
import { useTestServer } from '../support/app.js';
import { useBrowser } from '../support/browser.js';

const server = useTestServer();
const browser = useBrowser();
const fence = '```';

/** Step text with markdown, raw HTML, a script and a javascript: link: only the markdown may act. */
const markdownGate = (title: string) => `# ${title}

## Approve

Check **the release notes** and the [dashboards](https://example.com/dash).

- staging is green
- \`npm test\` passed

<img src="x" onerror="window.__kairosXss = 'img'">
<script>window.__kairosXss = 'script'</script>

A [bad link](javascript:window.__kairosXss='link') stays text.

${fence}json
{"challenge": {"type": "user_input", "user_input": {"prompt": "Approve deployment to production?", "require_human": true}}}
${fence}

## Release

Release it with \`make release\`.
`;

const shellProtocol = (title: string) => `# ${title}

## Build

${fence}json
{"challenge": {"type": "shell", "shell": {"cmd": "npm run build", "timeout_seconds": 120}}}
${fence}

## Report

Say how it went.
`;

async function mint(markdown: string) {
  return (await server.query(MintDocument, { input: { markdown } })).mint.protocol;
}

async function begin(uri: string) {
  return (await server.query(BeginDocument, { input: { uri } })).begin;
}

async function openLivePage(): Promise<Page> {
  const page = await browser.openPage(`${server.running.baseUrl}/ui/`);
  await page.locator('#connection[data-state="live"]').waitFor();
  return page;
}

const runRow = (page: Page, runId: string) => page.locator(`#runs tr[data-run-id="${runId}"]`);

describe('step text on the live page', () => {
  it('is rendered as markdown, with raw HTML shown as text, no script run, and safe links', async () => {
    const page = await openLivePage();
    const title = uniqueTitle('Markdown gate');
    const protocol = await mint(markdownGate(title));
    const run = await begin(protocol.uri);

    const card = page.locator(`.card.prompt[data-run-id="${run.runId}"]`);
    await card.waitFor();
    const content = card.locator('.step-content');
    expect(await content.locator('strong').textContent()).toBe('the release notes');
    expect(await content.locator('li').allTextContents()).toEqual(['staging is green', 'npm test passed']);
    expect(await content.locator('code').textContent()).toBe('npm test');
    const link = content.locator('a', { hasText: 'dashboards' });
    expect(await link.getAttribute('href')).toBe('https://example.com/dash');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await link.getAttribute('target')).toBe('_blank');
    // Raw HTML is text, not elements; the javascript: link lost its target.
    expect(await content.locator('img, script, [onerror]').count()).toBe(0);
    expect(await content.textContent()).toContain('<img src="x" onerror=');
    expect(await content.textContent()).toContain('<script>');
    expect(await content.locator('a', { hasText: 'bad link' }).getAttribute('href')).toBeNull();
    expect(await page.evaluate(() => (window as { __kairosXss?: unknown }).__kairosXss)).toBeUndefined();

    // The challenge in plain words, apart from the step text.
    const challenge = card.getByRole('group', { name: 'What the run asks' });
    expect(await challenge.textContent()).toBe('A person must confirmApprove deployment to production?');
    await browser.capture(page, 'prompt card');

    // The run's details list its steps, each with its challenge in words and its text as markdown.
    await runRow(page, run.runId)
      .getByRole('button', { name: /Details/ })
      .click();
    const steps = page.locator(`dialog[open][data-run-id="${run.runId}"] ol.steps > li`);
    await expect.poll(() => steps.count()).toBe(2);
    expect(await steps.nth(0).locator('.challenge-text').textContent()).toBe(
      'A person (not the agent) confirms: “Approve deployment to production?”.',
    );
    expect(await steps.nth(0).textContent()).toContain('Waiting for proof');
    expect(await steps.nth(0).locator('details').getAttribute('open')).not.toBeNull();
    expect(await steps.nth(0).locator('.step-content strong').textContent()).toBe('the release notes');
    expect(await steps.nth(1).locator('.challenge-text').textContent()).toBe('Nothing to prove: the agent may leave a comment.');
    expect(await steps.nth(1).textContent()).toContain('Not reached');
    expect(await steps.nth(1).locator('.step-content code').textContent()).toBe('make release');
    expect(await page.evaluate(() => (window as { __kairosXss?: unknown }).__kairosXss)).toBeUndefined();
    await browser.capture(page, 'run details');
  });
});

describe('the runs list', () => {
  it('shows a run that starts after the page opened, without a reload, and follows it', async () => {
    const page = await openLivePage();
    const protocol = await mint(shellProtocol(uniqueTitle('Feed')));
    // The feed has no replay: start runs until the first shows, so the subscription is surely live.
    const probes: string[] = [];
    await expect
      .poll(
        async () => {
          probes.push((await begin(protocol.uri)).runId);
          return page
            .locator('#runs tr')
            .evaluateAll((rows, ids) => rows.some((row) => ids.includes((row as HTMLElement).dataset.runId ?? '')), probes);
        },
        { timeout: 15_000, interval: 300 },
      )
      .toBe(true);

    // A shell step has no prompt: before the runEvents feed, nothing told the page about this run.
    const run = await begin(protocol.uri);
    await runRow(page, run.runId).waitFor();
    expect(await runRow(page, run.runId).getAttribute('data-status')).toBe('ACTIVE');
    expect(await runRow(page, run.runId).textContent()).toContain('Step 1 of 2');
    expect(await page.locator('#runs tr').first().getAttribute('data-run-id')).toBe(run.runId);
    await browser.capture(page, 'new run');
  });
});
