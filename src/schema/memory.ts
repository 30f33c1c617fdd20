import { builder } from '../builder.js';
import type { MemoryEvent } from '../events/topics.js';
import type { BatchItemResult, DeleteMemoriesResult, UpdateMemoriesResult } from '../services/memory-service.js';
import type { ChainInfo, MemoryCategory, MemoryRecord } from '../store/memory-store.js';
import { ChallengeRef } from './challenge.js';
import { connectionType } from './connection.js';

export const MemoryCategoryEnum = builder.enumType('MemoryCategory', {
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
    chainId: t.exposeID('chainId'),
    label: t.exposeString('label', { description: 'The protocol title.' }),
    stepIndex: t.exposeInt('stepIndex', { description: '1-based position of this step.' }),
    stepCount: t.exposeInt('stepCount'),
    slug: t.exposeString('slug'),
    protocolVersion: t.exposeString('protocolVersion', { nullable: true }),
  }),
});

export const MemoryRef = builder.objectRef<MemoryRecord>('Memory').implement({
  description: 'One stored memory: a step of a protocol, or a project-memory document (with a path).',
  fields: (t) => ({
    id: t.exposeID('_id'),
    uri: t.exposeString('uri', { description: 'kairos://mem/{id}' }),
    space: t.exposeString('space'),
    label: t.exposeString('label'),
    text: t.exposeString('text', { description: 'The markdown body.' }),
    tags: t.exposeStringList('tags'),
    category: t.field({ type: MemoryCategoryEnum, resolve: (memory) => memory.category }),
    chain: t.field({ type: ChainInfoRef, nullable: true, resolve: (memory) => memory.chain }),
    challenge: t.field({ type: ChallengeRef, nullable: true, resolve: (memory) => memory.challenge }),
    createdAt: t.field({ type: 'DateTime', resolve: (memory) => memory.createdAt }),
    createdBy: t.exposeID('createdBy'),
    updatedAt: t.field({ type: 'DateTime', resolve: (memory) => memory.updatedAt }),
    updatedBy: t.exposeID('updatedBy'),
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
    description: 'A memory by URI, as it is now; with version, as it was at that version (history: needs read and write access to its space, else FORBIDDEN).',
    args: {
      uri: t.arg.string({ required: true }),
      version: t.arg.int({ description: 'A past version (see Memory.versions); null when not kept or when that version records a deletion.' }),
    },
    resolve: (_root, args, ctx) => (args.version == null ? ctx.reader.memory(args.uri) : ctx.services.history.memoryAt(ctx.viewer, args.uri, args.version)),
  }),
);

const MemoryConnectionRef = connectionType('Memory', MemoryRef, 'Memories matching the filter, across all pages.');

const MemoryFilterInput = builder.inputType('MemoryFilter', {
  fields: (t) => ({
    space: t.string(),
    category: t.field({ type: MemoryCategoryEnum }),
    chainId: t.id(),
    tag: t.string(),
  }),
});

builder.queryField('memories', (t) =>
  t.field({
    type: MemoryConnectionRef,
    description: 'Memories in creation order, in the spaces you can read.',
    args: {
      filter: t.arg({ type: MemoryFilterInput }),
      first: t.arg.int({ description: 'Page size (default 50, at most 500).' }),
      after: t.arg.string(),
    },
    resolve: (_root, args, ctx) => ctx.reader.list({ ...args.filter, first: args.first, after: args.after }),
  }),
);

const BatchItemStatusEnum = builder.enumType('BatchItemStatus', {
  values: ['UPDATED', 'DELETED', 'ERROR'] as const,
});

const BatchItemResultRef = builder.objectRef<BatchItemResult<'UPDATED' | 'DELETED'>>('BatchItemResult').implement({
  description: 'The outcome for one URI of a batch call.',
  fields: (t) => ({
    uri: t.exposeString('uri', { description: 'The URI as sent.' }),
    status: t.field({ type: BatchItemStatusEnum, resolve: (item) => item.status }),
    message: t.exposeString('message'),
  }),
});

const UpdateMemoriesInput = builder.inputType('UpdateMemoriesInput', {
  fields: (t) => ({
    uris: t.stringList({ required: true }),
    markdownDoc: t.stringList({ description: 'One markdown document per URI (a challenge block replaces the stored challenge).' }),
    updates: t.field({ type: 'JSON', description: 'Fields to set on every URI: text, label, tags, challenge.' }),
  }),
});

const UpdateMemoriesPayloadRef = builder.objectRef<UpdateMemoriesResult>('UpdateMemoriesPayload').implement({
  fields: (t) => ({
    results: t.field({ type: [BatchItemResultRef], resolve: (payload) => payload.results }),
    totalUpdated: t.exposeInt('totalUpdated'),
    totalFailed: t.exposeInt('totalFailed'),
  }),
});

builder.mutationField('updateMemories', (t) =>
  t.field({
    type: UpdateMemoriesPayloadRef,
    args: { input: t.arg({ type: UpdateMemoriesInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.memories.updateMemories(ctx.viewer, input),
  }),
);

const DeleteMemoriesInput = builder.inputType('DeleteMemoriesInput', {
  fields: (t) => ({
    uris: t.stringList({ required: true }),
  }),
});

const DeleteMemoriesPayloadRef = builder.objectRef<DeleteMemoriesResult>('DeleteMemoriesPayload').implement({
  fields: (t) => ({
    results: t.field({ type: [BatchItemResultRef], resolve: (payload) => payload.results }),
    totalDeleted: t.exposeInt('totalDeleted'),
    totalFailed: t.exposeInt('totalFailed'),
  }),
});

builder.mutationField('deleteMemories', (t) =>
  t.field({
    type: DeleteMemoriesPayloadRef,
    args: { input: t.arg({ type: DeleteMemoriesInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.memories.deleteMemories(ctx.viewer, input),
  }),
);

const MemoryEventTypeEnum = builder.enumType('MemoryEventType', {
  values: {
    MINTED: { description: 'Created (a minted step or a new project document).' },
    UPDATED: { description: 'Changed: content, or its position after a step of its protocol was deleted or restored.' },
    DELETED: { description: 'Deleted; restorable with restoreMemory (see deletedMemories).' },
    RESTORED: { description: 'A past version written back by restoreMemory (a deleted memory brought back, or old content).' },
  } as const satisfies Record<MemoryEvent['type'], { description: string }>,
});

const MemoryEventRef = builder.objectRef<MemoryEvent>('MemoryEvent').implement({
  description: 'A memory write, sent after it commits.',
  fields: (t) => ({
    type: t.field({ type: MemoryEventTypeEnum, resolve: (event) => event.type }),
    uri: t.exposeString('uri'),
    space: t.exposeString('space'),
    version: t.exposeInt('version', { description: 'The version the write produced (DELETED: the deletion record, one past the last content version).' }),
    at: t.field({ type: 'DateTime', resolve: (event) => event.at }),
  }),
});

builder.subscriptionField('memoryEvents', (t) =>
  t.field({
    type: MemoryEventRef,
    description: 'Memory writes (minted, updated, deleted) in one space or, space omitted, every space you can read; live only. Answers FORBIDDEN for a space you cannot read.',
    args: { space: t.arg.string({ description: 'A space id, or "personal" for your own; omitted: every space you can read.' }) },
    subscribe: (_root, args, ctx) => ctx.services.memories.watchMemoryEvents(ctx.viewer, { space: args.space }),
    resolve: (event) => event,
  }),
);
