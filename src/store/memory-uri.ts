/**
 * The URIs that name memories and protocols. `kairos://mem/<uuid>` names a memory (a step);
 * KAIROS 4 names a step `kairos://layer/<uuid>` (optionally `?execution_id=<run id>`) and a
 * protocol `kairos://adapter/<slug>` or `kairos://adapter/<uuid>` (its chain id).
 */
const URI_PREFIX = 'kairos://mem/';
const LAYER_PREFIX = 'kairos://layer/';
const ADAPTER_PREFIX = 'kairos://adapter/';
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Longer than any slug (200) or uuid: anything longer is not a URI we issue. */
const MAX_URI_LENGTH = 512;

export type KairosUri =
  | { kind: 'mem'; id: string }
  | { kind: 'layer'; id: string; executionId: string | null }
  | { kind: 'adapter'; key: string };

export function memoryUri(id: string): string {
  return `${URI_PREFIX}${id}`;
}

export function layerUri(id: string, executionId?: string | null): string {
  return executionId ? `${LAYER_PREFIX}${id}?execution_id=${executionId}` : `${LAYER_PREFIX}${id}`;
}

export function adapterUri(slug: string): string {
  return `${ADAPTER_PREFIX}${slug}`;
}

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** Reads any of the three URI forms (scheme and kind case-insensitive), or null when malformed. */
export function parseKairosUri(uri: string): KairosUri | null {
  if (uri.length > MAX_URI_LENGTH) return null;
  const lowered = uri.toLowerCase();
  if (lowered.startsWith(URI_PREFIX)) {
    const id = uri.slice(URI_PREFIX.length);
    return UUID_PATTERN.test(id) ? { kind: 'mem', id: id.toLowerCase() } : null;
  }
  if (lowered.startsWith(LAYER_PREFIX)) {
    const [id = '', query] = uri.slice(LAYER_PREFIX.length).split('?', 2);
    if (!UUID_PATTERN.test(id)) return null;
    if (query === undefined) return { kind: 'layer', id: id.toLowerCase(), executionId: null };
    const match = /^execution_id=([0-9a-f-]{36})$/i.exec(query);
    if (!match || !UUID_PATTERN.test(match[1]!)) return null;
    return { kind: 'layer', id: id.toLowerCase(), executionId: match[1]!.toLowerCase() };
  }
  if (lowered.startsWith(ADAPTER_PREFIX)) {
    const key = lowered.slice(ADAPTER_PREFIX.length);
    return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(key) ? { kind: 'adapter', key } : null;
  }
  return null;
}

/** The memory id a `kairos://mem/…` or `kairos://layer/…` URI names, or null (adapter URIs name protocols). */
export function parseMemoryUri(uri: string): string | null {
  const parsed = parseKairosUri(uri);
  return parsed && parsed.kind !== 'adapter' ? parsed.id : null;
}
