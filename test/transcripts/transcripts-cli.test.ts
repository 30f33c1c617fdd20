import { beforeAll, describe, expect, it } from 'vitest';
import { proofHash } from '../../src/runs/proof-hash.js';
import type { TranscriptEnvelope } from '../../src/transcripts/transcript-signature.js';
import { renderEnvelope } from '../../src/transcripts/transcript-signature.js';
import { useTestServer } from '../support/app.js';
import { cli, scratch } from './cli-support.js';
import { driveRun, mintDeploy } from './server-runs.js';

const server = useTestServer();
/** Another server, with keys of its own. */
const otherServer = useTestServer();

let file: (name: string, content: string) => Promise<string>;
let protocol: Awaited<ReturnType<typeof mintDeploy>>;
let runId: string;
let exported: string;
let exportedPath: string;
let keyFile: string;

function tamper(change: (envelope: TranscriptEnvelope) => void): string {
  const envelope = JSON.parse(exported) as TranscriptEnvelope;
  change(envelope);
  return renderEnvelope(envelope);
}

beforeAll(async () => {
  file = await scratch();
  protocol = await mintDeploy(server);
  runId = await driveRun(server, protocol);
  const result = await cli(server, ['runs', 'export', runId]);
  expect(result).toMatchObject({ code: 0, stderr: '' });
  exported = result.stdout.replace(/\n$/, '');
  exportedPath = await file('run.json', result.stdout);
  const keys = await cli(server, ['keys', 'list', '--json']);
  expect(keys.code).toBe(0);
  keyFile = await file('keys.json', keys.stdout);
});

describe('kairos-graphql runs export <runId> → verify', () => {
  it('verifies offline with a key file: no database, no server', async () => {
    const result = await cli(server, ['verify', exportedPath, '--key-file', keyFile], {
      MONGODB_URI: '',
      KAIROS_URL: 'http://127.0.0.1:9/graphql',
    });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(
      new RegExp(`^verified: ${protocol.label} run ${runId}, 3 steps, attested SUCCESS by local at \\S+Z \\(key [\\w-]{43}\\)\\n$`),
    );
  });

  it('verifies against the key list of a server named by --url', async () => {
    expect((await cli(server, ['verify', exportedPath, '--url', server.running.graphqlUrl])).code).toBe(0);
    expect((await cli(server, ['verify', exportedPath, '--url', `${server.running.baseUrl}/.well-known/kairos-keys.json`])).code).toBe(0);
  });

  it('fails each tampering with its own reason and exit code 1', async () => {
    const cases: [string, string, string][] = [
      [
        'stdout.json',
        tamper(({ transcript }) => void (transcript.proofs[1]!.record.shell!.stdout = 'built 41 files')),
        'step 1: proof hash does not match its record',
      ],
      [
        'swapped.json',
        tamper(({ transcript: { proofs } }) => void ([proofs[1], proofs[2]] = [proofs[2]!, proofs[1]!])),
        'step 2: previous proof hash does not continue the chain',
      ],
      [
        'removed.json',
        tamper(({ transcript: { proofs } }) => void proofs.splice(2, 1)),
        'step 3: previous proof hash does not continue the chain',
      ],
      [
        'human.json',
        tamper(({ transcript }) => void (transcript.proofs[2]!.record.source = 'AGENT')),
        'step 2: proof hash does not match its record',
      ],
      [
        'human-rehashed.json',
        tamper(({ transcript }) => {
          const proof = transcript.proofs[2]!;
          proof.record.source = 'AGENT';
          proof.answeredBy = null;
          proof.proofHash = proofHash(proof.record);
        }),
        'step 3: previous proof hash does not continue the chain',
      ],
      [
        'outcome.json',
        tamper(({ transcript }) => void (transcript.attestation!.outcome = 'FAILURE')),
        'signature: does not match the transcript',
      ],
      ['pretty.json', JSON.stringify(JSON.parse(exported), null, 2), 'canonical form: the file differs from its canonical JSON'],
    ];
    for (const [name, content, reason] of cases) {
      const result = await cli(server, ['verify', await file(name, content), '--key-file', keyFile]);
      expect({ name, code: result.code, stdout: result.stdout }).toEqual({ name, code: 1, stdout: '' });
      expect(result.stderr.startsWith(reason), `${name}: ${result.stderr}`).toBe(true);
    }
  });

  it('fails a transcript signed by another server\u2019s key', async () => {
    const otherRun = await driveRun(otherServer, await mintDeploy(otherServer));
    const foreign = await cli(otherServer, ['runs', 'export', otherRun]);
    expect(foreign.code).toBe(0);
    const result = await cli(server, ['verify', await file('foreign.json', foreign.stdout), '--url', server.running.graphqlUrl]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^signature: unknown key id [\w-]{43}\n$/);
    expect(
      (await cli(otherServer, ['verify', await file('foreign.json', foreign.stdout), '--url', otherServer.running.graphqlUrl])).code,
    ).toBe(0);
  });

  it('answers usage errors with exit code 2 and an unknown run with 1', async () => {
    expect((await cli(server, ['verify', exportedPath])).code).toBe(2);
    expect((await cli(server, ['verify', exportedPath, '--key-file', keyFile, '--url', server.running.graphqlUrl])).code).toBe(2);
    expect((await cli(server, ['runs', 'export', '--since', 'yesterday-ish'])).code).toBe(2);
    const missing = await cli(server, ['runs', 'export', 'no-such-run']);
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toContain('No run no-such-run');
  });
});

describe('kairos-graphql keys rotate', () => {
  it('adds a key that signs from then on; transcripts signed before still verify', async () => {
    const rotate = await cli(server, ['keys', 'rotate']);
    expect(rotate.code).toBe(0);
    const newKeyId = /New signing key ([\w-]{43})/.exec(rotate.stdout)?.[1];
    expect(newKeyId).toBeDefined();
    const list = await cli(server, ['keys', 'list']);
    expect(list.stdout.trim().split('\n')).toHaveLength(2);
    expect(list.stdout).toMatch(new RegExp(`^${newKeyId}  Ed25519  \\S+  active$`, 'm'));

    expect((await cli(server, ['verify', exportedPath, '--url', server.running.graphqlUrl])).code).toBe(0);
    const again = await cli(server, ['runs', 'export', runId]);
    expect((JSON.parse(again.stdout) as TranscriptEnvelope).signature!.keyId).toBe(newKeyId);
    const newFile = await file('rotated.json', again.stdout);
    expect((await cli(server, ['verify', newFile, '--url', server.running.graphqlUrl])).code).toBe(0);
    // The key file saved before the rotation does not know the new key.
    const stale = await cli(server, ['verify', newFile, '--key-file', keyFile]);
    expect(stale).toMatchObject({ code: 1, stderr: `signature: unknown key id ${newKeyId}\n` });
  });
});

describe('kairos-graphql runs export --since --space', () => {
  it('writes one transcript per line, oldest first, with progress on stderr, and the archive verifies', async () => {
    const since = new Date().toISOString();
    const runIds = [];
    for (let index = 0; index < 3; index++) runIds.push(await driveRun(server, protocol));
    const result = await cli(server, ['runs', 'export', '--since', since, '--space', 'personal']);
    expect(result.code).toBe(0);
    const lines = result.stdout.replace(/\n$/, '').split('\n');
    expect(lines.map((line) => (JSON.parse(line) as TranscriptEnvelope).transcript.run.id)).toEqual(runIds);
    expect(result.stderr).toBe('runs export: 3 of 3 runs\n');
    const archive = await file('archive.jsonl', result.stdout);
    expect(await cli(server, ['verify', archive, '--url', server.running.graphqlUrl])).toMatchObject({
      code: 0,
      stdout: 'verified: 3 transcripts\n',
    });
    const broken = [lines[0], lines[1]!.replace('built 42 files', 'built 43 files'), lines[2]].join('\n');
    const failed = await cli(server, ['verify', await file('broken.jsonl', `${broken}\n`), '--url', server.running.graphqlUrl]);
    expect(failed).toMatchObject({ code: 1, stderr: 'line 2: step 1: proof hash does not match its record\n' });
  });
});
