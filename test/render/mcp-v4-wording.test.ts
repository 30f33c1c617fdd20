/** The KAIROS 4 tools' words for every outcome: forward/reward/layer/contract, layer URIs carrying the run, never a v3 tool name. */
import { describe, expect, it } from 'vitest';
import { mcpV4Renderer } from '../../src/render/mcp-v4-renderer.js';
import { OUTCOMES, type OutcomeName, word } from './outcomes.js';

const LAYER = 'kairos://layer/00000000-0000-4000-8000-00000000000a';
const LAYER_IN_RUN = `${LAYER}?execution_id=r1`;

const PINNED: Record<OutcomeName, string> = {
  callNext: `call forward with ${LAYER_IN_RUN} and a solution matching contract (echo contract.nonce and contract.proof_hash)`,
  callAttest: `call reward with ${LAYER_IN_RUN} and outcome (success or failure) to finish the adapter`,
  retryNext: `retry forward with ${LAYER_IN_RUN} -- use nonce and proof_hash from THIS response's contract`,
  recoveryOptions: `Options: (1) call tune with ${LAYER} to fix the layer for future runs (2) call reward with ${LAYER_IN_RUN} and outcome failure to abort (3) ask the user for help`,
  beginAgain: `call forward with ${LAYER} to start a new run`,
  proveComment: `call forward with ${LAYER_IN_RUN} and solution.comment.text (min 40 chars).`,
  stepsComplete: 'Adapter layers complete. Call reward to finalize.',
  runNotFound: 'Run r1 not found. Call forward to start a run.',
  awaitHuman: `ask the user to answer prompt p7 ("Ship?") through kairos_answer_prompt, then call forward with ${LAYER_IN_RUN} without a solution`,
  runFinished: `run complete -- report the outcome to the user`,
  proveShell: `Run \`bash -c 'npm test'\`, then call forward with ${LAYER_IN_RUN} and solution.shell matching that layer's contract.`,
  proveUserInput: `Ask the user: "Ship?" then call forward with ${LAYER_IN_RUN} and solution.user_input.confirmation set to their reply.`,
  proveUserInputWithoutPrompt: `Ask the user: "Confirm (see layer content)." then call forward with ${LAYER_IN_RUN} and solution.user_input.confirmation set to their reply.`,
  proveHuman: `ask the user to answer prompt p7 ("Ship?") through kairos_answer_prompt, then call forward with ${LAYER_IN_RUN} without a solution`,
  proveMcp: `Call search_docs, then call forward with ${LAYER_IN_RUN} and solution.mcp with the real result.`,
  writtenInstruction: `as 0.2 wrote it`,
  singleStep: `Single-layer adapter. Call reward to finalize.`,
  redirected: `Redirected to layer 1 of this adapter chain.`,
  alreadySettled: `That layer is already settled in this run. The pending layer is shown; nothing was recorded.`,
  stepNotInRun: `${LAYER} is not a layer of this run's adapter.`,
  runClosed: `Run r1 is already closed. Call forward to start a new run.`,
  maxRetries: `Layer failed 3 times. Use your judgment to recover.`,
  incompleteRun: `Cannot attest success: layer 2 of 3 has no accepted proof yet. Prove it with forward, or reward with outcome failure.`,
  nonceReused: `This nonce already settled layer 2 with a different solution; nothing was stored. Resubmit that same solution, or prove the pending layer with its own nonce.`,
  written: `Deployed.`,
  missingShell: `Proof of work missing for Run tests. Run: bash -c 'npm test' (see contract.shell.workdir if set). Capture real exit_code/stdout/stderr before continuing.`,
  missingUserInput: `Proof of work missing for the pending layer. For user_input you must obtain the user's actual reply — do not infer or invent. Submit that proof by calling forward with ${LAYER} and solution.user_input.confirmation.`,
  missingHuman: `Proof of work missing for Approval. Only the user can answer this layer: show them the prompt; their reply arrives through kairos_answer_prompt (prompt_id p7).`,
  missingMcp: `Proof of work missing for Run tests. Submit that proof by calling forward with ${LAYER} and solution.mcp. Call the MCP tool "search_docs" and report its real result; do not fabricate.`,
  missingMcpWithoutTool: `Proof of work missing for Run tests. Submit that proof by calling forward with ${LAYER} and solution.mcp. Call the MCP tool "the required tool" and report its real result; do not fabricate.`,
  missingComment: `Proof of work missing for Run tests. Submit that proof by calling forward with ${LAYER} and solution.comment.text (min 40 chars). Write a genuine summary of what was done; do not paste unrelated text.`,
  unknownType: `solution.type must be one of shell, mcp, user_input, comment, tensor.`,
  nonceMissing: `Include nonce in solution (use contract.nonce).`,
  nonceMismatch: `Nonce mismatch. Use the nonce from this response's contract.`,
  proofHashMissing: `Include proof_hash in solution (use contract.proof_hash).`,
  proofHashMismatch: `proof_hash mismatch. Use proof_hash from the previous response or contract.`,
  typeMismatch: `Expected proof type: user_input, got: comment`,
  humanRequired: `This layer needs the user's own confirmation through kairos_answer_prompt; an agent cannot supply it.`,
  shellMissing: `Shell proof requires shell field with exit_code`,
  mcpMissing: `MCP proof requires mcp field`,
  userInputMissing: `User input proof requires user_input.confirmation`,
  commentMissing: `Comment proof requires comment.text`,
  toolNameMissing: `MCP proof requires mcp.tool_name`,
  exitCodeNotInteger: `shell.exit_code must be an integer`,
  timestampInvalid: `user_input.timestamp must be an ISO 8601 date-time`,
  resultNotJson: `mcp.result must be plain JSON (a function)`,
  toolMismatch: `Expected MCP tool: search_docs, got: other`,
  commentTooShort: `Comment must be at least 20 characters`,
  proofFailed: `Proof of work failed. Fix and retry.`,
  userDeclined: `User declined confirmation.`,
  shellChallenge: `Shell contract (timeout 120s): run exactly: bash -c 'npm test'. Capture stdout and stderr (do not suppress stderr); exit_code 0 = pass. Report real exit_code/stdout/stderr; do not fabricate.`,
  humanChallenge: `User confirmation: Ship it?. Only the user can answer this: show them the prompt; their reply arrives through kairos_answer_prompt (prompt_id p9). Do not submit user_input.confirmation yourself.`,
  userInputChallenge: `User confirmation: Confirm completion. You MUST show this prompt to the user and use only their reply as user_input.confirmation; do not assume or invent it.`,
  mcpChallenge: `Call MCP tool: search_docs. You MUST actually call this tool and report its real result; do not fabricate.`,
  defaultChallenge: `Provide a verification comment describing how you completed this layer. Write a genuine summary; do not paste unrelated text.`,
  noMatchMessage: `No existing adapter matched your query. Refine your search or create a new one.`,
  noMatchNextAction: `Pick one choice and follow that choice's next_action.`,
  oneMatchNextAction: `Follow the choice's next_action.`,
  matchesMessage: `Found 3 matches (top confidence: 90%). Choose one, refine your search, or create a new adapter.`,
  matchChoice: `call forward with ${LAYER} to execute this adapter`,
  refineChoiceTitle: `Run protocol to turn vague user request into a better activate query`,
  refineChoice: `call forward with kairos://layer/00000000-0000-0000-0000-000000002002 to get layer-by-layer help turning the user's request into a better search query`,
  createChoice: `call forward with kairos://layer/00000000-0000-0000-0000-000000002001 to create a new adapter`,
};

describe('KAIROS 4 words', () => {
  it.each(Object.keys(OUTCOMES) as OutcomeName[])('%s has no v3 tool name and no memory URI', (name) => {
    const text = word(mcpV4Renderer, OUTCOMES[name]);
    expect(text).not.toMatch(/kairos_(next|attest|begin|search|update)\b/);
    expect(text).not.toContain('kairos://mem/');
    expect(text).toBe(PINNED[name]);
  });
});

describe('KAIROS 4 words around what a person wrote', () => {
  it('puts its own nouns in layer words and shows a label, a prompt and stored words as they were written', () => {
    const uri = 'kairos://mem/00000000-0000-4000-8000-00000000000a';
    expect(
      mcpV4Renderer.notice({ kind: 'MISSING_PROOF', uri, label: 'Deploy step', proof: { type: 'USER_INPUT', prompt: 'Which step?' } }),
    ).toBe(
      `Proof of work missing for Deploy step. For user_input you must obtain the user's actual reply — do not infer or invent. Submit that proof by calling forward with ${LAYER} and solution.user_input.confirmation.`,
    );
    expect(
      mcpV4Renderer.nextAction({ kind: 'PROVE_MISSING', uri, runId: 'r1', proof: { type: 'USER_INPUT', prompt: 'Which protocol step?' } }),
    ).toBe(
      `Ask the user: "Which protocol step?" then call forward with ${LAYER_IN_RUN} and solution.user_input.confirmation set to their reply.`,
    );
    expect(
      mcpV4Renderer.nextAction({
        kind: 'TEXT',
        text: 'call next with the next step',
        nextCall: { operation: 'NONE', uri: null, runId: 'r1' },
      }),
    ).toBe('call next with the next step');
  });

  it('names a step by its layer, in the run when there is one, and leaves other text alone', () => {
    expect(mcpV4Renderer.stepUri('kairos://mem/00000000-0000-4000-8000-00000000000a', 'r1')).toBe(LAYER_IN_RUN);
    expect(mcpV4Renderer.stepUri('kairos://mem/00000000-0000-4000-8000-00000000000a', null)).toBe(LAYER);
    expect(mcpV4Renderer.stepUri('kairos://adapter/deploy', 'r1')).toBe('kairos://adapter/deploy');
  });
});
