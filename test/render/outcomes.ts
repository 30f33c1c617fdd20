/**
 * Transition outcomes as data, one of each kind a renderer words. Each door's wording test
 * (test/render/*-wording.test.ts) maps every key to the exact text that door shows: a new
 * renderer gets a new table of its own, and the type makes it cover every outcome.
 */
import type { ChallengeView, Instruction, RunNotice } from '../../src/model/run-answers.js';
import type { DoorRenderer } from '../../src/render/door-renderer.js';
import { displayChallenge } from '../../src/runs/challenge-display.js';
import type { SearchChoice, SearchSummary } from '../../src/search/search-choices.js';
import { CREATE_URI, REFINE_URI } from '../../src/search/search-choices.js';

export const P = 'kairos://mem/00000000-0000-4000-8000-00000000000a';

type Outcome =
  | { notice: RunNotice }
  | { instruction: Instruction }
  | { challenge: ChallengeView }
  | { search: SearchSummary; part: 'message' | 'nextAction' }
  | { choice: SearchChoice; part: 'chainLabel' | 'nextAction' };

const shown = { nonce: 'n1', proofHash: 'h0' };
const choice = (role: SearchChoice['role'], uri: string): SearchChoice => ({
  uri,
  label: 'L',
  chainLabel: 'Title',
  score: null,
  role,
  tags: [],
  protocolVersion: null,
});

export const OUTCOMES = {
  // nextAction (reference §5.4–§5.8)
  callNext: { instruction: { kind: 'CALL_NEXT', uri: P, runId: 'r1' } },
  callAttest: { instruction: { kind: 'CALL_ATTEST', uri: P, runId: 'r1' } },
  awaitHuman: { instruction: { kind: 'AWAIT_HUMAN', uri: P, runId: 'r1', promptId: 'p7', prompt: 'Ship?' } },
  retryNext: { instruction: { kind: 'RETRY_NEXT', uri: P, runId: 'r1' } },
  recoveryOptions: { instruction: { kind: 'RECOVERY_OPTIONS', uri: P, runId: 'r1' } },
  beginAgain: { instruction: { kind: 'BEGIN_AGAIN', uri: P } },
  runFinished: { instruction: { kind: 'RUN_FINISHED', runId: 'r1' } },
  proveShell: { instruction: { kind: 'PROVE_MISSING', uri: P, runId: 'r1', proof: { type: 'SHELL', invocation: "bash -c 'npm test'" } } },
  proveUserInput: { instruction: { kind: 'PROVE_MISSING', uri: P, runId: 'r1', proof: { type: 'USER_INPUT', prompt: 'Ship?' } } },
  proveUserInputWithoutPrompt: { instruction: { kind: 'PROVE_MISSING', uri: P, runId: 'r1', proof: { type: 'USER_INPUT', prompt: null } } },
  proveHuman: { instruction: { kind: 'PROVE_MISSING', uri: P, runId: 'r1', proof: { type: 'HUMAN', promptId: 'p7', prompt: 'Ship?' } } },
  proveMcp: { instruction: { kind: 'PROVE_MISSING', uri: P, runId: 'r1', proof: { type: 'MCP', toolName: 'search_docs' } } },
  proveComment: { instruction: { kind: 'PROVE_MISSING', uri: P, runId: 'r1', proof: { type: 'COMMENT', minLength: 40 } } },
  writtenInstruction: { instruction: { kind: 'TEXT', text: 'as 0.2 wrote it', nextCall: { operation: 'NONE', uri: null, runId: 'r1' } } },
  // message
  stepsComplete: { notice: { kind: 'STEPS_COMPLETE' } },
  singleStep: { notice: { kind: 'SINGLE_STEP' } },
  redirected: { notice: { kind: 'REDIRECTED_TO_FIRST_STEP' } },
  alreadySettled: { notice: { kind: 'ALREADY_SETTLED' } },
  stepNotInRun: { notice: { kind: 'STEP_NOT_IN_RUN', uri: P } },
  runNotFound: { notice: { kind: 'RUN_NOT_FOUND', runId: 'r1' } },
  runClosed: { notice: { kind: 'RUN_CLOSED', runId: 'r1' } },
  maxRetries: { notice: { kind: 'MAX_RETRIES', retryCount: 3 } },
  incompleteRun: { notice: { kind: 'INCOMPLETE_RUN', stepIndex: 2, stepCount: 3 } },
  nonceReused: { notice: { kind: 'NONCE_REUSED', stepIndex: 2 } },
  written: { notice: { kind: 'TEXT', text: 'Deployed.' } },
  missingShell: {
    notice: { kind: 'MISSING_PROOF', uri: P, label: 'Run tests', proof: { type: 'SHELL', invocation: "bash -c 'npm test'" } },
  },
  missingUserInput: { notice: { kind: 'MISSING_PROOF', uri: P, label: null, proof: { type: 'USER_INPUT', prompt: null } } },
  missingHuman: { notice: { kind: 'MISSING_PROOF', uri: P, label: 'Approval', proof: { type: 'HUMAN', promptId: 'p7', prompt: 'Ship?' } } },
  missingMcp: { notice: { kind: 'MISSING_PROOF', uri: P, label: 'Run tests', proof: { type: 'MCP', toolName: 'search_docs' } } },
  missingMcpWithoutTool: { notice: { kind: 'MISSING_PROOF', uri: P, label: 'Run tests', proof: { type: 'MCP', toolName: null } } },
  missingComment: { notice: { kind: 'MISSING_PROOF', uri: P, label: 'Run tests', proof: { type: 'COMMENT', minLength: 40 } } },
  // refusals of a solution (reference §4.3, §4.4)
  unknownType: { notice: { kind: 'SOLUTION_REFUSED', refusal: { reason: 'UNKNOWN_TYPE' } } },
  nonceMissing: { notice: { kind: 'SOLUTION_REFUSED', refusal: { reason: 'NONCE_MISSING' } } },
  nonceMismatch: { notice: { kind: 'SOLUTION_REFUSED', refusal: { reason: 'NONCE_MISMATCH' } } },
  proofHashMissing: { notice: { kind: 'SOLUTION_REFUSED', refusal: { reason: 'PROOF_HASH_MISSING' } } },
  proofHashMismatch: { notice: { kind: 'SOLUTION_REFUSED', refusal: { reason: 'PROOF_HASH_MISMATCH' } } },
  typeMismatch: { notice: { kind: 'SOLUTION_REFUSED', refusal: { reason: 'TYPE_MISMATCH', expected: 'USER_INPUT', given: 'COMMENT' } } },
  humanRequired: { notice: { kind: 'SOLUTION_REFUSED', refusal: { reason: 'HUMAN_CONFIRMATION_REQUIRED' } } },
  shellMissing: { notice: { kind: 'SOLUTION_REFUSED', refusal: { reason: 'EVIDENCE_MISSING', type: 'SHELL' } } },
  mcpMissing: { notice: { kind: 'SOLUTION_REFUSED', refusal: { reason: 'EVIDENCE_MISSING', type: 'MCP' } } },
  userInputMissing: { notice: { kind: 'SOLUTION_REFUSED', refusal: { reason: 'EVIDENCE_MISSING', type: 'USER_INPUT' } } },
  commentMissing: { notice: { kind: 'SOLUTION_REFUSED', refusal: { reason: 'EVIDENCE_MISSING', type: 'COMMENT' } } },
  toolNameMissing: { notice: { kind: 'SOLUTION_REFUSED', refusal: { reason: 'MCP_TOOL_NAME_MISSING' } } },
  exitCodeNotInteger: {
    notice: { kind: 'SOLUTION_REFUSED', refusal: { reason: 'INVALID_FIELD', field: 'shell.exitCode', requirement: { rule: 'INTEGER' } } },
  },
  timestampInvalid: {
    notice: {
      kind: 'SOLUTION_REFUSED',
      refusal: { reason: 'INVALID_FIELD', field: 'userInput.timestamp', requirement: { rule: 'ISO_DATE_TIME' } },
    },
  },
  resultNotJson: {
    notice: {
      kind: 'SOLUTION_REFUSED',
      refusal: { reason: 'INVALID_FIELD', field: 'mcp.result', requirement: { rule: 'PLAIN_JSON', problem: 'a function' } },
    },
  },
  toolMismatch: { notice: { kind: 'SOLUTION_REFUSED', refusal: { reason: 'TOOL_MISMATCH', expected: 'search_docs', given: 'other' } } },
  commentTooShort: { notice: { kind: 'SOLUTION_REFUSED', refusal: { reason: 'COMMENT_TOO_SHORT', minLength: 20 } } },
  proofFailed: { notice: { kind: 'SOLUTION_REFUSED', refusal: { reason: 'PROOF_FAILED' } } },
  userDeclined: { notice: { kind: 'SOLUTION_REFUSED', refusal: { reason: 'USER_DECLINED' } } },
  // challenge descriptions (reference §4.1)
  shellChallenge: {
    challenge: displayChallenge({ ...shown, stored: { type: 'SHELL', required: true, shell: { cmd: 'npm test', timeoutSeconds: 120 } } }),
  },
  humanChallenge: {
    challenge: displayChallenge({
      ...shown,
      promptId: 'p9',
      stored: { type: 'USER_INPUT', required: true, userInput: { prompt: 'Ship it?', requireHuman: true } },
    }),
  },
  userInputChallenge: { challenge: displayChallenge({ ...shown, stored: { type: 'USER_INPUT', required: true, userInput: {} } }) },
  mcpChallenge: { challenge: displayChallenge({ ...shown, stored: { type: 'MCP', required: true, mcp: { toolName: 'search_docs' } } }) },
  defaultChallenge: { challenge: displayChallenge({ ...shown, stored: null }) },
  // search (reference §6.4)
  noMatchMessage: { search: { kind: 'NO_MATCH' }, part: 'message' },
  noMatchNextAction: { search: { kind: 'NO_MATCH' }, part: 'nextAction' },
  oneMatchNextAction: { search: { kind: 'ONE_MATCH' }, part: 'nextAction' },
  matchesMessage: { search: { kind: 'MATCHES', count: 3, topScore: 0.9 }, part: 'message' },
  matchChoice: { choice: choice('MATCH', P), part: 'nextAction' },
  refineChoiceTitle: { choice: choice('REFINE', REFINE_URI), part: 'chainLabel' },
  refineChoice: { choice: choice('REFINE', REFINE_URI), part: 'nextAction' },
  createChoice: { choice: choice('CREATE', CREATE_URI), part: 'nextAction' },
} satisfies Record<string, Outcome>;

export type OutcomeName = keyof typeof OUTCOMES;

/** The text a renderer shows for one outcome. */
export function word(renderer: DoorRenderer, outcome: Outcome): string {
  if ('notice' in outcome) return renderer.notice(outcome.notice);
  if ('instruction' in outcome) return renderer.nextAction(outcome.instruction);
  if ('challenge' in outcome) return renderer.challengeDescription(outcome.challenge);
  if ('search' in outcome) return renderer.searchSummary(outcome.search)[outcome.part];
  return renderer.searchChoice(outcome.choice)[outcome.part];
}
