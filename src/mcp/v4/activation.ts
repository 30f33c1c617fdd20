import type { V4ActivateContextQuery, V4AdapterQuery } from '../../generated/graphql.js';
import { adapterUri } from '../../model/kairos-uri.js';
import { skillPathOf } from '../../protocol/artifact-files.js';

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
 * (`chain_root`) shows the chain's root adapter (`root`) to start instead: its URI and slug,
 * with the matched adapter's own title (label and name), score, patterns and space, as KAIROS 4 does.
 */
export function choiceJson(choice: SearchChoice, adapter: Adapter | null, root: Adapter | null = null): Json {
  const role = choice.role.toLowerCase();
  const start = root ?? adapter;
  const uri = start ? adapterUri(start.slug) : choice.uri;
  const create = role === 'create';
  // The files of the adapter the choice starts (a chain's root when collapsed to it).
  const linked = role === 'match' ? linkedArtifacts(start?.artifacts ?? []) : [];
  // Refine and create rows name their built-in adapter too, as KAIROS 4 does.
  const adapterName = adapter?.label ?? choice.chainLabel ?? (role === 'match' ? null : choice.label);
  return {
    role,
    uri,
    // A match is labelled with the matched adapter's own title (collapsed to a root or not), as KAIROS 4 labels it.
    label: role === 'match' ? (adapterName ?? choice.label) : choice.label,
    adapter_name: adapterName,
    activation_score: role === 'match' ? Math.max(0, Math.min(1, choice.score ?? 0)) : null,
    tags: choice.tags,
    next_action: create
      ? `call forward with ${uri} to write a new adapter with the user, then train it`
      : linked.length > 0
        ? `Materialize this choice's linked_artifacts to $KAIROS_LOCAL_ARTIFACT_DIR (run each materialize command), then call forward with ${uri} and no solution to start it, then follow next_call`
        : `call forward with ${uri} and no solution to start it, then follow next_call`,
    adapter_version: adapter?.protocolVersion ?? choice.protocolVersion ?? null,
    activation_patterns: activationPatterns(adapter?.triggers),
    space_name: role === 'match' && adapter ? spaceName(adapter.space) : null,
    slug: start?.slug ?? null,
    // Beside KAIROS 4's keys (its choice objects are open): the request search learned leads here.
    learned_trigger: role === 'match' ? (choice.learnedTrigger ?? null) : null,
    forward_first_call: create ? null : { uri },
    ...(linked.length > 0 ? { linked_artifacts: linked } : {}),
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

type LinkedArtifact = NonNullable<Adapter['artifacts']>[number];

/**
 * KAIROS 4's `linked_artifacts`: each file of a matched adapter, where it goes in the local
 * artifact folder, a capability link to it, and a shell command that downloads it there and checks
 * its SHA-256. The link is a path on this server: the command puts the server's base URL before it
 * (`KAIROS_URL`, as the CLI takes it, default http://localhost:4000).
 */
function linkedArtifacts(artifacts: readonly LinkedArtifact[]): Json[] {
  return artifacts
    .filter((artifact) => artifact.downloadUrl)
    .map((artifact) => {
      const path = skillPathOf({ name: artifact.name, relativePath: artifact.relativePath ?? null });
      return {
        slug: artifact.slug,
        filename: artifact.name,
        relative_path: path,
        download_url: artifact.downloadUrl!,
        sha256: artifact.sha256,
        content_type: artifact.contentType,
        materialize: materializeCommand(artifact.downloadUrl!, path, artifact.sha256),
      };
    });
}

/** `'text'` for a shell, whatever the text holds. */
function singleQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function materializeCommand(downloadPath: string, path: string, sha256: string): string {
  const target = `"$KAIROS_LOCAL_ARTIFACT_DIR"/${singleQuoted(path)}`;
  const folder = path.includes('/')
    ? `mkdir -p "$KAIROS_LOCAL_ARTIFACT_DIR"/${singleQuoted(path.slice(0, path.lastIndexOf('/')))} && `
    : '';
  const base = '"$(u="${KAIROS_URL:-http://localhost:4000}"; echo "${u%/graphql}")"';
  return (
    `${folder}curl -fsSL ${base}${singleQuoted(downloadPath)} -o ${target}` +
    ` && (cd "$KAIROS_LOCAL_ARTIFACT_DIR" && printf '%s  %s\\n' ${singleQuoted(sha256)} ${singleQuoted(path)} | sha256sum -c)` +
    ` && chmod 700 ${target}`
  );
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
