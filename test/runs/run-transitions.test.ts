import { describe, expect, it } from 'vitest';
import type { Challenge } from '../../src/protocol/challenge.js';
import { genesisProofHash, proofHash } from '../../src/runs/proof-hash.js';
import { renderAttestPayload, renderStepPayload } from '../../src/render/door-renderer.js';
import { graphqlRenderer } from '../../src/render/graphql-renderer.js';
import * as attestRules from '../../src/runs/attest-transition.js';
import * as rules from '../../src/runs/run-transitions.js';
import type { IdSource, RunState, RunStep } from '../../src/runs/run-transitions.js';
import type { SolutionInput } from '../../src/runs/solution-input.js';

// The transitions answer with data; these tests read them as the GraphQL door words them.
type StepTransition = ReturnType<typeof worded>;
function worded(transition: rules.StepTransition) {
  return { ...transition, payload: renderStepPayload(transition.answer, graphqlRenderer) };
}
const beginRun = (args: Parameters<typeof rules.beginRun>[0]) => worded(rules.beginRun(args));
const applyNext = (...args: Parameters<typeof rules.applyNext>) => worded(rules.applyNext(...args));
function applyPromptAnswer(...args: Parameters<typeof rules.applyPromptAnswer>) {
  const transition = rules.applyPromptAnswer(...args);
  return transition && worded(transition);
}
function applyAttest(...args: Parameters<typeof attestRules.applyAttest>) {
  const transition = attestRules.applyAttest(...args);
  return { ...transition, payload: renderAttestPayload(transition.answer, graphqlRenderer) };
}
const runNotFoundPayload = (runId: string, uri: string) => renderStepPayload(rules.runNotFoundAnswer(runId, uri), graphqlRenderer);

const uri = (n: number) => `kairos://mem/00000000-0000-4000-8000-00000000000${n}`;
const NOW = new Date('2026-03-01T12:00:00.000Z');

function counterIds(): IdSource {
  let nonces = 0;
  let prompts = 0;
  return {
    newNonce: () => `nonce-${++nonces}`,
    newPromptId: () => `prompt-${++prompts}`,
  };
}

const approve: Challenge = { type: 'USER_INPUT', required: true, userInput: { prompt: 'Approve deployment to production?' } };
const shell = (cmd: string, required = true): Challenge => ({ type: 'SHELL', required, shell: { cmd, timeoutSeconds: 30 } });

function step(n: number, challenge: Challenge | null, text = `Step ${n} body`): RunStep {
  return { uri: uri(n), label: `Step ${n}`, text, challenge };
}

/** A solution echoing what the last response showed. */
function answer(previous: StepTransition, solution: Omit<SolutionInput, 'nonce' | 'proofHash'>): SolutionInput {
  return { nonce: previous.payload.challenge?.nonce, proofHash: previous.payload.challenge?.proofHash, ...solution } as SolutionInput;
}

const ok = { type: 'SHELL' as const, shell: { exitCode: 0, stdout: 'ok' } };

describe('seed scenario: approve, then a last step without a challenge', () => {
  const steps = [
    step(1, approve, 'intro\n<!-- KAIROS:BODY-START -->\nAsk for approval.\n<!-- KAIROS:BODY-END -->'),
    step(2, null, 'Deployment finished.'),
  ];

  it('runs begin → next(step 2, proof of step 1) → attest with the contract strings', () => {
    const ids = counterIds();
    const begun = beginRun({ runId: 'run-seed', steps, ids });
    expect(begun.payload).toMatchObject({
      mustObey: true,
      runId: 'run-seed',
      currentStep: { uri: uri(1), content: 'Ask for approval.', mimeType: 'text/markdown', stepIndex: 1, stepCount: 2 },
      challenge: {
        type: 'USER_INPUT',
        required: true,
        nonce: 'nonce-1',
        proofHash: genesisProofHash('run-seed'),
        promptId: 'prompt-1',
        userInput: { prompt: 'Approve deployment to production?' },
      },
      message: null,
      nextAction: `call next with ${uri(2)} and solution matching challenge`,
      nextCall: { operation: 'NEXT', uri: uri(2), runId: 'run-seed' },
      proofHash: null,
      errorCode: null,
      retryCount: 0,
    });

    const proven = applyNext(
      begun.state,
      { uri: uri(2), solution: answer(begun, { type: 'USER_INPUT', userInput: { confirmation: 'approved' } }), now: NOW },
      ids,
    );
    expect(proven.proof?.settled).toBe(true);
    expect(proven.proof?.record).toMatchObject({
      stepUri: uri(1),
      stepIndex: 1,
      status: 'success',
      previousProofHash: genesisProofHash('run-seed'),
    });
    const step1Hash = proofHash(proven.proof?.record ?? {});
    expect(proven.payload).toMatchObject({
      mustObey: true,
      currentStep: { uri: uri(2), content: 'Deployment finished.', stepIndex: 2, stepCount: 2 },
      challenge: { type: 'COMMENT', required: false, comment: { minLength: 10 }, proofHash: step1Hash },
      message: 'Protocol steps complete. Call attest to finalize.',
      nextAction: `call attest with ${uri(2)} and outcome (success or failure) and message to complete the protocol`,
      nextCall: { operation: 'ATTEST', uri: uri(2), runId: 'run-seed' },
      proofHash: step1Hash,
      errorCode: null,
    });

    const attested = applyAttest(proven.state, { uri: uri(2), outcome: 'SUCCESS', message: 'Deployed.', llmModelId: 'model-x', now: NOW });
    expect(attested.payload).toEqual({
      runId: 'run-seed',
      uri: uri(2),
      outcome: 'SUCCESS',
      message: 'Deployed.',
      qualityBonus: 1,
      ratedAt: NOW.toISOString(),
      errorCode: null,
      nextAction: 'run complete -- report the outcome to the user',
    });
    expect(attested.state.status).toBe('CLOSED');
    expect(attested.qualityTargetUris).toEqual([uri(2), uri(1)]);
    expect(attested.rating).toMatchObject({ outcome: 'SUCCESS', rater: 'model-x', qualityBonus: 1 });
  });

  it('accepts the canonical form too: next(step 1, proof of step 1)', () => {
    const ids = counterIds();
    const begun = beginRun({ runId: 'run-seed', steps, ids });
    const proven = applyNext(
      begun.state,
      { uri: uri(1), solution: answer(begun, { type: 'USER_INPUT', userInput: { confirmation: 'yes' } }), now: NOW },
      ids,
    );
    expect(proven.payload.currentStep?.uri).toBe(uri(2));
    expect(proven.payload.nextCall.operation).toBe('ATTEST');
  });

  it('refuses a declined approval and refuses attest SUCCESS until step 1 is proven', () => {
    const ids = counterIds();
    const begun = beginRun({ runId: 'run-seed', steps, ids });
    const declined = applyNext(
      begun.state,
      { uri: uri(2), solution: answer(begun, { type: 'USER_INPUT', userInput: { confirmation: 'No' } }), now: NOW },
      ids,
    );
    expect(declined.payload).toMatchObject({ errorCode: 'USER_DECLINED', retryCount: 1, mustObey: true, currentStep: { uri: uri(1) } });
    expect(declined.proof).toMatchObject({ settled: false, record: { status: 'failed' } });

    const early = applyAttest(declined.state, { uri: uri(2), outcome: 'SUCCESS', message: 'done', now: NOW });
    expect(early.payload).toMatchObject({
      errorCode: 'INCOMPLETE_RUN',
      message: 'Cannot attest success: step 1 of 2 has no accepted proof yet. Prove it with next, or attest with outcome failure.',
      nextAction: `call next with ${uri(1)} and solution matching challenge`,
      ratedAt: null,
      qualityBonus: 0,
    });
    expect(early.state).toBe(declined.state);

    const failed = applyAttest(declined.state, { uri: uri(2), outcome: 'FAILURE', message: 'user said no', now: NOW });
    expect(failed.payload).toMatchObject({ errorCode: null, outcome: 'FAILURE', qualityBonus: -0.2 });
    expect(failed.state.status).toBe('CLOSED');
  });
});

describe('next: uri conventions and MISSING_PROOF', () => {
  const steps = [step(1, shell('a')), step(2, shell('b')), step(3, shell('c')), step(4, null)];

  it('answers MISSING_PROOF with the pending step for a uri further ahead', () => {
    const ids = counterIds();
    const begun = beginRun({ runId: 'r', steps, ids });
    const skipped = applyNext(begun.state, { uri: uri(3), solution: answer(begun, ok), now: NOW }, ids);
    expect(skipped.payload).toMatchObject({
      errorCode: 'MISSING_PROOF',
      retryCount: 1,
      mustObey: true,
      currentStep: { uri: uri(1), content: 'Step 1 body' },
      challenge: { type: 'SHELL', nonce: 'nonce-1', proofHash: genesisProofHash('r') },
      message:
        'Proof of work missing for Step 1. Run: bash -c a (see challenge.shell.workdir if set). Capture real exitCode/stdout/stderr before continuing.',
      nextAction: `Run \`bash -c a\`, then call next with ${uri(1)} and solution.shell matching that step's challenge.`,
    });
    expect(skipped.proof).toBeNull();
    expect(skipped.state.pendingStepIndex).toBe(1);
  });

  it('answers MISSING_PROOF for no solution on a required pending step', () => {
    const ids = counterIds();
    const begun = beginRun({ runId: 'r', steps, ids });
    expect(applyNext(begun.state, { uri: uri(2), solution: null, now: NOW }, ids).payload.errorCode).toBe('MISSING_PROOF');
  });

  it('chains hashes: challenge.proofHash is always the value to echo', () => {
    const ids = counterIds();
    let current = beginRun({ runId: 'r', steps, ids });
    const hashes: string[] = [];
    for (const n of [2, 3, 4]) {
      current = applyNext(current.state, { uri: uri(n), solution: answer(current, ok), now: NOW }, ids);
      expect(current.payload.errorCode).toBeNull();
      hashes.push(current.payload.proofHash ?? '');
      expect(current.payload.challenge?.proofHash).toBe(current.payload.proofHash);
    }
    expect(new Set(hashes).size).toBe(3);
    // Step 3 is pending after two proofs; its successor (step 4, no challenge) was named.
    expect(current.payload).toMatchObject({
      currentStep: { uri: uri(4) },
      message: 'Protocol steps complete. Call attest to finalize.',
      nextCall: { operation: 'ATTEST', uri: uri(4) },
    });
  });

  it('re-shows the pending step for a repeated call and stores nothing', () => {
    const ids = counterIds();
    const begun = beginRun({ runId: 'r', steps, ids });
    const first = applyNext(begun.state, { uri: uri(1), solution: answer(begun, ok), now: NOW }, ids);
    const again = applyNext(first.state, { uri: uri(1), solution: answer(begun, ok), now: NOW }, ids);
    expect(again.proof).toBeNull();
    expect(again.state).toBe(first.state);
    expect(again.payload).toMatchObject({
      errorCode: null,
      message: 'That step is already settled in this run. The pending step is shown; nothing was recorded.',
      currentStep: { uri: uri(2) },
      challenge: { nonce: first.payload.challenge?.nonce },
    });
  });

  it('answers NOT_FOUND for a uri outside the protocol without touching the run', () => {
    const ids = counterIds();
    const begun = beginRun({ runId: 'r', steps, ids });
    const lost = applyNext(
      begun.state,
      { uri: 'kairos://mem/ffffffff-0000-4000-8000-000000000000', solution: answer(begun, ok), now: NOW },
      ids,
    );
    expect(lost.state).toBe(begun.state);
    expect(lost.payload).toMatchObject({
      errorCode: 'NOT_FOUND',
      retryCount: 0,
      mustObey: true,
      message: "kairos://mem/ffffffff-0000-4000-8000-000000000000 is not a step of this run's protocol.",
      currentStep: { uri: uri(1) },
      nextAction: `call next with ${uri(2)} and solution matching challenge`,
    });
  });
});

describe('retries', () => {
  const steps = [step(1, shell('a')), step(2, shell('b'))];

  it('escalates the third consecutive failure to MAX_RETRIES_EXCEEDED, then a success resets the count', () => {
    const ids = counterIds();
    const begun = beginRun({ runId: 'r', steps, ids });
    let state: RunState = begun.state;
    const failing = answer(begun, { type: 'SHELL', shell: { exitCode: 1, stderr: 'nope' } });
    const seen: Array<[string | null, number, boolean]> = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const result = applyNext(state, { uri: uri(2), solution: failing, now: NOW }, ids);
      state = result.state;
      seen.push([result.payload.errorCode, result.payload.retryCount, result.payload.mustObey]);
      if (attempt === 2) {
        expect(result.payload).toMatchObject({
          message: 'Step failed 3 times. Use your judgment to recover.',
          nextAction: `Options: (1) call updateMemories with ${uri(1)} to fix the step for future executions (2) call attest with ${uri(1)} and outcome failure to abort (3) ask the user for help`,
          nextCall: { operation: 'NONE', uri: uri(1), runId: 'r' },
          challenge: { nonce: 'nonce-1' },
        });
      }
    }
    expect(seen).toEqual([
      ['COMMAND_FAILED', 1, true],
      ['COMMAND_FAILED', 2, true],
      ['MAX_RETRIES_EXCEEDED', 3, false],
      ['MAX_RETRIES_EXCEEDED', 4, false],
    ]);

    const fixed = applyNext(state, { uri: uri(2), solution: answer(begun, ok), now: NOW }, ids);
    expect(fixed.payload).toMatchObject({ errorCode: null, retryCount: 0 });
    const nextFailure = applyNext(
      fixed.state,
      { uri: uri(2), solution: answer(fixed, { type: 'SHELL', shell: { exitCode: 1 } }), now: NOW },
      ids,
    );
    expect(nextFailure.payload).toMatchObject({ errorCode: 'COMMAND_FAILED', retryCount: 1 });
  });

  it('counts mixed failures (nonce, missing proof) on the same pending step', () => {
    const ids = counterIds();
    const begun = beginRun({ runId: 'r', steps, ids });
    const stale = applyNext(begun.state, { uri: uri(1), solution: { ...answer(begun, ok), nonce: 'old' }, now: NOW }, ids);
    expect(stale.payload).toMatchObject({
      errorCode: 'NONCE_MISMATCH',
      retryCount: 1,
      nextAction: `retry next with ${uri(1)} -- use nonce and proofHash from THIS response's challenge`,
    });
    const missing = applyNext(stale.state, { uri: uri(2), solution: null, now: NOW }, ids);
    expect(missing.payload).toMatchObject({ errorCode: 'MISSING_PROOF', retryCount: 2 });
    const third = applyNext(missing.state, { uri: uri(1), solution: { ...answer(begun, ok), proofHash: 'x' }, now: NOW }, ids);
    expect(third.payload).toMatchObject({ errorCode: 'MAX_RETRIES_EXCEEDED', retryCount: 3, mustObey: false });
  });
});

describe('nextAction naming at the end of a protocol', () => {
  it('names the last step itself when it is pending and has a challenge', () => {
    const ids = counterIds();
    const begun = beginRun({ runId: 'r', steps: [step(1, shell('a')), step(2, shell('b'))], ids });
    const first = applyNext(begun.state, { uri: uri(2), solution: answer(begun, ok), now: NOW }, ids);
    expect(first.payload).toMatchObject({
      currentStep: { uri: uri(2) },
      message: null,
      nextAction: `call next with ${uri(2)} and solution matching challenge`,
    });
    const last = applyNext(first.state, { uri: uri(2), solution: answer(first, ok), now: NOW }, ids);
    expect(last.payload).toMatchObject({
      currentStep: { uri: uri(2) },
      challenge: { type: 'COMMENT', required: false, nonce: null, proofHash: last.payload.proofHash },
      message: 'Protocol steps complete. Call attest to finalize.',
      nextCall: { operation: 'ATTEST', uri: uri(2) },
    });
    const repeated = applyNext(last.state, { uri: uri(2), solution: answer(first, ok), now: NOW }, ids);
    expect(repeated.proof).toBeNull();
    expect(repeated.payload.nextCall.operation).toBe('ATTEST');
  });

  it('single-step protocol with a challenge: next names the step, attest SUCCESS needs the proof', () => {
    const ids = counterIds();
    const begun = beginRun({ runId: 'r', steps: [step(1, shell('a'))], ids });
    expect(begun.payload).toMatchObject({ message: null, nextAction: `call next with ${uri(1)} and solution matching challenge` });
    expect(applyAttest(begun.state, { uri: uri(1), outcome: 'SUCCESS', message: 'm', now: NOW }).payload.errorCode).toBe('INCOMPLETE_RUN');
    const proven = applyNext(begun.state, { uri: uri(1), solution: answer(begun, ok), now: NOW }, ids);
    expect(proven.payload.nextCall).toEqual({ operation: 'ATTEST', uri: uri(1), runId: 'r' });
    expect(applyAttest(proven.state, { uri: uri(1), outcome: 'SUCCESS', message: 'm', now: NOW }).payload.errorCode).toBeNull();
  });

  it('single-step protocol without a challenge: begin asks for attest', () => {
    const begun = beginRun({ runId: 'r', steps: [step(1, null)], ids: counterIds() });
    expect(begun.payload).toMatchObject({
      message: 'Single-step protocol. Call attest to finalize.',
      nextAction: `call attest with ${uri(1)} and outcome (success or failure) and message to complete the protocol`,
      challenge: { type: 'COMMENT', required: false },
    });
    expect(applyAttest(begun.state, { uri: uri(1), outcome: 'SUCCESS', message: 'm', now: NOW }).payload.errorCode).toBeNull();
  });

  it('says it redirected when begin was given a later step', () => {
    const begun = beginRun({ runId: 'r', steps: [step(1, shell('a')), step(2, null)], ids: counterIds(), redirected: true });
    expect(begun.payload.message).toBe('Redirected to step 1 of this protocol chain.');
  });
});

describe('optional steps', () => {
  it('skips an optional pending step when no solution is sent, and settles a failed optional proof', () => {
    const ids = counterIds();
    const steps = [step(1, shell('a', false)), step(2, null), step(3, shell('c'))];
    const begun = beginRun({ runId: 'r', steps, ids });
    const failedOptional = applyNext(
      begun.state,
      { uri: uri(2), solution: answer(begun, { type: 'SHELL', shell: { exitCode: 3 } }), now: NOW },
      ids,
    );
    expect(failedOptional.payload).toMatchObject({ errorCode: null, currentStep: { uri: uri(2) } });
    expect(failedOptional.proof).toMatchObject({ settled: true, record: { status: 'failed' } });
    const skipped = applyNext(failedOptional.state, { uri: uri(3), solution: null, now: NOW }, ids);
    expect(skipped.payload).toMatchObject({ errorCode: null, proofHash: null, currentStep: { uri: uri(3) } });
    expect(skipped.proof).toBeNull();
    expect(skipped.state.lastProofHash).toBe(failedOptional.payload.proofHash);
  });
});

describe('person-only prompts', () => {
  const gate: Challenge = { type: 'USER_INPUT', required: true, userInput: { prompt: 'Ship it?', requireHuman: true } };
  const steps = [step(1, gate), step(2, shell('deploy'))];

  it('refuses the agent, accepts answerPrompt, then the agent picks up the next step', () => {
    const ids = counterIds();
    const begun = beginRun({ runId: 'r', steps, ids });
    expect(begun.payload).toMatchObject({
      challenge: { promptId: 'prompt-1' },
      nextAction: `ask the user to answer prompt prompt-1 ("Ship it?") through answerPrompt, then call next with ${uri(1)} without a solution`,
      nextCall: { operation: 'NEXT', uri: uri(1) },
    });
    const agent = applyNext(
      begun.state,
      { uri: uri(1), solution: answer(begun, { type: 'USER_INPUT', userInput: { confirmation: 'yes' } }), now: NOW },
      ids,
    );
    expect(agent.payload).toMatchObject({ errorCode: 'HUMAN_CONFIRMATION_REQUIRED', retryCount: 1, nextAction: begun.payload.nextAction });

    expect(applyPromptAnswer(agent.state, { promptId: 'other', confirmation: 'yes', now: NOW }, ids)).toBeNull();
    const human = applyPromptAnswer(agent.state, { promptId: 'prompt-1', confirmation: 'Yes, ship it', now: NOW }, ids);
    expect(human?.proof?.record).toMatchObject({ source: 'HUMAN', status: 'success', userInput: { confirmation: 'Yes, ship it' } });
    expect(human?.state.pendingStepIndex).toBe(2);

    const resumed = applyNext(human!.state, { uri: uri(1), solution: null, now: NOW }, ids);
    expect(resumed.payload).toMatchObject({ errorCode: null, currentStep: { uri: uri(2) }, challenge: { type: 'SHELL' } });
  });

  it('a person declining fails the step with USER_DECLINED', () => {
    const ids = counterIds();
    const begun = beginRun({ runId: 'r', steps, ids });
    const declined = applyPromptAnswer(begun.state, { promptId: 'prompt-1', confirmation: 'deny', now: NOW }, ids);
    expect(declined?.payload).toMatchObject({ errorCode: 'USER_DECLINED', currentStep: { uri: uri(1) } });
  });
});

describe('closed runs', () => {
  it('answers RUN_CLOSED to next and attest after attest', () => {
    const ids = counterIds();
    const begun = beginRun({ runId: 'r', steps: [step(1, null)], ids });
    const closed = applyAttest(begun.state, { uri: uri(1), outcome: 'FAILURE', message: 'stop', now: NOW }).state;
    const next = applyNext(closed, { uri: uri(1), solution: null, now: NOW }, ids);
    expect(next.payload).toMatchObject({
      errorCode: 'RUN_CLOSED',
      message: 'Run r is already closed. Call begin to start a new run.',
      nextCall: { operation: 'BEGIN', uri: uri(1), runId: null },
      currentStep: null,
      challenge: null,
    });
    expect(applyAttest(closed, { uri: uri(1), outcome: 'SUCCESS', message: 'again', now: NOW }).payload.errorCode).toBe('RUN_CLOSED');
    expect(applyPromptAnswer(closed, { promptId: 'x', confirmation: 'yes', now: NOW }, ids)).toBeNull();
  });

  it('answers NOT_FOUND to attest with a uri outside the run', () => {
    const begun = beginRun({ runId: 'r', steps: [step(1, null)], ids: counterIds() });
    expect(applyAttest(begun.state, { uri: uri(9), outcome: 'FAILURE', message: 'm', now: NOW }).payload.errorCode).toBe('NOT_FOUND');
  });
});

describe('unknown runs', () => {
  it('answers RUN_NOT_FOUND with the way back to begin', () => {
    expect(runNotFoundPayload('missing', uri(1))).toMatchObject({
      errorCode: 'RUN_NOT_FOUND',
      message: 'Run missing not found. Call begin to start a run.',
      nextAction: `call begin with ${uri(1)} to start a new run`,
      nextCall: { operation: 'BEGIN', uri: uri(1), runId: null },
      currentStep: null,
    });
  });
});
