/**
 * Who is asking, and which spaces they may read and write. Every store query is scoped by
 * these lists; there is no unscoped read path.
 */
/** Ranked lowest first: each role can do what the ones before it can. */
export const ROLES = ['AGENT', 'HUMAN', 'REVIEWER', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(name: string): name is Role {
  return (ROLES as readonly string[]).includes(name);
}

/** Roles that stand for a person: only they answer a `require_human` prompt. `AGENT` never does. */
export const PERSON_ROLES: readonly Role[] = ['HUMAN', 'REVIEWER', 'ADMIN'];

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
  /** True when the request named one space (x-kairos-space): it reaches nothing else. */
  narrowed: boolean;
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
    narrowed: false,
  };
}

/** Resolves a space named in a read ("personal" is the caller's own), or null if not readable. */
export function readableSpace(viewer: Viewer, name: string): string | null {
  const space = name === 'personal' ? viewer.defaultWriteSpace : name;
  return viewer.readableSpaces.includes(space) ? space : null;
}

/** Reviewers and admins review proposals; admins also manage principals and tokens. */
export function hasRole(viewer: Viewer, role: Role): boolean {
  return ROLES.indexOf(viewer.role) >= ROLES.indexOf(role);
}

/**
 * Does this viewer stand for a person? With KAIROS_AUTH=off the single local principal is the
 * person at the keyboard; with auth on only the HUMAN, REVIEWER and ADMIN roles are.
 */
export function isPerson(viewer: Viewer): boolean {
  return !viewer.authenticated || PERSON_ROLES.includes(viewer.role);
}

export function isPersonalSpace(space: string): boolean {
  return space.startsWith('user:');
}

/**
 * Where a viewer may answer prompts and review proposals: the spaces it can write, and for an
 * admin every personal space too (nobody else can reach an agent's personal space, so without
 * this a human gate or a staged proposal there would be a dead end).
 */
export function canReviewIn(viewer: Viewer, space: string): boolean {
  if (viewer.writableSpaces.includes(space)) return true;
  return viewer.authenticated && !viewer.narrowed && hasRole(viewer, 'ADMIN') && isPersonalSpace(space);
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
    narrowed: false,
  };
}

/** A request that names one space sees only that space (plus nothing else, not even app). */
export function narrowViewer(viewer: Viewer, space: string): Viewer | null {
  const resolved = readableSpace(viewer, space);
  if (!resolved) return null;
  const writable = viewer.writableSpaces.includes(resolved) ? [resolved] : [];
  return { ...viewer, readableSpaces: [resolved], writableSpaces: writable, defaultWriteSpace: resolved, narrowed: true };
}
