/**
 * Who is asking, and which spaces they may read and write. Every store query is scoped by
 * these lists; there is no unscoped read path.
 */
export interface Viewer {
  principalId: string;
  readableSpaces: string[];
  writableSpaces: string[];
  /** Where writes go when the caller names no space. */
  defaultWriteSpace: string;
}

/** Built-in protocols live here: readable by everyone, writable by no one. */
export const APP_SPACE = 'app';

export function personalSpaceOf(principalId: string): string {
  return `user:${principalId}`;
}

/** The single principal used until authentication is switched on. */
export function localViewer(): Viewer {
  const personal = personalSpaceOf('local');
  return {
    principalId: 'local',
    readableSpaces: [personal, APP_SPACE],
    writableSpaces: [personal],
    defaultWriteSpace: personal,
  };
}

/** Resolves a space named in a read ("personal" is the caller's own), or null if not readable. */
export function readableSpace(viewer: Viewer, name: string): string | null {
  const space = name === 'personal' ? viewer.defaultWriteSpace : name;
  return viewer.readableSpaces.includes(space) ? space : null;
}
