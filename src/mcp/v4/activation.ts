import { randomUUID } from 'node:crypto';
import type { V4ActivateContextQuery, V4AdapterQuery } from '../../generated/graphql.js';
import { adapterUri } from '../../model/kairos-uri.js';

type Json = Record<string, unknown>;

/** After this many refinements with one execution_id, activate stops offering the refine row. */
export const MAX_REFINEMENTS = 2;
const ACTIVATIONS_KEPT = 10_000;
const ACTIVATION_TTL_MS = 60 * 60_000;

/**
 * How many times each execution_id has been refined, per principal. Kept in this process: an
 * activation sequence is one agent's conversation, and losing it on a restart only brings the
 * refine row back. Bounded in size and age.
 */
export class ActivationMemory {
  private readonly activations = new Map<string, { principalId: string; refinements: number; at: number }>();

  /** A new execution id (none sent, unknown, expired or another principal's), or the refinement count of the one sent. */
  activate(principalId: string, executionId: string | undefined, now = Date.now()): { executionId: string; refinements: number } {
    const known = executionId ? this.activations.get(executionId) : undefined;
    if (executionId && known && known.principalId === principalId && now - known.at < ACTIVATION_TTL_MS) {
      known.refinements += 1;
      known.at = now;
      this.activations.delete(executionId);
      this.activations.set(executionId, known);
      return { executionId, refinements: known.refinements };
    }
    const id = executionId && !known ? executionId : randomUUID();
    this.activations.set(id, { principalId, refinements: 0, at: now });
    while (this.activations.size > ACTIVATIONS_KEPT) this.activations.delete(this.activations.keys().next().value!);
    return { executionId: id, refinements: 0 };
  }
}

/** The first `## Activation Patterns`-style lines of an adapter (its triggers), one a line. */
export function activationPatterns(triggers: string | null | undefined): string[] {
  if (!triggers) return [];
  return triggers
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').replace(/^["“]|["”]$/g, '').trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .slice(0, 20);
}

function spaceName(space: string): string {
  if (space === 'app') return 'Kairos app';
  if (space.startsWith('group:')) return `Group: ${space.slice(6)}`;
  return 'Personal';
}

type SearchChoice = V4ActivateContextQuery['search']['choices'][number];
type Adapter = NonNullable<V4AdapterQuery['protocol']>;

/** One choice of `activate`, in KAIROS 4's keys. */
export function choiceJson(choice: SearchChoice, adapter: Adapter | null): Json {
  const role = choice.role.toLowerCase();
  const uri = adapter ? adapterUri(adapter.slug) : choice.uri;
  const create = role === 'create';
  return {
    role,
    uri,
    label: choice.label,
    adapter_name: role === 'match' ? (adapter?.label ?? choice.chainLabel ?? null) : null,
    activation_score: role === 'match' ? Math.max(0, Math.min(1, choice.score ?? 0)) : null,
    tags: choice.tags,
    next_action: create
      ? `call forward with ${uri} to write a new adapter with the user, then train it`
      : `call forward with ${uri} and no solution to start it, then follow next_call`,
    adapter_version: adapter?.protocolVersion ?? choice.protocolVersion ?? null,
    activation_patterns: activationPatterns(adapter?.triggers),
    space_name: role === 'match' && adapter ? spaceName(adapter.space) : null,
    slug: role === 'match' ? (adapter?.slug ?? null) : null,
    forward_first_call: create ? null : { uri },
  };
}

/**
 * Search's order, except that matches with equal scores put the caller's default write space
 * first (a personal copy before the shared one).
 */
export function favourOwnSpace<T extends { role: string; score: number | null; space: string | null }>(choices: readonly T[], defaultWriteSpace: string): T[] {
  return choices
    .map((choice, index) => ({ choice, index }))
    .sort((a, b) => {
      if (a.choice.role !== 'MATCH' || b.choice.role !== 'MATCH' || a.choice.score !== b.choice.score) return a.index - b.index;
      const own = (entry: typeof a) => (entry.choice.space === defaultWriteSpace ? 0 : 1);
      return own(a) - own(b) || a.index - b.index;
    })
    .map((entry) => entry.choice);
}
