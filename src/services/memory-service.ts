import { randomUUID } from 'node:crypto';
import type { Viewer } from '../auth/viewer.js';
import type { EventBus } from '../events/event-bus.js';
import type { OverflowPolicy } from '../events/overflow-policy.js';
import { subscribeAcrossSpaces } from '../events/space-feeds.js';
import type { MemoryEvent } from '../events/topics.js';
import { extractBody } from '../protocol/body-markers.js';
import type { Challenge } from '../protocol/challenge.js';
import { parseAuthoredChallenge } from '../protocol/challenge-json.js';
import { contractKeyNotices, type WriteNotice } from '../model/write-notices.js';
import { ProtocolStructureError } from '../protocol/markdown-protocol.js';
import { parseStepMarkdownOffThread } from '../protocol/markdown-off-thread.js';
import { changedFields, type MemoryHistoryStore, type MemoryVersionRecord } from '../store/memory-history-store.js';
import type { ChainKey, MemoryPatch, MemoryRecord, MemoryStore } from '../store/memory-store.js';
import { chainKeyString } from '../store/memory-store.js';
import { hasHostileCharacters, TEXT_LIMITS } from '../limits.js';
import { RequestError } from './errors.js';
import { textBytes } from '../store/stored-size.js';
import { holdingAll, NO_HOLD, type QuotaHold, type StorageQuota } from './storage-quota.js';
import type { SearchLearningService } from './search-learning-service.js';
import type { ArtifactStore } from '../store/artifact-store.js';
import { readableSpacesFor } from './spaces.js';
import { memoryUri, parseMemoryUri } from '../model/kairos-uri.js';
import { protocolSecretProblem } from './protocol-secrets.js';
import { isTooDeep, TOO_DEEP_MESSAGE } from './protocol-service.js';

export interface UpdateMemoriesInput {
  uris: string[];
  markdownDoc?: string[] | null;
  updates?: unknown;
}

export interface DeleteMemoriesInput {
  uris: string[];
}

export interface BatchItemResult<Status extends string> {
  uri: string;
  status: Status | 'ERROR';
  message: string;
}

export interface UpdateMemoriesResult {
  results: BatchItemResult<'UPDATED'>[];
  totalUpdated: number;
  totalFailed: number;
  /** For the author: contract keys kept but not read, per step written. */
  notices: WriteNotice[];
}

export interface DeleteMemoriesResult {
  results: BatchItemResult<'DELETED'>[];
  totalDeleted: number;
  totalFailed: number;
}

type MemoryChange = MemoryPatch['set'];

/** The fields `updates` may set; everything else (space, chain, version…) belongs to the server. */
const UPDATABLE_FIELDS = ['text', 'label', 'tags', 'challenge'] as const;
const MAX_LABEL_LENGTH = TEXT_LIMITS.label;
const MAX_TAGS = 50;
const MAX_TAG_LENGTH = TEXT_LIMITS.tag;

export class MemoryService {
  constructor(
    private readonly store: MemoryStore,
    private readonly history: MemoryHistoryStore,
    private readonly events: EventBus,
    private readonly limits: { maxBatchUris: number; maxMarkdownBytes: number },
    private readonly quota: StorageQuota | null = null,
    private readonly learning: SearchLearningService | null = null,
    private readonly artifacts: Pick<ArtifactStore, 'removeForChains'> | null = null,
  ) {}

  /** Memory writes in one space or every space the viewer reads, live only. */
  watchMemoryEvents(viewer: Viewer, filter: { space?: string | null }, overflow: OverflowPolicy): AsyncIterableIterator<MemoryEvent> {
    return subscribeAcrossSpaces(this.events, 'memory', readableSpacesFor(viewer, filter.space), overflow);
  }

  /**
   * Batch update with per-URI outcomes (reference §7.1 with its [DECIDE]s taken: whitelisted
   * fields, challenges re-parsed from markdown, write access required). One read of all
   * targets, one bulk write, and one insert of the versions it superseded, in one transaction.
   */
  async updateMemories(viewer: Viewer, input: UpdateMemoriesInput): Promise<UpdateMemoriesResult> {
    this.checkUris(input.uris);
    const hasMarkdown = input.markdownDoc !== undefined && input.markdownDoc !== null;
    const hasUpdates = input.updates !== undefined && input.updates !== null;
    if (hasMarkdown === hasUpdates) throw new RequestError('BAD_USER_INPUT', 'Provide markdown_doc or updates');
    if (hasMarkdown && input.markdownDoc!.length !== input.uris.length) {
      throw new RequestError('BAD_USER_INPUT', 'markdown_doc array length must match uris array length');
    }
    // `updates` is the same for every URI, so it is read once; a bad field fails each URI alike.
    const sharedChange = hasUpdates ? this.changeFromUpdates(input.updates) : null;

    const targets = await this.loadTargets(viewer, input.uris);
    const now = new Date();
    const patches: MemoryPatch[] = [];
    const outcome = new Map<number, string>();
    for (let index = 0; index < input.uris.length; index++) {
      const target = targets[index]!;
      if ('error' in target) {
        outcome.set(index, `Failed to update memory: ${target.error}`);
        continue;
      }
      const change = hasMarkdown ? await this.changeFromMarkdown(input.markdownDoc![index]!) : sharedChange!;
      if ('error' in change) {
        outcome.set(index, `Failed to update memory: ${change.error}`);
        continue;
      }
      const fields = changedFields(target.record, { ...target.record, ...change.set });
      patches.push({
        id: target.record._id,
        expectedVersion: target.record.version,
        set: change.set,
        change: { reason: 'UPDATE_MEMORIES', proposalId: null, fields },
        updatedAt: now,
        updatedBy: viewer.principalId,
        read: target.record,
      });
    }

    const hold = this.quota ? await this.checkQuota(viewer, targets, patches) : NO_HOLD;
    const writeId = randomUUID();
    const written = await (
      this.history.enabled
        ? this.store.withTransaction(async (session) => {
            const applied = await this.store.applyPatches(patches, writeId, session);
            // Each patch was conditional on the version read, so what was read is exactly what it superseded.
            const superseded = targets.flatMap((target) => ('record' in target && applied.has(target.record._id) ? [target.record] : []));
            await this.history.insert(this.history.archivedVersions(superseded, now), session);
            return applied;
          })
        : this.store.applyPatches(patches, writeId)
    ).finally(() => hold.release());
    const results = input.uris.map((uri, index): BatchItemResult<'UPDATED'> => {
      const failure = outcome.get(index);
      if (failure) return { uri, status: 'ERROR', message: failure };
      const target = targets[index] as { record: MemoryRecord };
      if (!written.has(target.record._id)) {
        return { uri, status: 'ERROR', message: 'Failed to update memory: Memory was changed by another write; read it again and retry' };
      }
      return { uri, status: 'UPDATED', message: `Memory ${target.record.uri} updated successfully` };
    });

    const at = now.toISOString();
    for (const target of targets) {
      if (!('record' in target) || !written.has(target.record._id)) continue;
      this.events.publish('memory', target.record.space, {
        type: 'UPDATED',
        uri: target.record.uri,
        space: target.record.space,
        version: target.record.version + 1,
        at,
      });
    }
    const totalUpdated = results.filter((result) => result.status === 'UPDATED').length;
    const notices = contractKeyNotices(
      patches.flatMap((patch) =>
        written.has(patch.id) && patch.set.challenge ? [{ uri: memoryUri(patch.id), challenge: patch.set.challenge }] : [],
      ),
    );
    return { results, totalUpdated, totalFailed: results.length - totalUpdated, notices };
  }

  /** What the patches add to each space's text (and to the viewer's own), against the storage quotas: all refused, or all go on. */
  private async checkQuota(
    viewer: Viewer,
    targets: readonly ({ record: MemoryRecord } | { error: string })[],
    patches: readonly MemoryPatch[],
  ): Promise<QuotaHold> {
    const records = new Map(targets.flatMap((target) => ('record' in target ? [[target.record._id, target.record] as const] : [])));
    const growth = new Map<string, { space: number; own: number }>();
    for (const patch of patches) {
      const record = records.get(patch.id);
      if (!record || typeof patch.set.text !== 'string') continue;
      const delta = textBytes(patch.set.text) - (record.sizeBytes ?? textBytes(record.text));
      const sum = growth.get(record.space) ?? { space: 0, own: 0 };
      sum.space += delta;
      if (record.createdBy === viewer.principalId) sum.own += delta;
      growth.set(record.space, sum);
    }
    const holds: QuotaHold[] = [];
    try {
      for (const [space, sum] of growth) holds.push(await this.quota!.checkGrowth(viewer, space, sum));
    } catch (error) {
      // Refused: nothing is written, the spaces already passed give their growth up.
      holdingAll(holds).cancel();
      throw error;
    }
    // Text that shrank frees bytes: the quota's cached totals of those spaces (and the viewer's) are re-read after the write.
    const shrunk = [...growth].filter(([, sum]) => sum.space < 0).map(([space]) => space);
    const ownShrunk = [...growth.values()].some((sum) => sum.own < 0);
    return {
      release: () => {
        holdingAll(holds).release();
        if (shrunk.length > 0 || ownShrunk) this.quota!.forget(shrunk, ownShrunk ? [viewer.principalId] : []);
      },
      cancel: () => holdingAll(holds).cancel(),
    };
  }

  /**
   * Deletes steps one by one and, in the same transaction, renumbers what is left of each
   * chain so the protocol stays runnable with no gap (fixes reference §2.2 [QUIRK]).
   */
  async deleteMemories(viewer: Viewer, input: DeleteMemoriesInput): Promise<DeleteMemoriesResult> {
    this.checkUris(input.uris);
    const targets = await this.loadTargets(viewer, input.uris);
    const deletable = new Map<string, MemoryRecord>();
    for (const target of targets) if ('record' in target) deletable.set(target.record._id, target.record);

    const now = new Date();
    const deletionId = randomUUID();
    const { deleted, renumbered } = await this.store.withTransaction(async (session) => {
      if (deletable.size === 0) return { deleted: [], renumbered: [] };
      // Read again inside the transaction: the tombstones keep exactly what is deleted.
      const current = await this.store.findByIds([...deletable.keys()], viewer.writableSpaces, session);
      await this.store.deleteByIds(
        current.map((record) => record._id),
        session,
      );
      const chains = new Map<string, ChainKey>();
      for (const record of current) {
        if (!record.chain) continue;
        const chain = { space: record.space, chainId: record.chain.chainId };
        chains.set(chainKeyString(chain), chain);
      }
      const moved: MemoryRecord[] = [];
      for (const chain of chains.values())
        moved.push(...(await this.store.renumberChain(chain, 'DELETE_MEMORIES', now, viewer.principalId, session)));
      const versions: MemoryVersionRecord[] = [
        ...this.history.deletionRecords(current, 'DELETE_MEMORIES', viewer.principalId, now, deletionId),
        ...this.history.archivedVersions(moved, now),
      ];
      await this.history.insert(versions, session);
      // A protocol whose every step went is deleted: its learned triggers go with it.
      const gone = [...chains.values()].filter((chain) => {
        const steps = current.filter((record) => record.space === chain.space && record.chain?.chainId === chain.chainId);
        return steps.length === steps[0]!.chain!.stepCount;
      });
      await this.learning?.forgetProtocols(gone, viewer.principalId, now, session);
      // Its files too (kept in their history).
      await this.artifacts?.removeForChains(
        gone.map((chain) => chain.chainId),
        now,
        viewer.principalId,
        session,
      );
      return { deleted: current, renumbered: moved };
    });
    // The bytes deleted count as freed at the next quota check, not a TTL later.
    this.quota?.forget(
      deleted.map((record) => record.space),
      deleted.map((record) => record.createdBy),
    );

    const at = now.toISOString();
    for (const record of deleted)
      this.events.publish('memory', record.space, {
        type: 'DELETED',
        uri: record.uri,
        space: record.space,
        version: record.version + 1,
        at,
      });
    for (const record of renumbered)
      this.events.publish('memory', record.space, {
        type: 'UPDATED',
        uri: record.uri,
        space: record.space,
        version: record.version + 1,
        at,
      });

    const results = input.uris.map((uri, index): BatchItemResult<'DELETED'> => {
      const target = targets[index]!;
      if ('error' in target) return { uri, status: 'ERROR', message: `Failed to delete memory: ${target.error}` };
      if (!deleted.some((record) => record._id === target.record._id))
        return { uri, status: 'ERROR', message: 'Failed to delete memory: Memory not found' };
      return { uri, status: 'DELETED', message: `Memory ${target.record.uri} deleted successfully` };
    });
    const totalDeleted = results.filter((result) => result.status === 'DELETED').length;
    return { results, totalDeleted, totalFailed: results.length - totalDeleted };
  }

  private checkUris(uris: string[]): void {
    if (uris.length === 0) throw new RequestError('BAD_USER_INPUT', 'uris must not be empty');
    if (uris.length > this.limits.maxBatchUris) {
      throw new RequestError('BAD_USER_INPUT', `At most ${this.limits.maxBatchUris} uris per call (got ${uris.length})`, {
        limit: this.limits.maxBatchUris,
      });
    }
  }

  /** Resolves each URI to a writable memory, or to the reason it cannot be written, in one read. */
  private async loadTargets(viewer: Viewer, uris: string[]): Promise<({ record: MemoryRecord } | { error: string })[]> {
    const ids = uris.map(parseMemoryUri);
    const records = await this.store.findByIds([...new Set(ids.filter((id): id is string => id !== null))], viewer.readableSpaces);
    const byId = new Map(records.map((record) => [record._id, record]));
    const seen = new Set<string>();
    return ids.map((id) => {
      const record = id === null ? undefined : byId.get(id);
      if (!record) return { error: 'Memory not found' };
      if (seen.has(record._id)) return { error: `${memoryUri(record._id)} is listed more than once in this call` };
      seen.add(record._id);
      if (!viewer.writableSpaces.includes(record.space)) return { error: `Space ${record.space} is read-only for you` };
      // Project memory is validated, scanned and reviewed: it changes only through proposeUpdate.
      if (record.category !== 'PROTOCOL_STEP')
        return { error: `${record.uri} is project memory (${record.path}); change it with proposeUpdate` };
      return { record };
    });
  }

  private async changeFromMarkdown(markdown: string): Promise<{ set: MemoryChange } | { error: string }> {
    if (markdown.trim() === '') return { error: 'markdown_doc entry is empty' };
    if (Buffer.byteLength(markdown, 'utf8') > this.limits.maxMarkdownBytes) {
      return { error: `markdown_doc entry is larger than ${this.limits.maxMarkdownBytes} bytes` };
    }
    const secret = protocolSecretProblem(markdown, 'markdown_doc entry');
    if (secret) return { error: secret };
    try {
      const step = await parseStepMarkdownOffThread(markdown);
      return { set: step.challenge ? { text: step.text, challenge: step.challenge } : { text: step.text } };
    } catch (error) {
      if (error instanceof ProtocolStructureError) return { error: error.message };
      if (isTooDeep(error)) return { error: TOO_DEEP_MESSAGE };
      throw error;
    }
  }

  private changeFromUpdates(updates: unknown): { set: MemoryChange } | { error: string } {
    if (typeof updates !== 'object' || updates === null || Array.isArray(updates)) {
      throw new RequestError('BAD_USER_INPUT', 'updates must be an object with some of: text, label, tags, challenge');
    }
    const fields = Object.entries(updates as Record<string, unknown>);
    if (fields.length === 0) throw new RequestError('BAD_USER_INPUT', 'Provide markdown_doc or updates');
    const set: MemoryChange = {};
    for (const [field, value] of fields) {
      switch (field) {
        case 'text':
          if (typeof value !== 'string') return { error: 'Field "text" must be a string' };
          if (Buffer.byteLength(value, 'utf8') > this.limits.maxMarkdownBytes)
            return { error: `Field "text" is larger than ${this.limits.maxMarkdownBytes} bytes` };
          {
            const secret = protocolSecretProblem(value, 'text');
            if (secret) return { error: secret };
          }
          set.text = extractBody(value);
          break;
        case 'label':
          if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_LABEL_LENGTH) {
            return { error: `Field "label" must be a non-empty string of at most ${MAX_LABEL_LENGTH} characters` };
          }
          if (hasHostileCharacters(value)) return { error: 'Field "label" must not contain control or bidirectional-override characters' };
          set.label = value.trim();
          break;
        case 'tags':
          if (
            !Array.isArray(value) ||
            value.length > MAX_TAGS ||
            !value.every((tag) => typeof tag === 'string' && tag.length <= MAX_TAG_LENGTH && !hasHostileCharacters(tag))
          ) {
            return { error: `Field "tags" must be a list of at most ${MAX_TAGS} strings of at most ${MAX_TAG_LENGTH} characters` };
          }
          set.tags = value as string[];
          break;
        case 'challenge': {
          const challenge = challengeFromUpdate(value);
          if ('error' in challenge) return challenge;
          set.challenge = challenge.value;
          break;
        }
        default:
          return { error: `Field "${field}" cannot be updated (allowed: ${UPDATABLE_FIELDS.join(', ')})` };
      }
    }
    return { set };
  }
}

/** `updates.challenge` takes the authored JSON shape of a ```json block's `challenge`, or null to remove it. */
function challengeFromUpdate(value: unknown): { value: Challenge | null } | { error: string } {
  if (value === null) return { value: null };
  try {
    return { value: parseAuthoredChallenge(value, null) };
  } catch (error) {
    if (error instanceof ProtocolStructureError) return { error: `Field "challenge" is invalid: ${error.reason}` };
    throw error;
  }
}
