/**
 * Keeps the in-process search indexes of several server processes on one database in step
 * (docs/scale-out.md). A process that writes searchable content raises the space's change stamp
 * and publishes the chains it changed on the `searchIndex` topic; every other process re-reads
 * those chains from the database (the writer already stored their vectors). A change whose event
 * never arrived (Redis away, no REDIS_URL, the `reindex` command) is caught by comparing the
 * stored stamps with the ones heard, every `checkEveryMs`: a space still behind at the next
 * check is re-read whole.
 */
import { randomUUID } from 'node:crypto';
import type { EventBus } from '../../events/event-bus.js';
import type { SearchIndexEvent } from '../../events/topics.js';
import type { ChainKey } from '../../store/memory-store.js';
import type { RecentChange, SpaceStamp } from '../../store/search-change-store.js';
import type { SemanticIndex, SemanticIndexLog } from './semantic-index.js';

/** Chain ids listed in one event; more and the event asks for the whole space. */
export const MAX_CHAIN_IDS_PER_EVENT = 200;
/** Stamps are read back this far before the last check (clocks of several machines differ). */
const CLOCK_MARGIN_MS = 5 * 60_000;

export interface SearchChangeStamps {
  bump(spaces: readonly string[]): Promise<SpaceStamp[]>;
  stamps(since?: Date | null): Promise<SpaceStamp[]>;
  noteChange(space: string, seq: number, chainIds: readonly string[] | null): Promise<void>;
  recentChanges(spaces: readonly string[]): Promise<Map<string, RecentChange[]>>;
}

export interface SearchIndexSyncOptions {
  /**
   * False without Redis: no event from another process ever arrives, so a stamp found ahead is
   * acted on at once (the chains its recent changes name, else the space), not after a second check.
   */
  eventsCrossProcesses: boolean;
}

/** The changes heard of in one space: every stamp up to `contiguous`, and some beyond. */
interface Heard {
  contiguous: number;
  ahead: Set<number>;
}

export class SearchIndexSync {
  /** This process's id on the bus (it skips its own events). */
  readonly origin = randomUUID();
  private readonly heard = new Map<string, Heard>();
  /** Spaces found behind at the last check, with the stamp they were behind of. */
  private readonly behind = new Map<string, number>();
  private feed: AsyncIterableIterator<SearchIndexEvent> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastCheck = new Date();
  private stopped = false;
  /** A check is under way (a slow re-read must not overlap the next tick's). */
  private checking = false;
  /** Re-reads run one at a time, in the order they were heard. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly index: SemanticIndex,
    private readonly changes: SearchChangeStamps,
    private readonly bus: EventBus,
    private readonly log: SemanticIndexLog,
    private readonly checkEveryMs: number,
    private readonly options: SearchIndexSyncOptions = { eventsCrossProcesses: true },
  ) {
    index.onRefreshed((chains) => this.announce(chains));
  }

  /**
   * Before the index loads: reads the stamps (what loads next holds at least these changes) and
   * starts listening, so nothing published while it loads is lost.
   */
  async listen(): Promise<void> {
    this.lastCheck = new Date();
    for (const stamp of await this.changes.stamps()) this.heard.set(stamp.space, { contiguous: stamp.seq, ahead: new Set() });
    this.feed = this.bus.subscribe('searchIndex', 'changed');
  }

  /** After the index has loaded: applies what arrived meanwhile and what comes, and checks the stamps. */
  follow(): void {
    void this.consume();
    this.timer = setInterval(() => void this.check(), this.checkEveryMs);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    void this.feed?.return?.();
    this.feed = null;
  }

  /** A local write is in this process's index and its vectors are stored: tell the others. */
  private async announce(chains: readonly ChainKey[]): Promise<void> {
    const bySpace = new Map<string, string[]>();
    for (const key of chains) bySpace.set(key.space, [...(bySpace.get(key.space) ?? []), key.chainId]);
    if (bySpace.size === 0) return;
    try {
      for (const { space, seq } of await this.changes.bump([...bySpace.keys()])) {
        this.markHeard(space, seq);
        const chainIds = bySpace.get(space)!;
        const named = chainIds.length > MAX_CHAIN_IDS_PER_EVENT ? null : chainIds;
        this.bus.publish('searchIndex', 'changed', { origin: this.origin, space, seq, chainIds: named });
        // Only processes without a bus re-read changes from the stamp (applyRecentChanges).
        if (!this.options.eventsCrossProcesses) await this.changes.noteChange(space, seq, named);
      }
    } catch (error) {
      this.log.warn(
        { error: String(error) },
        'could not record a search change for the other server processes: they see it at their next start',
      );
    }
  }

  private async consume(): Promise<void> {
    while (!this.stopped) {
      const feed = (this.feed ??= this.bus.subscribe('searchIndex', 'changed'));
      try {
        for await (const event of feed) {
          if (event.origin !== this.origin) this.enqueue(event.space, event.seq, event.chainIds);
        }
        return;
      } catch (error) {
        // Cut off for falling behind: listen again; the stamp check catches up what was dropped.
        this.log.warn({ error: String(error) }, 'search change feed was cut off: listening again');
        this.feed = null;
      }
    }
  }

  private enqueue(space: string, seq: number, chainIds: string[] | null): void {
    this.queue = this.queue.then(async () => {
      if (this.stopped) return;
      try {
        if (chainIds) await this.index.applyStoredChains(chainIds.map((chainId) => ({ space, chainId })));
        else await this.index.reloadSpace(space);
        this.markHeard(space, seq);
      } catch (error) {
        // Not marked heard: the stamp check re-reads the space.
        this.log.warn(
          { error: String(error), space },
          'could not re-read a search change made by another process: retried by the stamp check',
        );
      }
    });
  }

  private markHeard(space: string, seq: number): void {
    let heard = this.heard.get(space);
    if (!heard) this.heard.set(space, (heard = { contiguous: 0, ahead: new Set() }));
    if (seq <= heard.contiguous) return;
    heard.ahead.add(seq);
    while (heard.ahead.delete(heard.contiguous + 1)) heard.contiguous++;
  }

  /**
   * Compares the stored stamps with the heard ones. A space behind twice running (its events did
   * not arrive in a whole interval) is re-read whole. Answers the spaces re-read.
   */
  async check(): Promise<string[]> {
    if (this.stopped || this.checking) return [];
    this.checking = true;
    try {
      return await this.compareStamps();
    } finally {
      this.checking = false;
    }
  }

  private async compareStamps(): Promise<string[]> {
    const started = new Date();
    let stamps: SpaceStamp[];
    try {
      stamps = await this.changes.stamps(new Date(this.lastCheck.getTime() - CLOCK_MARGIN_MS));
    } catch (error) {
      this.log.warn({ error: String(error) }, 'could not read the search change stamps: checked again later');
      return [];
    }
    this.lastCheck = started;
    const reread: string[] = [];
    if (!this.options.eventsCrossProcesses) stamps = await this.applyRecentChanges(stamps, reread);
    for (const { space, seq } of stamps) {
      const heard = this.heard.get(space)?.contiguous ?? 0;
      const behindOf = this.behind.get(space);
      if (seq <= heard) this.behind.delete(space);
      else if (behindOf !== undefined && heard < behindOf) {
        this.behind.delete(space);
        reread.push(space);
        this.enqueueReload(space, seq);
      } else this.behind.set(space, seq);
    }
    await this.queue;
    return reread;
  }

  /**
   * Without events between processes: the spaces ahead whose missing stamps all have their
   * changes noted get those chains re-read now; the others are answered for the usual check
   * (a stamp whose note is not written yet waits for the next check, then the space is re-read).
   */
  private async applyRecentChanges(stamps: SpaceStamp[], reread: string[]): Promise<SpaceStamp[]> {
    const ahead = stamps.filter(({ space, seq }) => seq > (this.heard.get(space)?.contiguous ?? 0));
    if (ahead.length === 0) return stamps;
    let recent: Map<string, RecentChange[]>;
    try {
      recent = await this.changes.recentChanges(ahead.map((stamp) => stamp.space));
    } catch (error) {
      this.log.warn({ error: String(error) }, 'could not read the recent search changes: checked again later');
      return stamps;
    }
    const settled = new Set<string>();
    for (const { space, seq } of ahead) {
      const from = this.heard.get(space)?.contiguous ?? 0;
      const bySeq = new Map((recent.get(space) ?? []).map((change) => [change.seq, change.chainIds]));
      const chainIds = new Set<string>();
      let complete = true;
      for (let missing = from + 1; missing <= seq && complete; missing++) {
        const named = bySeq.get(missing);
        if (named === undefined || named === null) complete = false;
        else for (const chainId of named) chainIds.add(chainId);
      }
      if (!complete) continue;
      settled.add(space);
      reread.push(space);
      this.queue = this.queue.then(async () => {
        if (this.stopped) return;
        try {
          await this.index.applyStoredChains([...chainIds].map((chainId) => ({ space, chainId })));
          for (let change = from + 1; change <= seq; change++) this.markHeard(space, change);
          this.behind.delete(space);
        } catch (error) {
          this.log.warn(
            { error: String(error), space },
            'could not re-read a search change made by another process: retried at the next check',
          );
        }
      });
    }
    return stamps.filter((stamp) => !settled.has(stamp.space));
  }

  private enqueueReload(space: string, seq: number): void {
    this.queue = this.queue.then(async () => {
      if (this.stopped) return;
      try {
        await this.index.reloadSpace(space);
        const heard = this.heard.get(space) ?? { contiguous: 0, ahead: new Set<number>() };
        heard.contiguous = Math.max(heard.contiguous, seq);
        for (const ahead of heard.ahead) if (ahead <= heard.contiguous) heard.ahead.delete(ahead);
        while (heard.ahead.delete(heard.contiguous + 1)) heard.contiguous++;
        this.heard.set(space, heard);
        this.log.info({ space, seq }, 'search index re-read a space whose change events did not arrive');
      } catch (error) {
        this.log.warn({ error: String(error), space }, 'could not re-read a space for search: retried at the next check');
      }
    });
  }
}
