import { randomBytes } from 'node:crypto';

const MAX_SLUG_LENGTH = 40;

/**
 * `YYYYMMDDTHHMMSS-<slug of intent and rationale, at most 40 characters>-<6 hex>` in UTC: ids sort
 * in staging order, and the random suffix keeps two proposals of the same second apart
 * (upstream's §5.4 gap).
 */
export function newStagingId(now: Date, intent: string, rationale: string | null | undefined, random: () => string = randomSuffix): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').slice(0, 15);
  return `${stamp}-${stagingSlug(rationale?.trim() ? `${intent}-${rationale}` : intent)}-${random()}`;
}

export function stagingSlug(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
  return slug === '' ? 'proposal' : slug;
}

function randomSuffix(): string {
  return randomBytes(3).toString('hex');
}
