import { builder } from '../builder.js';
import type { MemoryEvent } from '../events/topics.js';
import type { BatchItemResult, DeleteMemoriesResult, UpdateMemoriesResult } from '../services/memory-service.js';
import type { ChainInfo, MemoryCategory, MemoryRecord } from '../store/memory-store.js';
import { layerUri } from '../model/kairos-uri.js';
import type { UnreadContractKey, WriteNotice, WriteNoticeCode } from '../model/write-notices.js';
import { ChallengeRef } from './challenge.js';
import { connectionType } from './connection.js';

export const MemoryCategoryEnum = builder.enumType('MemoryCategory', {
  description:
    'What a memory is: a protocol step (minted with `mint`, edited with `updateMemories`), or a project-memory document (changed through `proposeUpdate`, read with `memoryContext`).',
  values: {
    PROTOCOL_STEP: { description: 'One step of a minted protocol.' },
    CONVENTION: { description: 'Project memory: conventions.md (and config/memory-schema.json).' },
    DECISION: { description: 'Project memory: decisions.md.' },
    PITFALL: { description: 'Project memory: pitfalls.md.' },
    MODULE: { description: 'Project memory: modules/<name>.md.' },
    SESSION_LOG: { description: 'Project memory: sessions/<YYYY-MM-DD>.md (UTC).' },
    CURRENT: { description: 'Project memory: current/<name>.md, the state of a branch or line of work.' },
    SHARED: { description: 'Project memory: shared.md, current state shared by every line of work.' },
    ARCHIVE: { description: 'Project memory: archive/<name>.md, written once.' },
  } as const satisfies Record<MemoryCategory, { description: string }>,
});

const ChainInfoRef = builder.objectRef<ChainInfo>('ChainInfo').implement({
  description: 'Where a protocol step sits in its chain.',
  fields: (t) => ({
    chainId: t.exposeID('chainId', { description: 'The protocol (`Protocol.chainId`), shared by all its steps.' }),
    label: t.exposeString('label', { description: 'The protocol title.' }),
    stepIndex: t.exposeInt('stepIndex', { description: '1-based position of this step.' }),
    stepCount: t.exposeInt('stepCount', { description: 'Steps in the protocol.' }),
    slug: t.exposeString('slug', { description: 'The protocol key, for `begin(input: { key })`.' }),
    protocolVersion: t.exposeString('protocolVersion', { nullable: true, description: "The author's version (frontmatter or `MintInput.protocolVersion`), if any." }),
  }),
});

export const MemoryRef = builder.objectRef<MemoryRecord>('Memory').implement({
  description: 'One stored memory: a step of a protocol, or a project-memory document (with a path).',
  fields: (t) => ({
    id: t.exposeID('_id', { description: 'The id in the URI.' }),
    uri: t.exposeString('uri', { description: 'kairos://mem/{id}: how every call names this memory.' }),
    layerUri: t.string({
      nullable: true,
      description: 'For protocol steps: kairos://layer/{id}, the KAIROS 4 name of this step (accepted wherever `uri` is; add `?execution_id={runId}` to name a run).',
      resolve: (memory) => (memory.chain ? layerUri(memory._id) : null),
    }),
    space: t.exposeString('space', { description: 'The space it lives in.' }),
    label: t.exposeString('label', { description: 'The step heading, or the document title.' }),
    text: t.exposeString('text', { description: 'The markdown body.' }),
    tags: t.exposeStringList('tags', { description: 'Tags, for search and filtering (`MemoryFilter.tag`).' }),
    category: t.field({ type: MemoryCategoryEnum, description: 'What kind of memory this is.', resolve: (memory) => memory.category }),
    chain: t.field({ type: ChainInfoRef, nullable: true, description: 'For protocol steps: the protocol and the position in it; null for project memory.', resolve: (memory) => memory.chain }),
    challenge: t.field({ type: ChallengeRef, nullable: true, description: 'For protocol steps: how a run proves this step; null when the step has none (a run then offers an optional comment).', resolve: (memory) => memory.challenge }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was created.', resolve: (memory) => memory.createdAt }),
    createdBy: t.exposeID('createdBy', { description: 'The principal who created it.' }),
    updatedAt: t.field({ type: 'DateTime', description: 'When it was last written.', resolve: (memory) => memory.updatedAt }),
    updatedBy: t.exposeID('updatedBy', { description: 'The principal who last wrote it.' }),
    version: t.exposeInt('version', { description: 'Incremented on every write.' }),
    path: t.string({
      nullable: true,
      description: 'Project-memory documents only: the document path, unique per space (decisions.md).',
      resolve: (memory) => memory.path ?? null,
    }),
  }),
});

builder.queryField('memory', (t) =>
  t.field({
    type: MemoryRef,
    nullable: true,
    description:
      'A memory by URI, as it is now (null when it does not exist in a space you can read); with `version`, as it was at that version (history: needs read and write access to its space, else `FORBIDDEN`).',
    args: {
      uri: t.arg.string({ required: true, description: 'kairos://mem/{id}' }),
      version: t.arg.int({ description: 'A past version (see `Memory.versions`); null when not kept or when that version records a deletion.' }),
    },
    resolve: (_root, args, ctx) => (args.version == null ? ctx.reader.memory(args.uri) : ctx.services.history.memoryAt(ctx.viewer, args.uri, args.version)),
  }),
);

const MemoryConnectionRef = connectionType('Memory', MemoryRef, 'Memories matching the filter, across all pages.');

const MemoryFilterInput = builder.inputType('MemoryFilter', {
  description: 'Narrows `memories`; every field is optional and they combine.',
  fields: (t) => ({
    space: t.string({ description: 'One space you can read ("personal" is your own); omitted: all of them.' }),
    category: t.field({ type: MemoryCategoryEnum, description: 'Only this category.' }),
    chainId: t.id({ description: 'Only the steps of this protocol (`Protocol.chainId`).' }),
    tag: t.string({ description: 'Only memories with this tag.' }),
  }),
});

builder.queryField('memories', (t) =>
  t.field({
    type: MemoryConnectionRef,
    description: 'Memories in creation order, in the spaces you can read. To find a protocol for a task, use `search`; to read project memory for a task, use `memoryContext`. Codes: `FORBIDDEN` (a space you cannot read), `BAD_USER_INPUT` (`first` out of range, a foreign cursor).',
    args: {
      filter: t.arg({ type: MemoryFilterInput, description: 'Which memories.' }),
      first: t.arg.int({ description: 'Page size (default 50, at most 500).' }),
      after: t.arg.string({ description: '`PageInfo.endCursor` of the previous page.' }),
    },
    resolve: (_root, args, ctx) => ctx.reader.list({ ...args.filter, first: args.first, after: args.after }),
  }),
);

const BatchItemStatusEnum = builder.enumType('BatchItemStatus', {
  description: 'What happened to one URI of `updateMemories` or `deleteMemories`.',
  values: {
    UPDATED: { description: 'Written as a new version.' },
    DELETED: { description: 'Deleted (restorable with `restoreMemory`).' },
    ERROR: { description: 'Nothing written for this URI; `message` says why (not found, read-only space, project memory, an invalid field, a concurrent write).' },
  } as const,
});

const BatchItemResultRef = builder.objectRef<BatchItemResult<'UPDATED' | 'DELETED'>>('BatchItemResult').implement({
  description: 'The outcome for one URI of a batch call.',
  fields: (t) => ({
    uri: t.exposeString('uri', { description: 'The URI as sent.' }),
    status: t.field({ type: BatchItemStatusEnum, description: 'What happened to it.', resolve: (item) => item.status }),
    message: t.exposeString('message', { description: 'For people: what was done, or why not, e.g. "Failed to update memory: Memory not found".' }),
  }),
});

const UpdateMemoriesInput = builder.inputType('UpdateMemoriesInput', {
  description: 'Which steps to change, and how: exactly one of `markdownDoc` (one document per URI) or `updates` (the same fields for every URI).',
  fields: (t) => ({
    uris: t.stringList({ required: true, description: 'Protocol steps (kairos://mem/{id}), 1 to 1000, each at most once.' }),
    markdownDoc: t.stringList({
      description: 'One markdown document per URI, in the same order: the new step body; a challenge block in it (a fenced json block, as in `mint`) replaces the stored challenge (at most one block, at most 1 MB each).',
    }),
    updates: t.field({
      type: 'JSON',
      description: 'An object of fields to set on every URI, some of: `text` (markdown), `label` (the heading), `tags` (a list of strings), `challenge` (the JSON of a challenge block, or null to remove it). Other keys fail each URI.',
    }),
  }),
});

const WriteNoticeCodeEnum = builder.enumType('WriteNoticeCode', {
  description: 'What a write notice is about.',
  values: {
    CONTRACT_KEYS_NOT_READ: {
      description:
        "A step's challenge (contract) has keys this server does not read: kept as written (as KAIROS 4 keeps any key) and rendered back, but the step behaves as if they were absent. Often a typo, e.g. \"user_input.requred_human\".",
    },
  } as const satisfies Record<WriteNoticeCode, { description: string }>,
});

const UnreadContractKeyRef = builder.objectRef<UnreadContractKey>('UnreadContractKey').implement({
  description: 'A challenge key this server does not read.',
  fields: (t) => ({
    path: t.exposeString('path', { description: 'Where it sits in the authored JSON, e.g. "user_input.requred_human" or "shell.timout".' }),
    readThere: t.stringList({ description: 'The keys this server reads at that place.', resolve: (key) => [...key.readThere] }),
  }),
});

export const WriteNoticeRef = builder.objectRef<WriteNotice>('WriteNotice').implement({
  description: 'Something a write stored that its author should know about; nothing was refused.',
  fields: (t) => ({
    code: t.field({ type: WriteNoticeCodeEnum, description: 'What it is about: branch on this.', resolve: (notice) => notice.code }),
    uri: t.exposeString('uri', { description: 'The step it concerns (kairos://mem/{id}).' }),
    keys: t.field({ type: [UnreadContractKeyRef], description: 'For `CONTRACT_KEYS_NOT_READ`: the keys, in the order written.', resolve: (notice) => notice.keys }),
    message: t.string({ description: 'For the author: what was kept and what to do about it.', resolve: (notice, _args, ctx) => ctx.renderer.writeNotice(notice) }),
  }),
});

const UpdateMemoriesPayloadRef = builder.objectRef<UpdateMemoriesResult>('UpdateMemoriesPayload').implement({
  description: 'One result per URI, in the order sent. A failed URI does not stop the others.',
  fields: (t) => ({
    results: t.field({ type: [BatchItemResultRef], description: 'The outcome for each URI, in order.', resolve: (payload) => payload.results }),
    totalUpdated: t.exposeInt('totalUpdated', { description: 'URIs written.' }),
    totalFailed: t.exposeInt('totalFailed', { description: 'URIs with status `ERROR`.' }),
    notices: t.field({
      type: [WriteNoticeRef],
      description: 'For the author, per step written: challenge keys kept but not read (a typo shows here). Empty when there is nothing to say.',
      resolve: (payload) => payload.notices,
    }),
  }),
});

builder.mutationField('updateMemories', (t) =>
  t.field({
    type: UpdateMemoriesPayloadRef,
    description:
      'Edits protocol steps in spaces you can write: fix a step whose instructions or challenge are wrong (e.g. after `MAX_RETRIES_EXCEEDED`). Each URI gets its own result (`UPDATED` or `ERROR` with a message) and a new version (see `Memory.versions`, undo with `restoreMemory`). ' +
      'Runs already begun keep the step as it was; the next `begin` uses the fix. Project-memory documents are refused per URI: change them with `proposeUpdate`. ' +
      'Codes (GraphQL errors; nothing written): `BAD_USER_INPUT` (no URIs or more than 1000, both or neither of `markdownDoc` and `updates`, `markdownDoc` not one per URI, `updates` not a non-empty object).',
    args: { input: t.arg({ type: UpdateMemoriesInput, required: true, description: 'The steps and the change.' }) },
    resolve: (_root, { input }, ctx) => ctx.services.memories.updateMemories(ctx.viewer, input),
  }),
);

const DeleteMemoriesInput = builder.inputType('DeleteMemoriesInput', {
  description: 'The steps to delete.',
  fields: (t) => ({
    uris: t.stringList({ required: true, description: 'Protocol steps (kairos://mem/{id}), 1 to 1000, each at most once.' }),
  }),
});

const DeleteMemoriesPayloadRef = builder.objectRef<DeleteMemoriesResult>('DeleteMemoriesPayload').implement({
  description: 'One result per URI, in the order sent. A failed URI does not stop the others.',
  fields: (t) => ({
    results: t.field({ type: [BatchItemResultRef], description: 'The outcome for each URI, in order.', resolve: (payload) => payload.results }),
    totalDeleted: t.exposeInt('totalDeleted', { description: 'URIs deleted.' }),
    totalFailed: t.exposeInt('totalFailed', { description: 'URIs with status `ERROR`.' }),
  }),
});

builder.mutationField('deleteMemories', (t) =>
  t.field({
    type: DeleteMemoriesPayloadRef,
    description:
      'Deletes protocol steps in spaces you can write, in one transaction; the remaining steps of each protocol are renumbered so it stays runnable without a gap. Each URI gets its own result (`DELETED` or `ERROR` with a message). ' +
      'Deleted steps stay restorable with `restoreMemory` (find them with `deletedMemories`). Project-memory documents are refused per URI: use `proposeUpdate`. ' +
      'Codes (GraphQL errors; nothing deleted): `BAD_USER_INPUT` (no URIs, or more than 1000).',
    args: { input: t.arg({ type: DeleteMemoriesInput, required: true, description: 'The steps to delete.' }) },
    resolve: (_root, { input }, ctx) => ctx.services.memories.deleteMemories(ctx.viewer, input),
  }),
);

const MemoryEventTypeEnum = builder.enumType('MemoryEventType', {
  description: 'What a memory write did, as `memoryEvents` reports it.',
  values: {
    MINTED: { description: 'Created (a minted step or a new project document).' },
    UPDATED: { description: 'Changed: content, or its position after a step of its protocol was deleted or restored.' },
    DELETED: { description: 'Deleted; restorable with `restoreMemory` (see `deletedMemories`). Also sent to the space a protocol left with `moveProtocol` (its space is the one left; the target space gets UPDATED).' },
    RESTORED: { description: 'A past version written back by `restoreMemory` (a deleted memory brought back, or old content).' },
  } as const satisfies Record<MemoryEvent['type'], { description: string }>,
});

const MemoryEventRef = builder.objectRef<MemoryEvent>('MemoryEvent').implement({
  description: 'A memory write, sent after it commits.',
  fields: (t) => ({
    type: t.field({ type: MemoryEventTypeEnum, description: 'What the write did.', resolve: (event) => event.type }),
    uri: t.exposeString('uri', { description: 'The memory written; read it with `memory(uri)`.' }),
    space: t.exposeString('space', { description: 'Its space.' }),
    version: t.exposeInt('version', { description: 'The version the write produced (DELETED: the deletion record, one past the last content version).' }),
    at: t.field({ type: 'DateTime', description: 'When the write committed.', resolve: (event) => event.at }),
  }),
});

builder.subscriptionField('memoryEvents', (t) =>
  t.field({
    type: MemoryEventRef,
    description: 'Memory writes (minted, updated, deleted) in one space or, space omitted, every space you can read; live only. Answers `FORBIDDEN` for a space you cannot read.',
    args: { space: t.arg.string({ description: 'A space id, or "personal" for your own; omitted: every space you can read.' }) },
    subscribe: (_root, args, ctx) => ctx.services.memories.watchMemoryEvents(ctx.viewer, { space: args.space }, ctx.overflow),
    resolve: (event) => event,
  }),
);
