import { builder } from '../builder.js';
import {
  type MemoryVersionView,
  type RESTORE_ERROR_CODES,
  type RestoreItemResult,
  type RestoreMemoryResult,
  versionDiff,
} from '../services/memory-history-service.js';
import { VERSION_REASONS, type VERSIONED_FIELDS } from '../store/memory-history-store.js';
import { connectionType } from './connection.js';
import { MemoryRef } from './memory.js';

const REASON_DESCRIPTIONS: Record<(typeof VERSION_REASONS)[number], string> = {
  CREATED: 'Version 1: minted with its protocol, or a seeded project document.',
  UPDATE_MEMORIES: 'Written by `updateMemories`.',
  DELETE_MEMORIES: 'Deleted by `deleteMemories`, or renumbered because a step of its protocol was.',
  MINT_FORCE: 'Deleted because `mint` with `force` true replaced its protocol.',
  PROPOSAL_APPLIED: 'Written by an applied project-memory proposal (`proposalId` says which, when it was staged).',
  RESTORE: 'Written by `restoreMemory`, or renumbered because a step was restored into its protocol.',
  SPACE_MOVE: 'Moved with its whole protocol to another space by `moveProtocol` (KAIROS 4 tune with space); its earlier versions moved with it.',
};

const MemoryVersionReasonEnum = builder.enumType('MemoryVersionReason', {
  description: 'Why a version of a memory was written.',
  values: Object.fromEntries(VERSION_REASONS.map((reason) => [reason, { description: REASON_DESCRIPTIONS[reason] }])) as Record<(typeof VERSION_REASONS)[number], { description: string }>,
});

const VersionedFieldEnum = builder.enumType('MemoryVersionField', {
  description: 'A part of a memory a write can change.',
  values: {
    TEXT: { description: 'The markdown body.' },
    LABEL: { description: 'The step label or document title.' },
    TAGS: { description: 'The tags.' },
    CHALLENGE: { description: 'The challenge (added, changed or removed).' },
    CHAIN_POSITION: { description: 'The step index or step count (a step of its protocol was deleted or restored).' },
    SPACE: { description: 'The space (the protocol was moved by `moveProtocol`).' },
  } satisfies Record<(typeof VERSIONED_FIELDS)[number], { description: string }>,
});

const MemoryVersionRef = builder.objectRef<MemoryVersionView>('MemoryVersion').implement({
  description:
    'One version of a memory: what it held, who wrote it, when and why. Restore any version with `restoreMemory(input: { uri, version })`. ' +
    'A version with deleted: true records a deletion (its memory field shows what was deleted and where it stood in its chain).',
  fields: (t) => ({
    uri: t.exposeString('uri', { description: 'The memory this is a version of.' }),
    space: t.exposeString('space', { description: 'The space of the memory.' }),
    version: t.exposeInt('version', { description: 'Version number: 1 at creation, one more per write.' }),
    memory: t.field({ type: MemoryRef, description: 'The memory as it was at this version.', resolve: (version) => version.memory }),
    reason: t.field({ type: MemoryVersionReasonEnum, description: 'Why this version was written.', resolve: (version) => version.reason }),
    proposalId: t.id({ nullable: true, description: 'The staged proposal whose apply wrote this version (reason PROPOSAL_APPLIED); null otherwise.', resolve: (version) => version.proposalId }),
    changedFields: t.field({ type: [VersionedFieldEnum], description: 'What this version changed from the one before (empty for version 1 and deletions).', resolve: (version) => version.changedFields }),
    principalId: t.exposeString('principalId', { description: 'Who wrote this version (or deleted the memory).' }),
    at: t.field({ type: 'DateTime', description: 'When this version was written.', resolve: (version) => version.at }),
    deleted: t.exposeBoolean('deleted', { description: 'True when this version records that the memory was deleted.' }),
    current: t.exposeBoolean('current', { description: 'True for the version the memory holds now.' }),
    diff: t.string({
      nullable: true,
      description:
        'A unified diff from the version before to this one, over the label, position, tags, text and challenge. ' +
        'Null for version 1, for a deletion, and when the version before is no longer kept (`KAIROS_HISTORY_DAYS`).',
      resolve: (version) => (version.previous && !version.deleted ? versionDiff(version.uri, version.previous, version.memory) : null),
    }),
  }),
});

const MemoryVersionConnectionRef = connectionType('MemoryVersion', MemoryVersionRef, 'Versions kept, across all pages.');

builder.objectField(MemoryRef, 'versions', (t) =>
  t.field({
    type: MemoryVersionConnectionRef,
    description:
      'Every kept version of this memory, newest first (the current one first). Shown only to those who can read and write its space (`FORBIDDEN` otherwise). ' +
      'Versions older than `KAIROS_HISTORY_DAYS` (default 90) are removed; the current one never is.',
    args: {
      first: t.arg.int({ description: 'Page size (default 20, at most 200).' }),
      after: t.arg.string({ description: 'endCursor of the previous page.' }),
    },
    resolve: (memory, args, ctx) => ctx.services.history.versions(ctx.viewer, memory, args),
  }),
);

builder.queryField('deletedMemories', (t) =>
  t.field({
    type: MemoryVersionConnectionRef,
    description:
      'Deleted memories not restored since, newest deletion first: each node is the deletion record (deleted: true). ' +
      'Put one back with `restoreMemory(input: { uri, version })` using its uri and version. Only spaces you can read and write are listed; ' +
      'naming a space you can read but not write answers `FORBIDDEN`.',
    args: {
      space: t.arg.string({ description: 'A space id, or "personal" for your own; omitted: every space you can write.' }),
      first: t.arg.int({ description: 'Page size (default 20, at most 200).' }),
      after: t.arg.string({ description: 'endCursor of the previous page.' }),
    },
    resolve: (_root, args, ctx) => ctx.services.history.deleted(ctx.viewer, args),
  }),
);

const RestoreStatusEnum = builder.enumType('RestoreStatus', {
  description: 'What a restore did for one memory.',
  values: {
    RESTORED: { description: 'Written back as a new version.' },
    ERROR: { description: 'Nothing written; see code.' },
  } as const satisfies Record<RestoreItemResult['status'], { description: string }>,
});

const RestoreErrorCodeEnum = builder.enumType('RestoreErrorCode', {
  description: 'Why a restore wrote nothing.',
  values: {
    NOT_FOUND: { description: 'No such memory in your spaces, or that version is not kept (never written, or expired).' },
    SPACE_READ_ONLY: { description: 'You can read the space but not write it.' },
    VERSION_CONFLICT: { description: 'The memory changed since you read it (or already is at that version, or was restored meanwhile): read it again and retry.' },
    TITLE_TAKEN: { description: 'Restoring a deleted protocol: another protocol now has its title in the space.' },
    SLUG_TAKEN: { description: 'Restoring a deleted protocol: another protocol now has its slug in the space.' },
    CHAIN_GONE: { description: 'The step was deleted alone and the rest of its protocol later: restore the protocol (its head) first.' },
  } satisfies Record<(typeof RESTORE_ERROR_CODES)[number], { description: string }>,
});

const RestoreItemResultRef = builder.objectRef<RestoreItemResult>('RestoreItemResult').implement({
  description: 'The outcome for one memory of a restore.',
  fields: (t) => ({
    uri: t.exposeString('uri', { description: 'The memory written back (all steps of a protocol restored whole), or the URI sent when nothing was written.' }),
    status: t.field({ type: RestoreStatusEnum, description: 'Restored, or not (see `code`).', resolve: (item) => item.status }),
    code: t.field({ type: RestoreErrorCodeEnum, nullable: true, description: 'Set when status is ERROR: branch on it, not on message.', resolve: (item) => item.code }),
    message: t.exposeString('message', { description: 'For people: what was written, or why not and what to do.' }),
    version: t.int({ nullable: true, description: 'The version the restore wrote; null when it wrote nothing.', resolve: (item) => item.version }),
  }),
});

const RestoreMemoryInput = builder.inputType('RestoreMemoryInput', {
  description: 'Which memory to restore, and to which of its versions (see `Memory.versions` or `deletedMemories`).',
  fields: (t) => ({
    uri: t.string({
      required: true,
      description: 'kairos://mem/{id} or kairos://layer/{id}, live or deleted; or kairos://adapter/{slug} or kairos://adapter/{chainId}: the protocol\'s step 1 (a protocol deleted whole comes back whole).',
    }),
    version: t.int({ required: true, description: 'The version whose content to write back.' }),
    expectedVersion: t.int({ description: 'The version you believe is current (for a deleted memory: its deletion, as `deletedMemories` lists it): if the memory moved on, VERSION_CONFLICT and nothing is written.' }),
  }),
});

const RestoreMemoryPayloadRef = builder.objectRef<RestoreMemoryResult>('RestoreMemoryPayload').implement({
  description: 'One result per memory written back (a deleted protocol restores all its steps), or one ERROR result.',
  fields: (t) => ({
    results: t.field({ type: [RestoreItemResultRef], description: 'One result per memory written back, or one `ERROR` result.', resolve: (payload) => payload.results }),
    totalRestored: t.exposeInt('totalRestored', { description: 'Memories written back.' }),
    totalFailed: t.exposeInt('totalFailed', { description: 'Results with status `ERROR`.' }),
  }),
});

builder.mutationField('restoreMemory', (t) =>
  t.field({
    type: RestoreMemoryPayloadRef,
    description:
      'Writes a past version of a memory back as a new version (history is never rewritten), in one transaction. ' +
      'A deleted step returns to its place in its protocol, the other steps renumbered; a protocol deleted whole returns whole. ' +
      'A conflict answers status `ERROR` with a code (`RestoreErrorCode`) and writes nothing. Needs read and write access to the space. ' +
      'Codes (GraphQL errors): `BAD_USER_INPUT` (`version` not a positive integer), `PAYLOAD_TOO_LARGE` (`uri` over 256 characters), `QUOTA_EXCEEDED` (the restored text would bring the space or you over a storage quota; nothing written).',
    args: { input: t.arg({ type: RestoreMemoryInput, required: true, description: 'The memory and the version to write back.' }) },
    resolve: (_root, { input }, ctx) => ctx.services.history.restore(ctx.viewer, input),
  }),
);
