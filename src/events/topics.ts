import type { ProposalIntent, ProposalReason, ProposalStatus } from '../proposals/proposal-types.js';
import type { ChallengePrompt, RunEvent, RunLifecycleEvent } from '../model/run-records.js';

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
