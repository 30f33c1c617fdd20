import { describe, expect, it } from 'vitest';
import type { Challenge } from '../../src/protocol/challenge.js';
import {
  beginAgainInstruction,
  callAttestInstruction,
  callNextInstruction,
  incompleteRunMessage,
  maxRetriesInstruction,
  maxRetriesMessage,
  missingProofText,
  retryNextInstruction,
  singleStepMessage,
  stepsCompleteMessage,
} from '../../src/runs/step-messages.js';
import { MCP_VOCABULARY } from '../../src/runs/vocabulary.js';

const P = 'kairos://mem/00000000-0000-4000-8000-00000000000a';

describe('success strings (§5.6, renamed)', () => {
  it('names next and attest with the uri and a machine-readable nextCall', () => {
    expect(callNextInstruction(P, 'r1')).toEqual({
      nextAction: `call next with ${P} and solution matching challenge`,
      nextCall: { operation: 'NEXT', uri: P, runId: 'r1' },
    });
    expect(callAttestInstruction(P, 'r1')).toEqual({
      nextAction: `call attest with ${P} and outcome (success or failure) and message to complete the protocol`,
      nextCall: { operation: 'ATTEST', uri: P, runId: 'r1' },
    });
    expect(stepsCompleteMessage()).toBe('Protocol steps complete. Call attest to finalize.');
    expect(singleStepMessage()).toBe('Single-step protocol. Call attest to finalize.');
  });

  it('names the MCP tools, exactly as the seed examples, in the MCP vocabulary', () => {
    expect(callNextInstruction(P, 'r1', MCP_VOCABULARY).nextAction).toBe(`call kairos_next with ${P} and solution matching challenge`);
    expect(callAttestInstruction(P, 'r1', MCP_VOCABULARY).nextAction).toBe(
      `call kairos_attest with ${P} and outcome (success or failure) and message to complete the protocol`,
    );
    expect(stepsCompleteMessage(MCP_VOCABULARY)).toBe('Protocol steps complete. Call kairos_attest to finalize.');
    expect(retryNextInstruction(P, 'r1', MCP_VOCABULARY).nextAction).toBe(`retry kairos_next with ${P} -- use nonce and proof_hash from THIS response's challenge`);
    expect(maxRetriesInstruction(P, 'r1', MCP_VOCABULARY).nextAction).toBe(
      `Options: (1) call kairos_update with ${P} to fix the step for future executions (2) call kairos_attest with ${P} and outcome failure to abort (3) ask the user for help`,
    );
    const { instruction } = missingProofText({ uri: P, runId: 'r1', label: 'Approve', challenge: { type: 'USER_INPUT', required: true, userInput: { prompt: 'Ship?' } }, vocabulary: MCP_VOCABULARY });
    expect(instruction.nextAction).toBe(`Ask the user: "Ship?" then call kairos_next with ${P} and solution.user_input.confirmation set to their reply.`);
  });
});

describe('error strings (§5.4, renamed)', () => {
  it('retries name the step and point at this response’s challenge', () => {
    expect(retryNextInstruction(P, 'r1').nextAction).toBe(`retry next with ${P} -- use nonce and proofHash from THIS response's challenge`);
  });

  it('MAX_RETRIES_EXCEEDED offers three options and no mandatory call', () => {
    expect(maxRetriesMessage(3)).toBe('Step failed 3 times. Use your judgment to recover.');
    expect(maxRetriesInstruction(P, 'r1')).toEqual({
      nextAction: `Options: (1) call updateMemories with ${P} to fix the step for future executions (2) call attest with ${P} and outcome failure to abort (3) ask the user for help`,
      nextCall: { operation: 'NONE', uri: P, runId: 'r1' },
    });
  });

  it('INCOMPLETE_RUN and closed runs', () => {
    expect(incompleteRunMessage(2, 3)).toBe(
      'Cannot attest success: step 2 of 3 has no accepted proof yet. Prove it with next, or attest with outcome failure.',
    );
    expect(beginAgainInstruction(P)).toEqual({ nextAction: `call begin with ${P} to start a new run`, nextCall: { operation: 'BEGIN', uri: P, runId: null } });
  });
});

describe('MISSING_PROOF per type (§5.5, renamed)', () => {
  const text = (challenge: Challenge, label: string | null = 'Run tests', promptId: string | null = null) =>
    missingProofText({ uri: P, runId: 'r1', label, challenge, promptId });

  it('shell', () => {
    const { message, instruction } = text({ type: 'SHELL', required: true, shell: { cmd: 'npm test', timeoutSeconds: 30 } });
    expect(message).toBe(
      "Proof of work missing for Run tests. Run: bash -c 'npm test' (see challenge.shell.workdir if set). Capture real exitCode/stdout/stderr before continuing.",
    );
    expect(instruction.nextAction).toBe(`Run \`bash -c 'npm test'\`, then call next with ${P} and solution.shell matching that step's challenge.`);
    expect(instruction.nextCall).toEqual({ operation: 'NEXT', uri: P, runId: 'r1' });
  });

  it('user_input, with the reference fallback prompt', () => {
    const { message, instruction } = text({ type: 'USER_INPUT', required: true }, null);
    expect(message).toBe(
      `Proof of work missing for the pending step. For user_input you must obtain the user's actual reply — do not infer or invent. Submit that proof by calling next with ${P} and solution.userInput.confirmation.`,
    );
    expect(instruction.nextAction).toBe(`Ask the user: "Confirm (see step content)." then call next with ${P} and solution.userInput.confirmation set to their reply.`);
  });

  it('person-only user_input points at answerPrompt', () => {
    const { message, instruction } = text({ type: 'USER_INPUT', required: true, userInput: { prompt: 'Ship?', requireHuman: true } }, 'Approval', 'p7');
    expect(message).toBe(
      'Proof of work missing for Approval. Only the user can answer this step: show them the prompt; their reply arrives through answerPrompt (promptId p7).',
    );
    expect(instruction.nextAction).toBe(`ask the user to answer prompt p7 ("Ship?") through answerPrompt, then call next with ${P} without a solution`);
  });

  it('mcp', () => {
    const { message, instruction } = text({ type: 'MCP', required: true, mcp: { toolName: 'search_docs' } });
    expect(message).toBe(
      `Proof of work missing for Run tests. Submit that proof by calling next with ${P} and solution.mcp. Call the MCP tool "search_docs" and report its real result; do not fabricate.`,
    );
    expect(instruction.nextAction).toBe(`Call search_docs, then call next with ${P} and solution.mcp with the real result.`);
  });

  it('comment', () => {
    const { message, instruction } = text({ type: 'COMMENT', required: true, comment: { minLength: 40 } });
    expect(message).toBe(
      `Proof of work missing for Run tests. Submit that proof by calling next with ${P} and solution.comment.text (min 40 chars). Write a genuine summary of what was done; do not paste unrelated text.`,
    );
    expect(instruction.nextAction).toBe(`call next with ${P} and solution.comment.text (min 40 chars).`);
  });
});
