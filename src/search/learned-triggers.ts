/**
 * Learned triggers: a request whose principal then ran a protocol to success becomes a trigger of
 * that protocol. Pure rules here (how much a trigger weighs, for whom, how well a request matches
 * it, which triggers are one); the store keeps them and the learning service decides when.
 *
 * Weight: each principal whose runs succeeded after the request holds a credit (one per success,
 * the reward score when one was given), fading linearly to nothing over the learning period since
 * its last success. A principal's share is capped, and lower for everyone else than for itself:
 * one agent can make a trigger count for its own searches, but only several distinct principals
 * make it weigh for others. weight = 1 − Π(1 − share).
 */
import { searchTerms } from './search-query.js';

/** Share one success gives a principal. */
export const SHARE_PER_SUCCESS = 0.6;
/** The most one principal's successes give a trigger in its own searches. */
export const OWN_SHARE_CAP = 0.9;
/** The most one principal's successes give a trigger in anyone else's search: one principal alone cannot make it dominant. */
export const OTHERS_SHARE_CAP = 0.3;
/** Below this match a request does not use a trigger (one shared word of five is not the same request). */
export const MIN_TRIGGER_MATCH = 0.3;
/** Term sets at least this alike are one trigger (a re-worded repeat merges into the first). */
export const NEAR_DUPLICATE_JACCARD = 0.75;
/** Triggers one protocol keeps; the lightest goes first. */
export const MAX_TRIGGERS_PER_PROTOCOL = 30;
/** Principals one trigger remembers; the one whose last success is oldest goes first. */
export const MAX_PRINCIPALS_PER_TRIGGER = 50;
/** Terms a trigger keeps (a request is a sentence or two). */
export const MAX_TRIGGER_TERMS = 32;
/** Characters of the request kept as the trigger's text. */
export const MAX_TRIGGER_TEXT = 300;
/** How long after a request a run of the same principal is taken to follow from it. */
export const REQUEST_TO_RUN_MS = 10 * 60 * 1000;

export interface TriggerCredit {
  principalId: string;
  successes: number;
  /** Sum over successes of the reward score (1 when none was given). */
  credit: number;
  lastSucceededAt: Date;
}

/** A credit faded by the age of its last success; `days` 0 means never fade. */
export function fadedCredit(entry: TriggerCredit, now: Date, days: number): number {
  if (days <= 0) return entry.credit;
  const age = (now.getTime() - entry.lastSucceededAt.getTime()) / (days * 86_400_000);
  return entry.credit * Math.max(0, 1 - Math.max(0, age));
}

/** The trigger's weight (0..1) in a search by `viewerId` (null: as anyone else sees it). */
export function triggerWeight(credits: readonly TriggerCredit[], viewerId: string | null, now: Date, days: number): number {
  let missing = 1;
  for (const entry of credits) {
    const cap = entry.principalId === viewerId ? OWN_SHARE_CAP : OTHERS_SHARE_CAP;
    missing *= 1 - Math.min(cap, SHARE_PER_SUCCESS * fadedCredit(entry, now, days));
  }
  return 1 - missing;
}

/** How well a request's terms match a trigger's: the cosine of the two term sets, 0 below MIN_TRIGGER_MATCH. */
export function triggerMatch(requestTerms: readonly string[], triggerTerms: readonly string[]): number {
  if (requestTerms.length === 0 || triggerTerms.length === 0) return 0;
  const wanted = new Set(triggerTerms);
  let shared = 0;
  for (const term of new Set(requestTerms)) if (wanted.has(term)) shared++;
  const match = shared / Math.sqrt(new Set(requestTerms).size * wanted.size);
  return match >= MIN_TRIGGER_MATCH ? match : 0;
}

export function jaccard(a: readonly string[], b: readonly string[]): number {
  const left = new Set(a);
  const right = new Set(b);
  let shared = 0;
  for (const term of left) if (right.has(term)) shared++;
  const union = left.size + right.size - shared;
  return union === 0 ? 0 : shared / union;
}

/** The terms a trigger is matched by, in a stable order (at most MAX_TRIGGER_TERMS). */
export function triggerTerms(text: string): string[] {
  return searchTerms(text).slice(0, MAX_TRIGGER_TERMS).sort();
}

/** Adds one success of `principalId` to a trigger's credits (the oldest principal dropped past the cap). */
export function creditSuccess(credits: readonly TriggerCredit[], principalId: string, score: number, now: Date): TriggerCredit[] {
  const quality = Math.min(1, Math.max(0, score));
  const next = credits.map((entry) => ({ ...entry }));
  const own = next.find((entry) => entry.principalId === principalId);
  if (own) {
    own.successes += 1;
    own.credit += quality;
    own.lastSucceededAt = now;
  } else {
    next.push({ principalId, successes: 1, credit: quality, lastSucceededAt: now });
  }
  next.sort((a, b) => b.lastSucceededAt.getTime() - a.lastSucceededAt.getTime());
  return next.slice(0, MAX_PRINCIPALS_PER_TRIGGER);
}
