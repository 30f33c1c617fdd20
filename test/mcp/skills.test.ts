/**
 * Protocols as MCP skills, through the official v2 client's SkillsClient: the caller's adapters
 * are listed (paged, per space) with digests the client verifies on read, a changed adapter
 * changes its digest, and another principal's skills neither appear nor open.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { type Skill, SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { afterAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { uniqueTitle } from '../api/fixtures.js';
import { useTestServer } from '../support/app.js';
import { cliBin, hostEnvironment, repoRoot } from './mcp-client.js';
import { MODERN_REVISION } from './modern-client.js';
import { skillName } from '../../src/export/skill-bundle.js';

const server = useTestServer({ authEnabled: true });
const PASS = { verdict_file: '/home/agent/review/verdict.txt', exit_code: 0, stdout: 'PASS\nno findings' };
const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => {})));
});

async function tokenFor(): Promise<string> {
  const issued = await server.running.services.auth.bootstrap({
    name: `skills-${randomUUID().slice(0, 8)}`,
    role: 'AGENT',
    groups: [],
    tokenName: 'mcp',
    expiresInSeconds: null,
  });
  return issued.token;
}

/** The official v2 client: pinned to 2026-07-28, or on the 2025 era (initialize, a session). */
async function connect(token: string, era: 'modern' | 'legacy' = 'modern'): Promise<{ client: Client; skills: SkillsClient }> {
  const client = new Client(
    { name: 'kairos-skills-test', version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: { pin: MODERN_REVISION } } } : {},
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(server.running.mcpUrl), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
  );
  clients.push(client);
  return { client, skills: new SkillsClient(client) };
}

async function train(client: Client, title: string): Promise<{ adapterUri: string; layerUris: string[] }> {
  const content = `# ${title}\n\n## Natural Language Triggers\nShip the ${title} release.\n\n## Build\nRun the build.\n\n## Announce\nTell the team.\n`;
  const result = await client.callTool({ name: 'train', arguments: { content, llm_model_id: 'test-model', review_evidence: PASS } });
  const json = JSON.parse((result.content as { text: string }[])[0]!.text);
  expect(result.isError).toBeFalsy();
  return { adapterUri: json.items[0].adapter_uri, layerUris: json.items.map((item: { uri: string }) => item.uri) };
}

/** The whole listing: without a cursor, SkillsClient walks every page itself. */
async function listAll(skills: SkillsClient): Promise<{ skills: Skill[]; ttlMs?: number; cacheScope?: string }> {
  const listing = await skills.list();
  expect(listing.invalid).toEqual([]);
  return listing;
}

const PageSchema = z.looseObject({ skills: z.array(z.looseObject({ uri: z.string() })), nextCursor: z.string().optional() });

/** The pages as the server sends them (raw skills/list requests), each page's skill URIs. */
async function rawPages(client: Client): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await client.request({ method: 'skills/list', params: cursor ? { cursor } : {} }, PageSchema);
    pages.push(page.skills.map((skill) => skill.uri));
    cursor = page.nextCursor;
  } while (cursor && pages.length < 500);
  return pages;
}

const sha256 = (text: string) => `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;

describe('protocols as MCP skills', () => {
  it('lists the caller’s adapters with digests a read verifies, and a change changes the digest', async () => {
    const token = await tokenFor();
    const { client, skills } = await connect(token);
    expect(skills.supported).toBe(true);
    const title = uniqueTitle('Skill release train');
    const { adapterUri, layerUris } = await train(client, title);
    const slug = adapterUri.slice('kairos://adapter/'.length);

    const listing = await listAll(skills);
    expect(listing).toMatchObject({ ttlMs: 30_000, cacheScope: 'private' });
    const uri = `skill://kairos/personal/${slug}/SKILL.md`;
    const skill = listing.skills.find((candidate) => candidate.uri === uri)!;
    expect(skill.frontmatter).toMatchObject({ name: slug, source: adapterUri });
    expect(skill.frontmatter.description).toContain(`Ship the ${title} release.`);
    expect((skill.resources as { uri: string }[]).map((resource) => resource.uri).sort()).toEqual(
      [uri, `skill://kairos/personal/${slug}/SHA256SUMS`, `skill://kairos/personal/${slug}/artifacts/${slug}.md`].sort(),
    );
    // The built-in protocols of the app space are skills too, in their own space segment.
    expect(listing.skills.some((candidate) => candidate.uri.startsWith('skill://kairos/app/'))).toBe(true);
    // Paged per space: at most 20 a page, each page of one space, together the whole listing.
    const pages = await rawPages(client);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      expect(page.length).toBeLessThanOrEqual(20);
      expect(new Set(page.map((skillUri) => skillUri.split('/')[3])).size).toBe(1);
    }
    expect(pages.flat()).toEqual(listing.skills.map((candidate) => candidate.uri));

    const manifest = await skills.read(skill);
    expect(manifest.verified).toBe(true);
    expect(manifest.text).toContain(`# ${title}`);
    const digestBefore = (skill.resources as { uri: string; digest: string }[]).find((resource) => resource.uri === uri)!.digest;
    expect(digestBefore).toBe(sha256(manifest.text!));
    const artifact = await skills.read(skill, `artifacts/${slug}.md`);
    expect(artifact.verified).toBe(true);

    const tuned = await client.callTool({
      name: 'tune',
      arguments: { uris: [layerUris[1]], updates: { text: 'Tell the team and the customers.' } },
    });
    expect(tuned.isError).toBeFalsy();
    const { skill: after } = await skills.get(uri);
    const digestAfter = (after.resources as { uri: string; digest: string }[]).find((resource) => resource.uri === uri)!.digest;
    expect(digestAfter).not.toBe(digestBefore);
    const reread = await skills.read(after);
    expect(reread.verified).toBe(true);
    expect(reread.text).toContain('Tell the team and the customers.');
    // The old entry no longer matches what the server serves (its size or digest): the client refuses it.
    await expect(skills.read(skill)).rejects.toMatchObject({ reason: expect.stringMatching(/^(size|digest)$/) });
  });

  it('serves an adapter’s artifacts as files of its skill: text as text, a binary file as its bytes, both verified', async () => {
    const { client, skills } = await connect(await tokenFor());
    const { adapterUri } = await train(client, uniqueTitle('Skill with files'));
    const slug = adapterUri.slice('kairos://adapter/'.length);
    const image = randomBytes(600);
    for (const args of [
      { content: 'print("ok")\n', artifact_name: 'check.py', relative_path: 'scripts/check.py' },
      { content: image.toString('base64'), artifact_name: 'logo.png', mime: 'image/png' },
    ]) {
      const stored = await client.callTool({ name: 'train', arguments: { llm_model_id: 'test-model', adapter_uri: adapterUri, ...args } });
      expect(stored.isError).toBeFalsy();
    }
    const { skill } = await skills.get(`skill://kairos/personal/${slug}/SKILL.md`);
    const resources = (skill.resources as { uri: string }[]).map((resource) =>
      resource.uri.slice(`skill://kairos/personal/${slug}/`.length),
    );
    expect(resources).toEqual(expect.arrayContaining(['scripts/check.py', 'artifacts/logo.png', 'SHA256SUMS']));
    const script = await skills.read(skill, 'scripts/check.py');
    expect(script).toMatchObject({ verified: true, text: 'print("ok")\n' });
    const logo = await skills.read(skill, 'artifacts/logo.png');
    expect(logo.verified).toBe(true);
    expect(Buffer.from(logo.bytes!).equals(image)).toBe(true);
  });

  it('never shows or opens another principal’s skills, on either era', async () => {
    const owner = await connect(await tokenFor());
    const title = uniqueTitle('Private skill');
    const { adapterUri } = await train(owner.client, title);
    const slug = adapterUri.slice('kairos://adapter/'.length);
    for (const era of ['modern', 'legacy'] as const) {
      const stranger = await connect(await tokenFor(), era);
      const listing = await listAll(stranger.skills);
      expect(listing.skills.length).toBeGreaterThan(0);
      expect(listing.skills.some((skill) => skill.frontmatter.name === slug)).toBe(false);
      expect(listing.skills.some((skill) => skill.uri.startsWith('skill://kairos/personal/'))).toBe(false);
      await expect(stranger.skills.get(`skill://kairos/personal/${slug}/SKILL.md`)).rejects.toThrow(/No skill is served/);
      await expect(stranger.client.readResource({ uri: `skill://kairos/personal/${slug}/SKILL.md` })).rejects.toThrow();
    }
  });

  it('serves the 2025 era without cache fields, and refuses a forged cursor', async () => {
    const { skills, client } = await connect(await tokenFor(), 'legacy');
    const page = await skills.list();
    expect(page.skills.length).toBeGreaterThan(0);
    expect(page.ttlMs).toBeUndefined();
    await expect(skills.list({ cursor: 'bm90IGEgY3Vyc29y' })).rejects.toThrow(/Invalid cursor/);
    const templates = await client.listResourceTemplates();
    expect(templates.resourceTemplates.map((template) => template.uriTemplate)).toEqual(
      expect.arrayContaining(['kairos://run/{runId}', 'skill://kairos/{+path}']),
    );
  });

  it('tells a 2025 session when its skills may have changed, and not another principal’s session', async () => {
    const token = await tokenFor();
    const owner = await connect(token, 'legacy');
    const stranger = await connect(await tokenFor(), 'legacy');
    const notices = { owner: 0, stranger: 0 };
    owner.client.setNotificationHandler('notifications/resources/list_changed', () => void (notices.owner += 1));
    stranger.client.setNotificationHandler('notifications/resources/list_changed', () => void (notices.stranger += 1));
    // Both sessions' feeds are open once a request went through each.
    await owner.skills.list();
    await stranger.skills.list();
    await train((await connect(token)).client, uniqueTitle('Noticed skill'));
    await expect.poll(() => notices.owner, { timeout: 10_000 }).toBeGreaterThan(0);
    // Writes are bunched: one training (three layers and the adapter) is one or two notices, not one per write.
    expect(notices.owner).toBeLessThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(notices.stranger).toBe(0);
  });

  it('tells a 2026-07-28 listen stream when its skills may have changed, and not another tenant’s stream', async () => {
    const token = await tokenFor();
    const owner = await connect(token);
    const stranger = await connect(await tokenFor());
    const notices = { owner: 0, stranger: 0 };
    owner.client.setNotificationHandler('notifications/resources/list_changed', () => void (notices.owner += 1));
    stranger.client.setNotificationHandler('notifications/resources/list_changed', () => void (notices.stranger += 1));
    const ownerListen = await owner.client.listen({ resourcesListChanged: true });
    const strangerListen = await stranger.client.listen({ resourcesListChanged: true });
    try {
      // Both asked for it and both were granted it: only the principal decides who hears of a write.
      expect(ownerListen.honoredFilter).toMatchObject({ resourcesListChanged: true });
      expect(strangerListen.honoredFilter).toMatchObject({ resourcesListChanged: true });
      const { adapterUri } = await train(owner.client, uniqueTitle('Noticed modern skill'));
      await expect.poll(() => notices.owner, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(notices.owner).toBeLessThanOrEqual(2);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(notices.stranger).toBe(0);
      // The notice is worth acting on: the owner's listing now has the new skill.
      const slug = adapterUri.slice('kairos://adapter/'.length);
      expect((await listAll(owner.skills)).skills.map((skill) => skill.frontmatter.name)).toContain(slug);
    } finally {
      await ownerListen.close();
      await strangerListen.close();
    }
  });

  it('relays skills and views through kairos-graphql mcp (stdio), on both eras', async () => {
    const token = await tokenFor();
    const owner = await connect(token);
    const { adapterUri } = await train(owner.client, uniqueTitle('Stdio skill'));
    const slug = adapterUri.slice('kairos://adapter/'.length);
    for (const era of ['legacy', 'modern'] as const) {
      const client = new Client(
        { name: 'stdio-skills-test', version: '1.0.0' },
        era === 'modern' ? { versionNegotiation: { mode: { pin: MODERN_REVISION } } } : {},
      );
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [cliBin, 'mcp'],
          cwd: repoRoot,
          env: hostEnvironment({ KAIROS_URL: server.running.baseUrl, KAIROS_TOKEN: token }),
          stderr: 'pipe',
        }),
      );
      clients.push(client);
      const skills = new SkillsClient(client);
      const { skill } = await skills.get(`skill://kairos/personal/${slug}/SKILL.md`);
      const manifest = await skills.read(skill);
      expect(manifest.verified).toBe(true);
      expect(manifest.frontmatter).toMatchObject({ name: slug, source: adapterUri });
      const view = await client.readResource({ uri: 'ui://kairos/spaces-result' });
      expect(view.contents[0]).toMatchObject({ mimeType: 'text/html;profile=mcp-app' });
      const { tools } = await client.listTools();
      expect(tools.find((tool) => tool.name === 'spaces')?._meta).toMatchObject({ ui: { resourceUri: 'ui://kairos/spaces-result' } });
    }
  });
});

describe('skill names (Agent Skills rules)', () => {
  it('keeps a slug of up to 64 characters and cuts a longer one, keeping two such names apart', () => {
    expect(skillName('deploy-service')).toBe('deploy-service');
    const long = `${'a'.repeat(30)}-${'b'.repeat(40)}`;
    const other = `${'a'.repeat(30)}-${'b'.repeat(39)}c`;
    for (const name of [skillName(long), skillName(other)]) {
      expect(name.length).toBeLessThanOrEqual(64);
      expect(name).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    }
    expect(skillName(long)).not.toBe(skillName(other));
    expect(skillName(long).startsWith('a'.repeat(30))).toBe(true);
  });
});
