/** The MCP door's KAIROS v3 words for every outcome: tool names, snake_case fields, lower-case types (as the seed examples show). */
import { describe, expect, it } from 'vitest';
import { mcpV3Renderer } from '../../src/render/mcp-v3-renderer.js';
import { CREATE_URI, REFINE_URI } from '../../src/search/search-choices.js';
import { OUTCOMES, type OutcomeName, P, word } from './outcomes.js';

const EXPECTED: Record<OutcomeName, string> = {
  callNext: `call kairos_next with ${P} and solution matching challenge`,
  callAttest: `call kairos_attest with ${P} and outcome (success or failure) and message to complete the protocol`,
  awaitHuman: `ask the user to answer prompt p7 ("Ship?") through kairos_answer_prompt, then call kairos_next with ${P} without a solution`,
  retryNext: `retry kairos_next with ${P} -- use nonce and proof_hash from THIS response's challenge`,
  recoveryOptions: `Options: (1) call kairos_update with ${P} to fix the step for future executions (2) call kairos_attest with ${P} and outcome failure to abort (3) ask the user for help`,
  beginAgain: `call kairos_begin with ${P} to start a new run`,
  runFinished: 'run complete -- report the outcome to the user',
  proveShell: `Run \`bash -c 'npm test'\`, then call kairos_next with ${P} and solution.shell matching that step's challenge.`,
  proveUserInput: `Ask the user: "Ship?" then call kairos_next with ${P} and solution.user_input.confirmation set to their reply.`,
  proveUserInputWithoutPrompt: `Ask the user: "Confirm (see step content)." then call kairos_next with ${P} and solution.user_input.confirmation set to their reply.`,
  proveHuman: `ask the user to answer prompt p7 ("Ship?") through kairos_answer_prompt, then call kairos_next with ${P} without a solution`,
  proveMcp: `Call search_docs, then call kairos_next with ${P} and solution.mcp with the real result.`,
  proveComment: `call kairos_next with ${P} and solution.comment.text (min 40 chars).`,
  writtenInstruction: 'as 0.2 wrote it',
  stepsComplete: 'Protocol steps complete. Call kairos_attest to finalize.',
  singleStep: 'Single-step protocol. Call kairos_attest to finalize.',
  redirected: 'Redirected to step 1 of this protocol chain.',
  alreadySettled: 'That step is already settled in this run. The pending step is shown; nothing was recorded.',
  stepNotInRun: `${P} is not a step of this run's protocol.`,
  runNotFound: 'Run r1 not found. Call kairos_begin to start a run.',
  runClosed: 'Run r1 is already closed. Call kairos_begin to start a new run.',
  maxRetries: 'Step failed 3 times. Use your judgment to recover.',
  incompleteRun:
    'Cannot attest success: step 2 of 3 has no accepted proof yet. Prove it with kairos_next, or kairos_attest with outcome failure.',
  nonceReused:
    'This nonce already settled step 2 with a different solution; nothing was stored. Resubmit that same solution, or prove the pending step with its own nonce.',
  written: 'Deployed.',
  missingShell:
    "Proof of work missing for Run tests. Run: bash -c 'npm test' (see challenge.shell.workdir if set). Capture real exit_code/stdout/stderr before continuing.",
  missingUserInput: `Proof of work missing for the pending step. For user_input you must obtain the user's actual reply — do not infer or invent. Submit that proof by calling kairos_next with ${P} and solution.user_input.confirmation.`,
  missingHuman:
    'Proof of work missing for Approval. Only the user can answer this step: show them the prompt; their reply arrives through kairos_answer_prompt (prompt_id p7).',
  missingMcp: `Proof of work missing for Run tests. Submit that proof by calling kairos_next with ${P} and solution.mcp. Call the MCP tool "search_docs" and report its real result; do not fabricate.`,
  missingMcpWithoutTool: `Proof of work missing for Run tests. Submit that proof by calling kairos_next with ${P} and solution.mcp. Call the MCP tool "the required tool" and report its real result; do not fabricate.`,
  missingComment: `Proof of work missing for Run tests. Submit that proof by calling kairos_next with ${P} and solution.comment.text (min 40 chars). Write a genuine summary of what was done; do not paste unrelated text.`,
  unknownType: 'solution.type must be one of shell, mcp, user_input, comment, tensor.',
  nonceMissing: 'Include nonce in solution (use challenge.nonce).',
  nonceMismatch: "Nonce mismatch. Use the nonce from this response's challenge.",
  proofHashMissing: 'Include proof_hash in solution (use challenge.proof_hash).',
  proofHashMismatch: 'proof_hash mismatch. Use proof_hash from the previous response or challenge.',
  typeMismatch: 'Expected proof type: user_input, got: comment',
  humanRequired: "This step needs the user's own confirmation through kairos_answer_prompt; an agent cannot supply it.",
  shellMissing: 'Shell proof requires shell field with exit_code',
  mcpMissing: 'MCP proof requires mcp field',
  userInputMissing: 'User input proof requires user_input.confirmation',
  commentMissing: 'Comment proof requires comment.text',
  toolNameMissing: 'MCP proof requires mcp.tool_name',
  exitCodeNotInteger: 'shell.exit_code must be an integer',
  timestampInvalid: 'user_input.timestamp must be an ISO 8601 date-time',
  resultNotJson: 'mcp.result must be plain JSON (a function)',
  toolMismatch: 'Expected MCP tool: search_docs, got: other',
  commentTooShort: 'Comment must be at least 20 characters',
  proofFailed: 'Proof of work failed. Fix and retry.',
  userDeclined: 'User declined confirmation.',
  shellChallenge:
    "Shell challenge (timeout 120s): run exactly: bash -c 'npm test'. Capture stdout and stderr (do not suppress stderr); exit_code 0 = pass. Report real exit_code/stdout/stderr; do not fabricate.",
  humanChallenge:
    'User confirmation: Ship it?. Only the user can answer this: show them the prompt; their reply arrives through kairos_answer_prompt (prompt_id p9). Do not submit user_input.confirmation yourself.',
  userInputChallenge:
    'User confirmation: Confirm completion. You MUST show this prompt to the user and use only their reply as user_input.confirmation; do not assume or invent it.',
  mcpChallenge: 'Call MCP tool: search_docs. You MUST actually call this tool and report its real result; do not fabricate.',
  defaultChallenge:
    'Provide a verification comment describing how you completed this step. Write a genuine summary; do not paste unrelated text.',
  noMatchMessage: 'No existing protocol matched your query. Refine your search or create a new one.',
  noMatchNextAction: "Pick one choice and follow that choice's next_action.",
  oneMatchNextAction: "Follow the choice's next_action.",
  matchesMessage: 'Found 3 matches (top confidence: 90%). Choose one, refine your search, or create a new protocol.',
  matchChoice: `call kairos_begin with ${P} to execute this protocol`,
  refineChoiceTitle: 'Run protocol to turn vague user request into a better kairos_search query',
  refineChoice: `call kairos_begin with ${REFINE_URI} to get step-by-step help turning the user's request into a better search query`,
  createChoice: `call kairos_begin with ${CREATE_URI} to create a new protocol`,
};

describe('MCP v3 renderer', () => {
  it.each(Object.keys(OUTCOMES) as OutcomeName[])('%s', (name) => {
    expect(word(mcpV3Renderer, OUTCOMES[name])).toBe(EXPECTED[name]);
  });
});
