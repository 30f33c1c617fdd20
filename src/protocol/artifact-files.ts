/**
 * Files attached to an adapter (KAIROS 4 "artifacts"): which types are taken, what a name and a
 * skill-relative path may be, and the slug and version a file is known by. Pure rules, shared by
 * the artifact service (what is stored) and the skill export (where a file goes in the bundle).
 */
import { posix } from 'node:path';

/**
 * Extension → the types consistent with it, first the one inferred from the name. KAIROS 4.8.5's
 * text types, then ours: JSON, CSV and a few binary types (images, PDF), whose content travels as base64.
 */
const EXTENSION_MIMES: Readonly<Record<string, readonly string[]>> = {
  '.py': ['text/x-python'],
  '.sh': ['text/x-shellscript'],
  '.bash': ['text/x-shellscript'],
  '.js': ['text/javascript'],
  '.mjs': ['text/javascript'],
  '.cjs': ['text/javascript'],
  '.pl': ['text/x-perl'],
  '.pm': ['text/x-perl'],
  '.toml': ['text/x-toml'],
  '.yaml': ['text/yaml'],
  '.yml': ['text/yaml'],
  '.txt': ['text/plain'],
  '.json': ['application/json'],
  '.csv': ['text/csv'],
  '.png': ['image/png'],
  '.jpg': ['image/jpeg'],
  '.jpeg': ['image/jpeg'],
  '.gif': ['image/gif'],
  '.webp': ['image/webp'],
  '.pdf': ['application/pdf'],
};

/** KAIROS 4's type for a name without an extension. */
const NO_EXTENSION_MIMES: readonly string[] = ['text/plain'];

/** Types whose content is bytes, sent and answered as base64. */
export const BINARY_ARTIFACT_MIMES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'] as const;

/** Every type an artifact may have. */
export const ARTIFACT_MIMES: readonly string[] = [...new Set([...Object.values(EXTENSION_MIMES).flat(), ...NO_EXTENSION_MIMES])];

/** Longest artifact name and skill-relative path (KAIROS 4 takes paths up to 2,048 characters). */
export const ARTIFACT_NAME_MAX_LENGTH = 255;
export const ARTIFACT_PATH_MAX_LENGTH = 2_048;

/** Paths the skill export writes itself; an artifact may not take them. */
export const RESERVED_SKILL_PATHS = ['SKILL.md', 'SHA256SUMS', 'artifacts/learned-triggers.json'] as const;

/**
 * Whether an artifact at this path would take a file the skill export writes (`SKILL.md`,
 * `SHA256SUMS`, the learned triggers, the adapter's own `artifacts/<slug>.md`), compared without
 * case: on a case-insensitive file system they are the same file.
 */
export function isReservedSkillPath(path: string, adapterSlug: string): boolean {
  const lower = path.toLowerCase();
  return [...RESERVED_SKILL_PATHS, `artifacts/${adapterSlug}.md`].some((reserved) => reserved.toLowerCase() === lower);
}

/** The key a path is unique by in its skill folder: without case, as a case-insensitive file system sees it. */
export function skillPathKey(path: string): string {
  return path.toLowerCase();
}

const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export function normaliseMime(mime: string): string {
  return mime.trim().toLowerCase();
}

export function isArtifactMime(mime: string): boolean {
  return ARTIFACT_MIMES.includes(normaliseMime(mime));
}

export function isBinaryMime(mime: string): boolean {
  return (BINARY_ARTIFACT_MIMES as readonly string[]).includes(normaliseMime(mime));
}

function extensionOf(path: string): string {
  return posix.extname(posix.basename(path.replace(/\\/g, '/'))).toLowerCase();
}

/** The type a file name implies (its extension's first type), or null for an unknown or missing extension. */
export function mimeFromName(name: string): string | null {
  return EXTENSION_MIMES[extensionOf(name.trim())]?.[0] ?? null;
}

/**
 * KAIROS 4's sanitisation rule (extension ↔ type), which it reports as a warning at export; here a
 * known extension with another type is refused when the file is stored. A file without an
 * extension (a script such as `bin/deploy`) may have any allowed type. Null when consistent, else why not.
 */
export function mimeMismatch(path: string, mime: string): string | null {
  const extension = extensionOf(path);
  const allowed = extension ? EXTENSION_MIMES[extension] : undefined;
  const type = normaliseMime(mime);
  if (!allowed || allowed.includes(type)) return null;
  return `extension ${extension} takes ${allowed.join(', ')}, not ${type}`;
}

/**
 * A skill-relative path as KAIROS 4 reads it: backslashes are slashes, leading `./` dropped;
 * absolute paths, `..`, `.` or empty segments, a trailing slash, NUL and other control characters,
 * a drive letter, and paths over 2,048 characters are refused (KAIROS drops such a path; here
 * the file is refused). Answers the clean path or why it was refused.
 */
export function normaliseRelativePath(raw: string): { path: string } | { problem: string } {
  if (CONTROL_CHARACTERS.test(raw)) return { problem: 'it holds a NUL or another control character' };
  let path = raw.trim().replace(/\\/g, '/');
  while (path.startsWith('./')) path = path.slice(2);
  if (path === '') return { problem: 'it is empty' };
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path)) return { problem: 'it is absolute' };
  if (path.endsWith('/')) return { problem: 'it ends with a slash (a folder, not a file)' };
  const segments = path.split('/');
  if (segments.includes('..')) return { problem: 'it climbs out of the skill folder (..)' };
  if (segments.includes('')) return { problem: 'it has an empty segment (//)' };
  if (segments.includes('.')) return { problem: 'it has a . segment' };
  if (path.length > ARTIFACT_PATH_MAX_LENGTH) return { problem: `it is over ${ARTIFACT_PATH_MAX_LENGTH} characters` };
  return { path };
}

/** Why an artifact name cannot be used, or null. */
export function artifactNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'artifact_name is empty';
  if (trimmed.length > ARTIFACT_NAME_MAX_LENGTH) return `artifact_name is over ${ARTIFACT_NAME_MAX_LENGTH} characters`;
  if (CONTROL_CHARACTERS.test(trimmed)) return 'artifact_name holds a NUL or another control character';
  return null;
}

/**
 * The slug and version a file is known by, as KAIROS 4 gives them: from a `# kairos-artifact:`
 * header comment (after an optional `#!` line) with `# slug:` and `# version:` lines, else the
 * slug is made from the relative path (or the name) and the version is "1". Null slug: none can be made.
 */
export function artifactIdentity(text: string | null, slugSource: string): { slug: string | null; version: string; fromHeader: boolean } {
  const header = text === null ? {} : headerOf(text);
  const slug = (header.slug ?? slugOf(slugSource)).trim().toLowerCase();
  return { slug: SLUG_PATTERN.test(slug) ? slug : null, version: header.version ?? '1', fromHeader: header.slug !== undefined };
}

function slugOf(source: string): string {
  return source
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function headerOf(text: string): { slug?: string; version?: string } {
  const lines = text.slice(0, 8_192).split(/\r?\n/);
  let index = lines[0]?.startsWith('#!') ? 1 : 0;
  while (index < lines.length && lines[index]!.trim() === '') index += 1;
  if (!lines[index]?.trim().startsWith('# kairos-artifact:')) return {};
  const found: { slug?: string; version?: string } = {};
  for (index += 1; index < lines.length; index += 1) {
    const line = lines[index]!.trim();
    if (line === '') continue;
    if (!line.startsWith('#')) break;
    const match = /^#\s*(slug|version)\s*:\s*(\S.*)$/.exec(line);
    if (match) found[match[1] as 'slug' | 'version'] = match[2]!.trim();
  }
  return found;
}

/** Where a file goes in its skill folder: its relative path, else `artifacts/<name>` (slashes in the name made `_`). */
export function skillPathOf(artifact: { name: string; relativePath: string | null }): string {
  return artifact.relativePath ?? `artifacts/${artifact.name.replace(/[/\\]/g, '_')}`;
}
