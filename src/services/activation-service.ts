import { randomUUID } from 'node:crypto';
import type { Viewer } from '../auth/viewer.js';
import type { ActivationStore } from '../store/activation-store.js';
import { RequestError } from './errors.js';

/** After this many refinements with one execution id, `activate` stops offering the refine choice. */
export const MAX_REFINEMENTS = 2;

/** What a caller may send as an execution id: KAIROS sends a UUID; anything printable and short is accepted. */
const EXECUTION_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/** Refuses an execution id of another shape than EXECUTION_ID (`field` names it in the refusal). */
export function checkExecutionId(executionId: string, field: string): void {
  if (EXECUTION_ID.test(executionId)) return;
  if (executionId.length > 64) throw new RequestError('PAYLOAD_TOO_LARGE', `${field} must be at most 64 characters`, { field, limit: 64 });
  throw new RequestError('BAD_USER_INPUT', `${field} must be letters, digits, ".", "_", ":" or "-" (a UUID from a previous activate)`, {
    field,
  });
}

export interface Activation {
  /** The id of this activation sequence: the one sent when it is live or new, else a fresh one. */
  executionId: string;
  /** Refinements counted so far in the sequence (0 for a new one). */
  refinements: number;
  /** False once the sequence has been refined MAX_REFINEMENTS times. */
  refineOffered: boolean;
}

/**
 * KAIROS 4 `activate` sequences: each activate with an execution id the caller already
 * used counts one refinement. Counted per principal in the database, so every server process
 * (and a restarted one) agrees; another principal's id is the caller's own new sequence.
 */
export class ActivationService {
  constructor(private readonly store: ActivationStore) {}

  /**
   * `fresh`: the caller minted `executionId` just now for a new sequence (activate searches with it
   * before recording), so it is started in one write; an id already in use is counted as a refinement.
   */
  async activate(viewer: Viewer, executionId: string | null | undefined, now = new Date(), fresh = false): Promise<Activation> {
    if (executionId !== null && executionId !== undefined) checkExecutionId(executionId, 'executionId');
    if (executionId && fresh && (await this.store.startNew(viewer.principalId, executionId, now)))
      return { executionId, refinements: 0, refineOffered: true };
    if (executionId) {
      const refinements = await this.store.refine(viewer.principalId, executionId, now);
      if (refinements !== null) return { executionId, refinements, refineOffered: refinements < MAX_REFINEMENTS };
    }
    const id = executionId || randomUUID();
    await this.store.start(viewer.principalId, id, now);
    return { executionId: id, refinements: 0, refineOffered: true };
  }
}
