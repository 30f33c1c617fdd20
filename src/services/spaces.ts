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
