import { createHash } from 'node:crypto';
import { skillPathKey } from '../protocol/artifact-files.js';
import type { ExportAdapter } from './export-model.js';
import type { ZipEntry } from './zip-writer.js';

/** One file of a skill, relative to the bundle root (`<slug>/…`). */
export interface SkillFile {
  path: string;
  /** Text, or base64 when `encoding` is `base64` (a binary artifact). */
  content: string;
  contentType: string;
  /** SHA-256 of the file's bytes (decoded, for base64). */
  sha256: string;
  encoding: 'base64' | null;
}

function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function yamlString(value: string): string {
  return JSON.stringify(value.replace(/\s+/g, ' ').trim());
}

/** Agent Skills names: 1-64 lowercase letters, digits and single hyphens, equal to the skill's folder. */
export const SKILL_NAME_MAX_LENGTH = 64;

/**
 * An adapter's skill name, from its slug (slugs already follow the character rules). A slug over
 * 64 characters is cut and takes `-` and 8 hex digits of its SHA-256, so two long slugs sharing
 * a prefix keep distinct names; slugs are unique within a space, and so are the names.
 */
export function skillName(slug: string): string {
  if (slug.length <= SKILL_NAME_MAX_LENGTH) return slug;
  return `${slug.slice(0, SKILL_NAME_MAX_LENGTH - 9).replace(/-+$/, '')}-${sha256(slug).slice(0, 8)}`;
}

/** The skill's description: its activation text when it has one, else its title. */
function descriptionOf(adapter: ExportAdapter): string {
  const activation = adapter.activation
    ?.replace(/^#+.*$/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  return (activation || adapter.title).slice(0, 1024);
}

/** `SKILL.md`, `artifacts/<slug>.md` and `SHA256SUMS`: what `skillFiles` gives for every adapter (besides its attached files). */
export const SKILL_FILES_PER_ADAPTER = 3;

/**
 * The files of one adapter's skill: `SKILL.md` (frontmatter name and description, then the
 * adapter's markdown), `artifacts/<slug>.md` (the flat markdown, which trains back to the same
 * layers), and `SHA256SUMS` over both in GNU coreutils format (`<hex>  <path>`, paths relative
 * to the skill folder), so `sha256sum -c SHA256SUMS` run inside `<name>/` (`skillName`) checks them.
 * The adapter's attached files follow at their paths, with their lines in `SHA256SUMS`; one whose
 * path a file above already takes is left out.
 */
export function skillFiles(adapter: ExportAdapter): SkillFile[] {
  const name = skillName(adapter.slug);
  const skill = [
    '---',
    `name: ${name}`,
    `description: ${yamlString(descriptionOf(adapter))}`,
    ...(adapter.version ? [`version: ${yamlString(adapter.version)}`] : []),
    `source: ${adapter.uri}`,
    '---',
    '',
    adapter.markdown.trimEnd(),
    '',
  ].join('\n');
  const files = [
    { relative: 'SKILL.md', content: skill, contentType: 'text/markdown' },
    { relative: `artifacts/${adapter.slug}.md`, content: adapter.markdown, contentType: 'text/markdown' },
    ...(adapter.learnedTriggers?.length
      ? [
          {
            relative: 'artifacts/learned-triggers.json',
            content: `${JSON.stringify({ adapter_uri: adapter.uri, learned_triggers: adapter.learnedTriggers }, null, 2)}
`,
            contentType: 'application/json',
          },
        ]
      : []),
  ];
  const written: { relative: string; content: string; contentType: string; bytes: Buffer; encoding: 'base64' | null }[] = files.map(
    (file) => ({
      ...file,
      bytes: Buffer.from(file.content, 'utf8'),
      encoding: null,
    }),
  );
  // Without case: on a case-insensitive file system two such paths are one file.
  const taken = new Set(['SHA256SUMS', ...written.map((file) => file.relative)].map(skillPathKey));
  for (const artifact of [...(adapter.artifacts ?? [])].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    if (taken.has(skillPathKey(artifact.path))) continue;
    taken.add(skillPathKey(artifact.path));
    written.push({
      relative: artifact.path,
      content: artifact.binary ? artifact.bytes.toString('base64') : artifact.bytes.toString('utf8'),
      contentType: artifact.contentType,
      bytes: artifact.bytes,
      encoding: artifact.binary ? 'base64' : null,
    });
  }
  const sums = written.map((file) => `${sha256(file.bytes)}  ${file.relative}\n`).join('');
  return [
    ...written,
    { relative: 'SHA256SUMS', content: sums, contentType: 'text/plain', bytes: Buffer.from(sums, 'utf8'), encoding: null },
  ].map((file) => ({
    path: `${name}/${file.relative}`,
    content: file.content,
    contentType: file.contentType,
    sha256: sha256(file.bytes),
    encoding: file.encoding,
  }));
}

/**
 * KAIROS 4's `skill_bundle_manifest` (a JSON string): per skill its folder name, version, entry
 * point and every other file but `SHA256SUMS`, as paths from the bundle root.
 */
export function skillBundleManifest(
  skills: readonly { slug: string; version: string | null; files: readonly string[] }[],
  bundleSha256: string | null,
): string {
  return JSON.stringify({
    type: 'skill_bundle',
    format: 'zip',
    skills: skills.map((skill) => {
      const name = skillName(skill.slug);
      return {
        slug: name,
        version: skill.version,
        entrypoint: `${name}/SKILL.md`,
        artifacts: skill.files.filter((path) => path !== `${name}/SKILL.md` && path !== `${name}/SHA256SUMS`),
      };
    }),
    ...(bundleSha256 ? { bundle_sha256: `sha256:${bundleSha256}` } : {}),
  });
}

/** skill_tree: every skill's files as JSON (path, content type, content, sha256). */
export function skillTree(adapters: readonly ExportAdapter[]): string {
  return JSON.stringify({
    skills: adapters.map((adapter) => ({
      slug: adapter.slug,
      adapter_uri: adapter.uri,
      files: skillFiles(adapter).map((file) => ({
        path: file.path,
        content_type: file.contentType,
        sha256: file.sha256,
        content: file.content,
        ...(file.encoding ? { content_encoding: file.encoding } : {}),
      })),
    })),
  });
}

/** The zip entries of one skill, its `artifacts/` folder included. */
export function skillZipEntries(adapter: ExportAdapter): ZipEntry[] {
  return [
    { path: `${skillName(adapter.slug)}/artifacts/`, data: new Uint8Array() },
    ...skillFiles(adapter).map((file) => ({
      path: file.path,
      data: Buffer.from(file.content, file.encoding === 'base64' ? 'base64' : 'utf8'),
    })),
  ];
}
