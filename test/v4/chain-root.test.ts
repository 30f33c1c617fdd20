/**
 * KAIROS 4's `chain_root`: a later link of a chain names its entry adapter's slug in its
 * frontmatter, and activate shows that root instead of the link (once, however many links
 * match), keeping the matched link's own name, score, patterns and space. forward itself is
 * unaffected: the link's own URI still runs the link.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
import { uniqueTitle } from '../api/fixtures.js';
import { useMcpClients, type McpTestClient, type ToolJson } from '../mcp/mcp-client.js';
import { activateOutput } from './kairos-485-schemas.js';

const server = useTestServer();
const connect = useMcpClients(server);
const fence = '```';
const PASS = { verdict_file: '/tmp/verdict.txt', exit_code: 0, stdout: 'PASS' };

function adapter(title: string, slug: string, pattern: string, chainRoot?: string): string {
  const contract = `${fence}json\n{"contract": {"type": "comment", "comment": {"min_length": 10}}}\n${fence}`;
  const front = `---\nslug: ${slug}\n${chainRoot ? `chain_root: ${chainRoot}\n` : ''}---\n\n`;
  return `${front}# ${title}\n\n## Activation Patterns\n\n- ${pattern}\n\n## Do the work\n\nDo it.\n\n${contract}\n`;
}

async function train(client: McpTestClient, content: string): Promise<void> {
  const trained = await client.call('train', { content, llm_model_id: 'test-model', review_evidence: PASS });
  expect(trained.isError, JSON.stringify(trained.json)).toBe(false);
}

describe('activate with chain_root', () => {
  it("shows a chain's root instead of its links, once", async () => {
    const client = await connect();
    const tag = randomUUID().slice(0, 6);
    const rootSlug = `ledger-close-${tag}`;
    const rootTitle = uniqueTitle('Ledger close conductor');
    const planTitle = uniqueTitle('Ledger close plan zorblax');
    const checkTitle = uniqueTitle('Ledger close check zorblax');
    await train(client, adapter(rootTitle, rootSlug, 'close the books'));
    await train(client, adapter(planTitle, `ledger-plan-${tag}`, `plan the zorblax reconciliation ${tag}`, rootSlug));
    await train(client, adapter(checkTitle, `ledger-check-${tag}`, `check the zorblax reconciliation ${tag}`, rootSlug.toUpperCase()));

    const activated = (await client.call('activate', { query: `zorblax reconciliation ${tag}` })).json;
    expect(activateOutput.safeParse(activated).success).toBe(true);
    const matches = activated.choices.filter((choice: ToolJson) => choice.role === 'match');
    const chained = matches.filter((choice: ToolJson) => [planTitle, checkTitle].includes(choice.adapter_name));
    expect(chained).toHaveLength(1);
    // The label is the matched link's own title, as KAIROS 4 gives it (adapter_name ?? label).
    expect(chained[0].label).toBe(chained[0].adapter_name);
    expect(chained[0]).toMatchObject({
      uri: `kairos://adapter/${rootSlug}`,
      slug: rootSlug,
      next_action: expect.stringContaining(`kairos://adapter/${rootSlug}`),
      forward_first_call: { uri: `kairos://adapter/${rootSlug}` },
      space_name: 'Personal',
    });
    expect(chained[0].activation_patterns[0]).toMatch(/zorblax reconciliation/);
    expect(matches.some((choice: ToolJson) => /ledger-(plan|check)-/.test(choice.uri))).toBe(false);
    // The message counts the matches shown, the two links as one (the search itself found both).
    const searched = (await client.call('kairos_search', { query: `zorblax reconciliation ${tag}` })).json;
    const links = searched.choices.filter((choice: ToolJson) => [planTitle, checkTitle].includes(choice.chain_label));
    expect(links).toHaveLength(2);
    expect(matches).toHaveLength(searched.choices.filter((choice: ToolJson) => choice.role === 'match').length - 1);
    expect(activated.message).toMatch(matches.length === 1 ? /^Found 1 match\./ : new RegExp(`^Found ${matches.length} matches`));

    // forward is not redirected: a link's own URI runs that link.
    const link = (await client.call('forward', { uri: `kairos://adapter/ledger-plan-${tag}` })).json;
    expect(link.context_adapter_name).toBe(planTitle);
  });

  it('keeps a link whose root cannot be found as it is', async () => {
    const client = await connect();
    const tag = randomUUID().slice(0, 6);
    const title = uniqueTitle('Orphan link quaxle');
    await train(client, adapter(title, `orphan-${tag}`, `quaxle orphan ${tag}`, `no-such-root-${tag}`));
    const activated = (await client.call('activate', { query: `quaxle orphan ${tag}` })).json;
    const match = activated.choices.find((choice: ToolJson) => choice.adapter_name === title);
    expect(match).toMatchObject({ uri: `kairos://adapter/orphan-${tag}`, label: title, slug: `orphan-${tag}` });
  });
});
