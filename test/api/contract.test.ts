/**
 * The 0.2 contract: the runEvents feed, subscriptions without a space, and
 * pendingStepIndex / nonce doing what their descriptions say.
 */
import { describe, expect, it } from 'vitest';
import { collect, errorCode, useTestServer } from '../support/app.js';
import { MemoryEventsDocument, MintDocument } from './documents.js';
import { uniqueTitle } from './fixtures.js';
import { AttestDocument, BeginDocument, NextDocument, RunDocument, RunEventsDocument } from './run-documents.js';

const server = useTestServer();
const fence = '```';

const shellStep = (name: string) =>
  `## ${name}\n\nRun it.\n\n${fence}json\n{"challenge": {"type": "shell", "shell": {"cmd": "echo ok", "timeout_seconds": 5}}}\n${fence}`;
const optionalCommentStep = (name: string) =>
  `## ${name}\n\nSay how it went.\n\n${fence}json\n{"challenge": {"type": "comment", "comment": {"min_length": 5}, "required": false}}\n${fence}`;

/** A proven shell step, then a last step without a challenge (nothing to prove: attest follows). */
const shellThenPlain = () => `# ${uniqueTitle('Check then report')}\n\n${shellStep('Check')}\n\n## Report\n\nWrite it up.\n`;

async function mint(markdown: string) {
  return (await server.query(MintDocument, { input: { markdown } })).mint.protocol;
}

async function begin(uri: string) {
  return (await server.query(BeginDocument, { input: { uri } })).begin;
}

type Step = Awaited<ReturnType<typeof begin>>;

async function next(uri: string, runId: string, solution: Record<string, unknown> | null) {
  return (await server.query(NextDocument, { input: { uri, runId, solution: solution as never } })).next;
}

const proveShell = (step: Step) => ({
  type: 'SHELL',
  nonce: step.challenge!.nonce,
  proofHash: step.challenge!.proofHash,
  shell: { exitCode: 0, stdout: 'ok', stderr: '' },
});

async function run(id: string) {
  return (await server.query(RunDocument, { id })).run!;
}

/** Makes a run idle past its expiry, as if days had passed. */
async function ageRun(runId: string) {
  await server
    .mongo()
    .db(server.dbName)
    .collection<{ _id: string }>('runs')
    .updateOne({ _id: runId }, { $set: { expiresAt: new Date(0) } });
}

/** runEvents has no replay: start runs until one shows on the feed, so the subscription is live. */
async function untilLive(feed: { events: unknown[] }, probeUri: string) {
  for (let attempt = 0; feed.events.length === 0 && attempt < 100; attempt++) {
    await begin(probeUri);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(feed.events.length).toBeGreaterThan(0);
}

describe('runEvents', () => {
  it('streams STARTED, COMPLETED, ATTESTED and EXPIRED for runs in every readable space (space omitted) and in one space', async () => {
    const probe = (await mint(shellThenPlain())).uri;
    const everywhere = collect(server.wsClient(), RunEventsDocument, {});
    const personal = collect(server.wsClient(), RunEventsDocument, { space: 'personal' });
    await untilLive(everywhere, probe);
    await untilLive(personal, probe);

    const protocol = await mint(shellThenPlain());
    const [check, report] = protocol.stepUris as [string, string];
    const attested = await begin(check);
    const done = await next(report, attested.runId, proveShell(attested));
    expect(done.nextCall.operation).toBe('ATTEST');
    await server.query(AttestDocument, { input: { uri: report, runId: attested.runId, outcome: 'SUCCESS', message: 'done' } });

    const expiring = await begin(check);
    await ageRun(expiring.runId);
    expect((await next(report, expiring.runId, proveShell(expiring))).errorCode).toBe('RUN_CLOSED');

    for (const feed of [everywhere, personal]) {
      const ours = (event: { runEvents: { runId: string } }) => [attested.runId, expiring.runId].includes(event.runEvents.runId);
      const events = (await feed.until(5, { where: ours })).map((event) => event.runEvents);
      expect(events.map((event) => [event.runId, event.type, event.status, event.seq])).toEqual([
        [attested.runId, 'STARTED', 'ACTIVE', 1],
        [attested.runId, 'COMPLETED', 'COMPLETED', 3],
        [attested.runId, 'ATTESTED', 'ATTESTED', 4],
        [expiring.runId, 'STARTED', 'ACTIVE', 1],
        [expiring.runId, 'EXPIRED', 'EXPIRED', 2],
      ]);
      expect(
        events.every(
          (event) =>
            event.protocolLabel === protocol.label &&
            event.stepCount === 2 &&
            event.space === 'user:local' &&
            event.principalId === 'local',
        ),
      ).toBe(true);
      expect(events.every((event) => !Number.isNaN(Date.parse(event.at)))).toBe(true);
      feed.stop();
    }
    // The feed's seq is the run's own: the same numbers as the run's history.
    expect((await run(attested.runId)).events.map((event) => [event.seq, event.type])).toEqual([
      [1, 'STARTED'],
      [2, 'STEP_PROVEN'],
      [3, 'COMPLETED'],
      [4, 'ATTESTED'],
    ]);
  });

  it('refuses a space the viewer cannot read', async () => {
    const result = await new Promise<{ errors?: unknown }>((resolve) => {
      server
        .wsClient()
        .subscribe(
          { query: 'subscription { runEvents(space: "user:someone-else") { runId } }' },
          { next: (value) => resolve(value as never), error: (error) => resolve({ errors: error }), complete: () => {} },
        );
    });
    expect(errorCode(result.errors as never)).toBe('FORBIDDEN');
  });
});

describe('memoryEvents without a space', () => {
  it('streams writes of every readable space', async () => {
    const feed = collect(server.wsClient(), MemoryEventsDocument, {});
    let minted: string[] = [];
    for (let attempt = 0; feed.events.length === 0 && attempt < 100; attempt++) {
      minted = (await mint(shellThenPlain())).stepUris;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const protocol = await mint(shellThenPlain());
    const events = await feed.until(2, { where: (event) => protocol.stepUris.includes(event.memoryEvents.uri) });
    feed.stop();
    expect(minted.length).toBe(2);
    expect(events.map((event) => [event.memoryEvents.type, event.memoryEvents.uri, event.memoryEvents.space])).toEqual([
      ['MINTED', protocol.stepUris[0], 'user:local'],
      ['MINTED', protocol.stepUris[1], 'user:local'],
    ]);
  });
});

describe('Run.pendingStepIndex and StepChallenge.nonce', () => {
  it('are set while a step waits, and null once every step is settled (COMPLETED), then ATTESTED', async () => {
    const protocol = await mint(shellThenPlain());
    const [check, report] = protocol.stepUris as [string, string];
    const first = await begin(check);
    expect(first.challenge?.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(await run(first.runId)).toMatchObject({ status: 'ACTIVE', pendingStepIndex: 1 });

    const settled = await next(report, first.runId, proveShell(first));
    expect(settled.errorCode).toBeNull();
    expect(settled.currentStep?.stepIndex).toBe(2);
    expect(settled.challenge).toMatchObject({ type: 'COMMENT', required: false, nonce: null });
    expect(await run(first.runId)).toMatchObject({ status: 'COMPLETED', pendingStepIndex: null });

    await server.query(AttestDocument, { input: { uri: report, runId: first.runId, outcome: 'SUCCESS', message: 'done' } });
    expect(await run(first.runId)).toMatchObject({ status: 'ATTESTED', pendingStepIndex: null });
  });

  it('keep an optional last challenge provable: ACTIVE with a nonce until it is proven or skipped', async () => {
    const protocol = await mint(`# ${uniqueTitle('Check then comment')}\n\n${shellStep('Check')}\n\n${optionalCommentStep('Comment')}\n`);
    const [check, comment] = protocol.stepUris as [string, string];
    const first = await begin(check);
    const second = await next(comment, first.runId, proveShell(first));
    expect(second.challenge).toMatchObject({ type: 'COMMENT', required: false });
    expect(second.challenge?.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(await run(first.runId)).toMatchObject({ status: 'ACTIVE', pendingStepIndex: 2 });

    const proven = await next(comment, first.runId, {
      type: 'COMMENT',
      nonce: second.challenge!.nonce,
      proofHash: second.challenge!.proofHash,
      comment: { text: 'all went well' },
    });
    expect(proven.errorCode).toBeNull();
    expect(proven.challenge?.nonce).toBeNull();
    expect(await run(first.runId)).toMatchObject({ status: 'COMPLETED', pendingStepIndex: null });

    const skipped = await begin(check);
    await next(comment, skipped.runId, proveShell(skipped));
    expect((await next(comment, skipped.runId, null)).challenge?.nonce).toBeNull();
    expect(await run(skipped.runId)).toMatchObject({ status: 'COMPLETED', pendingStepIndex: null });
  });

  it('pendingStepIndex is null on an EXPIRED run', async () => {
    const protocol = await mint(shellThenPlain());
    const first = await begin(protocol.stepUris[0]!);
    await ageRun(first.runId);
    await next(protocol.stepUris[1]!, first.runId, proveShell(first));
    expect(await run(first.runId)).toMatchObject({ status: 'EXPIRED', pendingStepIndex: null });
  });
});
