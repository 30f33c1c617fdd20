/**
 * The closed lists of a run, each one `as const` array: the schema enums (src/schema/run.ts),
 * the stored records (src/store/run-store.ts) and the messages derive their types from these.
 *
 * Failure has three spellings because they are three published things: an attest `Outcome` is
 * `FAILURE`, a `ProofStatus` is `FAILED`, and a stored proof record says `failed` (it is hashed,
 * so its words cannot change without breaking every proof chain already stored).
 */

/** Where a run stands. */
export const RUN_STATUSES = ['ACTIVE', 'COMPLETED', 'ATTESTED', 'EXPIRED'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** One entry of a run's numbered history (runProgress). */
export const RUN_EVENT_TYPES = [
  'STARTED',
  'STEP_PROVEN',
  'STEP_FAILED',
  'PROOF_MISSING',
  'MAX_RETRIES',
  'PROMPT_ISSUED',
  'PROMPT_ANSWERED',
  'COMPLETED',
  'ATTESTED',
  'EXPIRED',
] as const;
export type RunEventType = (typeof RUN_EVENT_TYPES)[number];

/** The call a run answer tells the agent to make next (`nextCall.operation`). */
export const NEXT_OPERATIONS = ['NEXT', 'ATTEST', 'BEGIN', 'UPDATE_MEMORIES', 'NONE'] as const;
export type NextOperation = (typeof NEXT_OPERATIONS)[number];

/** A user_input prompt waiting for a person, answered, or closed with its run. */
export const PROMPT_STATUSES = ['OPEN', 'ANSWERED', 'EXPIRED'] as const;
export type PromptStatus = (typeof PROMPT_STATUSES)[number];

/** A proof as the API shows it; stored records spell it `success` / `failed` (proof-record.ts). */
export const PROOF_STATUSES = ['SUCCESS', 'FAILED'] as const;
export type ProofStatus = (typeof PROOF_STATUSES)[number];

/** Who produced a proof: the agent through `next`, or a person through `answerPrompt`. */
export const PROOF_SOURCES = ['AGENT', 'HUMAN'] as const;
export type ProofSource = (typeof PROOF_SOURCES)[number];

/** The verdict a caller gives in `attest`. */
export const OUTCOMES = ['SUCCESS', 'FAILURE'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Attests (or proofs) of one memory, by outcome, as `memory_usage` counts them (src/runs/quality.ts). */
export interface OutcomeCounts {
  attempts: number;
  successes: number;
  failures: number;
  /** Graded attests: how many, and the sum of their ranking scores (`rankingRewardScore`). */
  rewards?: { graded: number; scoreSum: number };
}
