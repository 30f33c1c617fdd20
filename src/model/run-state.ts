/**
 * A run as the pure state machine (src/runs/run-transitions.ts) sees it, and as the run document
 * stores it (src/store/run-store.ts): both import it from here.
 */
import type { Challenge } from '../protocol/challenge.js';
import type { Outcome } from './run-enums.js';

/** One step of the protocol as the run sees it (a snapshot taken at begin). */
export interface RunStep {
  uri: string;
  label?: string | null;
  /** Stored markdown body; BODY markers are applied when shown. */
  text: string;
  challenge: Challenge | null;
  /** The memory's version when the run began (absent in runs begun before history was kept). */
  version?: number;
}

/** A proven tensor contract's output, as the run keeps it. */
export interface RunTensor {
  name: string;
  value: unknown;
}

export interface RunState {
  runId: string;
  status: 'OPEN' | 'CLOSED';
  steps: readonly RunStep[];
  /** 1-based; `steps.length + 1` once every step is settled. */
  pendingStepIndex: number;
  /** Issued with the pending step's challenge; null once every step is settled. */
  pendingNonce: string | null;
  /** Set while the pending step is a user_input challenge, for answerPrompt. */
  pendingPromptId: string | null;
  /** The value to echo as `solution.proofHash`: genesis, then the last settled proof's hash. */
  lastProofHash: string;
  /**
   * The values of the run's proven tensor contracts with their output names (a later one of the
   * same name replaces it), shown to a later tensor contract that requires them. A list, not an
   * object keyed by name: an authored name is no safe document key. Absent before any.
   */
  tensors?: readonly RunTensor[];
  /** Bytes of canonical JSON of every tensor value proven in the run so far (MAX_RUN_TENSOR_BYTES bounds it). Absent before any. */
  tensorBytes?: number;
  /** Consecutive failures on the pending step. */
  retryCount: number;
  outcome: Outcome | null;
}
