// Over 400 lines: the run API end to end (seed scenario, next, every step error code, prompts, restarts) on one server.
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/observability/logger.js';
import { MAX_FAILED_ATTEMPT_EVENTS } from '../../src/limits.js';
import { buildApp } from '../../src/server.js';
import { errorCode, useTestServer } from '../support/app.js';
import { MintDocument, UpdateMemoriesDocument } from './documents.js';
import { uniqueTitle } from './fixtures.js';
import { AnswerPromptDocument, AttestDocument, BeginDocument, NextDocument, RunDocument, RunsDocument } from './run-documents.js';

const server = useTestServer();
const fence = '```';

type Step = Awaited<ReturnType<typeof begin>>;

async function mint(markdown: string) {
  return (await server.query(MintDocument, { input: { markdown } })).mint.protocol;
}

async function begin(uri: string) {
  return (await server.query(BeginDocument, { input: { uri } })).begin;
}

async function next(uri: string, solution: Record<string, unknown> | null, runId?: string) {
  return (await server.query(NextDocument, { input: { uri, runId, solution: solution as never } })).next;
}

async function run(id: string) {
  return (await server.query(RunDocument, { id })).run!;
}

/**
 * Appends `count` copies of the run's last failed-attempt event to it in the database (as if the
 * agent had failed that many more times); returns the run's last seq.
 */
async function seedFailedAttempts(runId: string, count: number): Promise<number> {
  const runs = server
    .mongo()
    .db(server.dbName)
    .collection<{ _id: string; events: { seq: number; errorCode: string | null }[]; eventSeq: number }>('runs');
  const stored = (await runs.findOne({ _id: runId }))!;
  const failure = stored.events.findLast((event) => event.errorCode !== null)!;
  const copies = Array.from({ length: count }, (_, index) => ({ ...failure, seq: stored.eventSeq + index + 1 }));
  await runs.updateOne({ _id: runId }, { $push: { events: { $each: copies } }, $inc: { eventSeq: count } });
  return stored.eventSeq + count;
}

/** A solution that echoes the step's challenge, with the type's evidence. */
function answer(step: Step, evidence: Record<string, unknown>): Record<string, unknown> {
  return { type: step.challenge!.type, nonce: step.challenge!.nonce, proofHash: step.challenge!.proofHash, ...evidence };
}

const shellOk = { shell: { exitCode: 0, stdout: 'ok', stderr: '', durationSeconds: 0.4 } };

function challenge(json: string): string {
  return `${fence}json\n{"challenge": ${json}}\n${fence}`;
}

function seedProtocol(): string {
  return `# ${uniqueTitle('Deploy approval')}

## Approve

Ask the owner.

${challenge('{"type": "user_input", "user_input": {"prompt": "Approve deployment to production?"}}')}

## Deploy

Deploy to production.
`;
}

function shellProtocol(steps = 3): string {
  const body = Array.from(
    { length: steps },
    (_, index) =>
      `## Check ${'ABCDEFG'[index]}\n\nRun it.\n\n${challenge(`{"type": "shell", "shell": {"cmd": "echo ${index + 1}", "timeout_seconds": 5}}`)}`,
  );
  return `# ${uniqueTitle('Shell checks')}\n\n${body.join('\n\n')}\n`;
}

describe('the seed scenario', () => {
  it('runs a user_input step then a last step without a challenge, exactly as specified', async () => {
    const protocol = await mint(seedProtocol());
    const [step1, step2] = protocol.stepUris as [string, string];

    const first = await begin(step1);
    expect(first.mustObey).toBe(true);
    expect(first.currentStep).toMatchObject({ uri: step1, stepIndex: 1, stepCount: 2, mimeType: 'text/markdown' });
    expect(first.challenge).toMatchObject({
      type: 'USER_INPUT',
      required: true,
      userInput: { prompt: 'Approve deployment to production?' },
    });
    expect(first.challenge?.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(first.challenge?.promptId).toBeTruthy();
    expect(first.nextAction).toBe(`call next with ${step2} and solution matching challenge`);
    expect(first.nextCall).toEqual({ operation: 'NEXT', uri: step2, runId: first.runId });

    const second = await next(step2, answer(first, { userInput: { confirmation: 'approved' } }), first.runId);
    expect(second.errorCode).toBeNull();
    expect(second.currentStep).toMatchObject({ uri: step2, stepIndex: 2, stepCount: 2 });
    expect(second.challenge).toMatchObject({ type: 'COMMENT', required: false });
    expect(second.message).toBe('Protocol steps complete. Call attest to finalize.');
    expect(second.nextAction).toBe(`call attest with ${step2} and outcome (success or failure) and message to complete the protocol`);
    expect(second.nextCall.operation).toBe('ATTEST');

    const stored = await run(first.runId);
    expect(stored.proofs).toHaveLength(1);
    expect(stored.proofs[0]).toMatchObject({
      stepIndex: 1,
      status: 'SUCCESS',
      source: 'AGENT',
      settled: true,
      userInput: { confirmation: 'approved' },
    });
    expect(second.proofHash).toBe(stored.proofs[0]!.proofHash);
    expect(second.challenge?.proofHash).toBe(second.proofHash);
    expect(stored.status).toBe('COMPLETED');

    const { attest } = await server.query(AttestDocument, {
      input: { uri: step2, runId: first.runId, outcome: 'SUCCESS', message: 'deployed' },
    });
    expect(attest).toMatchObject({ runId: first.runId, outcome: 'SUCCESS', errorCode: null, message: 'deployed' });
    expect(attest.ratedAt).toBeTruthy();
    expect((await run(first.runId)).status).toBe('ATTESTED');
  });
});

describe('next', () => {
  it('accepts both uri conventions on a three-step shell protocol and chains the proof hashes', async () => {
    for (const convention of ['step after pending', 'pending step'] as const) {
      const protocol = await mint(shellProtocol());
      const uris = protocol.stepUris as [string, string, string];
      let step = await begin(uris[0]);
      expect(step.challenge?.shell).toMatchObject({
        cmd: 'echo 1',
        timeoutSeconds: 5,
        invocationDisplay: expect.stringContaining('echo 1'),
      });
      for (let index = 0; index < 3; index++) {
        const uri = convention === 'pending step' ? uris[index]! : uris[Math.min(index + 1, 2)]!;
        step = await next(uri, answer(step, shellOk));
        expect(step.errorCode, `${convention}, step ${index + 1}`).toBeNull();
      }
      expect(step.nextCall.operation).toBe('ATTEST');
      expect(step.message).toBe('Protocol steps complete. Call attest to finalize.');
      const stored = await run(step.runId);
      expect(stored.proofs.map((proof) => proof.stepIndex)).toEqual([1, 2, 3]);
      // Each proof links to the one before it.
      expect(stored.proofs[1]!.previousProofHash).toBe(stored.proofs[0]!.proofHash);
      expect(stored.proofs[2]!.previousProofHash).toBe(stored.proofs[1]!.proofHash);
    }
  });

  it('names the last step itself while it is pending with a challenge', async () => {
    const protocol = await mint(shellProtocol(2));
    const [one, two] = protocol.stepUris as [string, string];
    const first = await begin(one);
    const second = await next(two, answer(first, shellOk));
    expect(second.currentStep?.uri).toBe(two);
    expect(second.nextAction).toBe(`call next with ${two} and solution matching challenge`);
    const attestEarly = await server.query(AttestDocument, {
      input: { uri: two, runId: first.runId, outcome: 'SUCCESS', message: 'too soon' },
    });
    expect(attestEarly.attest.errorCode).toBe('INCOMPLETE_RUN');
    expect(attestEarly.attest.nextAction).toBe(`call next with ${two} and solution matching challenge`);
  });

  it('passes over a middle step without a challenge without asking for proof', async () => {
    const protocol = await mint(shellProtocol());
    const uris = protocol.stepUris as [string, string, string];
    await server.query(UpdateMemoriesDocument, { input: { uris: [uris[1]], updates: { challenge: null } } });
    const first = await begin(uris[0]);
    const second = await next(uris[1], answer(first, shellOk));
    expect(second.currentStep?.stepIndex).toBe(2);
    expect(second.challenge).toMatchObject({ type: 'COMMENT', required: false });
    const third = await next(uris[2], null);
    expect(third.errorCode).toBeNull();
    expect(third.currentStep?.stepIndex).toBe(3);
    expect(third.challenge?.type).toBe('SHELL');
    const done = await next(uris[2], answer(third, shellOk));
    expect(done.nextCall.operation).toBe('ATTEST');
  });

  it('uses the most recent open run of the protocol when runId is omitted', async () => {
    const protocol = await mint(shellProtocol(2));
    const [one, two] = protocol.stepUris as [string, string];
    await begin(one);
    const latest = await begin(one);
    const moved = await next(two, answer(latest, shellOk));
    expect(moved.runId).toBe(latest.runId);
    expect(moved.errorCode).toBeNull();
  });

  it('returns the same answer for a resubmitted solution and stores it once', async () => {
    const protocol = await mint(shellProtocol(2));
    const [one, two] = protocol.stepUris as [string, string];
    const first = await begin(one);
    const solution = answer(first, shellOk);
    const accepted = await next(two, solution, first.runId);
    const again = await next(two, solution, first.runId);
    expect(again).toEqual(accepted);
    const stored = await run(first.runId);
    expect(stored.proofs).toHaveLength(1);
    expect(stored.events.filter((event) => event.type === 'STEP_PROVEN')).toHaveLength(1);
  });

  it('advances exactly once under 20 concurrent calls with the same proof', async () => {
    const protocol = await mint(shellProtocol(3));
    const uris = protocol.stepUris as [string, string, string];
    const first = await begin(uris[0]);
    const solution = answer(first, shellOk);
    const results = await Promise.all(Array.from({ length: 20 }, () => next(uris[1], solution, first.runId)));
    expect(results.every((result) => result.errorCode === null)).toBe(true);
    expect(new Set(results.map((result) => result.challenge?.nonce)).size).toBe(1);
    const stored = await run(first.runId);
    expect(stored.proofs).toHaveLength(1);
    expect(stored.pendingStepIndex).toBe(2);
    expect(stored.events.map((event) => event.type)).toEqual(['STARTED', 'STEP_PROVEN']);
  });

  it('counts consecutive failures to MAX_RETRIES_EXCEEDED and resets on success', async () => {
    const protocol = await mint(shellProtocol(2));
    const [one, two] = protocol.stepUris as [string, string];
    const first = await begin(one);
    const failed = { shell: { exitCode: 1, stdout: '', stderr: 'boom' } };
    const r1 = await next(two, answer(first, failed));
    expect([r1.errorCode, r1.retryCount, r1.mustObey]).toEqual(['COMMAND_FAILED', 1, true]);
    expect(r1.nextAction).toBe(`retry next with ${one} -- use nonce and proofHash from THIS response's challenge`);
    const r2 = await next(two, answer(r1, failed));
    expect([r2.errorCode, r2.retryCount]).toEqual(['COMMAND_FAILED', 2]);
    const r3 = await next(two, answer(r2, failed));
    expect([r3.errorCode, r3.retryCount, r3.mustObey]).toEqual(['MAX_RETRIES_EXCEEDED', 3, false]);
    expect(r3.nextAction).toBe(
      `Options: (1) call updateMemories with ${one} to fix the step for future executions (2) call attest with ${one} and outcome failure to abort (3) ask the user for help`,
    );
    const ok = await next(two, answer(r3, shellOk));
    expect([ok.errorCode, ok.retryCount]).toEqual([null, 0]);
    const stored = await run(first.runId);
    expect(stored.proofs.filter((proof) => !proof.settled)).toHaveLength(3);
    expect(stored.events.map((event) => event.type)).toEqual(['STARTED', 'STEP_FAILED', 'STEP_FAILED', 'MAX_RETRIES', 'STEP_PROVEN']);
  });

  it(`stops recording failed attempts as events past ${MAX_FAILED_ATTEMPT_EVENTS}, still answering them (the run document stays bounded)`, async () => {
    const protocol = await mint(shellProtocol(2));
    const [one, two] = protocol.stepUris as [string, string];
    const first = await begin(one);
    const failed = { shell: { exitCode: 1, stdout: '', stderr: 'boom' } };
    const r1 = await next(two, answer(first, failed));
    // As if the agent had failed all but once of the cap already.
    const lastSeq = await seedFailedAttempts(first.runId, MAX_FAILED_ATTEMPT_EVENTS - 2);
    const progress = server.wsClient().iterate({
      query: 'subscription($runId: ID!, $afterSeq: Int) { runProgress(runId: $runId, afterSeq: $afterSeq) { seq type } }',
      variables: { runId: first.runId, afterSeq: lastSeq - 1 },
    });
    expect((await progress.next()).value.data.runProgress).toEqual({ seq: lastSeq, type: 'STEP_FAILED' }); // live from here on

    const r2 = await next(two, answer(r1, failed));
    expect([r2.errorCode, r2.retryCount]).toEqual(['COMMAND_FAILED', 2]);
    expect((await progress.next()).value.data.runProgress).toEqual({ seq: lastSeq + 1, type: 'STEP_FAILED' }); // the last one kept
    const r3 = await next(two, answer(r2, failed));
    expect([r3.errorCode, r3.retryCount]).toEqual(['MAX_RETRIES_EXCEEDED', 3]);
    expect((await run(first.runId)).events.at(-1)!.seq).toBe(lastSeq + 1);
    // A success is recorded as ever, and it is the next event a live reader sees: the capped failure never went out.
    await next(two, answer(r3, shellOk));
    expect((await progress.next()).value.data.runProgress).toEqual({ seq: lastSeq + 2, type: 'STEP_PROVEN' });
    expect((await run(first.runId)).events.at(-1)).toMatchObject({ seq: lastSeq + 2, type: 'STEP_PROVEN' });
    await progress.return!();
  });

  it('past the cap, a declined prompt adds no event either (a declined prompt can be answered again)', async () => {
    const protocol = await mint(seedProtocol());
    const first = await begin(protocol.stepUris[0]!);
    const declined = await server.query(AnswerPromptDocument, {
      input: { promptId: first.challenge!.promptId!, confirmation: 'Rejected' },
    });
    expect(declined.answerPrompt.result.errorCode).toBe('USER_DECLINED');
    const lastSeq = await seedFailedAttempts(first.runId, MAX_FAILED_ATTEMPT_EVENTS - 1);
    const codes = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      codes.push(
        (await server.query(AnswerPromptDocument, { input: { promptId: first.challenge!.promptId!, confirmation: 'Rejected' } }))
          .answerPrompt.result.errorCode,
      );
    }
    expect(codes).toEqual(['USER_DECLINED', 'MAX_RETRIES_EXCEEDED', 'MAX_RETRIES_EXCEEDED']);
    expect((await run(first.runId)).events.at(-1)!.seq).toBe(lastSeq);
  });
});

describe('every step error code', () => {
  const mixed = () => `# ${uniqueTitle('Mixed')}

## Build

${challenge('{"type": "shell", "shell": {"cmd": "make"}}')}

## Lookup

${challenge('{"type": "mcp", "mcp": {"tool_name": "search_docs"}}')}

## Summarise

${challenge('{"type": "comment", "comment": {"min_length": 20}}')}

## Confirm

${challenge('{"type": "user_input", "user_input": {"prompt": "Ship it?"}}')}

## Sign off

${challenge('{"type": "user_input", "user_input": {"prompt": "Sign off?", "require_human": true}}')}
`;

  /** Begins a run and proves steps until `index` (1-based) is pending. */
  async function pendingAt(index: number) {
    const protocol = await mint(mixed());
    const uris = protocol.stepUris;
    let step = await begin(uris[0]!);
    const evidence: Record<string, unknown>[] = [
      shellOk,
      { mcp: { toolName: 'search_docs', result: { hits: 3 }, success: true } },
      { comment: { text: 'Everything was summarised properly.' } },
      { userInput: { confirmation: 'yes, ship it' } },
    ];
    for (let at = 1; at < index; at++) step = await next(uris[at - 1]!, answer(step, evidence[at - 1]!));
    return { uris, step };
  }

  const cases: { code: string; at: number; solution: (step: Step) => Record<string, unknown> | null; uri?: 'two-ahead' }[] = [
    { code: 'MISSING_FIELD', at: 1, solution: (step) => ({ ...answer(step, shellOk), nonce: null }) },
    { code: 'NONCE_MISMATCH', at: 1, solution: (step) => ({ ...answer(step, shellOk), nonce: '0'.repeat(32) }) },
    { code: 'PROOF_HASH_MISMATCH', at: 1, solution: (step) => ({ ...answer(step, shellOk), proofHash: 'f'.repeat(64) }) },
    {
      code: 'TYPE_MISMATCH',
      at: 1,
      solution: (step) => ({ ...answer(step, {}), type: 'COMMENT', comment: { text: 'a long enough comment' } }),
    },
    { code: 'COMMAND_FAILED', at: 1, solution: (step) => answer(step, { shell: { exitCode: 2 } }) },
    { code: 'MISSING_PROOF', at: 1, solution: () => null },
    { code: 'MISSING_PROOF', at: 1, solution: (step) => answer(step, shellOk), uri: 'two-ahead' },
    { code: 'TOOL_MISMATCH', at: 2, solution: (step) => answer(step, { mcp: { toolName: 'other_tool', success: true } }) },
    { code: 'COMMAND_FAILED', at: 2, solution: (step) => answer(step, { mcp: { toolName: 'search_docs', success: false } }) },
    { code: 'COMMENT_TOO_SHORT', at: 3, solution: (step) => answer(step, { comment: { text: 'too short' } }) },
    { code: 'USER_DECLINED', at: 4, solution: (step) => answer(step, { userInput: { confirmation: 'no' } }) },
    { code: 'INVALID_FIELD', at: 4, solution: (step) => answer(step, { userInput: { confirmation: 'yes', timestamp: 'not a date' } }) },
    { code: 'HUMAN_CONFIRMATION_REQUIRED', at: 5, solution: (step) => answer(step, { userInput: { confirmation: 'approved' } }) },
  ];

  for (const testCase of cases) {
    it(`${testCase.code} at step ${testCase.at}${testCase.uri ? ' (uri two ahead)' : ''}`, async () => {
      const { uris, step } = await pendingAt(testCase.at);
      const uri = testCase.uri ? uris[testCase.at + 1]! : uris[testCase.at - 1]!;
      const result = await next(uri, testCase.solution(step), step.runId);
      expect(result.errorCode).toBe(testCase.code);
      expect(result.retryCount).toBe(1);
      // The pending step is shown again with a challenge to retry.
      expect(result.currentStep?.stepIndex).toBe(testCase.at);
      expect(result.challenge?.nonce).toBe(step.challenge?.nonce);
      expect(result.message).toBeTruthy();
      expect((await run(step.runId)).pendingStepIndex).toBe(testCase.at);
    });
  }

  it('NOT_FOUND for a uri outside the protocol, RUN_NOT_FOUND for an unknown run, RUN_CLOSED after attest', async () => {
    const protocol = await mint(shellProtocol(1));
    const uri = protocol.stepUris[0]!;
    const first = await begin(uri);
    const stranger = await next('kairos://mem/00000000-0000-4000-8000-000000000000', answer(first, shellOk), first.runId);
    expect(stranger.errorCode).toBe('NOT_FOUND');

    const unknown = await next(uri, null, '11111111-1111-4111-8111-111111111111');
    expect(unknown.errorCode).toBe('RUN_NOT_FOUND');
    expect(unknown.nextCall.operation).toBe('BEGIN');

    const incomplete = await server.query(AttestDocument, { input: { uri, runId: first.runId, outcome: 'SUCCESS', message: 'x' } });
    expect(incomplete.attest.errorCode).toBe('INCOMPLETE_RUN');
    const failed = await server.query(AttestDocument, { input: { uri, runId: first.runId, outcome: 'FAILURE', message: 'gave up' } });
    expect(failed.attest.errorCode).toBeNull();
    expect(failed.attest.outcome).toBe('FAILURE');

    const closed = await next(uri, answer(first, shellOk), first.runId);
    expect(closed.errorCode).toBe('RUN_CLOSED');
    const resubmitted = await server.query(AttestDocument, { input: { uri, runId: first.runId, outcome: 'FAILURE', message: 'gave up' } });
    expect(resubmitted.attest).toEqual(failed.attest);
    const changedMind = await server.query(AttestDocument, { input: { uri, runId: first.runId, outcome: 'SUCCESS', message: 'x' } });
    expect(changedMind.attest.errorCode).toBe('RUN_CLOSED');
  });

  it('refuses begin for an unknown protocol and malformed attest input as request errors', async () => {
    const missing = await server.request(BeginDocument, { input: { key: 'no-such-protocol' } });
    expect(errorCode(missing.errors)).toBe('NOT_FOUND');
    const both = await server.request(BeginDocument, { input: {} });
    expect(errorCode(both.errors)).toBe('BAD_USER_INPUT');
  });

  it('truncates oversized shell output with a marker', async () => {
    const protocol = await mint(shellProtocol(1));
    const first = await begin(protocol.stepUris[0]!);
    const big = 'x'.repeat(200 * 1024);
    const result = await next(protocol.stepUris[0]!, answer(first, { shell: { exitCode: 0, stdout: big } }));
    expect(result.errorCode).toBeNull();
    const stdout = (await run(first.runId)).proofs[0]!.shell!.stdout;
    expect(stdout.length).toBeLessThan(70 * 1024);
    expect(stdout).toMatch(/truncated/);
  });
});

describe('human prompts', () => {
  it('lets a person answer a requireHuman step; the agent cannot', async () => {
    const protocol = await mint(`# ${uniqueTitle('Human gate')}

## Sign off

${challenge('{"type": "user_input", "user_input": {"prompt": "Sign off?", "require_human": true}}')}

## Ship

Ship it.
`);
    const [one, two] = protocol.stepUris as [string, string];
    const first = await begin(one);
    const refused = await next(two, answer(first, { userInput: { confirmation: 'approved' } }));
    expect(refused.errorCode).toBe('HUMAN_CONFIRMATION_REQUIRED');

    const { answerPrompt } = await server.query(AnswerPromptDocument, {
      input: { promptId: first.challenge!.promptId!, confirmation: 'approve' },
    });
    expect(answerPrompt.prompt.status).toBe('ANSWERED');
    expect(answerPrompt.result.currentStep?.uri).toBe(two);
    expect(answerPrompt.result.nextCall.operation).toBe('ATTEST');
    const stored = await run(first.runId);
    expect(stored.proofs.find((proof) => proof.settled)).toMatchObject({ source: 'HUMAN', userInput: { confirmation: 'approve' } });

    const twice = await server.query(AnswerPromptDocument, { input: { promptId: first.challenge!.promptId!, confirmation: 'approve' } });
    expect(twice.answerPrompt.result).toEqual(answerPrompt.result);
    expect((await run(first.runId)).proofs.filter((proof) => proof.settled)).toHaveLength(1);

    const unknown = await server.request(AnswerPromptDocument, { input: { promptId: 'nope', confirmation: 'yes' } });
    expect(errorCode(unknown.errors)).toBe('NOT_FOUND');
  });

  it("accepts the agent's later next for a step a person already answered", async () => {
    const protocol = await mint(seedProtocol());
    const [one, two] = protocol.stepUris as [string, string];
    const first = await begin(one);
    const human = await server.query(AnswerPromptDocument, { input: { promptId: first.challenge!.promptId!, confirmation: 'yes' } });
    const agent = await next(two, answer(first, { userInput: { confirmation: 'yes' } }), first.runId);
    expect(agent).toEqual(human.answerPrompt.result);
    expect((await run(first.runId)).proofs).toHaveLength(1);
  });

  it('fails the step when the person declines', async () => {
    const protocol = await mint(seedProtocol());
    const first = await begin(protocol.stepUris[0]!);
    const { answerPrompt } = await server.query(AnswerPromptDocument, {
      input: { promptId: first.challenge!.promptId!, confirmation: 'Rejected' },
    });
    expect(answerPrompt.result.errorCode).toBe('USER_DECLINED');
    expect(answerPrompt.prompt.status).toBe('ANSWERED');
    const stored = await run(first.runId);
    expect(stored.pendingStepIndex).toBe(1);
    expect(stored.events.map((event) => event.type)).toEqual(['STARTED', 'PROMPT_ISSUED', 'PROMPT_ANSWERED', 'STEP_FAILED']);
  });
});

describe('runs survive', () => {
  it('a server restart mid-run', async () => {
    const protocol = await mint(shellProtocol(2));
    const [one, two] = protocol.stepUris as [string, string];
    const config = { port: 0, host: '127.0.0.1', mongoDbName: server.dbName };
    const log = createLogger('silent');
    const before = buildApp({ mongoUri: server.mongoUri, config, log });
    const first = await before.start();
    const call = async (url: string, input: Record<string, unknown>) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query:
            'mutation($input: NextInput!) { next(input: $input) { errorCode runId currentStep { stepIndex } nextCall { operation } } }',
          variables: { input },
        }),
      });
      return (
        (await response.json()) as {
          data: { next: { errorCode: string | null; runId: string; currentStep: { stepIndex: number }; nextCall: { operation: string } } };
        }
      ).data.next;
    };
    const started = await begin(one);
    const halfway = await call(first.graphqlUrl, { uri: two, runId: started.runId, solution: answer(started, shellOk) });
    expect(halfway.errorCode).toBeNull();
    await before.stop();

    const after = buildApp({ mongoUri: server.mongoUri, config, log });
    const second = await after.start();
    try {
      const view = await run(started.runId);
      expect(view.pendingStepIndex).toBe(2);
      const secondStep = await next(two, null, started.runId);
      expect(secondStep.errorCode).toBe('MISSING_PROOF');
      const done = await call(second.graphqlUrl, { uri: two, runId: started.runId, solution: answer(secondStep, shellOk) });
      expect(done.errorCode).toBeNull();
      expect(done.nextCall.operation).toBe('ATTEST');
    } finally {
      await after.stop();
    }
  });

  it('until they idle past their expiry, then they close and their prompts expire', async () => {
    const app = buildApp({
      mongoUri: server.mongoUri,
      config: { port: 0, host: '127.0.0.1', mongoDbName: server.dbName, runIdleDays: 0 },
      log: createLogger('silent'),
    });
    const running = await app.start();
    try {
      const protocol = await mint(seedProtocol());
      const post = async (query: string, variables: Record<string, unknown>) =>
        (await (
          await fetch(running.graphqlUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query, variables }),
          })
        ).json()) as {
          data: Record<string, any>;
        };
      const started = (
        await post('mutation($uri: String) { begin(input: { uri: $uri }) { runId challenge { promptId } } }', { uri: protocol.stepUris[0] })
      ).data.begin;
      const closed = (
        await post('mutation($uri: String!, $runId: ID) { next(input: { uri: $uri, runId: $runId }) { errorCode } }', {
          uri: protocol.stepUris[0],
          runId: started.runId,
        })
      ).data.next;
      expect(closed.errorCode).toBe('RUN_CLOSED');
      const view = await run(started.runId);
      expect(view.status).toBe('EXPIRED');
      expect(view.events.at(-1)?.type).toBe('EXPIRED');
      // Prompts are kept in their run's document.
      const stored = await server
        .mongo()
        .db(server.dbName)
        .collection('runs')
        .findOne({ _id: started.runId as never });
      const prompt = (stored?.prompts as { _id: string; status: string }[] | undefined)?.find(
        (candidate) => candidate._id === started.challenge.promptId,
      );
      expect(prompt?.status).toBe('EXPIRED');
      const listed = await server.query(RunsDocument, { filter: { status: 'EXPIRED' } });
      expect(listed.runs.edges.map((edge) => edge.node.id)).toContain(started.runId);
    } finally {
      await app.stop();
    }
  });
});
