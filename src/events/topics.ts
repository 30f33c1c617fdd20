import type { ProposalIntent, ProposalReason, ProposalStatus } from '../proposals/proposal-types.js';
import type { PromptRecord, RunEventRecord, RunStatus } from '../store/run-store.js';

/** Emitted after a memory write commits. JSON-safe so it can cross processes unchanged. */
export interface MemoryEvent {
  type: 'MINTED' | 'UPDATED' | 'DELETED' | 'RESTORED';
  uri: string;
  space: string;
  /** The version the write produced (for DELETED: the tombstone's, one past the last stored). */
  version: number;
  /** ISO-8601 commit time. */
  at: string;
}

/** One step of a run's history, numbered per run so a reconnecting client can resume. */
export type RunEvent = Omit<RunEventRecord, 'at'> & { at: string };

/** The run events that change a run's place in a list of runs: the `runEvents` feed carries these. */
export const RUN_LIFECYCLE_EVENT_TYPES = ['STARTED', 'COMPLETED', 'ATTESTED', 'EXPIRED'] as const;
export type RunLifecycleEventType = (typeof RUN_LIFECYCLE_EVENT_TYPES)[number];

/** A run started, completed, was attested or expired, after the change commits. */
export interface RunLifecycleEvent {
  type: RunLifecycleEventType;
  runId: string;
  space: string;
  principalId: string;
  protocolLabel: string;
  /** The run's status after the change. */
  status: RunStatus;
  stepCount: number;
  /** The event's number in the run's own history (as in runProgress). */
  seq: number;
  /** ISO-8601 commit time. */
  at: string;
}

/** A user_input challenge waiting for (or no longer waiting for) a person. */
export type ChallengePrompt = Omit<PromptRecord, '_id' | 'createdAt' | 'at'> & { promptId: string; createdAt: string; at: string };

/** A proposal was staged or decided (applied, rejected, expired), after the change commits. */
export interface ProposalEvent {
  type: ProposalStatus;
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

/**
 * Protocols whose searchable content changed in one space (mint, update, delete, restore, an
 * applied proposal), published by the process that wrote them once their vectors are stored;
 * every other process re-reads those chains into its in-process search index.
 */
export interface SearchIndexEvent {
  /** The writing process's index (it skips its own events). */
  origin: string;
  space: string;
  /** The space's search-change stamp after this write (src/store/search-change-store.ts). */
  seq: number;
  /** Chain ids to re-read; null: too many to list, re-read the whole space. */
  chainIds: string[] | null;
}

/** Every topic, with the id that scopes it (`memory:<space>`, `run:<runId>`, `runLifecycle:<space>`, `prompt:<space>`). */
export type EventTopics = {
  memory: [space: string, event: MemoryEvent];
  run: [runId: string, event: RunEvent];
  runLifecycle: [space: string, event: RunLifecycleEvent];
  prompt: [space: string, prompt: ChallengePrompt];
  proposal: [space: string, event: ProposalEvent];
  credential: [scope: 'revoked', event: CredentialEvent];
  searchIndex: [scope: 'changed', event: SearchIndexEvent];
};
