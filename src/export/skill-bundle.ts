import { createHash } from 'node:crypto';
import type { ExportAdapter } from './export-model.js';
import type { ZipEntry } from './zip-writer.js';

/** One file of a skill, relative to the bundle root (`<slug>/…`). */
export interface SkillFile {
  path: string;
  content: string;
  contentType: string;
  sha256: string;
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
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

/** `SKILL.md`, `artifacts/<slug>.md` and `SHA256SUMS`: what `skillFiles` gives for every adapter. */
export const SKILL_FILES_PER_ADAPTER = 3;

/**
 * The files of one adapter's skill: `SKILL.md` (frontmatter name and description, then the
 * adapter's markdown), `artifacts/<slug>.md` (the flat markdown, which trains back to the same
 * layers), and `SHA256SUMS` over both in GNU coreutils format (`<hex>  <path>`, paths relative
 * to the skill folder), so `sha256sum -c SHA256SUMS` run inside `<name>/` (`skillName`) checks them.
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
  const sums = files.map((file) => `${sha256(file.content)}  ${file.relative}\n`).join('');
  return [...files, { relative: 'SHA256SUMS', content: sums, contentType: 'text/plain' }].map((file) => ({
    path: `${name}/${file.relative}`,
    content: file.content,
    contentType: file.contentType,
    sha256: sha256(file.content),
  }));
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
      })),
    })),
  });
}

/** The zip entries of one skill, its `artifacts/` folder included. */
export function skillZipEntries(adapter: ExportAdapter): ZipEntry[] {
  return [
    { path: `${skillName(adapter.slug)}/artifacts/`, data: new Uint8Array() },
    ...skillFiles(adapter).map((file) => ({ path: file.path, data: Buffer.from(file.content, 'utf8') })),
  ];
}
