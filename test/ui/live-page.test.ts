/**
 * The live page in a real browser against the real server and engine: prompts answered from the
 * page, a proposal applied from it, and a cut WebSocket that the page survives.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { MintDocument } from '../api/documents.js';
import { uniqueTitle } from '../api/fixtures.js';
import { AnswerPromptDocument, BeginDocument, RunDocument } from '../api/run-documents.js';
import { ApplyProposalDocument, ProposalDocument, ProposeUpdateDocument } from '../proposals/documents.js';
import { decisionBody, recordDecision } from '../proposals/fixtures.js';
import { useTestServer } from '../support/app.js';
import { useBrowser } from '../support/browser.js';
import { startTcpProxy } from '../support/tcp-proxy.js';

const server = useTestServer();
const browser = useBrowser();

/** One step a person must confirm, then a last step with nothing to prove. */
const gateProtocol = (title: string) => `# ${title}

## Approve

Check the release notes and the dashboards.

\`\`\`json
{"challenge": {"type": "user_input", "user_input": {"prompt": "Approve deployment to production?"}}}
\`\`\`

## Release

Release it.
`;

/** Two confirmations in a row, then a last step. */
const twoGateProtocol = (title: string) => `# ${title}

## Freeze

\`\`\`json
{"challenge": {"type": "user_input", "user_input": {"prompt": "Freeze the branch?"}}}
\`\`\`

## Ship

\`\`\`json
{"challenge": {"type": "user_input", "user_input": {"prompt": "Ship it now?"}}}
\`\`\`

## Done

Tell the team.
`;

/** A unique suffix of letters only: long digit runs in a proposal trip the PII scanner (card, phone numbers). */
function letters(): string {
  return Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

async function startRun(markdown: string) {
  const { mint } = await server.query(MintDocument, { input: { markdown } });
  const { begin } = await server.query(BeginDocument, { input: { uri: mint.protocol.stepUris[0]! } });
  return { protocol: mint.protocol, runId: begin.runId, promptId: begin.challenge!.promptId! };
}

async function openLivePage(baseUrl = server.running.baseUrl, prepare?: (page: Page) => void): Promise<Page> {
  const page = await browser.openPage(`${baseUrl}/ui/`, prepare);
  await page.locator('#connection[data-state="live"]').waitFor();
  return page;
}

const promptCard = (page: Page, runId: string) => page.locator(`.card.prompt[data-run-id="${runId}"]`);
const runRow = (page: Page, runId: string) => page.locator(`#runs tr[data-run-id="${runId}"]`);

async function timelineSeqs(page: Page, runId: string): Promise<number[]> {
  await runRow(page, runId)
    .getByRole('button', { name: /Details/ })
    .click();
  const dialog = page.locator(`dialog[open][data-run-id="${runId}"]`);
  await dialog.waitFor();
  return await dialog.locator('ol.timeline li').evaluateAll((items) => items.map((item) => Number((item as HTMLElement).dataset.seq)));
}

describe('the live page', () => {
  it('shows a new prompt at once; Approve completes the run', async () => {
    const page = await openLivePage();
    const title = uniqueTitle('Release gate');
    // Started after the page is open: the prompt must arrive live, not with the first load.
    const run = await startRun(gateProtocol(title));

    const card = promptCard(page, run.runId);
    await card.waitFor();
    await expect.poll(() => card.textContent()).toContain('Approve deployment to production?');
    expect(await card.locator('h3').textContent()).toBe(title);
    expect(await card.locator('.step-content').textContent()).toContain('Check the release notes and the dashboards.');
    expect(await page.locator('#announcer').textContent()).toContain(`New prompt from ${title}`);
    await browser.capture(page, 'prompt');

    await card.getByRole('button', { name: 'Approve' }).click();
    await runRow(page, run.runId).and(page.locator('[data-status="COMPLETED"]')).waitFor();
    await card.waitFor({ state: 'detached' });
    expect(await runRow(page, run.runId).textContent()).toContain('2 of 2 steps');

    const { run: stored } = await server.query(RunDocument, { id: run.runId });
    expect(stored!.status).toBe('COMPLETED');
    expect(stored!.proofs.find((proof) => proof.stepIndex === 1)).toMatchObject({
      status: 'SUCCESS',
      source: 'HUMAN',
      userInput: { confirmation: 'approved' },
    });
  });

  it('Reject declines the step: it fails and the run does not complete', async () => {
    const page = await openLivePage();
    const run = await startRun(gateProtocol(uniqueTitle('Release gate')));
    const card = promptCard(page, run.runId);
    // By keyboard: Tab from Approve reaches Reject, Enter presses it.
    await card.getByRole('button', { name: 'Approve' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Reject');
    await page.keyboard.press('Enter');
    await card.waitFor({ state: 'detached' });
    // The answered card is gone; focus stays in the prompt list instead of falling to the page.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('prompts-title');

    await page.locator(`#runs tr[data-run-id="${run.runId}"] .last-event`).filter({ hasText: 'User declined' }).waitFor();
    await runRow(page, run.runId)
      .getByRole('button', { name: /Details/ })
      .click();
    const failed = page.locator(`dialog[open] ol.timeline li[data-type="STEP_FAILED"]`);
    await failed.waitFor();
    expect(await failed.textContent()).toContain('Step failed (step 1) · User declined');
    expect(await runRow(page, run.runId).getAttribute('data-status')).toBe('ACTIVE');
    // The proof of the declined step is shown with the person's reply.
    await page.locator('dialog[open] ul.proofs li[data-step="1"]').filter({ hasText: 'rejected' }).waitFor();

    const { run: stored } = await server.query(RunDocument, { id: run.runId });
    expect(stored!.status).toBe('ACTIVE');
    expect(stored!.events.map((event) => event.type)).toContain('STEP_FAILED');
    expect(stored!.proofs[0]).toMatchObject({ stepIndex: 1, status: 'FAILED', source: 'HUMAN' });
  });

  it('applies a staged proposal from the page', async () => {
    const heading = `Use the live page ${letters()}`;
    const { proposeUpdate: staged } = await server.query(ProposeUpdateDocument, {
      input: recordDecision(heading, 'People watch runs and review proposals in the browser.', {
        owner: { id: 'team-platform', kind: 'team' },
      }),
    });
    expect(staged, staged.message).toMatchObject({ status: 'STAGED' });
    const page = await openLivePage();

    const card = page.locator(`.card.proposal[data-proposal-id="${staged.stagingId}"]`);
    await card.waitFor();
    const text = await card.textContent();
    expect(text).toContain('Record decision');
    expect(text).toContain(`Record the ${heading} decision`);
    expect(text).toContain('team-platform (team)');
    expect(text).toContain('File: src/store/memory-store.ts');
    expect(await card.locator('pre.diff .add').allTextContents()).toContain(`+## ${heading}`);
    await browser.capture(page, 'staged');

    await card.getByRole('button', { name: 'Apply' }).click();
    await card.waitFor({ state: 'detached' });
    const { proposal } = await server.query(ProposalDocument, { id: staged.stagingId! });
    expect(proposal!.status).toBe('APPLIED');
    expect(await page.locator('#announcer').textContent()).toContain('Proposal record decision was applied');
  });

  it('shows drift plainly: a proposal whose section changed after staging is not applied', async () => {
    const heading = `Drift check ${letters()}`;
    const sectionId = heading.toLowerCase().replaceAll(' ', '-');
    const { proposeUpdate: base } = await server.query(ProposeUpdateDocument, { input: recordDecision(heading, 'First version.') });
    await server.query(ApplyProposalDocument, { id: base.stagingId! });
    // Two reviews pending on the same section: whichever is applied first makes the other drift.
    const replace = (text: string) =>
      server.query(ProposeUpdateDocument, {
        input: {
          intent: 'RECORD_DECISION',
          rationale: `Rewrite as: ${text}`,
          sources: [{ type: 'FILE', ref: 'README.md' }],
          operations: [{ kind: 'REPLACE_SECTION', file: 'decisions.md', sectionId, content: `## ${heading}\n\n${decisionBody(text)}` }],
        },
      });
    const { proposeUpdate: first } = await replace('Second version.');
    const { proposeUpdate: second } = await replace('Competing version.');
    const page = await openLivePage();
    const secondCard = page.locator(`.card.proposal[data-proposal-id="${second.stagingId}"]`);
    await secondCard.waitFor();
    expect(await secondCard.locator('[data-blocked]').count()).toBe(0);

    await page.locator(`.card.proposal[data-proposal-id="${first.stagingId}"]`).getByRole('button', { name: 'Apply' }).click();
    // The other proposal's preview is refreshed by the applied event: it now says it drifted.
    await secondCard
      .locator('[data-blocked="TARGET_DRIFT"]')
      .filter({ hasText: 'Drift: what this proposal edits changed after it was staged' })
      .waitFor();
    await secondCard.getByRole('button', { name: 'Apply' }).click();
    await secondCard
      .locator('[data-drift]')
      .filter({ hasText: `decisions.md § ${sectionId}: the section’s text changed` })
      .waitFor();
    expect(await secondCard.locator('.outcome').textContent()).toMatch(/^Not applied: .*\(Target drift\)$/);
    const { proposal } = await server.query(ProposalDocument, { id: second.stagingId! });
    expect(proposal!.status).toBe('STAGED');
  });

  describe('when the WebSocket is cut', () => {
    it('shows it, reconnects, and catches up on what happened meanwhile exactly once', { timeout: 60_000 }, async () => {
      // The browser reaches the server only through this relay, which the test cuts and restores.
      const proxy = await startTcpProxy('127.0.0.1', Number(new URL(server.running.baseUrl).port));
      // After the final screenshot (afterEach), so it shows the page as the test left it.
      onTestFinished(() => proxy.close());
      // What the page asks the server for on each socket: run subscriptions must resume after the last seq seen.
      const progressRequests: { runId: string; afterSeq: number }[] = [];
      const page = await openLivePage(`http://127.0.0.1:${proxy.port}`, (page) =>
        page.on('websocket', (socket) =>
          socket.on('framesent', ({ payload }) => {
            const message = JSON.parse(String(payload)) as {
              type: string;
              payload?: { query: string; variables: { runId: string; afterSeq: number } };
            };
            if (message.type === 'subscribe' && message.payload?.query.includes('subscription LiveRunProgress'))
              progressRequests.push(message.payload.variables);
          }),
        ),
      );
      const run = await startRun(twoGateProtocol(uniqueTitle('Two gates')));
      await promptCard(page, run.runId).filter({ hasText: 'Freeze the branch?' }).waitFor();
      await runRow(page, run.runId).and(page.locator('[data-last-event="PROMPT_ISSUED"]')).waitFor();

      await proxy.cut();
      await page.locator('#connection[data-state="reconnecting"]').waitFor();
      expect(await page.locator('#connection').textContent()).toContain('reconnecting');
      await browser.capture(page, 'cut');

      // While the page is cut off, someone else answers the first prompt: the run moves to the second.
      await server.query(AnswerPromptDocument, { input: { promptId: run.promptId, confirmation: 'Approved' } });
      const { run: during } = await server.query(RunDocument, { id: run.runId });
      expect(during!.events.map((event) => event.type)).toEqual([
        'STARTED',
        'PROMPT_ISSUED',
        'PROMPT_ANSWERED',
        'STEP_PROVEN',
        'PROMPT_ISSUED',
      ]);

      await proxy.restore();
      await page.locator('#connection[data-state="live"]').waitFor({ timeout: 20_000 });
      await promptCard(page, run.runId).filter({ hasText: 'Ship it now?' }).waitFor();
      await expect.poll(() => promptCard(page, run.runId).count()).toBe(1);
      await runRow(page, run.runId).and(page.locator('[data-last-event="PROMPT_ISSUED"]')).waitFor();
      expect(await runRow(page, run.runId).textContent()).toContain('Step 2 of 3');
      expect(await timelineSeqs(page, run.runId)).toEqual([1, 2, 3, 4, 5]);
      expect(progressRequests.filter((request) => request.runId === run.runId)).toEqual([
        { runId: run.runId, afterSeq: 0 },
        { runId: run.runId, afterSeq: 2 },
      ]);
      await page.getByRole('button', { name: 'Close' }).click();

      // And it is live again: the second prompt answered from the page finishes the run.
      await promptCard(page, run.runId).getByRole('button', { name: 'Approve' }).click();
      await runRow(page, run.runId).and(page.locator('[data-status="COMPLETED"]')).waitFor();
      expect(await timelineSeqs(page, run.runId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    });
  });
});
