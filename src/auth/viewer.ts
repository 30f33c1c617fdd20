/**
 * Who is asking, and which spaces they may read and write. Every store query is scoped by
 * these lists; there is no unscoped read path.
 */
export type Role = 'AGENT' | 'REVIEWER' | 'ADMIN';

export interface Viewer {
  principalId: string;
  role: Role;
  /** False for the single local principal of KAIROS_AUTH=off. */
  authenticated: boolean;
  /** When the credential of this request expires (null: never); tokens it makes cannot outlive it. */
  credentialExpiresAt: Date | null;
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
    role: 'ADMIN',
    authenticated: false,
    credentialExpiresAt: null,
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

/** A principal that stands for a person (not an agent): it may answer prompts only a person can. */
export function isPerson(viewer: Viewer): boolean {
  return viewer.role !== 'AGENT';
}

/** Reviewers and admins review proposals; admins also manage principals and tokens. */
export function hasRole(viewer: Viewer, role: Role): boolean {
  const rank: Record<Role, number> = { AGENT: 0, REVIEWER: 1, ADMIN: 2 };
  return rank[viewer.role] >= rank[role];
}

/** The spaces of a principal: its personal space, its groups, and the read-only app space. */
export function viewerOf(principal: { id: string; role: Role; groups: string[] }): Viewer {
  const personal = personalSpaceOf(principal.id);
  const writable = [personal, ...principal.groups.map((group) => `group:${group}`)];
  return {
    principalId: principal.id,
    role: principal.role,
    authenticated: true,
    credentialExpiresAt: null,
    readableSpaces: [...writable, APP_SPACE],
    writableSpaces: writable,
    defaultWriteSpace: personal,
  };
}

/** A request that names one space sees only that space (plus nothing else, not even app). */
export function narrowViewer(viewer: Viewer, space: string): Viewer | null {
  const resolved = readableSpace(viewer, space);
  if (!resolved) return null;
  const writable = viewer.writableSpaces.includes(resolved) ? [resolved] : [];
  return { ...viewer, readableSpaces: [resolved], writableSpaces: writable, defaultWriteSpace: resolved };
}
