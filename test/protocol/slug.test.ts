import { describe, expect, it } from 'vitest';
import { isValidSlug, slugify } from '../../src/protocol/slug.js';

describe('isValidSlug', () => {
  it.each(['analyze-and-plan', 'a', 'v2', 'release-2024-q1', 'Deploy-Service'])('accepts %s', (slug) => {
    expect(isValidSlug(slug)).toBe(true);
  });

  it.each(['', '-lead', 'trail-', 'double--hyphen', 'with space', 'under_score', 'ümlaut', 'a/b'])('rejects %j', (slug) => {
    expect(isValidSlug(slug)).toBe(false);
  });

  it('allows at most 200 characters', () => {
    expect(isValidSlug('a'.repeat(200))).toBe(true);
    expect(isValidSlug('a'.repeat(201))).toBe(false);
  });
});

describe('slugify', () => {
  it('lower-cases, strips accents and joins words with single hyphens', () => {
    expect(slugify('Déployer un Service — v2 (prod)!')).toBe('deployer-un-service-v2-prod');
    expect(slugify('  ﬁle   naïve  ')).toBe('file-naive');
  });

  it('falls back to "protocol" when nothing is left', () => {
    expect(slugify('!!! ???')).toBe('protocol');
    expect(slugify('')).toBe('protocol');
  });

  it('caps at 200 characters without a trailing hyphen', () => {
    const slug = slugify(`${'a'.repeat(199)} b`);
    expect(slug).toBe('a'.repeat(199));
    expect(isValidSlug(slugify('word '.repeat(100)))).toBe(true);
  });
});
