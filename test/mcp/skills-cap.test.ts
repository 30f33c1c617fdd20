/**
 * The cap on one `skills/list` listing (KAIROS_MCP_SKILLS_LIST_CAP), lowered here so a few
 * protocols pass it: the listing walks page after page up to the cap, and the page that reaches
 * it carries no `nextCursor`, although more protocols could be read.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { afterAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { uniqueTitle } from '../api/fixtures.js';
import { useTestServer } from '../support/app.js';
import { MODERN_REVISION } from './modern-client.js';

const CAP = 23;
const server = useTestServer({ mcpSkillsListCap: CAP });
const PASS = { verdict_file: '/home/agent/review/verdict.txt', exit_code: 0, stdout: 'PASS\nno findings' };
let client: Client;
afterAll(async () => {
  await client?.close().catch(() => {});
});

const PageSchema = z.looseObject({ skills: z.array(z.looseObject({ uri: z.string() })), nextCursor: z.string().optional() });

async function train(title: string): Promise<void> {
  const content = `# ${title}\n\n## Natural Language Triggers\nRun ${title}.\n\n## Do it\nDo the work.\n`;
  const result = await client.callTool({ name: 'train', arguments: { content, llm_model_id: 'test-model', review_evidence: PASS } });
  expect(result.isError).toBeFalsy();
}

describe('the cap on a skills listing', () => {
  it('stops at the cap: the page reaching it has no nextCursor though more protocols are readable', async () => {
    client = new Client({ name: 'skills-cap-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: MODERN_REVISION } } });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.running.mcpUrl)));
    for (let batch = 0; batch < 6; batch++) {
      await Promise.all(Array.from({ length: 5 }, (_, index) => train(uniqueTitle(`Capped skill ${batch}-${index}`))));
    }
    const readable = (await client.callTool({ name: 'spaces', arguments: {} })).structuredContent as {
      spaces: { adapter_count: number }[];
    };
    const total = readable.spaces.reduce((sum, space) => sum + space.adapter_count, 0);
    expect(total).toBeGreaterThanOrEqual(30);

    const pages: { skills: { uri: string }[]; nextCursor?: string }[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.request({ method: 'skills/list', params: cursor ? { cursor } : {} }, PageSchema);
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor && pages.length < 50);
    const listed = pages.flatMap((page) => page.skills.map((skill) => skill.uri));
    expect(listed).toHaveLength(CAP);
    expect(new Set(listed).size).toBe(CAP);
    expect(pages.map((page) => page.skills.length)).toEqual([20, CAP - 20]);
    expect(pages.at(-1)!.nextCursor).toBeUndefined();

    // SkillsClient, which walks every page itself, sees the same capped listing.
    const walked = await new SkillsClient(client).list();
    expect(walked.skills.map((skill) => skill.uri).sort()).toEqual([...listed].sort());
  });

  it('refuses a cursor the client changed (listed rewound to 0 to walk past the cap) or made up, with invalid params', async () => {
    const first = await client.request({ method: 'skills/list', params: {} }, PageSchema);
    const cursor = first.nextCursor!;
    const [body, signature] = cursor.split('.');
    const claim = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8'));
    expect(claim.listed).toBe(20);
    const rewound = Buffer.from(JSON.stringify({ ...claim, listed: 0 })).toString('base64url');
    for (const tampered of [`${rewound}.${signature}`, rewound, body!, `${body}.${signature}.x`, `${body}.AAAA`])
      await expect(client.request({ method: 'skills/list', params: { cursor: tampered } }, PageSchema), tampered).rejects.toMatchObject({
        code: -32602,
      });
    // The cursor as signed still reads the rest up to the cap.
    const second = await client.request({ method: 'skills/list', params: { cursor } }, PageSchema);
    expect(second.skills).toHaveLength(CAP - 20);
    expect(second.nextCursor).toBeUndefined();
  });
});
