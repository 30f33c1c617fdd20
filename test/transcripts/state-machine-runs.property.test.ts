/**
 * Random runs driven through the real state machine (src/runs/run-transitions.ts), so the
 * verifier's rules are checked against what the server actually stores: failed attempts,
 * optional steps that fail or are skipped, person-only prompts, refused SUCCESS attests.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Challenge } from '../../src/protocol/challenge.js';
import { applyAttest } from '../../src/runs/attest-transition.js';
import { applyNext, applyPromptAnswer, beginRun } from '../../src/runs/run-transitions.js';
import type { IdSource, RunState, RunStep, StepTransition } from '../../src/runs/run-transitions.js';
import type { SolutionInput } from '../../src/runs/solution-input.js';
import { buildTranscript, type TranscriptSource } from '../../src/transcripts/transcript.js';
import { verifyTranscript } from '../../src/transcripts/verify-transcript.js';
import { signedFile, testSigner } from './synthetic-run.js';

const server = testSigner();
const NOW = new Date('2026-11-20T10:00:00.000Z');

interface StepPlan {
  challenge: Challenge | null;
  failures: number;
  skip: boolean;
  stdout: string;
}

const challengeArb: fc.Arbitrary<Challenge | null> = fc.oneof(
  fc.constant(null),
  fc.boolean().map((required): Challenge => ({ type: 'SHELL', required, shell: { cmd: 'make', timeoutSeconds: 30 } })),
  fc.boolean().map((required): Challenge => ({ type: 'MCP', required, mcp: { toolName: 'deploy' } })),
  fc
    .tuple(fc.boolean(), fc.boolean())
    .map(([required, requireHuman]): Challenge => ({ type: 'USER_INPUT', required, userInput: { prompt: 'Go?', requireHuman } })),
  fc.boolean().map((required): Challenge => ({ type: 'COMMENT', required, comment: { minLength: 5 } })),
);

const planArb = fc.record({
  steps: fc.array(
    fc.record({
      challenge: challengeArb,
      failures: fc.integer({ min: 0, max: 2 }),
      skip: fc.boolean(),
      stdout: fc.string({ maxLength: 30 }),
    }),
    { minLength: 1, maxLength: 5 },
  ),
  success: fc.boolean(),
  runId: fc.uuid(),
});

function ids(): IdSource {
  let count = 0;
  return { newNonce: () => `nonce-${++count}`, newPromptId: () => `prompt-${++count}` };
}

function echo(state: RunState) {
  return { nonce: state.pendingNonce, proofHash: state.lastProofHash };
}

function failing(challenge: Challenge | null): SolutionInput {
  switch (challenge?.type) {
    case 'SHELL':
      return { type: 'SHELL', shell: { exitCode: 1, stdout: '', stderr: 'failed' } };
    case 'MCP':
      return { type: 'MCP', mcp: { toolName: 'deploy', result: { error: 'down' }, success: false } };
    case 'USER_INPUT':
      return { type: 'USER_INPUT', userInput: { confirmation: 'rejected' } };
    default:
      return { type: 'COMMENT', comment: { text: 'no' } };
  }
}

function passing(challenge: Challenge | null, stdout: string): SolutionInput {
  switch (challenge?.type) {
    case 'SHELL':
      return { type: 'SHELL', shell: { exitCode: 0, stdout, stderr: '' } };
    case 'MCP':
      return { type: 'MCP', mcp: { toolName: 'deploy', result: { out: stdout }, success: true } };
    case 'USER_INPUT':
      return { type: 'USER_INPUT', userInput: { confirmation: 'approved' } };
    default:
      return { type: 'COMMENT', comment: { text: `Checked it carefully: ${stdout}` } };
  }
}

/** Plays the plan against the state machine and returns what the server would have stored. */
function play(plan: { steps: StepPlan[]; success: boolean; runId: string }): TranscriptSource {
  const idSource = ids();
  const steps: RunStep[] = plan.steps.map((step, index) => ({
    uri: `kairos://mem/${plan.runId}-${index + 1}`,
    label: `Step ${index + 1}`,
    text: `Do step ${index + 1}.`,
    challenge: step.challenge,
  }));
  let state = beginRun({ runId: plan.runId, steps, ids: idSource }).state;
  const proofs: TranscriptSource['proofs'][number][] = [];
  let clock = NOW.getTime();
  const record = (transition: StepTransition) => {
    if (transition.proof) proofs.push({ ...transition.proof, answeredBy: transition.proof.record.source === 'HUMAN' ? 'person-1' : null });
    state = transition.state;
  };
  const submit = (solution: SolutionInput, person: boolean) => {
    const now = new Date((clock += 1000));
    if (person && state.pendingPromptId) {
      const answered = applyPromptAnswer(
        state,
        { promptId: state.pendingPromptId, confirmation: solution.userInput!.confirmation!, now },
        idSource,
      );
      if (answered) record(answered);
      return;
    }
    record(applyNext(state, { uri: steps[state.pendingStepIndex - 1]!.uri, solution: { ...solution, ...echo(state) }, now }, idSource));
  };
  for (let guard = 0; guard < 50 && state.pendingStepIndex <= steps.length; guard++) {
    const index = state.pendingStepIndex;
    const step = plan.steps[index - 1]!;
    const person = step.challenge?.type === 'USER_INPUT';
    const required = step.challenge?.required ?? false;
    if (step.skip && !required) {
      if (index === steps.length) break;
      record(applyNext(state, { uri: steps[index]!.uri, solution: null, now: new Date((clock += 1000)) }, idSource));
      continue;
    }
    for (let failure = 0; failure < step.failures && state.pendingStepIndex === index; failure++) submit(failing(step.challenge), person);
    if (state.pendingStepIndex === index) submit(passing(step.challenge, step.stdout), person);
  }
  const now = new Date((clock += 1000));
  let attest = applyAttest(state, { uri: steps[0]!.uri, outcome: plan.success ? 'SUCCESS' : 'FAILURE', message: 'done', now });
  if (!attest.rating) attest = applyAttest(state, { uri: steps[0]!.uri, outcome: 'FAILURE', message: 'incomplete', now });
  expect(attest.rating).not.toBeNull();
  return {
    runId: plan.runId,
    space: 'user:runner',
    principalId: 'runner',
    status: 'ATTESTED',
    protocol: { chainId: 'chain', label: 'Random protocol', slug: 'random' },
    steps,
    proofs,
    attestation: { outcome: attest.answer.outcome, message: attest.rating!.message, ratedAt: attest.answer.ratedAt },
    createdAt: NOW,
    updatedAt: now,
  };
}

describe('runs played through the state machine', () => {
  it('give transcripts that verify, whatever the run went through', () => {
    fc.assert(
      fc.property(planArb, (plan) => {
        const source = play(plan);
        const result = verifyTranscript(signedFile(buildTranscript(source), server.signer), [server.key]);
        expect(result.message).toMatch(/^verified: /);
      }),
      { numRuns: 200 },
    );
  });

  it('cover failed attempts, optional failures and person-only answers (the generator is not trivial)', () => {
    const seen = { unsettled: 0, settledFailed: 0, human: 0 };
    fc.assert(
      fc.property(planArb, (plan) => {
        for (const proof of play(plan).proofs) {
          if (!proof.settled) seen.unsettled++;
          if (proof.settled && proof.record.status === 'failed') seen.settledFailed++;
          if (proof.record.source === 'HUMAN') seen.human++;
        }
      }),
      { numRuns: 100, seed: 16 },
    );
    expect(seen.unsettled).toBeGreaterThan(0);
    expect(seen.settledFailed).toBeGreaterThan(0);
    expect(seen.human).toBeGreaterThan(0);
  });
});
