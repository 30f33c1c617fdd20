/**
 * Artifacts (files attached to adapters) through KAIROS 4's tools over MCP and through GraphQL,
 * against the real engine: train stores text and binary files (large ones in GridFS), refuses
 * bad input with a code and writes nothing, spaces lists them in KAIROS 4's shape, the skill zip
 * ships them with SHA256SUMS lines `sha256sum -c` accepts and a manifest, export `source` gives
 * them back, a forced tune keeps them, and deleting the adapter removes them into its history.
 */
import { createHash, randomBytes } from 'node:crypto';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { useTestServer } from '../support/app.js';
import { uniqueTitle } from '../api/fixtures.js';
import { useMcpClients, type McpTestClient, type ToolJson } from '../mcp/mcp-client.js';
import { KAIROS_485_TOOLS } from './kairos-485-schemas.js';
import { ARTIFACT_INLINE_MAX_BYTES } from '../../src/store/artifact-store.js';

const MAX_BYTES = 300_000;
const server = useTestServer({ artifactMaxBytes: MAX_BYTES, artifactsPerAdapter: 6 });
const connect = useMcpClients(server);
const PASS = { verdict_file: '/home/agent/review/verdict.txt', exit_code: 0, stdout: 'PASS\nno findings' };
const scratch = mkdtempSync(join(tmpdir(), 'kairos-artifacts-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const run = promisify(execFile);
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

function adapterDocument(title: string): string {
  return `# ${title}\n\n## Activation Patterns\n- ship ${title}\n\n## Build\nRun the build.\n\n\`\`\`json\n{"contract": {"type": "comment", "comment": {"min_length": 5}}}\n\`\`\`\n`;
}

function expectKairos(tool: 'train' | 'spaces' | 'export' | 'activate', answer: ToolJson) {
  const parsed = (KAIROS_485_TOOLS[tool].output as z.ZodType).safeParse(answer);
  expect(parsed.success, parsed.success ? '' : parsed.error.message).toBe(true);
}

/** A GraphQL operation over HTTP; its data (the test fails on errors). */
async function gql(query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const response = await fetch(server.running.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: any; errors?: unknown[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

let client: McpTestClient;
async function trainAdapter(title: string): Promise<{ title: string; adapterUri: string; slug: string; layerUri: string }> {
  const trained = await client.call('train', { content: adapterDocument(title), llm_model_id: 'test-model', review_evidence: PASS });
  expect(trained.isError, JSON.stringify(trained.json)).toBe(false);
  const adapterUri = trained.json.items[0].adapter_uri as string;
  return { title, adapterUri, slug: adapterUri.slice('kairos://adapter/'.length), layerUri: trained.json.items[0].uri };
}

async function attach(args: Record<string, unknown>): Promise<{ json: ToolJson; isError: boolean }> {
  return client.call('train', { llm_model_id: 'test-model', ...args });
}

/** What the artifact collections hold: the refusals must leave both as they were. */
async function stored(): Promise<{ versions: number; files: number; chunks: number }> {
  const db = server.mongo().db(server.dbName);
  return {
    versions: await db.collection('artifacts').countDocuments(),
    files: await db.collection('artifact_files.files').countDocuments(),
    chunks: await db.collection('artifact_files.chunks').countDocuments(),
  };
}

const script = '#!/bin/sh\n# kairos-artifact:\n# slug: check-ledger\n# version: 2\necho checked\n';
const image = randomBytes(2_000);
const large = `${'# a large fixture table\n'.repeat(12_000)}`;

let adapter: Awaited<ReturnType<typeof trainAdapter>>;
let scriptUuid: string;
let imageLink: string;

beforeAll(async () => {
  client = await connect();
  adapter = await trainAdapter(uniqueTitle('Artifact ledger close'));
});

describe('train with artifacts', () => {
  it('stores a text file (type from its name), a binary file (base64) and a large file (GridFS), answering as KAIROS 4 does', async () => {
    const before = await stored();
    const text = await attach({
      content: script,
      artifact_name: 'check.sh',
      adapter_uri: adapter.adapterUri,
      relative_path: 'scripts\\check.sh',
    });
    expect(text.isError, JSON.stringify(text.json)).toBe(false);
    expectKairos('train', text.json);
    const [item] = text.json.items;
    expect(item).toMatchObject({
      uri: 'kairos://artifact/check-ledger',
      adapter_uri: adapter.adapterUri,
      label: 'check.sh',
      content_type: 'text/x-shellscript',
      tags: ['artifact', 'x-shellscript', 'artifact:check-ledger'],
    });
    expect(item.artifact_uuid).toMatch(/^[0-9a-f-]{36}$/);
    scriptUuid = item.artifact_uuid;

    const binary = await attach({
      content: image.toString('base64'),
      mime: 'image/png',
      artifact_name: 'diagram.png',
      adapter_uri: adapter.adapterUri,
    });
    expect(binary.isError, JSON.stringify(binary.json)).toBe(false);
    expect(binary.json.items[0]).toMatchObject({ uri: 'kairos://artifact/diagram-png', content_type: 'image/png' });

    expect(Buffer.byteLength(large)).toBeGreaterThan(ARTIFACT_INLINE_MAX_BYTES);
    const big = await attach({ content: large, artifact_name: 'table.txt', adapter_uri: adapter.adapterUri });
    expect(big.isError, JSON.stringify(big.json)).toBe(false);

    // Two small files in their documents, the large one in GridFS (two collections the driver writes).
    const after = await stored();
    expect(after.versions - before.versions).toBe(3);
    expect(after.files - before.files).toBe(1);
    expect(after.chunks - before.chunks).toBeGreaterThanOrEqual(2);
    const read = 'query($uri: String!) { artifact(uri: $uri) { sha256 size content contentEncoding relativePath version } }';
    const table = await gql(read, { uri: 'kairos://artifact/table-txt' });
    expect(table.artifact).toMatchObject({ size: Buffer.byteLength(large), sha256: sha256(large), contentEncoding: null });
    expect(table.artifact.content).toBe(large);
    const png = await gql(read, { uri: 'kairos://artifact/diagram-png' });
    expect(png.artifact).toMatchObject({ contentEncoding: 'BASE64', sha256: sha256(image) });
    expect(Buffer.from(png.artifact.content, 'base64').equals(image)).toBe(true);
    const byUuid = await gql(read, { uri: `kairos://artifact/${scriptUuid}` });
    expect(byUuid.artifact).toMatchObject({ content: script, relativePath: 'scripts/check.sh', version: '2', sha256: sha256(script) });
  });

  it('refuses, each with its code and nothing written: too large, a refused type, a path that climbs out, a duplicate, one too many', async () => {
    const before = await stored();
    const refusal = async (args: Record<string, unknown>) => {
      const answer = await attach({ adapter_uri: adapter.adapterUri, content: 'echo hi\n', artifact_name: 'other.sh', ...args });
      expect(answer.isError, JSON.stringify(answer.json)).toBe(true);
      return answer.json.error as string;
    };
    expect(await refusal({ content: 'x'.repeat(MAX_BYTES + 1), artifact_name: 'big.txt' })).toBe('ARTIFACT_CONTENT_TOTAL_BYTES_EXCEEDED');
    expect(await refusal({ content: randomBytes(MAX_BYTES + 10).toString('base64'), mime: 'image/png', artifact_name: 'big.png' })).toBe(
      'ARTIFACT_CONTENT_TOTAL_BYTES_EXCEEDED',
    );
    expect(await refusal({ mime: 'application/x-msdownload', artifact_name: 'tool.exe' })).toBe('UNSUPPORTED_MIME');
    expect(await refusal({ artifact_name: 'notes.docx' })).toBe('UNSUPPORTED_MIME');
    expect(await refusal({ mime: 'text/plain', artifact_name: 'run.py' })).toBe('UNSUPPORTED_MIME');
    for (const relative_path of [
      '../escape.sh',
      'scripts/../../escape.sh',
      '/etc/cron.d/x.sh',
      'a\u0000b.sh',
      '..\\..\\escape.sh',
      'C:/x.sh',
      'a//b.sh',
      'SKILL.md',
      'SHA256SUMS',
      'skill.md',
      'Sha256Sums',
      'ARTIFACTS/Learned-Triggers.json',
      'a/./b.sh',
      'scripts/.',
    ])
      expect(await refusal({ relative_path }), relative_path).toBe('INVALID_RELATIVE_PATH');
    // The path built from the name is checked as a relative path is.
    for (const artifact_name of ['.', '..', 'learned-triggers.json', 'Learned-Triggers.JSON'])
      expect(await refusal({ artifact_name, mime: 'application/json', content: '{}\n' }), artifact_name).toBe('INVALID_RELATIVE_PATH');
    expect(await refusal({ relative_path: `Artifacts/${adapter.slug.toUpperCase()}.MD`, mime: 'text/plain', artifact_name: 'x' })).toBe(
      'INVALID_RELATIVE_PATH',
    );
    expect(await refusal({ relative_path: `artifacts/${adapter.slug}.md`, mime: 'text/plain', artifact_name: 'x' })).toBe(
      'INVALID_RELATIVE_PATH',
    );
    expect(await refusal({ mime: 'image/png', artifact_name: 'x.png', content: 'not base64!' })).toBe('BAD_USER_INPUT');
    expect(await refusal({ artifact_name: 'check.sh', content: script })).toBe('DUPLICATE_ARTIFACT');
    expect(await refusal({ adapter_uri: 'kairos://adapter/no-such-adapter' })).toBe('NOT_FOUND');
    expect(await refusal({ adapter_uri: 'kairos://adapter/create-new-protocol' })).toBe('SPACE_READ_ONLY');
    expect(await refusal({ adapter_uri: undefined })).toBe('BAD_USER_INPUT');
    expect(
      await refusal({
        relative_path: 'x.sh',
        mime: undefined,
        artifact_name: undefined,
        adapter_uri: undefined,
        content: adapterDocument('x'),
      }),
    ).toBe('BAD_USER_INPUT');
    expect(await stored()).toEqual(before);

    // One adapter carries at most 6 (this server's KAIROS_ARTIFACTS_PER_ADAPTER).
    const other = await trainAdapter(uniqueTitle('Artifact count'));
    for (let index = 0; index < 6; index++)
      expect((await attach({ adapter_uri: other.adapterUri, content: `${index}\n`, artifact_name: `n${index}.txt` })).isError).toBe(false);
    const full = await stored();
    const over = await attach({ adapter_uri: other.adapterUri, content: '7\n', artifact_name: 'n7.txt' });
    expect(over.json).toMatchObject({ error: 'QUOTA_EXCEEDED' });
    expect(await stored()).toEqual(full);
  });
});

describe('artifacts written at once', () => {
  it('two attaches of the same file at once store one; the other is DUPLICATE_ARTIFACT', async () => {
    const target = await trainAdapter(uniqueTitle('Artifact race'));
    const before = await stored();
    const answers = await Promise.all(
      [1, 2, 3].map((index) => attach({ adapter_uri: target.adapterUri, content: `race ${index}\n`, artifact_name: 'race.txt' })),
    );
    expect(answers.filter((answer) => !answer.isError)).toHaveLength(1);
    expect(answers.filter((answer) => answer.isError).map((answer) => answer.json.error)).toEqual([
      'DUPLICATE_ARTIFACT',
      'DUPLICATE_ARTIFACT',
    ]);
    expect((await stored()).versions - before.versions).toBe(1);
  });

  it('takes the type from the name and a path without an extension (a script in bin/), as KAIROS 4 does', async () => {
    const target = await trainAdapter(uniqueTitle('Artifact bin script'));
    const stored = await attach({
      adapter_uri: target.adapterUri,
      content: 'echo deploy\n',
      artifact_name: 'deploy.sh',
      relative_path: './bin/deploy',
    });
    expect(stored.isError, JSON.stringify(stored.json)).toBe(false);
    expect(stored.json.items[0]).toMatchObject({ uri: 'kairos://artifact/bin-deploy', content_type: 'text/x-shellscript' });
    const listed = await gql('query($uri: String) { protocol(uri: $uri) { artifacts { relativePath } } }', { uri: target.adapterUri });
    expect(listed.protocol.artifacts).toEqual([{ relativePath: 'bin/deploy' }]);
  });

  it('takes text as base64 over GraphQL, and refuses bytes that are not UTF-8 for a text type', async () => {
    const target = await trainAdapter(uniqueTitle('Artifact encoding'));
    const attachDoc =
      'mutation($input: AttachArtifactInput!) { attachArtifact(input: $input) { artifact { sha256 content contentEncoding } } }';
    const text = 'a: 1\nb: "é"\n';
    const stored64 = await gql(attachDoc, {
      input: { adapter: target.adapterUri, name: 'config.yaml', content: Buffer.from(text).toString('base64'), contentEncoding: 'BASE64' },
    });
    expect(stored64.attachArtifact.artifact).toEqual({ sha256: sha256(text), content: text, contentEncoding: null });
    const response = await fetch(server.running.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: attachDoc,
        variables: {
          input: {
            adapter: target.adapterUri,
            name: 'bad.txt',
            content: Buffer.from([0xff, 0xfe, 0x00]).toString('base64'),
            contentEncoding: 'BASE64',
          },
        },
      }),
    });
    const refused = (await response.json()) as { errors: { extensions: { code: string } }[] };
    expect(refused.errors[0]!.extensions.code).toBe('BAD_USER_INPUT');
    expect(
      (await gql('query($uri: String) { protocol(uri: $uri) { artifacts { name } } }', { uri: target.adapterUri })).protocol.artifacts,
    ).toEqual([{ name: 'config.yaml' }]);
  });
});

describe('artifacts listed, exported and kept', () => {
  it('spaces lists them per adapter in KAIROS 4 shape', async () => {
    const answer = await client.call('spaces', { include_artifacts: true });
    expect(answer.isError, JSON.stringify(answer.json)).toBe(false);
    expectKairos('spaces', answer.json);
    const listed = answer.json.spaces.flatMap((space: ToolJson) => space.adapters).find((row: ToolJson) => row.uri === adapter.adapterUri);
    expect(listed.artifacts.map((artifact: ToolJson) => artifact.name)).toEqual(['check.sh', 'diagram.png', 'table.txt']);
    expect(listed.artifacts[0]).toEqual({
      name: 'check.sh',
      slug: 'check-ledger',
      uri: 'kairos://artifact/check-ledger',
      uuid_uri: `kairos://artifact/${scriptUuid}`,
      content_type: 'text/x-shellscript',
      sha256: sha256(script),
      relative_path: 'scripts/check.sh',
    });
  });

  it('ships them in the skill zip with SHA256SUMS lines sha256sum accepts, and in the manifest', async () => {
    const exported = await client.call('export', { uri: adapter.adapterUri, format: 'skill_zip', delivery: 'inline_base64' });
    expect(exported.isError, JSON.stringify(exported.json)).toBe(false);
    expectKairos('export', exported.json);
    const archive = join(scratch, 'bundle.zip');
    writeFileSync(archive, Buffer.from(exported.json.content, 'base64'));
    const unpacked = join(scratch, 'bundle');
    execFileSync('unzip', ['-q', archive, '-d', unpacked]);
    const folder = join(unpacked, adapter.slug);
    const checked = execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: folder, encoding: 'utf8' });
    for (const path of ['scripts/check.sh', 'artifacts/diagram.png', 'artifacts/table.txt', 'SKILL.md'])
      expect(checked).toContain(`${path}: OK`);
    const sums = readFileSync(join(folder, 'SHA256SUMS'), 'utf8');
    expect(sums).toContain(`${sha256(image)}  artifacts/diagram.png\n`);
    expect(readFileSync(join(folder, 'artifacts/diagram.png')).equals(image)).toBe(true);
    expect(readFileSync(join(folder, 'scripts/check.sh'), 'utf8')).toBe(script);

    const manifest = JSON.parse(exported.json.skill_bundle_manifest);
    expect(manifest).toEqual({
      type: 'skill_bundle',
      format: 'zip',
      skills: [
        {
          slug: adapter.slug,
          version: null,
          entrypoint: `${adapter.slug}/SKILL.md`,
          artifacts: [
            `${adapter.slug}/artifacts/${adapter.slug}.md`,
            `${adapter.slug}/artifacts/diagram.png`,
            `${adapter.slug}/artifacts/table.txt`,
            `${adapter.slug}/scripts/check.sh`,
          ],
        },
      ],
      bundle_sha256: `sha256:${exported.json.bundle_sha256}`,
    });
    // A download link carries the same manifest, without the bundle's hash.
    const linked = await client.call('export', { uri: adapter.adapterUri });
    expect(JSON.parse(linked.json.skill_bundle_manifest).skills).toEqual(manifest.skills);

    const tree = await client.call('export', { uri: adapter.adapterUri, format: 'skill_tree' });
    const files = JSON.parse(tree.json.content).skills[0].files as ToolJson[];
    expect(files.find((file) => file.path.endsWith('diagram.png'))).toMatchObject({ content_encoding: 'base64', sha256: sha256(image) });
  });

  it("export format source gives a file by slug or uuid, an adapter's list, a layer's text", async () => {
    const bySlug = await client.call('export', { uri: 'kairos://artifact/check-ledger', format: 'source' });
    expect(bySlug.isError, JSON.stringify(bySlug.json)).toBe(false);
    expectKairos('export', bySlug.json);
    expect(bySlug.json).toMatchObject({ format: 'source', content_type: 'text/x-shellscript', content: script, item_count: 1 });
    // As KAIROS 4: an artifact URI exports its source whatever the format.
    const byUuid = await client.call('export', { uri: `kairos://artifact/${scriptUuid}`, format: 'skill_zip' });
    expect(byUuid.json).toMatchObject({ format: 'source', content: script });
    const png = await client.call('export', { uri: 'kairos://artifact/diagram-png', format: 'source' });
    expect(png.json).toMatchObject({ content_type: 'image/png', content_encoding: 'base64' });
    expect(Buffer.from(png.json.content, 'base64').equals(image)).toBe(true);

    const list = await client.call('export', { uri: adapter.adapterUri, format: 'source' });
    expectKairos('export', list.json);
    expect(list.json).toMatchObject({ content_type: 'application/json', item_count: 3 });
    const rows = JSON.parse(list.json.content).artifacts;
    expect(rows[0]).toEqual({
      uri: 'kairos://artifact/check-ledger',
      uuid_uri: `kairos://artifact/${scriptUuid}`,
      artifact_uuid: scriptUuid,
      label: 'check.sh',
      slug: 'check-ledger',
      version: '2',
      sha256: sha256(script),
      name: 'check.sh',
      content_type: 'text/x-shellscript',
      tags: ['artifact', 'x-shellscript', 'artifact:check-ledger'],
      relative_path: 'scripts/check.sh',
    });
    const layer = await client.call('export', { uri: adapter.layerUri, format: 'source' });
    expect(layer.json).toMatchObject({ format: 'source', content_type: 'text/markdown' });
    expect(layer.json.content).toContain('Run the build.');
    expect((await client.call('export', { uri: 'kairos://artifact/no-such-file', format: 'source' })).json.error).toBe('NOT_FOUND');
  });

  it('gives each current file a capability link that downloads it without an Authorization header', async () => {
    const linked = await gql('query($uri: String!) { artifact(uri: $uri) { downloadUrl } }', { uri: 'kairos://artifact/diagram-png' });
    imageLink = new URL(linked.artifact.downloadUrl, server.running.graphqlUrl).toString();
    const response = await fetch(imageLink);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer()).equals(image)).toBe(true);
    const forged = `${imageLink.slice(0, -4)}${imageLink.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    expect((await fetch(forged)).status).toBe(404);
  });

  it("activate links a matched adapter's files, and each materialize command downloads and checks its file", async () => {
    const activated = await client.call('activate', { query: `ship ${adapter.title}`, max_choices: 10 });
    expect(activated.isError, JSON.stringify(activated.json)).toBe(false);
    expectKairos('activate', activated.json);
    const choice = activated.json.choices.find((row: ToolJson) => row.slug === adapter.slug);
    expect(choice.next_action).toMatch(/^Materialize this choice's linked_artifacts/);
    expect(choice.linked_artifacts.map((row: ToolJson) => row.relative_path).sort()).toEqual([
      'artifacts/diagram.png',
      'artifacts/table.txt',
      'scripts/check.sh',
    ]);
    const folder = join(scratch, 'materialized');
    const environment = { ...process.env, KAIROS_URL: server.running.graphqlUrl, KAIROS_LOCAL_ARTIFACT_DIR: folder };
    // Not execFileSync: the server curl asks runs in this process.
    for (const row of choice.linked_artifacts)
      await run('sh', ['-c', `mkdir -p "$KAIROS_LOCAL_ARTIFACT_DIR" && ${row.materialize}`], { env: environment });
    expect(readFileSync(join(folder, 'artifacts/diagram.png')).equals(image)).toBe(true);
    expect(readFileSync(join(folder, 'scripts/check.sh'), 'utf8')).toBe(script);
    // A file changed on the way fails the check, and the command with it.
    const check = choice.linked_artifacts.find((row: ToolJson) => row.relative_path === 'scripts/check.sh');
    const tampered = check.materialize.replace(check.sha256, '0'.repeat(64));
    await expect(run('sh', ['-c', tampered], { env: environment })).rejects.toThrow();
  });

  it("force_update replaces a file, keeping the old version in the adapter's history; a forced tune keeps the files", async () => {
    const newer = '#!/bin/sh\n# kairos-artifact:\n# slug: check-ledger\n# version: 3\necho checked twice\n';
    const replaced = await attach({
      content: newer,
      artifact_name: 'check.sh',
      adapter_uri: adapter.adapterUri,
      relative_path: 'scripts/check.sh',
      force_update: true,
    });
    expect(replaced.isError, JSON.stringify(replaced.json)).toBe(false);
    expect(replaced.json.items[0].artifact_uuid).toBe(scriptUuid);
    const tuned = await client.call('tune', {
      uris: [adapter.adapterUri],
      content: [adapterDocument(adapter.title).replace('Run the build.', 'Run the build twice.')],
      review_evidence: PASS,
    });
    expect(tuned.isError, JSON.stringify(tuned.json)).toBe(false);
    const history = await gql(
      'query($key: String) { protocol(key: $key) { artifacts { name version content } artifactHistory { name version removal content } } }',
      { key: adapter.slug },
    );
    expect(history.protocol.artifacts.map((artifact: any) => [artifact.name, artifact.version])).toEqual([
      ['check.sh', '3'],
      ['diagram.png', '1'],
      ['table.txt', '1'],
    ]);
    expect(history.protocol.artifactHistory).toEqual([{ name: 'check.sh', version: '2', removal: 'REPLACED', content: script }]);
  });

  it('deleting the adapter removes its files from reads and exports, and keeps them in its history', async () => {
    const before = new Date().toISOString();
    const chain = (await gql('query($key: String) { protocol(key: $key) { chainId } }', { key: adapter.slug })).protocol.chainId as string;
    const deleted = await client.call('delete', { uris: [adapter.adapterUri] });
    expect(deleted.json.total_deleted).toBe(1);
    const read = 'query($uri: String!) { artifact(uri: $uri) { id } }';
    expect((await gql(read, { uri: 'kairos://artifact/check-ledger' })).artifact).toBeNull();
    expect((await gql(read, { uri: `kairos://artifact/${scriptUuid}` })).artifact).toBeNull();
    expect((await client.call('export', { uri: `kairos://artifact/${scriptUuid}` })).json.error).toBe('NOT_FOUND');
    // A link handed out before: the file is gone, so is the download.
    expect((await fetch(imageLink)).status).toBe(404);
    const past = await gql(
      'query($uri: String, $at: DateTime) { protocol(uri: $uri, at: $at) { artifacts { name } artifactHistory { name version removal } } }',
      { uri: `kairos://adapter/${chain}`, at: before },
    );
    expect(past.protocol.artifacts).toEqual([]);
    expect(past.protocol.artifactHistory.map((row: any) => [row.name, row.version, row.removal]).sort()).toEqual([
      ['check.sh', '2', 'REPLACED'],
      ['check.sh', '3', 'DELETED'],
      ['diagram.png', '1', 'DELETED'],
      ['table.txt', '1', 'DELETED'],
    ]);
  });

  it('removes a past version and its bytes (GridFS too) once its history time is over, at the next artifact write', async () => {
    const db = server.mongo().db(server.dbName);
    const removed = await db
      .collection('artifacts')
      .find({ removedAt: { $ne: null } })
      .toArray();
    expect(removed.length).toBeGreaterThanOrEqual(4);
    expect(removed.every((version) => version.expiresAt instanceof Date)).toBe(true);
    const large = removed.find((version) => version.name === 'table.txt')!;
    expect(await db.collection('artifact_files.files').countDocuments({ _id: large.fileId })).toBe(1);
    // As if KAIROS_HISTORY_DAYS had passed.
    await db.collection('artifacts').updateMany({ removedAt: { $ne: null } }, { $set: { expiresAt: new Date(Date.now() - 1_000) } });
    const other = await trainAdapter(uniqueTitle('Artifact purge'));
    expect((await attach({ adapter_uri: other.adapterUri, content: 'new\n', artifact_name: 'new.txt' })).isError).toBe(false);
    expect(await db.collection('artifacts').countDocuments({ removedAt: { $ne: null } })).toBe(0);
    expect(await db.collection('artifact_files.files').countDocuments({ _id: large.fileId })).toBe(0);
    expect(await db.collection('artifact_files.chunks').countDocuments({ files_id: large.fileId })).toBe(0);
  });
});

describe('artifact lookup and paths', () => {
  it('finds its own file by slug however many files with that slug other spaces hold', async () => {
    const db = server.mongo().db(server.dbName);
    // Another tenant's files, stored before the caller's: the lookup must not stop at them.
    const now = new Date();
    await db.collection('artifacts').insertMany(
      Array.from({ length: 70 }, (_, index) => ({
        _id: `foreign-${index}`,
        artifactId: `foreign-artifact-${index}`,
        chainId: `foreign-chain-${index}`,
        space: 'user:someone-else',
        name: 'common.txt',
        slug: 'common-notes',
        version: '1',
        relativePath: null,
        contentType: 'text/plain',
        sha256: sha256('x'),
        size: 1,
        data: null,
        fileId: null,
        createdAt: now,
        createdBy: 'someone-else',
        writtenAt: now,
        writtenBy: 'someone-else',
        liveSlug: 'common-notes',
        livePath: 'artifacts/common.txt',
        removedAt: null,
        removal: null,
        removedBy: null,
      })) as any[],
    );
    const own = await trainAdapter(uniqueTitle('Artifact common slug'));
    const attached = await attach({
      adapter_uri: own.adapterUri,
      content: '# kairos-artifact:\n# slug: common-notes\nmine\n',
      artifact_name: 'common.txt',
    });
    expect(attached.isError, JSON.stringify(attached.json)).toBe(false);
    const found = await gql('query($uri: String!) { artifact(uri: $uri) { id content adapterUri } }', {
      uri: 'kairos://artifact/common-notes',
    });
    expect(found.artifact).toMatchObject({
      id: attached.json.items[0].artifact_uuid,
      content: '# kairos-artifact:\n# slug: common-notes\nmine\n',
    });
  });

  it('takes two paths that differ only in case as one path in the skill folder', async () => {
    const own = await trainAdapter(uniqueTitle('Artifact path case'));
    const first = await attach({
      adapter_uri: own.adapterUri,
      content: '# kairos-artifact:\n# slug: guide-one\none\n',
      artifact_name: 'Guide.txt',
      relative_path: 'docs/Guide.txt',
    });
    expect(first.isError, JSON.stringify(first.json)).toBe(false);
    const before = await stored();
    const second = await attach({
      adapter_uri: own.adapterUri,
      content: '# kairos-artifact:\n# slug: guide-two\ntwo\n',
      artifact_name: 'guide-lower.txt',
      relative_path: 'docs/guide.txt',
    });
    expect(second.isError, JSON.stringify(second.json)).toBe(true);
    expect(second.json.error).toBe('DUPLICATE_ARTIFACT');
    expect(await stored()).toEqual(before);
  });
});

describe('artifact bytes in GridFS', () => {
  it('a large file whose upload fails part-way leaves no chunks behind', async () => {
    const db = server.mongo().db(server.dbName);
    const files = db.collection('artifact_files.files');
    const size = ARTIFACT_INLINE_MAX_BYTES + 20_000;
    // The upload's last write (the file document) is refused, after every chunk was written.
    await files.createIndex({ length: 1 }, { unique: true, name: 'test_refuse_length' });
    await files.insertOne({ length: size, chunkSize: 1, uploadDate: new Date(), filename: 'placeholder' });
    try {
      const own = await trainAdapter(uniqueTitle('Artifact failed upload'));
      const before = await stored();
      const failed = await attach({ adapter_uri: own.adapterUri, content: 'y'.repeat(size - 1) + '\n', artifact_name: 'huge.txt' });
      expect(failed.isError).toBe(true);
      expect(await stored()).toEqual(before);
    } finally {
      await files.deleteOne({ filename: 'placeholder' });
      await files.dropIndex('test_refuse_length');
    }
  });
});

describe('artifacts per adapter', () => {
  it('attaches racing each other cannot carry an adapter past KAIROS_ARTIFACTS_PER_ADAPTER', async () => {
    const own = await trainAdapter(uniqueTitle('Artifact race'));
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        attach({ adapter_uri: own.adapterUri, content: `file ${index}\n`, artifact_name: `race-${index}.txt` }),
      ),
    );
    const stored = answers.filter((answer) => !answer.isError).length;
    const refused = answers.filter((answer) => answer.isError).map((answer) => answer.json.error);
    expect(stored).toBe(6);
    expect(refused).toEqual(Array.from({ length: 4 }, () => 'QUOTA_EXCEEDED'));
    const chain = (await gql('query($key: String) { protocol(key: $key) { artifacts { name } } }', { key: own.slug })).protocol.artifacts;
    expect(chain).toHaveLength(6);
  });
});
