import type { Viewer } from '../auth/viewer.js';
import type { EventBus } from '../events/event-bus.js';
import type { ArtifactStore } from '../store/artifact-store.js';
import type { LearnedTriggerStore } from '../store/learned-trigger-store.js';
import type { MemoryHistoryStore } from '../store/memory-history-store.js';
import type { MemoryStore, VersionChange } from '../store/memory-store.js';
import { DuplicateKeyError } from '../store/store-errors.js';
import { RequestError } from './errors.js';
import type { MemoryReader } from './memory-reader.js';
import { type ProtocolView, protocolHead, resolveWriteSpace } from './protocol-service.js';
import { parseKairosUri } from '../model/kairos-uri.js';
import { textBytes } from '../store/stored-size.js';
import { NO_HOLD, type StorageQuota } from './storage-quota.js';

/** The store's transaction session, named without the driver (services do not import it). */
type StoreSession = Parameters<MemoryStore['findHeadByTitleKey']>[2];

/** Longest protocol reference or space name a move takes. */
const MAX_REFERENCE_LENGTH = 300;

export interface MoveProtocolInput {
  /** Any URI `protocol(uri)` takes: kairos://adapter/<slug|id>, kairos://layer/<id>, kairos://mem/<id>. */
  uri: string;
  /** "personal", a space id (group:<name>), or a name as `spaces` shows it ("Group: <name>"). */
  space: string;
  /** Check everything a move checks and write nothing (`moved` then says whether it would move). */
  dryRun?: boolean | null;
  /**
   * With `dryRun`: price the move as if the text `uri` names (the whole protocol for an adapter
   * URI, one step for a step URI) were first replaced by this many bytes, so a change made before
   * the move cannot land and the move then be refused.
   */
  newTextBytes?: number | null;
}

export interface MoveProtocolResult {
  protocol: ProtocolView;
  fromSpace: string;
  /** False when the protocol already was in that space (nothing written); with `dryRun`, whether it would move. */
  moved: boolean;
}

/** The space a write names, taking the names `spaces` shows ("Personal", "Group: ops") as well as ids. */
function writableSpaceOfName(viewer: Viewer, name: string): string {
  const trimmed = name.trim();
  if (/^personal$/i.test(trimmed)) return resolveWriteSpace(viewer, 'personal');
  const group = /^group:\s*(.+)$/i.exec(trimmed);
  if (group && !trimmed.startsWith('group:')) return resolveWriteSpace(viewer, `group:${group[1]!.trim()}`);
  return resolveWriteSpace(viewer, trimmed);
}

/**
 * Moves a whole protocol (every step) to another space: KAIROS 4 `tune` with `space`. The caller
 * must be able to write both spaces; the title and slug must be free in the target. One
 * transaction: every step moves, its earlier versions with it, or nothing does.
 */
export class ProtocolMoveService {
  constructor(
    private readonly store: MemoryStore,
    private readonly history: MemoryHistoryStore,
    private readonly events: EventBus,
    private readonly learnedTriggers: LearnedTriggerStore | null = null,
    private readonly quota: StorageQuota | null = null,
    private readonly artifacts: Pick<ArtifactStore, 'moveToChain' | 'storedBytesOf'> | null = null,
  ) {}

  async move(viewer: Viewer, reader: MemoryReader, input: MoveProtocolInput): Promise<MoveProtocolResult> {
    for (const [field, value] of [
      ['uri', input.uri],
      ['space', input.space],
    ] as const) {
      if (value.length > MAX_REFERENCE_LENGTH)
        throw new RequestError('PAYLOAD_TOO_LARGE', `${field} must be at most ${MAX_REFERENCE_LENGTH} characters`, {
          field,
          limit: MAX_REFERENCE_LENGTH,
        });
    }
    if (!input.space.trim()) throw new RequestError('BAD_USER_INPUT', 'space must name a space');
    const protocol = await reader.protocol({ uri: input.uri });
    if (!protocol) throw new RequestError('NOT_FOUND', `No protocol ${input.uri} in your spaces`);
    const source = protocol.space;
    if (!viewer.writableSpaces.includes(source)) {
      throw new RequestError('SPACE_READ_ONLY', `Space ${source} is read-only for you: the protocol cannot leave it`, { space: source });
    }
    const target = writableSpaceOfName(viewer, input.space);
    if (target === source) return { protocol, fromSpace: source, moved: false };

    const chain = protocolHead(protocol).chain!;
    // The target space gains the protocol's text; what its creators wrote does not change.
    const hold = this.quota
      ? await this.quota.checkGrowth(viewer, target, { space: await this.pricedBytes(protocol, input), own: 0 })
      : NO_HOLD;
    if (input.dryRun) {
      // A dry run writes nothing: its growth is not counted as stored.
      try {
        const taken = await this.takenIn(target, chain, protocol.chainId);
        if (taken) throw taken;
        return { protocol, fromSpace: source, moved: true };
      } finally {
        hold.cancel();
      }
    }
    try {
      return await this.moveChain(viewer, protocol, source, target);
    } finally {
      hold.release();
      // The space left holds fewer bytes now: its cached total is re-read at the next check.
      this.quota?.forget([source]);
    }
  }

  /**
   * The bytes the move brings to the target: the protocol's text (or what it will hold after the
   * change `newTextBytes` announces), and its files, which move with it.
   */
  private async pricedBytes(protocol: ProtocolView, input: MoveProtocolInput): Promise<number> {
    return (await this.textBytes(protocol, input)) + ((await this.artifacts?.storedBytesOf(protocol.chainId)) ?? 0);
  }

  private async textBytes(protocol: ProtocolView, input: MoveProtocolInput): Promise<number> {
    const now = await this.quota!.chainBytes(protocol.space, protocol.chainId);
    const replacing = input.dryRun ? input.newTextBytes : null;
    if (replacing === null || replacing === undefined) return now;
    if (!Number.isInteger(replacing) || replacing < 0)
      throw new RequestError('BAD_USER_INPUT', 'newTextBytes must be a whole number of bytes, 0 or more');
    const parsed = parseKairosUri(input.uri);
    if (!parsed || parsed.kind === 'adapter') return replacing;
    const step = protocol.steps.find((candidate) => candidate._id === parsed.id);
    return now - (step ? (step.sizeBytes ?? textBytes(step.text)) : 0) + replacing;
  }

  private async moveChain(viewer: Viewer, protocol: ProtocolView, source: string, target: string): Promise<MoveProtocolResult> {
    const chain = protocolHead(protocol).chain!;
    const key = { space: source, chainId: protocol.chainId };
    const now = new Date();
    const change: VersionChange = { reason: 'SPACE_MOVE', proposalId: null, fields: ['SPACE'] };
    const steps = await this.store
      .withTransaction(async (session) => {
        const current = await this.store.findChainSteps([key], session);
        if (current.length === 0) throw await this.lostRace(viewer, protocol, target);
        const taken = await this.takenIn(target, chain, protocol.chainId, session);
        if (taken) throw taken;
        // The versions superseded now are archived first, then the chain's whole history follows it.
        await this.history.insert(this.history.archivedVersions(current, now), session);
        await this.history.moveChainVersions(source, protocol.chainId, target, session);
        await this.store.moveChain(key, target, change, now, viewer.principalId, session);
        // Its learned triggers go with it: they help whoever reads the space it is in.
        await this.learnedTriggers?.moveProtocol(protocol.chainId, source, target, session);
        // Its files too: they are found, and counted, by the space they are in.
        await this.artifacts?.moveToChain(protocol.chainId, protocol.chainId, target, session);
        return this.store.findChainSteps([{ space: target, chainId: protocol.chainId }], session);
      })
      .catch(async (error: unknown) => {
        // A unique index refused the write: a mint of the same title or slug into the target, or
        // another write of this protocol (a move, an update) that archived the same version first.
        if (error instanceof DuplicateKeyError) throw await this.lostRace(viewer, protocol, target);
        throw error;
      });

    const at = now.toISOString();
    for (const step of steps) {
      // The space left hears the step is gone from it, never where it went (its readers may not read the target).
      this.events.publish('memory', source, { type: 'DELETED', uri: step.uri, space: source, version: step.version, at });
      this.events.publish('memory', target, { type: 'UPDATED', uri: step.uri, space: target, version: step.version, at });
    }
    return { protocol: { space: target, chainId: protocol.chainId, steps }, fromSpace: source, moved: true };
  }

  /** The refusal when another protocol in the target space holds the title or the slug, else null. */
  private async takenIn(
    target: string,
    chain: { titleKey: string; slug: string },
    chainId: string,
    session?: StoreSession,
  ): Promise<RequestError | null> {
    const titleHolder = await this.store.findHeadByTitleKey(target, chain.titleKey, session);
    if (titleHolder && titleHolder.chain!.chainId !== chainId) {
      return new RequestError(
        'DUPLICATE_CHAIN',
        `A protocol titled "${titleHolder.chain!.label}" already exists in space ${target} (${titleHolder.uri})`,
        {
          space: target,
          uri: titleHolder.uri,
        },
      );
    }
    const [slugHolder] = await this.store.findHeadsBySlugs([target], [chain.slug], session);
    if (slugHolder && slugHolder.chain!.chainId !== chainId) {
      return new RequestError('DUPLICATE_SLUG', `Slug "${chain.slug}" is already used by another protocol in space ${target}`, {
        slug: chain.slug,
        space: target,
        sampleUri: slugHolder.uri,
      });
    }
    return null;
  }

  /**
   * Why a move lost a race, read afresh: the title or slug now taken in the target, the protocol
   * gone, or (another move or update got there first) busy: read it again and retry.
   */
  private async lostRace(viewer: Viewer, protocol: ProtocolView, target: string): Promise<RequestError> {
    const head = protocolHead(protocol);
    const taken = await this.takenIn(target, head.chain!, protocol.chainId);
    if (taken) return taken;
    const [now] = await this.store.findByIds([head._id], viewer.readableSpaces);
    if (!now) return new RequestError('NOT_FOUND', `No protocol ${head.uri} in your spaces`);
    return new RequestError(
      'SERVICE_UNAVAILABLE',
      `${head.uri} was moved or changed by another write meanwhile (it is in ${now.space}); read it again and retry`,
      { uri: head.uri },
    );
  }
}
