// Over 400 lines: the history use cases (versions, diffs, reads at a time, restore, retention) share one snapshot model.
import type { Viewer } from '../auth/viewer.js';
import type { EventBus } from '../events/event-bus.js';
import { unifiedDiff } from '../proposals/diff.js';
import {
  changedFields,
  changeOf,
  type MemoryHistoryStore,
  type MemorySnapshot,
  type MemoryVersionRecord,
  type VersionChange,
  type VersionedField,
  type VersionReason,
} from '../store/memory-history-store.js';
import type { MemoryRecord, MemoryStore } from '../store/memory-store.js';
import { DuplicateKeyError } from '../store/store-errors.js';
import { checkText } from './check-text.js';
import { RequestError } from './errors.js';
import { decodeCursor, encodeCursor, type Page, pageSize } from './page.js';
import { isUuid, parseKairosUri } from '../model/kairos-uri.js';
import { pickSlugHead } from './memory-reader.js';
import type { ProtocolView } from './protocol-service.js';
import { requireReadableSpace } from './spaces.js';
import { textBytes } from '../store/stored-size.js';
import { NO_HOLD, type QuotaHold, type StorageQuota } from './storage-quota.js';

/** One version of a memory as the API shows it: its state, who wrote it and why. */
export interface MemoryVersionView {
  uri: string;
  space: string;
  version: number;
  /** The memory as it was at this version (for a deletion: what it held when deleted). */
  memory: MemoryRecord;
  reason: VersionReason;
  proposalId: string | null;
  changedFields: VersionedField[];
  principalId: string;
  at: Date;
  deleted: boolean;
  current: boolean;
  /** The version before, when still kept (null: this is version 1, or it has expired). */
  previous: MemoryRecord | null;
}

/** Why a restore of one URI wrote nothing. Published codes: add, never rename. */
export const RESTORE_ERROR_CODES = ['NOT_FOUND', 'SPACE_READ_ONLY', 'VERSION_CONFLICT', 'TITLE_TAKEN', 'SLUG_TAKEN', 'CHAIN_GONE'] as const;
export type RestoreErrorCode = (typeof RESTORE_ERROR_CODES)[number];

export interface RestoreItemResult {
  uri: string;
  status: 'RESTORED' | 'ERROR';
  code: RestoreErrorCode | null;
  message: string;
  /** The version the restore wrote; null when it wrote nothing. */
  version: number | null;
}

export interface RestoreMemoryInput {
  uri: string;
  version: number;
  /** The version the caller believes is current; a memory that moved on answers VERSION_CONFLICT. */
  expectedVersion?: number | null;
}

export interface RestoreMemoryResult {
  results: RestoreItemResult[];
  totalRestored: number;
  totalFailed: number;
}

/** A restore that must write nothing: thrown inside the transaction so it aborts. */
class RestoreRefused extends Error {
  constructor(
    readonly code: RestoreErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 200;

/** Records rebuilt from history: Memory.versions looks up the live memory only for these. */
const pastRecords = new WeakSet<MemoryRecord>();

/** A memory record rebuilt from a stored version, so a past state reads like a current one. */
export function recordOf(version: MemoryVersionRecord): MemoryRecord {
  const { path, ...state } = version.state;
  const record: MemoryRecord = {
    _id: version.memoryId,
    uri: version.uri,
    space: version.space,
    ...state,
    updatedAt: version.at,
    updatedBy: version.principalId,
    version: version.version,
    change: { reason: version.reason, proposalId: version.proposalId, fields: version.changedFields },
  };
  if (path !== null) record.path = path;
  pastRecords.add(record);
  return record;
}

/** The text a version diff compares: everything a write can change, one line per field. */
export function renderVersionText(memory: Pick<MemoryRecord, 'label' | 'text' | 'tags' | 'challenge' | 'chain' | 'path'>): string {
  const lines = [`# ${memory.label}`];
  if (memory.path) lines.push(`path: ${memory.path}`);
  if (memory.chain) lines.push(`step ${memory.chain.stepIndex} of ${memory.chain.stepCount} in "${memory.chain.label}"`);
  if (memory.tags.length > 0) lines.push(`tags: ${memory.tags.join(', ')}`);
  lines.push('', memory.text.replace(/\n+$/, ''));
  if (memory.challenge) lines.push('', `challenge: ${JSON.stringify(memory.challenge)}`);
  return `${lines.join('\n')}\n`;
}

/** The unified diff from one version to the next ('' when nothing a reader sees changed). */
export function versionDiff(uri: string, before: MemoryRecord, after: MemoryRecord): string {
  return unifiedDiff(uri, renderVersionText(before), renderVersionText(after));
}

/**
 * Version history of memories: listing and point-in-time reads, and restore. History is shown
 * and restored only to those who can read and write the memory's space.
 */
export class MemoryHistoryService {
  constructor(
    private readonly store: MemoryStore,
    private readonly history: MemoryHistoryStore,
    private readonly events: EventBus,
    private readonly quota: StorageQuota | null = null,
  ) {}

  /** `Memory.versions`: newest first; the current version (when the memory is live) comes first. */
  async versions(
    viewer: Viewer,
    memory: MemoryRecord,
    args: { first?: number | null; after?: string | null },
  ): Promise<Page<MemoryVersionView>> {
    this.requireHistoryAccess(viewer, memory.space);
    const size = pageSize(args.first, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
    const afterVersion = args.after ? decodeVersionCursor(args.after) : null;
    const [live] = pastRecords.has(memory) ? await this.store.findByIds([memory._id], [memory.space]) : [memory];
    const rows: MemoryVersionView[] = [];
    const includeLive = live && (afterVersion === null || live.version < afterVersion);
    if (includeLive) rows.push(this.liveView(live));
    const below = afterVersion ?? (live ? live.version : Number.MAX_SAFE_INTEGER);
    // One extra row tells whether a next page exists, and one more is the last row's "before".
    const stored = await this.history.listVersions(memory._id, below, size + 2 - rows.length);
    rows.push(...stored.map((version) => this.storedView(version)));
    rows.forEach((row, index) => {
      const next = rows[index + 1];
      row.previous = next && next.version === row.version - 1 && !next.deleted ? next.memory : null;
    });
    const records = rows.slice(0, size);
    return {
      records,
      cursors: records.map((row) => encodeVersionCursor(row.version)),
      hasNextPage: rows.length > size,
      hasPreviousPage: afterVersion !== null,
      totalCount: async () => (await this.history.countVersions(memory._id)) + (live ? 1 : 0),
    };
  }

  /** `memory(uri, version)`: the memory as it was at that version, or null (unknown, expired, or a deletion record). */
  async memoryAt(viewer: Viewer, uri: string, version: number): Promise<MemoryRecord | null> {
    const id = await this.memoryIdOf(viewer, uri);
    if (id === null) return null;
    const [live] = await this.store.findByIds([id], viewer.readableSpaces);
    if (live && live.version === version) return live;
    const stored = await this.history.findVersion(id, version);
    const space = live?.space ?? stored?.space;
    if (!space || !viewer.readableSpaces.includes(space)) return null;
    this.requireHistoryAccess(viewer, space);
    return stored && !stored.deleted ? recordOf(stored) : null;
  }

  /** `protocol(uri, at)`: the steps of the chain the URI belonged to, each as it was at `at`. */
  async protocolAt(viewer: Viewer, uri: string, at: Date): Promise<ProtocolView | null> {
    const id = await this.memoryIdOf(viewer, uri);
    if (id === null) return null;
    const [live] = await this.store.findByIds([id], viewer.readableSpaces);
    const anchor = live ?? (await this.history.findLatest(id).then((version) => (version ? recordOf(version) : null)));
    if (!anchor?.chain || !viewer.readableSpaces.includes(anchor.space)) return null;
    this.requireHistoryAccess(viewer, anchor.space);
    const key = { space: anchor.space, chainId: anchor.chain.chainId };
    const [liveSteps, stored] = await Promise.all([
      this.store.findChainSteps([key]),
      this.history.findChainVersions(key.space, key.chainId),
    ]);
    const best = new Map<string, { version: number; record: MemoryRecord | null }>();
    const consider = (memoryId: string, version: number, validFrom: Date, record: MemoryRecord | null) => {
      if (validFrom.getTime() > at.getTime()) return;
      const known = best.get(memoryId);
      if (!known || known.version < version) best.set(memoryId, { version, record });
    };
    for (const step of liveSteps) consider(step._id, step.version, step.updatedAt, step);
    for (const version of stored) consider(version.memoryId, version.version, version.at, version.deleted ? null : recordOf(version));
    const steps = [...best.values()]
      .flatMap((entry) => (entry.record ? [entry.record] : []))
      .sort((a, b) => a.chain!.stepIndex - b.chain!.stepIndex);
    return steps.length === 0 ? null : { space: key.space, chainId: key.chainId, steps };
  }

  /**
   * The memory a URI names for history: the step of a `kairos://mem/` or `kairos://layer/` URI;
   * for `kairos://adapter/<slug|chainId|stepId>`, its protocol's head (step 1), live or else the
   * newest archived one (a protocol deleted whole). Null when malformed or nothing matches.
   */
  private async memoryIdOf(viewer: Viewer, uri: string): Promise<string | null> {
    const parsed = parseKairosUri(uri);
    if (parsed === null) return null;
    if (parsed.kind !== 'adapter') return parsed.id;
    const { key } = parsed;
    if (!isUuid(key)) {
      const head = pickSlugHead(await this.store.findHeadsBySlugs(viewer.readableSpaces, [key]), viewer, key);
      return head?._id ?? (await this.history.findLatestHead(viewer.readableSpaces, { slug: key }))?.memoryId ?? null;
    }
    const [head] = await this.store.findHeadsByChainIds(viewer.readableSpaces, [key]);
    if (head) return head._id;
    const archived = await this.history.findLatestHead(viewer.readableSpaces, { chainId: key });
    if (archived) return archived.memoryId;
    // A step id names its protocol too.
    const [step] = await this.store.findByIds([key], viewer.readableSpaces);
    if (!step?.chain) return key;
    const [stepHead] = await this.store.findHeadsByChainIds([step.space], [step.chain.chainId]);
    return stepHead?._id ?? key;
  }

  /** `deletedMemories`: deleted memories not restored since, newest deletion first. */
  async deleted(
    viewer: Viewer,
    args: { space?: string | null; first?: number | null; after?: string | null },
  ): Promise<Page<MemoryVersionView>> {
    const size = pageSize(args.first, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
    let spaces = viewer.readableSpaces.filter((space) => viewer.writableSpaces.includes(space));
    if (args.space) {
      const space = requireReadableSpace(viewer, args.space);
      this.requireHistoryAccess(viewer, space);
      spaces = [space];
    }
    const after = args.after ? decodeCursor(args.after) : null;
    const rows = await this.history.listDeleted(spaces, after, size + 1);
    const records = rows.slice(0, size);
    return {
      records: records.map((row) => this.storedView(row)),
      cursors: records.map((row) => encodeCursor({ at: row.at, id: row._id })),
      hasNextPage: rows.length > size,
      hasPreviousPage: after !== null,
      totalCount: () => this.history.countDeleted(spaces),
    };
  }

  /**
   * Writes a past version back as a new one, in one transaction. A deleted step comes back at its
   * position in its chain (the chain renumbered); a protocol deleted whole comes back whole.
   */
  async restore(viewer: Viewer, input: RestoreMemoryInput): Promise<RestoreMemoryResult> {
    if (!Number.isInteger(input.version) || input.version < 1)
      throw new RequestError('BAD_USER_INPUT', 'version must be a positive integer');
    // The URI comes back in the result: a malformed one is echoed, so its size is bounded first.
    checkText('memoryUri', input.uri, { name: 'uri' });
    const refused = (code: RestoreErrorCode, message: string): RestoreMemoryResult => ({
      results: [{ uri: input.uri, status: 'ERROR', code, message, version: null }],
      totalRestored: 0,
      totalFailed: 1,
    });
    const id = await this.memoryIdOf(viewer, input.uri);
    if (id === null) return refused('NOT_FOUND', parseKairosUri(input.uri) ? `No memory ${input.uri} in your spaces` : 'Not a memory URI');
    const [live] = await this.store.findByIds([id], viewer.readableSpaces);
    const target = await this.history.findVersion(id, input.version);
    const space = live?.space ?? target?.space;
    if (!space || !viewer.readableSpaces.includes(space)) return refused('NOT_FOUND', `No memory ${input.uri} in your spaces`);
    if (!viewer.writableSpaces.includes(space)) return refused('SPACE_READ_ONLY', `Space ${space} is read-only for you`);
    const expected = input.expectedVersion ?? live?.version ?? null;
    if (live && expected !== live.version) {
      return refused('VERSION_CONFLICT', `${input.uri} is at version ${live.version}, not ${expected}; read it again and retry`);
    }
    if (live && live.version === input.version) return refused('VERSION_CONFLICT', `${input.uri} is already at version ${input.version}`);
    if (!target)
      return refused('NOT_FOUND', `Version ${input.version} of ${input.uri} is not kept (never written, or past KAIROS_HISTORY_DAYS)`);

    const now = new Date();
    // Restored text counts against the storage quotas as any write of text does, held until the
    // transaction has ended; an attempt it retries gives up the hold of the one before.
    let hold: QuotaHold = NO_HOLD;
    let growth: Growth = { space: 0, own: 0 };
    const reserve = async (attempt: Growth): Promise<void> => {
      if (!this.quota) return;
      hold.cancel();
      hold = await this.quota.checkGrowth(viewer, space, attempt);
      growth = attempt;
    };
    const landed = () => {
      hold.release();
      // A smaller version restored frees bytes: the quota's cached totals are re-read at the next check.
      if (growth.space < 0 || growth.own < 0)
        this.quota?.forget(growth.space < 0 ? [space] : [], growth.own < 0 ? [viewer.principalId] : []);
    };
    try {
      const written = await this.store
        .withTransaction((session) =>
          live
            ? this.restoreLive(viewer, live, target, now, session, reserve)
            : this.restoreDeleted(viewer, id, target, input.expectedVersion ?? null, now, session, reserve),
        )
        .then(
          (written) => {
            landed();
            return written;
          },
          (error: unknown) => {
            hold.cancel();
            throw error;
          },
        );
      const at = now.toISOString();
      for (const { record, type } of written)
        this.events.publish('memory', record.space, { type, uri: record.uri, space: record.space, version: record.version, at });
      const results = written
        .filter((entry) => entry.type === 'RESTORED')
        .map((entry): RestoreItemResult => ({
          uri: entry.record.uri,
          status: 'RESTORED',
          code: null,
          message: `Memory ${entry.record.uri} restored from version ${entry.from} as version ${entry.record.version}`,
          version: entry.record.version,
        }));
      return { results, totalRestored: results.length, totalFailed: 0 };
    } catch (error) {
      if (error instanceof RestoreRefused) return refused(error.code, error.message);
      throw error;
    }
  }

  /** Content of `target` onto the live memory, if it is still at the version read. */
  private async restoreLive(
    viewer: Viewer,
    live: MemoryRecord,
    target: MemoryVersionRecord,
    now: Date,
    session: Session,
    reserve: (growth: Growth) => Promise<void>,
  ): Promise<Written[]> {
    const state = target.state;
    const delta = textBytes(state.text) - (live.sizeBytes ?? textBytes(live.text));
    await reserve({ space: delta, own: live.createdBy === viewer.principalId ? delta : 0 });
    const set = { text: state.text, label: state.label, tags: state.tags, challenge: state.challenge };
    const change: VersionChange = { reason: 'RESTORE', proposalId: null, fields: changedFields(live, { ...live, ...set }) };
    const record = await this.store.replaceContent(live._id, live.version, set, change, now, viewer.principalId, session);
    if (!record) throw new RestoreRefused('VERSION_CONFLICT', `${live.uri} was changed by another write; read it again and retry`);
    await this.history.insert(this.history.archivedVersions([live], now), session);
    return [{ record, type: 'RESTORED', from: target.version }];
  }

  /** A deleted memory back into its chain, or its whole protocol back when the chain is gone. */
  private async restoreDeleted(
    viewer: Viewer,
    id: string,
    target: MemoryVersionRecord,
    expectedVersion: number | null,
    now: Date,
    session: Session,
    reserve: (growth: Growth) => Promise<void>,
  ): Promise<Written[]> {
    const tombstone = await this.history.findLatest(id, session);
    if (!tombstone?.deleted || tombstone.restoredAt)
      throw new RestoreRefused('VERSION_CONFLICT', `${target.uri} was restored or changed by another write; read it again`);
    // A deleted memory's current version is its deletion (its tombstone), as `deletedMemories` lists it.
    if (expectedVersion !== null && expectedVersion !== tombstone.version) {
      throw new RestoreRefused(
        'VERSION_CONFLICT',
        `${target.uri} is at version ${tombstone.version} (deleted), not ${expectedVersion}; read it again and retry`,
      );
    }
    const position = tombstone.state.chain;
    if (!position) throw new RestoreRefused('CHAIN_GONE', `${target.uri} belongs to no protocol and cannot be put back`);
    const key = { space: tombstone.space, chainId: position.chainId };
    const liveSteps = await this.store.findChainSteps([key], session);

    if (liveSteps.length > 0) {
      const chain = liveSteps[0]!.chain!;
      const index = Math.min(position.stepIndex, liveSteps.length + 1);
      const restored = this.revived(viewer, tombstone, target.state, { ...chain, stepIndex: index, stepCount: liveSteps.length + 1 }, now);
      await reserve(growthOf([restored], viewer));
      const order = [...liveSteps.slice(0, index - 1), restored, ...liveSteps.slice(index - 1)];
      // The steps after it move first (the restored one already has its place): it may take the head's place, and heads are unique.
      const shifted = await this.store.placeSteps(order, 'RESTORE', now, viewer.principalId, session);
      await this.store.reinsert([restored], session).catch((error: unknown) => {
        if (error instanceof DuplicateKeyError)
          throw new RestoreRefused('VERSION_CONFLICT', `${target.uri} was just restored by another call`);
        throw error;
      });
      await this.history.insert(this.history.archivedVersions(shifted, now), session);
      await this.history.markRestored([tombstone._id], now, session);
      return [
        { record: restored, type: 'RESTORED', from: target.version },
        ...shifted.map((step) => ({ record: { ...step, version: step.version + 1 }, type: 'UPDATED' as const, from: step.version })),
      ];
    }

    // The chain is gone: only a protocol deleted whole in one call comes back, and whole.
    const deletion = tombstone.deletionId ? await this.history.findDeletion(key.space, key.chainId, tombstone.deletionId, session) : [];
    if (deletion.length !== position.stepCount) {
      throw new RestoreRefused(
        'CHAIN_GONE',
        `The rest of "${position.label}" was deleted after this step; restore the protocol (its head) first`,
      );
    }
    const head = await this.store.findHeadByTitleKey(key.space, position.titleKey, session);
    if (head)
      throw new RestoreRefused('TITLE_TAKEN', `A protocol titled "${head.chain!.label}" now exists in space ${key.space} (${head.uri})`);
    const [slugHolder] = await this.store.findHeadsBySlugs([key.space], [position.slug], session);
    if (slugHolder) throw new RestoreRefused('SLUG_TAKEN', `Slug "${position.slug}" is now used by ${slugHolder.uri}`);
    const steps = deletion.map((step) =>
      this.revived(viewer, step, step._id === tombstone._id ? target.state : step.state, step.state.chain!, now),
    );
    await reserve(growthOf(steps, viewer));
    try {
      await this.store.reinsert(steps, session);
    } catch (error) {
      if (error instanceof DuplicateKeyError)
        throw new RestoreRefused('TITLE_TAKEN', `A protocol titled "${position.label}" or with slug "${position.slug}" was just minted`);
      throw error;
    }
    await this.history.markRestored(
      deletion.map((step) => step._id),
      now,
      session,
    );
    return steps.map((record, index) => ({
      record,
      type: 'RESTORED',
      from: record._id === id ? target.version : deletion[index]!.version - 1,
    }));
  }

  private revived(
    viewer: Viewer,
    tombstone: MemoryVersionRecord,
    state: MemorySnapshot,
    chain: NonNullable<MemoryRecord['chain']>,
    now: Date,
  ): MemoryRecord {
    const { path, ...content } = state;
    const record: MemoryRecord = {
      _id: tombstone.memoryId,
      uri: tombstone.uri,
      space: tombstone.space,
      ...content,
      chain,
      updatedAt: now,
      updatedBy: viewer.principalId,
      version: tombstone.version + 1,
      change: { reason: 'RESTORE', proposalId: null, fields: changedFields(tombstone.state, { ...content, chain }) },
    };
    if (path !== null) record.path = path;
    return record;
  }

  private liveView(record: MemoryRecord): MemoryVersionView {
    const change = changeOf(record);
    return {
      uri: record.uri,
      space: record.space,
      version: record.version,
      memory: record,
      reason: change.reason,
      proposalId: change.proposalId,
      changedFields: change.fields,
      principalId: record.updatedBy,
      at: record.updatedAt,
      deleted: false,
      current: true,
      previous: null,
    };
  }

  private storedView(version: MemoryVersionRecord): MemoryVersionView {
    return {
      uri: version.uri,
      space: version.space,
      version: version.version,
      memory: recordOf(version),
      reason: version.reason,
      proposalId: version.proposalId,
      changedFields: version.changedFields,
      principalId: version.principalId,
      at: version.at,
      deleted: version.deleted,
      current: false,
      previous: null,
    };
  }

  private requireHistoryAccess(viewer: Viewer, space: string): void {
    if (!viewer.writableSpaces.includes(space)) {
      throw new RequestError('FORBIDDEN', `History of space ${space} is shown only to those who can write it`, { space });
    }
  }
}

type Session = Parameters<MemoryStore['reinsert']>[1];
type Written = { record: MemoryRecord; type: 'RESTORED' | 'UPDATED'; from: number };
type Growth = { space: number; own: number };

/** The text memories put back add to their space, and to the viewer's own where the viewer wrote them. */
function growthOf(records: readonly MemoryRecord[], viewer: Viewer): Growth {
  let space = 0;
  let own = 0;
  for (const record of records) {
    const bytes = textBytes(record.text);
    space += bytes;
    if (record.createdBy === viewer.principalId) own += bytes;
  }
  return { space, own };
}

function encodeVersionCursor(version: number): string {
  return Buffer.from(`v:${version}`).toString('base64url');
}

function decodeVersionCursor(cursor: string): number {
  const match = /^v:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new RequestError('BAD_USER_INPUT', 'after is not a cursor returned by this connection');
  return Number(match[1]);
}
