/** The live page with KAIROS_AUTH=on: it asks for a token and keeps it for the tab only. */
import { describe, expect, it } from 'vitest';
import { MintDocument } from '../api/documents.js';
import { uniqueTitle } from '../api/fixtures.js';
import { BeginDocument } from '../api/run-documents.js';
import { useTestServer } from '../support/app.js';
import { useBrowser } from '../support/browser.js';

const server = useTestServer({ authEnabled: true });
const browser = useBrowser();

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('the live page with authentication on', () => {
  it('asks for a token, refuses a wrong one, and keeps a good one for this tab only', async () => {
    const name = `reviewer-${Date.now()}`;
    const { token, principal } = await server.running.services.auth.bootstrap({
      name,
      role: 'ADMIN',
      groups: [],
      tokenName: 'live-page',
      expiresInSeconds: null,
    });

    const page = await browser.openPage(`${server.running.baseUrl}/ui/`);
    const tokenField = page.getByLabel('API token', { exact: true });
    await tokenField.waitFor();
    expect(await page.locator('#connection').getAttribute('data-state')).toBe('signed-out');
    expect(await page.locator('#auth-reason').textContent()).toBe('This server requires an API token.');

    await tokenField.fill(`kairos_${'0'.repeat(32)}.${'A'.repeat(43)}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('#auth-reason').filter({ hasText: 'The token was refused' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('kairos.token'))).toBeNull();

    await tokenField.fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('#connection[data-state="live"]').waitFor();
    expect(await page.locator('#viewer').textContent()).toBe(`${principal._id} · Admin`);
    expect(await page.evaluate(() => [sessionStorage.getItem('kairos.token'), localStorage.length])).toEqual([token, 0]);

    // Live over the authenticated socket: a run started with the same token shows its prompt.
    const minted = await server.request(
      MintDocument,
      {
        input: {
          markdown: `# ${uniqueTitle('Gate')}\n\n## Ask\n\n\`\`\`json\n{"challenge": {"type": "user_input", "user_input": {"prompt": "Go?"}}}\n\`\`\`\n\n## End\n\nDone.\n`,
        },
      },
      bearer(token),
    );
    const begun = await server.request(BeginDocument, { input: { uri: minted.data!.mint.protocol.stepUris[0]! } }, bearer(token));
    await page.locator(`.card.prompt[data-run-id="${begun.data!.begin.runId}"]`).waitFor();

    // A reload keeps the token (same tab); a new tab does not have it.
    await page.reload();
    await page.locator('#connection[data-state="live"]').waitFor();
    const otherTab = await page.context().newPage();
    await otherTab.goto(`${server.running.baseUrl}/ui/`);
    await otherTab.getByLabel('API token', { exact: true }).waitFor();
    await otherTab.close();

    // Forgetting the token signs the tab out.
    await page.getByRole('button', { name: 'Forget token' }).click();
    await tokenField.waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('kairos.token'))).toBeNull();
    await browser.capture(page, 'signed-out');
    await tokenField.fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('#connection[data-state="live"]').waitFor();
  });
});
