const URI_PREFIX = 'kairos://mem/';
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function memoryUri(id: string): string {
  return `${URI_PREFIX}${id}`;
}

/** The memory id in `kairos://mem/{uuid}` (case-insensitive), or null when the URI is malformed. */
export function parseMemoryUri(uri: string): string | null {
  if (!uri.toLowerCase().startsWith(URI_PREFIX)) return null;
  const id = uri.slice(URI_PREFIX.length);
  return UUID_PATTERN.test(id) ? id.toLowerCase() : null;
}
