import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
import { type CliResult, runCli } from '../support/cli.js';
import { DeleteMemoriesDocument, MintDocument, UpdateMemoriesDocument } from '../api/documents.js';
import { noChallengeProtocol } from '../api/fixtures.js';
import { MemoryAtVersionDocument } from './documents.js';

const server = useTestServer();

function cli(...args: string[]): Promise<CliResult> {
  return runCli(args, { KAIROS_URL: server.running.graphqlUrl });
}

describe('kairos-graphql memories (the CLI against a running server)', () => {
  it('shows a memory’s history with diffs, and restores a version', async () => {
    const { mint } = await server.query(MintDocument, { input: { markdown: noChallengeProtocol() } });
    const [uri, doomed] = mint.protocol.stepUris as [string, string];
    await server.query(UpdateMemoriesDocument, { input: { uris: [uri], updates: { text: 'Changed by the CLI test.' } } });

    const history = await cli('memories', 'history', uri);
    expect(history).toMatchObject({ code: 0, stderr: '' });
    expect(history.stdout).toContain(`${uri}: version 2, 2 version(s) kept`);
    expect(history.stdout).toMatch(/v2 \(current\) {2}\S+ {2}local {2}UPDATE_MEMORIES \[TEXT\]/);
    expect(history.stdout).toContain('+Changed by the CLI test.');
    expect(history.stdout).toMatch(/v1 {2}\S+ {2}local {2}CREATED/);

    const restored = await cli('memories', 'restore', uri, '1');
    expect(restored).toMatchObject({ code: 0, stdout: `RESTORED: Memory ${uri} restored from version 1 as version 3\n` });
    expect((await server.query(MemoryAtVersionDocument, { uri })).memory!.text).toBe(mint.protocol.steps[0]!.text);
    const conflict = await cli('memories', 'restore', uri, '1', '--expected-version', '2');
    expect(conflict.code).toBe(1);
    expect(conflict.stdout).toContain('ERROR (VERSION_CONFLICT)');

    await server.query(DeleteMemoriesDocument, { input: { uris: [doomed] } });
    const deleted = await cli('memories', 'history', doomed);
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toContain(`Restore it with: kairos-graphql memories restore ${doomed} 1`);
    expect((await cli('memories', 'restore', doomed, '1')).code).toBe(0);
  });

  it('fails with usage errors (2) and unknown memories (1)', async () => {
    expect((await cli('memories', 'history')).code).toBe(2);
    expect((await cli('memories', 'restore', 'kairos://mem/x')).code).toBe(2);
    expect((await cli('memories', 'restore', 'kairos://mem/x', 'zero')).code).toBe(2);
    expect((await cli('memories', 'explode', 'kairos://mem/x')).code).toBe(2);
    const missing = await cli('memories', 'history', 'kairos://mem/00000000-0000-4000-8000-000000000000');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No memory');
  });
});
