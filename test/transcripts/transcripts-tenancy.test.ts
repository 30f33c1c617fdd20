/** Nobody exports another space's runs: not by id, not by listing, not through the CLI. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptEnvelope } from '../../src/transcripts/transcript-signature.js';
import { errorCode, useTestServer } from '../support/app.js';
import { postAs } from '../support/graphql-http.js';
import { CreatePrincipalDocument, CreateTokenDocument } from '../security/documents.js';
import { cli } from './cli-support.js';
import { RunTranscriptDocument, RunTranscriptsDocument } from './documents.js';

const server = useTestServer({ authEnabled: true });

interface Principal {
  id: string;
  token: string;
  space: string;
}

let alice: Principal;
let bob: Principal;
let aliceRunId: string;
let bobRunId: string;

function as(who: Principal, query: string, variables: Record<string, unknown> = {}): Promise<{ data?: any; errors?: any[] }> {
  return postAs(server.running.graphqlUrl, who.token, query, variables);
}

async function principal(adminToken: string, name: string): Promise<Principal> {
  const headers = { authorization: `Bearer ${adminToken}` };
  const created = await server.request(CreatePrincipalDocument, { input: { name, role: 'AGENT', groups: [] } }, headers);
  const id = created.data!.createPrincipal.principal.id;
  const issued = await server.request(CreateTokenDocument, { input: { principalId: id, name: 'test' } }, headers);
  return { id, token: issued.data!.createToken.token, space: `user:${id}` };
}

/** Mints a one-step shell protocol in the principal's own space, runs and attests it. */
async function attestedRun(who: Principal, title: string): Promise<string> {
  const markdown = `# ${title}\n\n## Check\n\nRun it.\n\n\`\`\`json\n{"challenge": {"type": "shell", "shell": {"cmd": "true", "timeout_seconds": 5}}}\n\`\`\`\n`;
  const minted = await as(who, 'mutation($m: String!) { mint(input: { markdown: $m }) { protocol { uri } } }', { m: markdown });
  const uri = minted.data.mint.protocol.uri as string;
  const begun = (await as(who, 'mutation($uri: String) { begin(input: { uri: $uri }) { runId challenge { nonce proofHash } } }', { uri }))
    .data.begin;
  const solution = {
    type: 'SHELL',
    nonce: begun.challenge.nonce,
    proofHash: begun.challenge.proofHash,
    shell: { exitCode: 0, stdout: `${title} ok`, stderr: '' },
  };
  await as(who, 'mutation($input: NextInput!) { next(input: $input) { errorCode } }', { input: { uri, runId: begun.runId, solution } });
  const attested = await as(who, 'mutation($input: AttestInput!) { attest(input: $input) { errorCode } }', {
    input: { uri, runId: begun.runId, outcome: 'SUCCESS', message: 'ok' },
  });
  expect(attested.data.attest.errorCode).toBeNull();
  return begun.runId as string;
}

beforeAll(async () => {
  const issued = await server.running.services.auth.bootstrap({
    name: 'admin',
    role: 'ADMIN',
    groups: [],
    tokenName: 'test',
    expiresInSeconds: null,
  });
  alice = await principal(issued.token, 'alice');
  bob = await principal(issued.token, 'bob');
  aliceRunId = await attestedRun(alice, 'Alice secret deploy');
  bobRunId = await attestedRun(bob, 'Bob release');
});

describe('transcripts across spaces (GraphQL)', () => {
  it('gives the owner the transcript and another principal nothing', async () => {
    const own = await server.request(RunTranscriptDocument, { id: aliceRunId }, { authorization: `Bearer ${alice.token}` });
    expect((JSON.parse(own.data!.run!.transcript) as TranscriptEnvelope).transcript.run.space).toBe(alice.space);
    const foreign = await server.request(RunTranscriptDocument, { id: aliceRunId }, { authorization: `Bearer ${bob.token}` });
    expect(foreign.errors).toBeUndefined();
    expect(foreign.data!.run).toBeNull();
  });

  it('lists only the viewer\u2019s own runs, and refuses another principal\u2019s space', async () => {
    const listed = await server.request(RunTranscriptsDocument, {}, { authorization: `Bearer ${bob.token}` });
    expect(listed.data!.runTranscripts.edges.map((edge) => edge.node.runId)).toEqual([bobRunId]);
    expect(JSON.stringify(listed.data)).not.toContain('Alice secret deploy');
    const forbidden = await server.request(RunTranscriptsDocument, { space: alice.space }, { authorization: `Bearer ${bob.token}` });
    expect(errorCode(forbidden.errors)).toBe('FORBIDDEN');
    expect(forbidden.data?.runTranscripts ?? null).toBeNull();
  });

  it('needs a token, while the public keys are open to anyone holding a transcript', async () => {
    expect(errorCode((await server.request(RunTranscriptsDocument, {})).errors)).toBe('UNAUTHENTICATED');
    const keys = await fetch(`${server.running.baseUrl}/.well-known/kairos-keys.json`);
    expect(keys.status).toBe(200);
    expect(((await keys.json()) as { keys: unknown[] }).keys).toHaveLength(1);
  });
});

describe('transcripts across spaces (the CLI)', () => {
  it('exports the owner\u2019s run and refuses everyone else, by id, by space and in a full export', async () => {
    const own = await cli(server, ['runs', 'export', aliceRunId, '--token', alice.token]);
    expect(own.code).toBe(0);
    expect((JSON.parse(own.stdout) as TranscriptEnvelope).transcript.run.id).toBe(aliceRunId);

    const byId = await cli(server, ['runs', 'export', aliceRunId, '--token', bob.token]);
    expect(byId).toMatchObject({ code: 1, stdout: '' });
    expect(byId.stderr).toContain(`No run ${aliceRunId} in your spaces`);

    const bySpace = await cli(server, ['runs', 'export', '--space', alice.space], { KAIROS_TOKEN: bob.token });
    expect(bySpace).toMatchObject({ code: 1, stdout: '' });
    expect(bySpace.stderr).toContain('FORBIDDEN');

    const everything = await cli(server, ['runs', 'export', '--since', '2000-01-01'], { KAIROS_TOKEN: bob.token });
    expect(everything.code).toBe(0);
    expect(
      everything.stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as TranscriptEnvelope).transcript.run.id),
    ).toEqual([bobRunId]);
  });
});
