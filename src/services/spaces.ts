import { readableSpace, type Viewer } from '../auth/viewer.js';
import { RequestError } from './errors.js';

/**
 * The space a read names ("personal" is the caller's own), or FORBIDDEN when the viewer cannot
 * read it. `message` keeps a reference wording where one exists (search).
 */
export function requireReadableSpace(viewer: Viewer, name: string, message = `Space "${name}" is not readable by you`): string {
  const space = readableSpace(viewer, name);
  if (!space) throw new RequestError('FORBIDDEN', message, { space: name });
  return space;
}

/** The one space a subscription names (FORBIDDEN if unreadable), or every readable space when it names none. */
export function readableSpacesFor(viewer: Viewer, name: string | null | undefined): string[] {
  return name ? [requireReadableSpace(viewer, name)] : [...viewer.readableSpaces];
}
