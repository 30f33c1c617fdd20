/**
 * KAIROS 4 URIs as the tools of issue 24 read and write them: `kairos://adapter/<slug|uuid>` and
 * `kairos://layer/<uuid>[?execution_id=<run>]`. A layer is a step: its uuid is the step's memory
 * id. (Branch v4fmt owns the resolution of these URIs on every door; this is the tools' view.)
 */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ADAPTER_URI = new RegExp(`^kairos://adapter/(${UUID}|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)$`, 'i');
const LAYER_URI = new RegExp(`^kairos://layer/(${UUID})(?:\\?execution_id=([A-Za-z0-9-]{1,64}))?$`, 'i');
const UUID_ONLY = new RegExp(`^${UUID}$`, 'i');

export type V4Uri = { kind: 'adapter'; slug: string | null; id: string | null } | { kind: 'layer'; memoryId: string; executionId: string | null };

export function parseV4Uri(uri: string): V4Uri | null {
  const adapter = ADAPTER_URI.exec(uri);
  if (adapter) {
    const value = adapter[1]!.toLowerCase();
    return UUID_ONLY.test(value) ? { kind: 'adapter', slug: null, id: value } : { kind: 'adapter', slug: value, id: null };
  }
  const layer = LAYER_URI.exec(uri);
  if (layer) return { kind: 'layer', memoryId: layer[1]!.toLowerCase(), executionId: layer[2] ?? null };
  return null;
}

export function adapterUri(slugOrId: string): string {
  return `kairos://adapter/${slugOrId}`;
}

export function layerUri(memoryId: string, executionId?: string | null): string {
  return executionId ? `kairos://layer/${memoryId}?execution_id=${executionId}` : `kairos://layer/${memoryId}`;
}

/** `kairos://mem/<id>` → `kairos://layer/<id>` (with the run, when given). */
export function layerUriOfMemoryUri(memoryUri: string, executionId?: string | null): string {
  return layerUri(memoryUri.slice(memoryUri.lastIndexOf('/') + 1), executionId);
}

export function memoryUriOfLayer(memoryId: string): string {
  return `kairos://mem/${memoryId}`;
}
