/**
 * Protocols as MCP skills under a small response budget: a skill whose files do not fit is left
 * out of the listing and does not open, while the others are listed and read as usual.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { afterAll, describe, expect, it } from 'vitest';
import { uniqueTitle } from '../api/fixtures.js';
import { useTestServer } from '../support/app.js';
import { MODERN_REVISION } from './modern-client.js';

const BUDGET = 48 * 1024;
const server = useTestServer({ responseBudgetBytes: BUDGET });
const PASS = { verdict_file: '/home/agent/review/verdict.txt', exit_code: 0, stdout: 'PASS\nno findings' };
let client: Client;
afterAll(async () => {
  await client?.close().catch(() => {});
});

async function train(title: string, body: string): Promise<string> {
  const content = `# ${title}\n\n## Natural Language Triggers\nRun ${title}.\n\n## Do it\n${body}\n\n## Report\nSay what happened.\n`;
  const result = await client.callTool({ name: 'train', arguments: { content, llm_model_id: 'test-model', review_evidence: PASS } });
  expect(result.isError).toBeFalsy();
  return JSON.parse((result.content as { text: string }[])[0]!.text).items[0].adapter_uri.slice('kairos://adapter/'.length);
}

describe('protocols as MCP skills, within the response budget', () => {
  it('leaves out a skill too large for the budget and serves the rest', async () => {
    client = new Client({ name: 'skills-budget-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: MODERN_REVISION } } });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.running.mcpUrl)));
    const skills = new SkillsClient(client);
    // Its markdown appears in SKILL.md and in the artifact: together well over the budget.
    const large = await train(uniqueTitle('Large skill'), 'Check every line of the report carefully. '.repeat(900));
    const small = await train(uniqueTitle('Small skill'), 'Check the report.');

    const listing = await skills.list();
    const names = listing.skills.map((skill) => skill.frontmatter.name);
    expect(names).toContain(small);
    expect(names).not.toContain(large);
    await expect(skills.get(`skill://kairos/personal/${large}/SKILL.md`)).rejects.toThrow(/No skill is served/);
    const { skill } = await skills.get(`skill://kairos/personal/${small}/SKILL.md`);
    const read = await skills.read(skill);
    expect(read.verified).toBe(true);
    expect(Buffer.byteLength(read.text!)).toBeLessThan(BUDGET);
  });
});
