/**
 * Every `errorCode` a run operation (begin, next, attest, answerPrompt) can return as data.
 * Agents branch on these, never on message text; never rename a published code.
 *
 * Left out on purpose: `COMMENT_IRRELEVANT` (the embedding check is not re-created) and
 * `ELICITATION_FAILED` (when an MCP host cannot ask its person, the challenge goes back to the
 * agent as without elicitation; a person can always answer through `answerPrompt`). `MISSING_FIELD` keeps the reference name for a missing or empty value.
 */
export type StepErrorCode =
  /** A field the challenge needs is absent or empty (nonce, proofHash, the type's object, its text). */
  | 'MISSING_FIELD'
  /** A field is present but malformed: non-integer exit code, bad timestamp, oversized or non-JSON value. */
  | 'INVALID_FIELD'
  /** The solution's nonce is not the one issued with the pending step's challenge. */
  | 'NONCE_MISMATCH'
  /** The solution's proofHash is not the challenge's proofHash (the last proven step's hash, or genesis). */
  | 'PROOF_HASH_MISMATCH'
  /** `solution.type` differs from the challenge type. */
  | 'TYPE_MISMATCH'
  /** An MCP solution names a different tool from the challenge's `toolName`. */
  | 'TOOL_MISMATCH'
  /** A required shell proof exited non-zero, or a required MCP proof reported `success: false`. */
  | 'COMMAND_FAILED'
  /** A comment is shorter than the challenge's minimum length. */
  | 'COMMENT_TOO_SHORT'
  /** The user's reply to a required user_input challenge declines ("no", "rejected", "deny"…). */
  | 'USER_DECLINED'
  /** The challenge needs a person's answer through `answerPrompt`; an agent's confirmation is refused. */
  | 'HUMAN_CONFIRMATION_REQUIRED'
  /** `next` skipped the pending step: no solution where one is required, or a uri further ahead. */
  | 'MISSING_PROOF'
  /** The third consecutive failure on the same pending step; `mustObey` turns false. */
  | 'MAX_RETRIES_EXCEEDED'
  /** `attest` with SUCCESS while a required step is still unproven. */
  | 'INCOMPLETE_RUN'
  /** No run with that id is visible to the caller. */
  | 'RUN_NOT_FOUND'
  /** The run is closed (attested, or expired while idle); start a new one with `begin`. */
  | 'RUN_CLOSED'
  /** The uri is not a step of the run's protocol (begin with an unknown uri is a NOT_FOUND GraphQL error instead). */
  | 'NOT_FOUND'
  /**
   * The nonce already settled its step with a different solution. A nonce is an idempotency key
   * bound to its solution: resubmit the same solution for the same answer, or prove the pending step.
   */
  | 'NONCE_REUSED';

/** One-line descriptions, e.g. for the GraphQL enum; the type makes the list exhaustive. */
export const STEP_ERROR_CODE_DESCRIPTIONS: Readonly<Record<StepErrorCode, string>> = {
  MISSING_FIELD:
    'A field the challenge needs is absent or empty (`solution.nonce`, `solution.proofHash`, the object of the type, or its required value). Add it and retry `next`.',
  INVALID_FIELD:
    'A field is present but malformed: an unknown `solution.type`, a bad timestamp or duration, `mcp.success` not a boolean, or an oversized or non-JSON value. Fix it and retry `next`.',
  NONCE_MISMATCH: "The solution's nonce is not the pending challenge's nonce. Retry `next` with `challenge.nonce` from THIS response.",
  PROOF_HASH_MISMATCH: "The solution's proofHash is not the challenge's proofHash. Retry `next` with `challenge.proofHash` from THIS response.",
  TYPE_MISMATCH: 'The solution type differs from the challenge type. Prove the step the way `challenge.type` says.',
  TOOL_MISMATCH: "The MCP solution names a different tool from the challenge's `toolName`. Call that tool and report its result.",
  COMMAND_FAILED:
    'A required shell proof exited non-zero, or a required MCP call reported `success` false. The failed attempt is kept; fix the cause, run it again and retry `next` with the real result.',
  COMMENT_TOO_SHORT: "The comment is shorter than the challenge's `minLength`. Write a genuine, longer summary and retry `next`.",
  USER_DECLINED:
    "The user's reply declined a required confirmation (\"no\", \"rejected\", \"deny\"…). Do not proceed as if approved: ask the user what to change, or `attest` with `FAILURE`.",
  HUMAN_CONFIRMATION_REQUIRED:
    'Only a person can answer this challenge (`requireHuman`): ask the user to answer the prompt (`promptId`) through `answerPrompt`, then call `next` with the same uri and no solution.',
  MISSING_PROOF:
    '`next` skipped the pending step: no solution where one is required, or a uri further ahead. The answer shows the pending step: prove it first, as `nextAction` says.',
  MAX_RETRIES_EXCEEDED:
    'The same pending step failed three times in a row; `mustObey` turns false and the run stays open. Choose: fix the step with `updateMemories` if it is wrong (future runs use the fix; `begin` again to use it now), retry `next` with a corrected solution, `attest` with `FAILURE`, or ask the user for help.',
  INCOMPLETE_RUN:
    '`attest` with `SUCCESS` was asked while a required step is unproven; nothing was written. Prove the pending step with `next`, or `attest` with `FAILURE`.',
  RUN_NOT_FOUND:
    'No run of yours with that id, or (without `runId`) no open run of yours contains the uri. Start one with `begin`.',
  RUN_CLOSED: 'The run is closed (attested or expired); nothing was written. Start a new run with `begin`.',
  NOT_FOUND: "The uri is not a step of the run's protocol; nothing was recorded. Use the uri `nextAction` names.",
  NONCE_REUSED:
    'The nonce already settled its step with a different solution: nothing was stored. Resubmit the same solution (it returns the first answer), or prove the pending step with its own nonce.',
};

export const STEP_ERROR_CODES = Object.keys(STEP_ERROR_CODE_DESCRIPTIONS) as StepErrorCode[];
