import type { V4ActivateContextQuery, V4AdapterQuery } from '../../generated/graphql.js';
import { adapterUri } from '../../model/kairos-uri.js';

type Json = Record<string, unknown>;

/** The `## Activation Patterns`-style lines of an adapter (its triggers), one a line, all of them as KAIROS 4 gives them. */
export function activationPatterns(triggers: string | null | undefined): string[] {
  if (!triggers) return [];
  return triggers
    .split(/\r?\n/)
    .map((line) =>
      line
        .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
        .replace(/^["“]|["”]$/g, '')
        .trim(),
    )
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** A space as KAIROS 4 shows it to the agent (`spaces`, `export`, activate and forward alike): its name and type, from its id. */
export function kairosSpace(space: string): { name: string; type: 'personal' | 'group' | 'app' | 'other' } {
  if (space === 'app') return { name: 'Kairos app', type: 'app' };
  if (space.startsWith('group:')) return { name: `Group: ${space.slice(6)}`, type: 'group' };
  return { name: 'Personal', type: space.startsWith('user:') ? 'personal' : 'other' };
}

/** A space's KAIROS 4 name (`space_name`). */
export function spaceName(space: string): string {
  return kairosSpace(space).name;
}

type SearchChoice = V4ActivateContextQuery['search']['choices'][number];
type Adapter = NonNullable<V4AdapterQuery['protocol']>;

/**
 * One choice of `activate`, in KAIROS 4's keys. A match that is a later link of a chain
 * (`chain_root`) shows the chain's root adapter (`root`) to start instead: its URI, title and
 * slug, with the matched adapter's own name, score, patterns and space, as KAIROS 4 does.
 */
export function choiceJson(choice: SearchChoice, adapter: Adapter | null, root: Adapter | null = null): Json {
  const role = choice.role.toLowerCase();
  const start = root ?? adapter;
  const uri = start ? adapterUri(start.slug) : choice.uri;
  const create = role === 'create';
  return {
    role,
    uri,
    label: root ? root.label : choice.label,
    // Refine and create rows name their built-in adapter too, as KAIROS 4 does.
    adapter_name: adapter?.label ?? choice.chainLabel ?? (role === 'match' ? null : choice.label),
    activation_score: role === 'match' ? Math.max(0, Math.min(1, choice.score ?? 0)) : null,
    tags: choice.tags,
    next_action: create
      ? `call forward with ${uri} to write a new adapter with the user, then train it`
      : `call forward with ${uri} and no solution to start it, then follow next_call`,
    adapter_version: adapter?.protocolVersion ?? choice.protocolVersion ?? null,
    activation_patterns: activationPatterns(adapter?.triggers),
    space_name: role === 'match' && adapter ? spaceName(adapter.space) : null,
    slug: start?.slug ?? null,
    // Beside KAIROS 4's keys (its choice objects are open): the request search learned leads here.
    learned_trigger: role === 'match' ? (choice.learnedTrigger ?? null) : null,
    forward_first_call: create ? null : { uri },
  };
}

/** Match choices that start the same adapter (links collapsed to their chain's root) are shown once, at the first. */
export function withoutRepeatedMatches(choices: readonly Json[]): Json[] {
  const seen = new Set<unknown>();
  return choices.filter((choice) => {
    if (choice.role !== 'match') return true;
    if (seen.has(choice.uri)) return false;
    seen.add(choice.uri);
    return true;
  });
}

/**
 * Search's order, except that matches with equal scores put the caller's default write space
 * first (a personal copy before the shared one).
 */
export function favourOwnSpace<T extends { role: string; score: number | null; space: string | null }>(
  choices: readonly T[],
  defaultWriteSpace: string,
): T[] {
  return choices
    .map((choice, index) => ({ choice, index }))
    .sort((a, b) => {
      if (a.choice.role !== 'MATCH' || b.choice.role !== 'MATCH' || a.choice.score !== b.choice.score) return a.index - b.index;
      const own = (entry: typeof a) => (entry.choice.space === defaultWriteSpace ? 0 : 1);
      return own(a) - own(b) || a.index - b.index;
    })
    .map((entry) => entry.choice);
}
