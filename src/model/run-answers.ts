/**
 * What the run rules answer, as data: codes, URIs, counts and the next operation. No sentence
 * lives here; each door's renderer (src/render/) words a notice and an instruction its own way,
 * so the rules never learn which door asked. Stored proofs keep these shapes (run-store.ts), so
 * a replayed answer is worded by the door that asks for it again.
 */
import type { Grading } from './grading.js';
import type { ChallengeType, TensorOutputSpec } from '../protocol/challenge.js';
import type { NextOperation, Outcome } from './run-enums.js';
import type { StepErrorCode } from './refusal-codes.js';

/**
 * How a slug that named protocols in several readable spaces was resolved: the caller's default
 * space held one (`DEFAULT_SPACE`), which was taken; the candidates include it. Kept with the run
 * so every answer of the run can say so (KAIROS 4's `slug_disambiguation_note`).
 */
export const SLUG_CHOICE_RULES = ['DEFAULT_SPACE'] as const;
export type SlugChoiceRule = (typeof SLUG_CHOICE_RULES)[number];

export interface SlugChoice {
  key: string;
  rule: SlugChoiceRule;
  chosen: { chainId: string; space: string };
  candidates: { chainId: string; space: string }[];
}

/** The call an answer prescribes, machine-readable (`nextCall`). */
export interface NextCall {
  operation: NextOperation;
  uri: string | null;
  runId: string | null;
}

/** The proof a skipped pending step still needs (MISSING_PROOF), by challenge type. */
export type MissingProof =
  | { type: 'SHELL'; invocation: string }
  /** `prompt` null: the step wrote none. */
  | { type: 'USER_INPUT'; prompt: string | null }
  /** Only a person can answer: their reply arrives through answerPrompt. */
  | { type: 'HUMAN'; promptId: string; prompt: string | null }
  /** `toolName` null: the challenge names none. */
  | { type: 'MCP'; toolName: string | null }
  | { type: 'COMMENT'; minLength: number }
  | { type: 'TENSOR'; name: string };

/** What the caller is told to do next (`nextAction` in words, `nextCall` as data). */
export type Instruction =
  | { kind: 'CALL_NEXT'; uri: string; runId: string }
  | { kind: 'CALL_ATTEST'; uri: string; runId: string }
  /** The agent waits for a person's answerPrompt, then calls next without a solution. */
  | { kind: 'AWAIT_HUMAN'; uri: string; runId: string; promptId: string; prompt: string }
  | { kind: 'RETRY_NEXT'; uri: string; runId: string }
  /** After MAX_RETRIES_EXCEEDED: fix the step, attest failure, or ask the user (nothing prescribed). */
  | { kind: 'RECOVERY_OPTIONS'; uri: string; runId: string }
  | { kind: 'PROVE_MISSING'; uri: string; runId: string; proof: MissingProof }
  | { kind: 'BEGIN_AGAIN'; uri: string }
  | { kind: 'RUN_FINISHED'; runId: string }
  /** Words already written, shown as they are: an answer stored by 0.2. */
  | { kind: 'TEXT'; text: string; nextCall: NextCall };

/** What a field of a solution must be (INVALID_FIELD). */
export type FieldRequirement =
  | { rule: 'INTEGER' }
  | { rule: 'STRING' }
  | { rule: 'BOOLEAN' }
  | { rule: 'DURATION' }
  | { rule: 'ISO_DATE_TIME' }
  | { rule: 'MAX_BYTES'; bytes: number }
  | { rule: 'MAX_JSON_BYTES'; bytes: number }
  | { rule: 'PLAIN_JSON'; problem: string }
  /** KAIROS 4 contracts: a tensor's name, its value (a finite number or array of numbers, shaped as the contract says), an mcp contract's arguments. */
  | { rule: 'EQUALS'; expected: string }
  | { rule: 'TENSOR_VALUE'; maxValues: number; shape: readonly number[] | null }
  /** A typed (KAIROS `output`) tensor: the value's type and bounds. */
  | { rule: 'TENSOR_OUTPUT'; output: TensorOutputSpec }
  /** The run's tensor values together would pass their cap (`bytes`); `held` are proven already. */
  | { rule: 'MAX_RUN_TENSOR_BYTES'; bytes: number; held: number }
  | { rule: 'CONTAINS_JSON'; expected: unknown };

/** A solution field, named in this API's camelCase; each door spells it. */
export type SolutionField =
  | 'shell.exitCode'
  | 'shell.stdout'
  | 'shell.stderr'
  | 'shell.durationSeconds'
  | 'mcp.toolName'
  | 'mcp.success'
  | 'mcp.arguments'
  | 'mcp.result'
  | 'userInput.confirmation'
  | 'userInput.timestamp'
  | 'comment.text'
  | 'tensor.name'
  | 'tensor.value';

/** Why checkSolution refused a solution; its StepErrorCode travels beside it. */
export type SolutionRefusal =
  | { reason: 'UNKNOWN_TYPE' }
  | { reason: 'NONCE_MISSING' }
  | { reason: 'NONCE_MISMATCH' }
  | { reason: 'PROOF_HASH_MISSING' }
  | { reason: 'PROOF_HASH_MISMATCH' }
  | { reason: 'TYPE_MISMATCH'; expected: ChallengeType; given: ChallengeType }
  | { reason: 'HUMAN_CONFIRMATION_REQUIRED' }
  /** The type's evidence, or the one field it cannot do without, is absent. */
  | { reason: 'EVIDENCE_MISSING'; type: ChallengeType }
  | { reason: 'MCP_TOOL_NAME_MISSING' }
  | { reason: 'INVALID_FIELD'; field: SolutionField; requirement: FieldRequirement }
  | { reason: 'TOOL_MISMATCH'; expected: string; given: string }
  | { reason: 'COMMENT_TOO_SHORT'; minLength: number }
  /** A required shell or MCP proof reported failure. */
  | { reason: 'PROOF_FAILED' }
  | { reason: 'USER_DECLINED' };

/** The `message` of an answer, as data. */
export type RunNotice =
  | { kind: 'STEPS_COMPLETE' }
  | { kind: 'SINGLE_STEP' }
  | { kind: 'REDIRECTED_TO_FIRST_STEP' }
  | { kind: 'ALREADY_SETTLED' }
  | { kind: 'STEP_NOT_IN_RUN'; uri: string }
  | { kind: 'RUN_NOT_FOUND'; runId: string }
  | { kind: 'RUN_CLOSED'; runId: string }
  | { kind: 'MAX_RETRIES'; retryCount: number }
  | { kind: 'MISSING_PROOF'; uri: string; label: string | null; proof: MissingProof }
  | { kind: 'SOLUTION_REFUSED'; refusal: SolutionRefusal }
  | { kind: 'INCOMPLETE_RUN'; stepIndex: number; stepCount: number }
  | { kind: 'NONCE_REUSED'; stepIndex: number }
  /** A tensor contract's `condition` (KAIROS 4) does not hold: its step was passed over without a proof. */
  | { kind: 'CONDITION_FALSE'; stepIndex: number; condition: string }
  /** Words a caller wrote (attest's message), or a message stored by 0.2: shown as they are. */
  | { kind: 'TEXT'; text: string };

/** What a challenge's `description` says: its own type's text, the default comment's, or words stored by 0.2. */
export type ChallengeDescription = { kind: 'OF_CHALLENGE' } | { kind: 'DEFAULT_COMMENT' } | { kind: 'TEXT'; text: string };

/** The challenge as shown with a step. Absent parts are `null`, not missing. */
export interface ChallengeView {
  type: ChallengeType;
  description: ChallengeDescription;
  required: boolean;
  /** `null` only when no proof is expected any more (every step settled). */
  nonce: string | null;
  /** Always the value to echo as `solution.proofHash`. */
  proofHash: string;
  /** Set for user_input challenges, so a person can answer through `answerPrompt`. */
  promptId: string | null;
  shell: ShellChallengeView | null;
  mcp: { toolName: string; arguments?: unknown; expectedResult: unknown } | null;
  userInput: { prompt: string; requireHuman: boolean } | null;
  comment: { minLength: number } | null;
  tensor: TensorChallengeView | null;
  /**
   * The values of the earlier tensor outputs the pending tensor contract requires, by name
   * (KAIROS 4 `tensor_in`); null when it requires none. Absent from answers stored before it.
   */
  tensorIn?: Record<string, unknown> | null;
}

export interface TensorChallengeView {
  name: string;
  shape: number[] | null;
  requiredInputs: string[];
  /** Declared by the contract (KAIROS's form); null in our own form (numbers, as `shape` says). */
  output: TensorOutputSpec | null;
  merge: string | null;
  condition: string | null;
}

export interface ShellChallengeView {
  cmd: string;
  timeoutSeconds: number;
  interpreter: string | null;
  flags: string[] | null;
  args: string[] | null;
  workdir: string | null;
  invocationDisplay: string;
}

export interface CurrentStep {
  uri: string;
  /** The step body, BODY markers honoured. */
  content: string;
  mimeType: 'text/markdown';
  stepIndex: number;
  stepCount: number;
  /** The step's heading; null when it has none. */
  label?: string | null;
  /** The protocol's title and space, as the run recorded them (set by the run service). */
  protocolLabel?: string | null;
  space?: string | null;
  /** How the slug that began the run was resolved, when it named protocols in several spaces (set by the run service). */
  slugChoice?: SlugChoice | null;
}

/** The answer of begin, next and answerPrompt, as data. */
export interface StepAnswer {
  /** True unless retries are exhausted: the agent must follow the instruction verbatim. */
  mustObey: boolean;
  runId: string;
  /** Null only for run-level answers (RUN_NOT_FOUND, RUN_CLOSED) that show no step. */
  currentStep: CurrentStep | null;
  /** Null exactly when `currentStep` is. */
  challenge: ChallengeView | null;
  notice: RunNotice | null;
  instruction: Instruction;
  /** Hash of the proof just stored (success only); equal to `challenge.proofHash`. */
  proofHash: string | null;
  errorCode: StepErrorCode | null;
  retryCount: number;
}

/** The answer of attest, as data. */
export interface AttestAnswer {
  runId: string;
  uri: string;
  outcome: Outcome;
  /** The caller's message (TEXT) when rated; the reason otherwise. */
  notice: RunNotice;
  /** The bonus recorded (0 when nothing was rated). */
  qualityBonus: number;
  /** ISO 8601; null when nothing was rated. */
  ratedAt: string | null;
  errorCode: StepErrorCode | null;
  instruction: Instruction;
  /** How the run was graded; absent when nothing was rated and for runs attested before it. */
  grading?: Grading | null;
}

/** The machine-readable twin of an instruction. */
export function nextCallOf(instruction: Instruction): NextCall {
  switch (instruction.kind) {
    case 'CALL_NEXT':
    case 'AWAIT_HUMAN':
    case 'RETRY_NEXT':
    case 'PROVE_MISSING':
      return { operation: 'NEXT', uri: instruction.uri, runId: instruction.runId };
    case 'CALL_ATTEST':
      return { operation: 'ATTEST', uri: instruction.uri, runId: instruction.runId };
    case 'RECOVERY_OPTIONS':
      // `mustObey` is false here and the agent chooses; the uri is the failing step every option refers to.
      return { operation: 'NONE', uri: instruction.uri, runId: instruction.runId };
    case 'BEGIN_AGAIN':
      return { operation: 'BEGIN', uri: instruction.uri, runId: null };
    case 'RUN_FINISHED':
      return { operation: 'NONE', uri: null, runId: instruction.runId };
    case 'TEXT':
      return instruction.nextCall;
  }
}
