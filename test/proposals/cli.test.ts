import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
import { type CliResult, runCli } from '../support/cli.js';
import { ProposeUpdateDocument } from './documents.js';
import { recordDecision } from './fixtures.js';

const server = useTestServer();

function cli(...args: string[]): Promise<CliResult> {
  return runCli(args, { KAIROS_URL: server.running.graphqlUrl });
}

async function stage(heading: string) {
  const { proposeUpdate } = await server.query(ProposeUpdateDocument, { input: recordDecision(heading, `${heading} text.`) });
  expect(proposeUpdate.status).toBe('STAGED');
  return proposeUpdate;
}

describe('kairos-graphql proposals (the CLI against a running server)', () => {
  it('lists, reviews and applies what reviewCommand points at', async () => {
    const staged = await stage('CLI apply');
    const list = await cli('proposals', 'list');
    expect(list).toMatchObject({ code: 0, stderr: '' });
    expect(list.stdout).toContain(`${staged.stagingId}  STAGED  RECORD_DECISION  decisions.md  "Record the CLI apply decision"`);

    const review = await cli(...staged.reviewCommand!.split(' ').slice(1));
    expect(review.code).toBe(0);
    expect(review.stdout).toContain(`Proposal   ${staged.stagingId}`);
    expect(review.stdout).toContain('Routing    STAGE: op[0]: intent=RECORD_DECISION → approval.decisions → STAGE');
    expect(review.stdout).toContain('+## CLI apply');

    const apply = await cli('proposals', 'apply', staged.stagingId!, '--url', server.running.graphqlUrl);
    expect(apply).toMatchObject({ code: 0 });
    expect(apply.stdout).toMatch(/^APPLIED: Proposal .* applied: decisions.md/);
    expect((await cli('proposals', 'apply', staged.stagingId!)).code).toBe(1);
  });

  it('rejects with a reason, and fails with a non-zero code on bad usage or a dead server', async () => {
    const staged = await stage('CLI reject');
    expect((await cli('proposals', 'reject', staged.stagingId!)).code).toBe(2);
    const reject = await cli('proposals', 'reject', staged.stagingId!, '--reason', 'Not our stack');
    expect(reject).toMatchObject({ code: 0, stdout: 'REJECTED: Not our stack\n' });
    expect((await cli('proposals', 'list', '--status', 'REJECTED')).stdout).toContain(staged.stagingId!);
    expect((await cli('proposals', 'explode')).code).toBe(2);
    const dead = await cli('proposals', 'list', '--url', 'http://127.0.0.1:9/graphql');
    expect(dead.code).toBe(1);
    expect(dead.stderr).toContain('Cannot reach');
  });
});
