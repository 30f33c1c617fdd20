/**
 * Usage counters (`memory_usage`) are written after the run's own write commits, outside it:
 * each attested run is counted exactly once, however many attests of one protocol run at once,
 * and when the count is retried (a resubmitted attest, the expiry timer's catch-up).
 */
import { describe, expect, it } from 'vitest';
import { UsageStore } from '../../src/store/usage-store.js';
import { useTestServer } from '../support/app.js';
import { MintDocument } from './documents.js';
import { uniqueTitle } from './fixtures.js';
import { AttestDocument, BeginDocument, NextDocument } from './run-documents.js';

const server = useTestServer();
const fence = '```';

function shellProtocol(steps: number): string {
  const body = Array.from(
    { length: steps },
    (_, index) =>
      `## Check ${index + 1}\n\nRun it.\n\n${fence}json\n{"challenge": {"type": "shell", "shell": {"cmd": "echo ${index + 1}", "timeout_seconds": 5}}}\n${fence}`,
  );
  return `# ${uniqueTitle('Usage checks')}\n\n${body.join('\n\n')}\n`;
}

/** Begin, prove both steps, attest SUCCESS; answers the run id. */
async function attestedRun(headUri: string, message = 'done'): Promise<string> {
  let step = (await server.query(BeginDocument, { input: { uri: headUri } })).begin;
  while (step.nextCall.operation === 'NEXT') {
    const challenge = step.challenge!;
    const solution = {
      type: challenge.type,
      nonce: challenge.nonce,
      proofHash: challenge.proofHash,
      shell: { exitCode: 0, stdout: 'ok', stderr: '' },
    };
    step = (await server.query(NextDocument, { input: { uri: step.currentStep!.uri, runId: step.runId, solution } })).next;
    expect(step.errorCode).toBeNull();
  }
  const { attest } = await server.query(AttestDocument, {
    input: { uri: step.nextCall.uri!, runId: step.runId, outcome: 'SUCCESS', message },
  });
  expect(attest.errorCode).toBeNull();
  return step.runId;
}

const db = () => server.mongo().db(server.dbName);
const memoryId = (uri: string) => uri.slice(uri.lastIndexOf('/') + 1);

/** A memory's counters, summed over the documents they are spread on. */
async function headUsage(headUri: string) {
  const rows = await db()
    .collection('memory_usage')
    .find({ memoryId: memoryId(headUri) })
    .toArray();
  expect(rows.length).toBeGreaterThan(0);
  const sum = (kind: 'attests' | 'proofs') => ({
    attempts: rows.reduce((total, row) => total + (row[kind]?.attempts ?? 0), 0),
    successes: rows.reduce((total, row) => total + (row[kind]?.successes ?? 0), 0),
    failures: rows.reduce((total, row) => total + (row[kind]?.failures ?? 0), 0),
  });
  return { attests: sum('attests'), proofs: sum('proofs') };
}

describe('usage counters', () => {
  it('counts every one of 12 concurrent attests of one protocol, once', async () => {
    const { mint } = await server.query(MintDocument, { input: { markdown: shellProtocol(2) } });
    const head = mint.protocol.stepUris[0]!;
    await Promise.all(Array.from({ length: 12 }, () => attestedRun(head)));
    // Step 1 is the head: its proofs (one per run) and the attests are counted on it.
    expect(await headUsage(head)).toEqual({
      attests: { attempts: 12, successes: 12, failures: 0 },
      proofs: { attempts: 12, successes: 12, failures: 0 },
    });
    const runs = await db().collection('runs').find({ 'protocol.headUri': head }).toArray();
    expect(runs.every((run) => run.status === 'ATTESTED' && run.pendingUsage === undefined)).toBe(true);
  });

  it('counts a run once when its count is written again', async () => {
    const { mint } = await server.query(MintDocument, { input: { markdown: shellProtocol(2) } });
    const head = mint.protocol.stepUris[0]!;
    const runId = await attestedRun(head);
    const counted = await headUsage(head);
    const usage = new UsageStore(db());
    const again = {
      runId,
      space: 'user:local',
      proofCounts: new Map([[head, { successes: 1, failures: 0 }]]),
      attest: { uris: [head], success: true, bonus: 1, ratedAt: new Date().toISOString(), rater: 'retry' },
    };
    await usage.countRun(again);
    await Promise.all([usage.countRun(again), usage.countRun(again)]);
    expect(await headUsage(head)).toEqual(counted);
    // Another run is still counted.
    await usage.countRun({ ...again, runId: `${runId}-other` });
    expect((await headUsage(head)).attests).toEqual({ attempts: 2, successes: 2, failures: 0 });
  });

  it('counts an attest left pending when it is resubmitted, and only then', async () => {
    const { mint } = await server.query(MintDocument, { input: { markdown: shellProtocol(2) } });
    const head = mint.protocol.stepUris[0]!;
    const last = mint.protocol.stepUris[1]!;
    const runId = await attestedRun(head, 'first pass');
    const counted = await headUsage(head);
    const stored = await db()
      .collection('runs')
      .findOne({ _id: runId as never });
    // As if the first attest had stopped between the run's write and the count: the attest is still pending.
    const pendingUsage = { uris: [last, head], success: true, bonus: 1, ratedAt: stored!.attestation.ratedAt, rater: 'kairos-attest' };
    await db()
      .collection('runs')
      .updateOne({ _id: runId as never }, { $set: { pendingUsage } });
    const { attest } = await server.query(AttestDocument, { input: { uri: last, runId, outcome: 'SUCCESS', message: 'first pass' } });
    expect(attest.errorCode).toBeNull();
    expect(await headUsage(head)).toEqual(counted);
    expect(
      (await db()
        .collection('runs')
        .findOne({ _id: runId as never }))!.pendingUsage,
    ).toBeUndefined();
  });

  it('lets the expiry timer count an attested run nobody counted', async () => {
    const { mint } = await server.query(MintDocument, { input: { markdown: shellProtocol(2) } });
    const head = mint.protocol.stepUris[0]!;
    const last = mint.protocol.stepUris[1]!;
    const runId = await attestedRun(head);
    // The count never happened: no counters, the attest still pending.
    await db()
      .collection('memory_usage')
      .deleteMany({ memoryId: { $in: [memoryId(head), memoryId(last)] } });
    const ratedAt = new Date(Date.now() - 120_000).toISOString();
    await db()
      .collection('runs')
      .updateOne(
        { _id: runId as never },
        { $set: { pendingUsage: { uris: [last, head], success: true, bonus: 1, ratedAt, rater: 'kairos-attest' } } },
      );
    await server.running.services.runs.expireIdleRuns(new Date());
    expect(await headUsage(head)).toEqual({
      attests: { attempts: 1, successes: 1, failures: 0 },
      proofs: { attempts: 1, successes: 1, failures: 0 },
    });
    expect(
      (await db()
        .collection('runs')
        .findOne({ _id: runId as never }))!.pendingUsage,
    ).toBeUndefined();
  });
});
