import { type Challenge, CHALLENGE_TYPES, type ChallengeType } from '../protocol/challenge.js';
import { argumentsContain, checkTensorSolution } from './tensor-check.js';
import { canonicalJson, CanonicalJsonError } from './canonical-json.js';
import { commentMinLength, effectiveChallenge, requiresHuman } from './challenge-display.js';
import { proofHash } from './proof-hash.js';
import { createProofRecord } from './proof-record.js';
import type { ProofEvidence, ProofRecord, StoredProofStatus } from './proof-record.js';
import type { ProofSource } from '../model/run-enums.js';
import type { SolutionInput } from './solution-input.js';
import type { StepErrorCode } from '../model/refusal-codes.js';
import type { FieldRequirement, SolutionField, SolutionRefusal } from '../model/run-answers.js';
import { isDeclinedConfirmation } from './user-decline.js';

/** Largest comment text or confirmation accepted, in UTF-8 bytes (rejected, not cut). */
export const MAX_TEXT_FIELD_BYTES = 64 * 1024;
/** Largest `mcp.arguments` or `mcp.result`, as canonical JSON in UTF-8 bytes. */
export const MAX_MCP_JSON_BYTES = 256 * 1024;

/** The codes checkSolution itself returns. */
export type SolutionErrorCode = Extract<
  StepErrorCode,
  | 'MISSING_FIELD'
  | 'INVALID_FIELD'
  | 'NONCE_MISMATCH'
  | 'PROOF_HASH_MISMATCH'
  | 'TYPE_MISMATCH'
  | 'TOOL_MISMATCH'
  | 'COMMAND_FAILED'
  | 'COMMENT_TOO_SHORT'
  | 'USER_DECLINED'
  | 'HUMAN_CONFIRMATION_REQUIRED'
>;

export interface CheckSolutionInput {
  runId: string;
  /** The pending step the solution proves. */
  step: { uri: string; index: number };
  /** The step's stored challenge; none means the optional default comment challenge. */
  challenge: Challenge | null | undefined;
  solution: SolutionInput;
  /** The nonce issued with the pending step's challenge. */
  expectedNonce: string;
  /** `challenge.proofHash` as shown: genesis, or the last proven step's hash. */
  expectedPreviousHash: string;
  source: ProofSource;
  /** Server time, recorded as `executedAt` (and as the confirmation time when none is sent). */
  now: Date;
  /** Bytes of the tensor values the run holds already (a tensor solution must fit beside them). */
  tensorBytesHeld?: number;
}

/**
 * `ok: true` settles the pending step: the record is stored, its hash becomes the value to echo
 * next, and the run moves on. `record.status` is `failed` when an optional step's proof failed
 * (`required: false` never blocks).
 * `ok: false` leaves the pending step pending. For COMMAND_FAILED and USER_DECLINED the failed
 * record comes back too, for the run's history; it must not become the chain's last hash.
 */
export type SolutionCheckResult =
  | { ok: true; record: ProofRecord; proofHash: string }
  | { ok: false; errorCode: SolutionErrorCode; refusal: SolutionRefusal; record?: ProofRecord; proofHash?: string };

type Rejection = { ok: false; errorCode: SolutionErrorCode; refusal: SolutionRefusal };
type EvidenceResult = { ok: true; evidence: ProofEvidence; status: StoredProofStatus } | Rejection;

/**
 * Checks a solution against the pending step, first failure wins:
 * nonce (missing → MISSING_FIELD, other → NONCE_MISMATCH), proofHash (wrong →
 * PROOF_HASH_MISMATCH, missing → MISSING_FIELD), type (TYPE_MISMATCH), person-only challenge
 * answered by an agent (HUMAN_CONFIRMATION_REQUIRED), the type's fields (MISSING_FIELD,
 * INVALID_FIELD, TOOL_MISMATCH, COMMENT_TOO_SHORT), then the reported outcome: a non-zero exit
 * code or `mcp.success: false` is COMMAND_FAILED and a declining reply is USER_DECLINED, unless
 * the challenge is optional.
 */
export function checkSolution(input: CheckSolutionInput): SolutionCheckResult {
  const challenge = effectiveChallenge(input.challenge);
  const solution = input.solution as Partial<SolutionInput> | null | undefined;
  if (!isObject(solution) || !CHALLENGE_TYPES.includes(solution.type as ChallengeType)) {
    return reject('INVALID_FIELD', { reason: 'UNKNOWN_TYPE' });
  }

  if (solution.nonce === undefined || solution.nonce === null || solution.nonce === '') {
    return reject('MISSING_FIELD', { reason: 'NONCE_MISSING' });
  }
  if (solution.nonce !== input.expectedNonce) return reject('NONCE_MISMATCH', { reason: 'NONCE_MISMATCH' });

  if (solution.proofHash !== undefined && solution.proofHash !== null && solution.proofHash !== '') {
    if (solution.proofHash !== input.expectedPreviousHash) {
      return reject('PROOF_HASH_MISMATCH', { reason: 'PROOF_HASH_MISMATCH' });
    }
  } else {
    return reject('MISSING_FIELD', { reason: 'PROOF_HASH_MISSING' });
  }

  const type = solution.type as ChallengeType;
  if (type !== challenge.type) return reject('TYPE_MISMATCH', { reason: 'TYPE_MISMATCH', expected: challenge.type, given: type });

  if (requiresHuman(challenge) && input.source !== 'HUMAN') {
    return reject('HUMAN_CONFIRMATION_REQUIRED', { reason: 'HUMAN_CONFIRMATION_REQUIRED' });
  }

  const checked = checkEvidence(type, solution, challenge, input.now, input.tensorBytesHeld ?? 0);
  if (!checked.ok) return checked;

  const record = createProofRecord(
    {
      runId: input.runId,
      stepUri: input.step.uri,
      stepIndex: input.step.index,
      source: input.source,
      executedAt: input.now.toISOString(),
      nonce: input.expectedNonce,
      previousProofHash: input.expectedPreviousHash,
    },
    checked.evidence,
    checked.status,
  );
  const hash = proofHash(record);
  if (checked.status === 'failed' && challenge.required) {
    return type === 'USER_INPUT'
      ? { ok: false, errorCode: 'USER_DECLINED', refusal: { reason: 'USER_DECLINED' }, record, proofHash: hash }
      : { ok: false, errorCode: 'COMMAND_FAILED', refusal: { reason: 'PROOF_FAILED' }, record, proofHash: hash };
  }
  return { ok: true, record, proofHash: hash };
}

function checkEvidence(
  type: ChallengeType,
  solution: Partial<SolutionInput>,
  challenge: Challenge,
  now: Date,
  tensorBytesHeld: number,
): EvidenceResult {
  switch (type) {
    case 'SHELL':
      return checkShell(solution.shell);
    case 'MCP':
      return checkMcp(solution.mcp, challenge);
    case 'USER_INPUT':
      return checkUserInput(solution.userInput, now);
    case 'COMMENT':
      return checkComment(solution.comment, challenge);
    case 'TENSOR': {
      const tensor = checkTensorSolution(solution.tensor, challenge, tensorBytesHeld);
      if (tensor.ok)
        return { ok: true, status: 'success', evidence: { type: 'TENSOR', tensor: { name: tensor.name, value: tensor.value } } };
      return tensor.code === 'MISSING_FIELD'
        ? reject('MISSING_FIELD', { reason: 'EVIDENCE_MISSING', type: 'TENSOR' })
        : invalid(tensor.field, tensor.requirement);
    }
  }
}

function checkShell(shell: unknown): EvidenceResult {
  if (!isObject(shell) || shell.exitCode === undefined || shell.exitCode === null) {
    return reject('MISSING_FIELD', { reason: 'EVIDENCE_MISSING', type: 'SHELL' });
  }
  const { exitCode, stdout, stderr, durationSeconds } = shell;
  if (typeof exitCode !== 'number' || !Number.isSafeInteger(exitCode)) {
    return invalid('shell.exitCode', { rule: 'INTEGER' });
  }
  for (const [field, value] of [
    ['shell.stdout', stdout],
    ['shell.stderr', stderr],
  ] as const) {
    if (value !== undefined && value !== null && typeof value !== 'string') {
      return invalid(field, { rule: 'STRING' });
    }
  }
  const hasDuration = durationSeconds !== undefined && durationSeconds !== null;
  if (hasDuration && (typeof durationSeconds !== 'number' || !Number.isFinite(durationSeconds) || durationSeconds < 0)) {
    return invalid('shell.durationSeconds', { rule: 'DURATION' });
  }
  return {
    ok: true,
    status: exitCode === 0 ? 'success' : 'failed',
    evidence: {
      type: 'SHELL',
      shell: {
        exitCode,
        stdout: (stdout as string | null | undefined) ?? '',
        stderr: (stderr as string | null | undefined) ?? '',
        ...(hasDuration ? { durationSeconds: durationSeconds as number } : {}),
      },
    },
  };
}

function checkMcp(mcp: unknown, challenge: Challenge): EvidenceResult {
  if (!isObject(mcp)) return reject('MISSING_FIELD', { reason: 'EVIDENCE_MISSING', type: 'MCP' });
  const { toolName, success } = mcp;
  if (typeof toolName !== 'string' || toolName.trim() === '') {
    return reject('MISSING_FIELD', { reason: 'MCP_TOOL_NAME_MISSING' });
  }
  if (typeof success !== 'boolean') {
    return invalid('mcp.success', { rule: 'BOOLEAN' });
  }
  for (const field of ['arguments', 'result'] as const) {
    const problem = jsonProblem(mcp[field]);
    if (problem) return invalid(`mcp.${field}`, problem);
  }
  const expectedTool = challenge.mcp?.toolName?.trim();
  if (expectedTool && toolName.trim() !== expectedTool) {
    return reject('TOOL_MISMATCH', { reason: 'TOOL_MISMATCH', expected: expectedTool, given: toolName.trim() });
  }
  const expectedArguments = challenge.mcp?.arguments;
  if (expectedArguments !== undefined && expectedArguments !== null && !argumentsContain(expectedArguments, mcp.arguments)) {
    return invalid('mcp.arguments', { rule: 'CONTAINS_JSON', expected: expectedArguments });
  }
  return {
    ok: true,
    status: success ? 'success' : 'failed',
    evidence: {
      type: 'MCP',
      mcp: {
        toolName: toolName.trim(),
        result: mcp.result ?? null,
        success,
        ...(mcp.arguments !== undefined && mcp.arguments !== null ? { arguments: mcp.arguments } : {}),
      },
    },
  };
}

function checkUserInput(userInput: unknown, now: Date): EvidenceResult {
  if (!isObject(userInput) || typeof userInput.confirmation !== 'string' || userInput.confirmation.trim() === '') {
    return reject('MISSING_FIELD', { reason: 'EVIDENCE_MISSING', type: 'USER_INPUT' });
  }
  const confirmation = userInput.confirmation;
  if (utf8Bytes(confirmation) > MAX_TEXT_FIELD_BYTES) {
    return invalid('userInput.confirmation', { rule: 'MAX_BYTES', bytes: MAX_TEXT_FIELD_BYTES });
  }
  let timestamp = now.toISOString();
  const sent = userInput.timestamp;
  if (sent !== undefined && sent !== null) {
    const parsed = typeof sent === 'string' ? Date.parse(sent) : Number.NaN;
    if (Number.isNaN(parsed)) {
      return invalid('userInput.timestamp', { rule: 'ISO_DATE_TIME' });
    }
    timestamp = new Date(parsed).toISOString();
  }
  return {
    ok: true,
    status: isDeclinedConfirmation(confirmation) ? 'failed' : 'success',
    evidence: { type: 'USER_INPUT', userInput: { confirmation, timestamp } },
  };
}

function checkComment(comment: unknown, challenge: Challenge): EvidenceResult {
  if (!isObject(comment) || typeof comment.text !== 'string' || comment.text.trim() === '') {
    return reject('MISSING_FIELD', { reason: 'EVIDENCE_MISSING', type: 'COMMENT' });
  }
  const text = comment.text;
  if (utf8Bytes(text) > MAX_TEXT_FIELD_BYTES) {
    return invalid('comment.text', { rule: 'MAX_BYTES', bytes: MAX_TEXT_FIELD_BYTES });
  }
  const minLength = commentMinLength(challenge);
  // Characters (code points) after trimming, so padding with spaces does not count.
  if ([...text.trim()].length < minLength) return reject('COMMENT_TOO_SHORT', { reason: 'COMMENT_TOO_SHORT', minLength });
  return { ok: true, status: 'success', evidence: { type: 'COMMENT', comment: { text } } };
}

/** Why a value cannot be stored and hashed as JSON, or null when it can. */
function jsonProblem(value: unknown): FieldRequirement | null {
  if (value === undefined || value === null) return null;
  try {
    return utf8Bytes(canonicalJson(value)) > MAX_MCP_JSON_BYTES ? { rule: 'MAX_JSON_BYTES', bytes: MAX_MCP_JSON_BYTES } : null;
  } catch (error) {
    if (error instanceof CanonicalJsonError) return { rule: 'PLAIN_JSON', problem: error.message };
    throw error;
  }
}

function reject(errorCode: SolutionErrorCode, refusal: SolutionRefusal): Rejection {
  return { ok: false, errorCode, refusal };
}

function invalid(field: SolutionField, requirement: FieldRequirement): Rejection {
  return reject('INVALID_FIELD', { reason: 'INVALID_FIELD', field, requirement });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
