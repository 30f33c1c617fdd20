import type { ProposalIntent, ProposalReason } from '../proposals/proposal-types.js';
import type { PromptRecord, RunEventRecord } from '../store/run-store.js';

/** Emitted after a memory write commits. JSON-safe so it can cross processes unchanged. */
export interface MemoryEvent {
  type: 'MINTED' | 'UPDATED' | 'DELETED';
  uri: string;
  space: string;
  /** ISO-8601 commit time. */
  at: string;
}

/** One step of a run's history, numbered per run so a reconnecting client can resume. */
export type RunEvent = Omit<RunEventRecord, 'at'> & { at: string };

/** A user_input challenge waiting for (or no longer waiting for) a person. */
export type ChallengePrompt = Omit<PromptRecord, '_id' | 'createdAt' | 'at'> & { promptId: string; createdAt: string; at: string };

export function toChallengePrompt(prompt: PromptRecord): ChallengePrompt {
  const { _id, createdAt, at, ...rest } = prompt;
  return { ...rest, promptId: _id, createdAt: createdAt.toISOString(), at: at.toISOString() };
}

/** A proposal was staged or decided (applied, rejected, expired), after the change commits. */
export interface ProposalEvent {
  type: 'STAGED' | 'APPLIED' | 'REJECTED' | 'EXPIRED';
  stagingId: string;
  space: string;
  intent: ProposalIntent;
  files: string[];
  /** The reason code of a rejection or expiry (`USER_REJECTED`, `TTL_EXPIRED`), else null. */
  reason: ProposalReason | null;
  /** ISO-8601 commit time. */
  at: string;
}

/** A token was revoked: every process ends the streams and sockets that use it, and forgets it. */
export interface CredentialEvent {
  tokenId: string;
  /** ISO-8601 revocation time. */
  at: string;
}

/** Every topic, with the id that scopes it (`memory:<space>`, `run:<runId>`, `prompt:<space>`). */
export type EventTopics = {
  memory: [space: string, event: MemoryEvent];
  run: [runId: string, event: RunEvent];
  prompt: [space: string, prompt: ChallengePrompt];
  proposal: [space: string, event: ProposalEvent];
  credential: [scope: 'revoked', event: CredentialEvent];
};

// The bus itself (in-process, or Redis across server processes) lives in event-bus.ts.
export { type ConnectedEventBus, createEventBus, type EventBus } from './event-bus.js';
