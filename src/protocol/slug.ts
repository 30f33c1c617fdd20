/** Protocol slugs: the author's routing key (frontmatter `slug:`) or one generated from the title. */

export const MAX_SLUG_LENGTH = 200;

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Whether an author-supplied slug is acceptable once lower-cased: letters and digits in groups
 * joined by single hyphens, at most 200 characters. Callers store `slug.toLowerCase()`.
 */
export function isValidSlug(slug: string): boolean {
  const lowered = slug.toLowerCase();
  return lowered.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(lowered);
}

/** Generated slug for a protocol title; never empty and always valid. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
  return slug === '' ? 'protocol' : slug;
}
