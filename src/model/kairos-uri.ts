/**
 * The URIs that name memories and protocols, read and written in one place for every layer:
 * `kairos://mem/<uuid>` names a memory (a step); KAIROS 4 names a step `kairos://layer/<uuid>`
 * (optionally `?execution_id=<run id>`, that step in that run) and a protocol
 * `kairos://adapter/<slug>` or `kairos://adapter/<uuid>` (its chain id); the MCP door names a run
 * as a resource, `kairos://run/<id>`; a file attached to an adapter is `kairos://artifact/<uuid>` or
 * `kairos://artifact/<slug>` (its slug, unique within its adapter). Parsing and building only: what a
 * URI resolves to is decided by the services (MemoryReader for adapters, RunService for a
 * layer's run). Lives in src/model/ because stores write these URIs and rules read them, and
 * src/model/ is the one place both may import (no up-arrow, no mongodb, no rules).
 */
const MEM_PREFIX = 'kairos://mem/';
const LAYER_PREFIX = 'kairos://layer/';
const ADAPTER_PREFIX = 'kairos://adapter/';
const RUN_PREFIX = 'kairos://run/';
const ARTIFACT_PREFIX = 'kairos://artifact/';
/** Run ids are short; anything longer is not a run. */
const MAX_RUN_ID_LENGTH = 128;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Longer than any slug (200) or uuid: anything longer is not a URI we issue. */
export const MAX_KAIROS_URI_LENGTH = 512;

export type KairosUri =
  | { kind: 'mem'; id: string }
  | { kind: 'layer'; id: string; executionId: string | null }
  /** `key` is a chain id when it is a uuid (see `isUuid`), else a slug; lower case. */
  | { kind: 'adapter'; key: string };

export function memoryUri(id: string): string {
  return `${MEM_PREFIX}${id}`;
}

export function layerUri(id: string, executionId?: string | null): string {
  return executionId ? `${LAYER_PREFIX}${id}?execution_id=${executionId}` : `${LAYER_PREFIX}${id}`;
}

/** `kairos://adapter/<slug or chain id>`. */
export function adapterUri(slugOrChainId: string): string {
  return `${ADAPTER_PREFIX}${slugOrChainId}`;
}

/** `kairos://mem/<id>` → `kairos://layer/<id>` (with the run, when given); any other text is returned as it is. */
export function layerUriOfMemoryUri(uri: string, executionId?: string | null): string {
  const parsed = parseKairosUri(uri);
  return parsed?.kind === 'mem' ? layerUri(parsed.id, executionId) : uri;
}

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** Reads any of the three URI forms (scheme and kind case-insensitive), or null when malformed. */
export function parseKairosUri(uri: string): KairosUri | null {
  if (uri.length > MAX_KAIROS_URI_LENGTH) return null;
  const lowered = uri.toLowerCase();
  if (lowered.startsWith(MEM_PREFIX)) {
    const id = lowered.slice(MEM_PREFIX.length);
    return UUID_PATTERN.test(id) ? { kind: 'mem', id } : null;
  }
  if (lowered.startsWith(LAYER_PREFIX)) {
    const [id = '', query] = lowered.slice(LAYER_PREFIX.length).split('?', 2);
    if (!UUID_PATTERN.test(id)) return null;
    if (query === undefined) return { kind: 'layer', id, executionId: null };
    const match = /^execution_id=(.+)$/.exec(query);
    return match && UUID_PATTERN.test(match[1]!) ? { kind: 'layer', id, executionId: match[1]! } : null;
  }
  if (lowered.startsWith(ADAPTER_PREFIX)) {
    const key = lowered.slice(ADAPTER_PREFIX.length);
    return SLUG_PATTERN.test(key) ? { kind: 'adapter', key } : null;
  }
  return null;
}

/** `kairos://artifact/<uuid or slug>`: a file attached to an adapter. */
export function artifactUri(idOrSlug: string): string {
  return `${ARTIFACT_PREFIX}${idOrSlug}`;
}

/** A `kairos://artifact/…` URI: its uuid (lower case) or its slug, or null when malformed or another kind. */
export function parseArtifactUri(uri: string): { id: string } | { slug: string } | null {
  if (uri.length > MAX_KAIROS_URI_LENGTH) return null;
  const lowered = uri.trim().toLowerCase();
  if (!lowered.startsWith(ARTIFACT_PREFIX)) return null;
  const key = lowered.slice(ARTIFACT_PREFIX.length);
  if (UUID_PATTERN.test(key)) return { id: key };
  return SLUG_PATTERN.test(key) ? { slug: key } : null;
}

/** Whether a text names an artifact at all (well formed or not). */
export function isArtifactUri(uri: string): boolean {
  return uri.trim().toLowerCase().startsWith(ARTIFACT_PREFIX);
}

/** `kairos://run/<id>`: a run as an MCP resource. */
export function runUri(runId: string): string {
  return `${RUN_PREFIX}${runId}`;
}

/** The resource template of run URIs. */
export const RUN_URI_TEMPLATE = `${RUN_PREFIX}{runId}`;

/** Whether a text names a run at all (well formed or not). */
export function isRunUri(uri: string): boolean {
  return uri.startsWith(RUN_PREFIX);
}

/** `kairos://run/<id>` or `kairos://run/<id>?after_seq=<n>`: the run id and the sequence to replay after. */
export function parseRunUri(uri: string): { runId: string; afterSeq: number } | null {
  if (!uri.startsWith(RUN_PREFIX)) return null;
  const [id, query] = uri.slice(RUN_PREFIX.length).split('?', 2) as [string, string | undefined];
  if (id === '' || id.length > MAX_RUN_ID_LENGTH || !/^[\w-]+$/.test(id)) return null;
  const after = new URLSearchParams(query ?? '').get('after_seq');
  const afterSeq = after === null ? 0 : Number(after);
  if (!Number.isSafeInteger(afterSeq) || afterSeq < 0) return null;
  return { runId: id, afterSeq };
}

/** The memory id a `kairos://mem/…` or `kairos://layer/…` URI names, or null (adapter URIs name protocols). */
export function parseMemoryUri(uri: string): string | null {
  const parsed = parseKairosUri(uri);
  return parsed && parsed.kind !== 'adapter' ? parsed.id : null;
}
