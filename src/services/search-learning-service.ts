import { randomUUID } from 'node:crypto';
import type { Viewer } from '../auth/viewer.js';
import { APP_SPACE } from '../auth/viewer.js';
import { DEFAULT_ALLOWLIST_LIMITS, scanText } from '../proposals/secret-scan.js';
import {
  creditSuccess,
  jaccard,
  MAX_TRIGGER_TEXT,
  MAX_TRIGGERS_PER_PROTOCOL,
  NEAR_DUPLICATE_JACCARD,
  REQUEST_TO_RUN_MS,
  triggerMatch,
  triggerTerms,
  triggerWeight,
} from '../search/learned-triggers.js';
import type { LearnedTriggerRecord, LearnedTriggerStore } from '../store/learned-trigger-store.js';
import { RequestError } from './errors.js';

export interface SearchLearningSettings {
  /** KAIROS_SEARCH_LEARNING=off: nothing recorded, learned or used. */
  enabled: boolean;
  /** KAIROS_SEARCH_LEARNING_DAYS: a principal's credit fades to nothing this long after its last success (0: never). */
  days: number;
  /** A removed trigger is kept as history this many days (0: forever); with history off it is deleted. */
  historyDays: number;
  historyEnabled: boolean;
}

/** A run that ended in success, as learning reads it. */
export interface SucceededRun {
  principalId: string;
  space: string;
  chainId: string;
  begunAt: Date;
  /** The reward score (0..1) when one was given. */
  score: number | null;
}

/** What a protocol's learned triggers add to one search: the best match's relevance and words. */
export interface LearnedRelevance {
  space: string;
  chainId: string;
  learned: number;
  text: string;
}

/** A learned trigger as the doors show it. */
export interface LearnedTriggerView {
  id: string;
  /** The protocol it leads to. */
  chainId: string;
  text: string;
  /** Its weight in a search by someone who never ran the protocol after it. */
  weight: number;
  successes: number;
  principals: number;
  learnedAt: Date;
  lastSucceededAt: Date | null;
  removedAt: Date | null;
  removedBy: string | null;
}

/** Requests of one activate sequence learned from one run at most (the latest first). */
const MAX_REQUESTS_PER_RUN = 3;
/** Triggers a search reads at most. */
const MAX_MATCHING_TRIGGERS = 500;
/** How many live triggers a listing of a space returns at most (`Space.learnedTriggers`; a protocol's own are all listed). */
export const MAX_SPACE_TRIGGERS = 1000;
/** Retries of a trigger write another run changed meanwhile. */
const MAX_WRITE_RETRIES = 5;

const SECRET_SCAN = { piiScan: true, piiScanEmail: true, allowlist: false, limits: DEFAULT_ALLOWLIST_LIMITS };

const chainKey = (space: string, chainId: string) => `${space}\u0000${chainId}`;

/**
 * Search that learns which protocol a request leads to: each search request of a principal is kept
 * for a few minutes; when that principal begins a run of a protocol within ten minutes of it and
 * the run ends in success, the request's words become a learned trigger of that protocol, in its
 * space. Search then uses them beside the protocol's own text (src/search/learned-triggers.ts says
 * how much they weigh).
 */
export class SearchLearningService {
  constructor(
    private readonly store: LearnedTriggerStore,
    private readonly settings: SearchLearningSettings,
  ) {}

  get enabled(): boolean {
    return this.settings.enabled;
  }

  /**
   * Keeps a request for the run that may follow it. One the secret scan flags (or with no words to
   * match) is kept without its text: it is still the latest request, so a run after it learns
   * nothing rather than an older request's words. A request of a KAIROS 4 `activate` carries its
   * sequence (`executionId`) from the start, so its refinements are learned together.
   */
  async recordRequest(
    viewer: Viewer,
    text: string,
    spaces: readonly string[],
    executionId: string | null = null,
    now = new Date(),
  ): Promise<void> {
    if (!this.settings.enabled) return;
    const scan = scanText(text, 'query', SECRET_SCAN);
    const learnable = triggerTerms(text).length > 0 && 'findings' in scan && scan.findings.length === 0;
    await this.store.recordRequest({
      principalId: viewer.principalId,
      text: learnable ? text.slice(0, MAX_TRIGGER_TEXT) : '',
      spaces: [...spaces],
      executionId,
      at: now,
    });
  }

  /** A run ended in success: the request (and its refinements) it followed become triggers of its protocol. */
  async learnFromRun(run: SucceededRun, now = new Date()): Promise<number> {
    if (!this.settings.enabled || run.space === APP_SPACE) return 0;
    const from = new Date(run.begunAt.getTime() - REQUEST_TO_RUN_MS);
    const latest = await this.store.latestRequest(run.principalId, from, run.begunAt);
    if (!latest) return 0;
    // Refinements in the same window only: an execution_id a client reuses later does not bring older, unrelated requests.
    const requests = latest.executionId
      ? await this.store.requestsOfExecution(run.principalId, latest.executionId, from, run.begunAt, MAX_REQUESTS_PER_RUN)
      : [latest];
    // A request teaches only the spaces it searched: its words never reach readers of another space.
    const texts = [
      ...new Set(
        requests.filter((request) => request.spaces?.includes(run.space) === true && request.text !== '').map((request) => request.text),
      ),
    ];
    await this.learn(run, texts, now);
    return texts.length;
  }

  /**
   * Learns the texts of one run: the protocol's triggers are read once for all of them (an activate
   * sequence brings up to three), then each text merges or is added. A write that lost to another
   * run's re-reads them and goes on with the texts not yet written.
   */
  private async learn(run: SucceededRun, texts: readonly string[], now: Date): Promise<void> {
    let pending = texts.map((text) => ({ text, terms: triggerTerms(text) })).filter((entry) => entry.terms.length > 0);
    const score = run.score ?? 1;
    for (let attempt = 0; attempt < MAX_WRITE_RETRIES && pending.length > 0; attempt++) {
      const existing = await this.store.triggersOf(run.space, run.chainId, false);
      while (pending.length > 0) {
        const { text, terms } = pending[0]!;
        if (!(await this.learnOne(run, existing, text, terms, score, now))) break;
        pending = pending.slice(1);
      }
    }
  }

  /**
   * One text: merged into its near-duplicate or added (at the cap, the lightest go). `existing` is
   * kept as the database now holds it; false when another run changed the trigger meanwhile.
   */
  private async learnOne(
    run: SucceededRun,
    existing: LearnedTriggerRecord[],
    text: string,
    terms: string[],
    score: number,
    now: Date,
  ): Promise<boolean> {
    const same = existing
      .map((trigger) => ({ trigger, alike: jaccard(trigger.terms, terms) }))
      .filter((entry) => entry.alike >= NEAR_DUPLICATE_JACCARD)
      .sort((a, b) => b.alike - a.alike)[0]?.trigger;
    if (same) {
      const credits = creditSuccess(same.credits, run.principalId, score, now);
      // A merge adds credit and keeps the trigger's words: were they replaced, one principal could
      // walk a trigger many others built onto words of its own, one near-duplicate at a time.
      if (!(await this.store.updateCredits(same, { credits, text: same.text, terms: same.terms, now }))) return false;
      existing.splice(existing.indexOf(same), 1, { ...same, credits, updatedAt: now, version: same.version + 1 });
      return true;
    }
    const fresh: LearnedTriggerRecord = {
      _id: randomUUID(),
      space: run.space,
      chainId: run.chainId,
      text,
      terms,
      credits: creditSuccess([], run.principalId, score, now),
      learnedAt: now,
      updatedAt: now,
      version: 1,
      removedAt: null,
      removedBy: null,
    };
    // At the cap the lightest go, the new trigger weighed with the others (first among equals, so
    // it must outweigh one to take its place): new requests cannot flush what others built.
    const dropped =
      existing.length + 1 > MAX_TRIGGERS_PER_PROTOCOL
        ? [fresh, ...existing]
            .map((trigger) => ({ id: trigger._id, weight: triggerWeight(trigger.credits, null, now, this.settings.days) }))
            .sort((a, b) => a.weight - b.weight)
            .slice(0, existing.length + 1 - MAX_TRIGGERS_PER_PROTOCOL)
            .map((entry) => entry.id)
        : [];
    if (!dropped.includes(fresh._id)) {
      await this.store.insert(fresh);
      existing.push(fresh);
    }
    const evicted = dropped.filter((id) => id !== fresh._id);
    if (evicted.length > 0) {
      await this.store.deleteMany(evicted);
      existing.splice(0, existing.length, ...existing.filter((trigger) => !evicted.includes(trigger._id)));
    }
    return true;
  }

  /** Learned relevance (0..1) by protocol (space and chain) for a request in these spaces, as this viewer sees it. */
  async relevances(
    viewer: Viewer,
    terms: readonly string[],
    spaces: readonly string[],
    now = new Date(),
  ): Promise<Map<string, LearnedRelevance>> {
    const relevances = new Map<string, LearnedRelevance>();
    if (!this.settings.enabled || terms.length === 0) return relevances;
    for (const trigger of await this.store.matching(spaces, terms, MAX_MATCHING_TRIGGERS)) {
      const learned = triggerWeight(trigger.credits, viewer.principalId, now, this.settings.days) * triggerMatch(terms, trigger.terms);
      if (learned <= 0) continue;
      const key = chainKey(trigger.space, trigger.chainId);
      const held = relevances.get(key);
      if (!held || held.learned < learned)
        relevances.set(key, { space: trigger.space, chainId: trigger.chainId, learned, text: trigger.text });
    }
    return relevances;
  }

  /** A protocol's learned triggers (with the removed ones still kept, when asked). The caller can read the protocol. */
  async triggersOf(protocol: { space: string; chainId: string }, includeRemoved: boolean, now = new Date()): Promise<LearnedTriggerView[]> {
    return (await this.store.triggersOf(protocol.space, protocol.chainId, includeRemoved)).map((trigger) => this.view(trigger, now));
  }

  /** The oldest live learned triggers of a space's protocols, at most MAX_SPACE_TRIGGERS (one read; the caller can read the space). */
  async triggersInSpace(space: string, now = new Date()): Promise<LearnedTriggerView[]> {
    return (await this.store.liveInSpace(space, MAX_SPACE_TRIGGERS)).map((trigger) => this.view(trigger, now));
  }

  /** Removes a learned trigger; whoever may write its protocol's space may. */
  async forget(viewer: Viewer, id: string, now = new Date()): Promise<{ trigger: LearnedTriggerView; chainId: string; space: string }> {
    const trigger = await this.store.byId(id);
    if (!trigger || !viewer.readableSpaces.includes(trigger.space))
      throw new RequestError('NOT_FOUND', 'No learned trigger with this id in the spaces you can read', { id });
    if (!viewer.writableSpaces.includes(trigger.space))
      throw new RequestError('FORBIDDEN', `Removing a learned trigger needs write access to space "${trigger.space}"`, {
        space: trigger.space,
      });
    if (trigger.removedAt === null) await this.store.remove(id, viewer.principalId, now, this.removedUntil(now));
    const after = (await this.store.byId(id)) ?? { ...trigger, removedAt: now, removedBy: viewer.principalId };
    return { trigger: this.view(after, now), chainId: trigger.chainId, space: trigger.space };
  }

  /**
   * The learned triggers of deleted protocols (every step gone, or replaced by a forced mint) are
   * removed in the transaction that deletes them: kept as history like a removed trigger, never
   * used again.
   */
  async forgetProtocols(
    protocols: readonly { space: string; chainId: string }[],
    by: string,
    now: Date,
    session: Parameters<LearnedTriggerStore['removeProtocols']>[4],
  ): Promise<void> {
    await this.store.removeProtocols(protocols, by, now, this.removedUntil(now), session);
  }

  /** Until when a removed trigger is kept: the history's days (null: forever); without history, not at all. */
  private removedUntil(now: Date): Date | null {
    if (!this.settings.historyEnabled) return now;
    return this.settings.historyDays > 0 ? new Date(now.getTime() + this.settings.historyDays * 86_400_000) : null;
  }

  private view(trigger: Omit<LearnedTriggerRecord, 'terms'>, now: Date): LearnedTriggerView {
    const last = trigger.credits.reduce<Date | null>(
      (latest, entry) => (!latest || entry.lastSucceededAt > latest ? entry.lastSucceededAt : latest),
      null,
    );
    return {
      id: trigger._id,
      chainId: trigger.chainId,
      text: trigger.text,
      weight: Math.round(triggerWeight(trigger.credits, null, now, this.settings.days) * 10_000) / 10_000,
      successes: trigger.credits.reduce((sum, entry) => sum + entry.successes, 0),
      principals: trigger.credits.length,
      learnedAt: trigger.learnedAt,
      lastSucceededAt: last,
      removedAt: trigger.removedAt,
      removedBy: trigger.removedBy,
    };
  }
}
