/** The command-line tool against the real server: base URL handling, mint, runs list/show, --json and failures. */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
import { type CliResult, runCli } from '../support/cli.js';
import { freeLoopbackPort } from '../support/free-port.js';
import { uniqueTitle } from '../api/fixtures.js';
import { BeginDocument, NextDocument } from '../api/run-documents.js';

const server = useTestServer();
const fence = '```';

/** Runs the tool with `--url` set to the server's base URL (no /graphql) unless the args name one. */
function cli(...args: string[]): Promise<CliResult> {
  const withUrl = args.includes('--url') ? args : [...args, '--url', server.running.baseUrl];
  return runCli(withUrl, { KAIROS_URL: '' });
}

/** A refusal or failure is one line on stderr. */
function oneLine(stderr: string): string {
  const lines = stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kairos-cli-'));
});

async function protocolFile(title: string): Promise<string> {
  const file = join(dir, `${title.replace(/\W+/g, '-')}.md`);
  await writeFile(
    file,
    `# ${title}\n\n## Check\n\nRun it.\n\n${fence}json\n{"challenge": {"type": "shell", "shell": {"cmd": "echo ok", "timeout_seconds": 5}}}\n${fence}\n\n## Report\n\nWrite it up.\n`,
  );
  return file;
}

describe('the server URL', () => {
  it('is accepted as the base URL, with a trailing slash, or with /graphql', async () => {
    for (const url of [server.running.baseUrl, `${server.running.baseUrl}/`, server.running.graphqlUrl, `${server.running.graphqlUrl}/`]) {
      const listed = await cli('proposals', 'list', '--url', url);
      expect(listed, url).toMatchObject({ code: 0, stderr: '' });
    }
    expect((await cli('runs', 'list', '--url', 'not a url')).code).toBe(2);
  });
});

describe('kairos-graphql mint', () => {
  it('mints a file, refuses a duplicate title in one line, and replaces it with --force', async () => {
    const title = uniqueTitle('CLI minted');
    const file = await protocolFile(title);
    const minted = await cli('mint', file);
    expect(minted).toMatchObject({ code: 0, stderr: '' });
    expect(minted.stdout).toMatch(
      new RegExp(`^Minted "${title}" \\(2 steps, key [a-z0-9-]+\\) in user:local: kairos://mem/[0-9a-f-]+\\n$`),
    );

    const duplicate = await cli('mint', file);
    expect(duplicate.code).toBe(1);
    expect(oneLine(duplicate.stderr)).toMatch(/^DUPLICATE_CHAIN: /);

    const forced = await cli('mint', file, '--force', '--json');
    expect(forced.code).toBe(0);
    expect(JSON.parse(forced.stdout)).toMatchObject({ label: title, stepCount: 2, space: 'user:local' });

    const elsewhere = await cli('mint', file, '--space', 'group:not-mine', '--force');
    expect(elsewhere.code).toBe(1);
    expect(oneLine(elsewhere.stderr)).toMatch(/^SPACE_NOT_FOUND: /);
    expect((await cli('mint', join(dir, 'missing.md'))).code).toBe(1);
    expect((await cli('mint')).code).toBe(2);
  });
});

describe('kairos-graphql runs', () => {
  it('lists runs by status and shows one with its steps, proofs and events', async () => {
    const title = uniqueTitle('CLI runs');
    const minted = JSON.parse((await cli('mint', await protocolFile(title), '--json')).stdout) as { uri: string };
    const { begin } = await server.query(BeginDocument, { input: { uri: minted.uri } });
    const challenge = begin.challenge!;
    const report = begin.nextCall.uri!;
    await server.query(NextDocument, {
      input: {
        uri: report,
        runId: begin.runId,
        solution: {
          type: 'SHELL',
          nonce: challenge.nonce,
          proofHash: challenge.proofHash,
          shell: { exitCode: 0, stdout: 'ok', stderr: '' },
        },
      },
    });

    const listed = await cli('runs', 'list');
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    expect(listed.stdout).toContain(`${begin.runId}  COMPLETED  2 steps  "${title}"  user:local`);
    expect((await cli('runs', 'list', '--status', 'attested')).stdout).not.toContain(begin.runId);
    const completed = JSON.parse((await cli('runs', 'list', '--status', 'COMPLETED', '--json')).stdout) as {
      runs: { id: string; status: string }[];
    };
    expect(completed.runs).toContainEqual(expect.objectContaining({ id: begin.runId, status: 'COMPLETED' }));
    expect((await cli('runs', 'list', '--status', 'DONE')).code).toBe(2);

    const shown = await cli('runs', 'show', begin.runId);
    expect(shown).toMatchObject({ code: 0, stderr: '' });
    expect(shown.stdout).toContain(`Run        ${begin.runId}`);
    expect(shown.stdout).toContain(`Protocol   ${title} (${minted.uri})`);
    expect(shown.stdout).toContain('Status     COMPLETED');
    expect(shown.stdout).toContain(`  1. Check  ${minted.uri}  proven (SHELL, AGENT)`);
    expect(shown.stdout).toMatch(/ {2}2\. Report {2}kairos:\/\/mem\/\S+ {2}settled without proof/);
    expect(shown.stdout).toMatch(/step 1 {2}SHELL {2}SUCCESS {2}AGENT {2}settled {2}\S+ {2}exit 0\n {4}hash [0-9a-f]{64} ← [0-9a-f]{64}/);
    expect(shown.stdout).toMatch(/Events\n {2}1 {2}STARTED .*\n {2}2 {2}STEP_PROVEN .*step 1\n {2}3 {2}COMPLETED /);

    const asJson = JSON.parse((await cli('runs', 'show', begin.runId, '--json')).stdout) as {
      id: string;
      events: { type: string }[];
      proofs: unknown[];
    };
    expect(asJson.id).toBe(begin.runId);
    expect(asJson.events.map((event) => event.type)).toEqual(['STARTED', 'STEP_PROVEN', 'COMPLETED']);
    expect(asJson.proofs).toHaveLength(1);

    const missing = await cli('runs', 'show', '00000000-0000-4000-8000-000000000000');
    expect(missing.code).toBe(1);
    expect(oneLine(missing.stderr)).toMatch(/^NOT_FOUND: /);
    expect((await cli('runs', 'show')).code).toBe(2);
  });
});

describe('failures', () => {
  it('say in one line that the server is down, is not this server, or refused, and exit 1', async () => {
    const closedPort = await freeLoopbackPort();
    const notes = join(dir, 'untitled.md');
    await writeFile(notes, 'just text, no title\n');
    for (const command of [
      ['runs', 'list'],
      ['runs', 'show', 'x'],
      ['mint', notes],
      ['proposals', 'list'],
    ]) {
      const down = await cli(...command, '--url', `http://127.0.0.1:${closedPort}`);
      expect(down.code).toBe(1);
      expect(oneLine(down.stderr)).toBe(`Cannot reach http://127.0.0.1:${closedPort}/graphql: ECONNREFUSED (is the server running?)`);
    }
    const elsewhere = await cli('runs', 'list', '--url', `${server.running.baseUrl}/ui/graphql`);
    expect(elsewhere.code).toBe(1);
    expect(oneLine(elsewhere.stderr)).toMatch(/^Unexpected answer from .* \(HTTP \d+\)/);
    const refused = await cli('mint', notes, '--json');
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(oneLine(refused.stderr)).toMatch(/^PROTOCOL_STRUCTURE_INVALID: /);
  });
});
