/** The in-process lexical index (src/search/lexical-index.ts): the text index's raw score, kept in step by chain replacement. */
import { describe, expect, it } from 'vitest';
import {
  SpaceLexicalIndex,
  type LexicalStep,
  TOKENIZE_SLICE_CHARS,
  weightedCounts,
  weightedCountsInSlices,
} from '../../src/search/lexical-index.js';
import { searchTerms } from '../../src/search/search-query.js';

function step(
  chainId: string,
  stepIndex: number,
  fields: { title: string; triggers?: string; label?: string; text?: string; slug?: string },
): LexicalStep {
  return {
    memoryId: `${chainId}-${stepIndex}`,
    label: fields.label ?? '',
    text: fields.text ?? '',
    chain: { chainId, label: fields.title, triggers: fields.triggers ?? null, stepIndex, slug: fields.slug ?? chainId },
  };
}

describe('SpaceLexicalIndex', () => {
  it('keeps the best `limit` protocols in the order of a full ranking (ties by chain id), leaving out excluded slugs', () => {
    const index = new SpaceLexicalIndex();
    const words = ['disk', 'certificate', 'deploy', 'rollback', 'database'];
    const slugOf = new Map<string, string>();
    // 300 protocols with many equal scores (as copies of one runbook have), ids not in score order.
    for (let n = 0; n < 300; n++) {
      const chainId = `c${(n * 7919) % 1000}`.padStart(5, '0');
      const text = words.filter((_, w) => (n >> w) & 1).join(' ');
      slugOf.set(chainId, `slug-${n}`);
      index.add(step(chainId, 1, { title: n % 3 === 0 ? 'disk' : 'runbook', text, slug: `slug-${n}` }));
    }
    const terms = searchTerms('disk certificate database rollback');
    const all = index.search(terms, 10_000);
    expect(all.length).toBeGreaterThan(100);
    for (let i = 1; i < all.length; i++) {
      const [before, after] = [all[i - 1]!, all[i]!];
      expect(
        before.rawTextScore > after.rawTextScore || (before.rawTextScore === after.rawTextScore && before.chainId < after.chainId),
      ).toBe(true);
    }
    for (const limit of [1, 7, 40, 99]) expect(index.search(terms, limit)).toEqual(all.slice(0, limit));
    const excluded = new Set(['slug-3', 'slug-6', 'slug-9']);
    const kept = all.filter((hit) => !excluded.has(slugOf.get(hit.chainId)!));
    expect(kept.length).toBeLessThan(all.length);
    expect(index.search(terms, 40, (slug) => excluded.has(slug))).toEqual(kept.slice(0, 40));
    expect(index.search(terms, 0)).toEqual([]);
  });

  it('scores a step as the engine did: field weight / 10 per occurrence, summed over the terms; a protocol as its best step', () => {
    const index = new SpaceLexicalIndex();
    index.add(
      step('a', 1, {
        title: 'Rotate TLS certificates',
        triggers: 'certificate expired',
        label: 'Check expiry',
        text: 'Check the certificate dates.',
      }),
    );
    index.add(step('a', 2, { title: 'Rotate TLS certificates', label: 'Install the new certificate', text: 'Restart nginx.' }));
    index.add(step('b', 1, { title: 'Deploy a service', text: 'The certificate of the load balancer.' }));
    const hits = index.search(searchTerms('renew certificate'), 10);
    // Step 1 of a: title 1 + triggers 0.5 + text 0.1 = 1.6; step 2: title 1 + label 0.3 = 1.3.
    expect(hits.map((hit) => [hit.chainId, hit.rawTextScore, hit.headId])).toEqual([
      ['a', 1.6, 'a-1'],
      ['b', 0.1, 'b-1'],
    ]);
    expect(index.search(searchTerms('sourdough bread'), 10)).toEqual([]);
  });

  it('replaces one edited step in place: its old words go, its new ones count, the rest of its chain stays', () => {
    const index = new SpaceLexicalIndex();
    index.add({ ...step('a', 1, { title: 'Rotate TLS certificates', label: 'Check expiry' }), uri: 'kairos://mem/a-1', tags: ['ops'] });
    index.add(step('a', 2, { title: 'Rotate TLS certificates', label: 'Install', text: 'Restart nginx.' }));
    expect(index.replaceStep(step('a', 2, { title: 'Rotate TLS certificates', label: 'Install', text: 'Reload haproxy.' }))).toBe(true);
    expect(index.search(searchTerms('nginx'), 10)).toEqual([]);
    expect(index.search(searchTerms('haproxy'), 10).map((hit) => [hit.chainId, hit.rawTextScore])).toEqual([['a', 0.1]]);
    expect(index.search(searchTerms('expiry'), 10).map((hit) => hit.chainId)).toEqual(['a']);
    // A head's tags are shown, not searched: retagged without counting anything.
    expect(index.retagHead('a', 'a-1', ['security'])).toBe(true);
    expect(index.headOf('a')?.tags).toEqual(['security']);
    expect(index.retagHead('a', 'a-2', ['x'])).toBe(false);
    // A step it does not hold: the caller re-reads the chain instead.
    expect(index.replaceStep(step('b', 1, { title: 'Unknown' }))).toBe(false);
  });

  it('follows a chain replaced or removed, and leaves out refused slugs', () => {
    const index = new SpaceLexicalIndex();
    index.add(step('a', 1, { title: 'Rotate TLS certificates' }));
    index.add(step('c', 1, { title: 'Refine the search', slug: 'refine-search' }));
    expect(index.search(searchTerms('search'), 10, (slug) => slug === 'refine-search')).toEqual([]);
    index.replaceChain('a', [step('a', 1, { title: 'Back up the database' })]);
    expect(index.search(searchTerms('certificates'), 10)).toEqual([]);
    expect(index.search(searchTerms('database backup'), 10).map((hit) => hit.chainId)).toEqual(['a']);
    index.replaceChain('a', []);
    expect(index.size).toBe(1);
    expect(index.search(searchTerms('database'), 10)).toEqual([]);
  });

  it('stays correct across the sweep of removed steps', () => {
    const index = new SpaceLexicalIndex();
    for (let round = 0; round < 3; round++) {
      for (let n = 0; n < 800; n++)
        index.replaceChain(`p${n}`, [
          step(`p${n}`, 1, { title: `Protocol ${round === 2 ? 'gamma' : 'alpha'} ${n}` }),
          step(`p${n}`, 2, { title: 'x', label: 'alpha' }),
        ]);
    }
    expect(index.size).toBe(800);
    // Step 2 kept "alpha" in its label (0.3); the title now says gamma (1).
    expect(index.search(searchTerms('alpha'), 1000).every((hit) => hit.rawTextScore === 0.3)).toBe(true);
    expect(index.search(searchTerms('gamma'), 1000)).toHaveLength(800);
  });

  it('counts a long text in slices exactly as in one go, words across slice edges and letters outside the BMP included', async () => {
    // Words of every length, so slice edges fall inside words; 𝐀 (U+1D400) is a letter of two UTF-16 units.
    const words = Array.from({ length: 40_000 }, (_, i) =>
      i % 7 === 0 ? `Certificate𝐀${i % 13}` : i % 5 === 0 ? 'x'.repeat(i % 97) : `déploiement${i % 11}ing`,
    );
    const text = words.join(' ') + words.join(' — ');
    expect(text.length).toBeGreaterThan(TOKENIZE_SLICE_CHARS * 10);
    const long = step('a', 1, { title: 'Rotate TLS certificates', triggers: 'certificate expired', label: 'Check expiry', text });
    const sliced = await weightedCountsInSlices(long);
    expect(sliced.size).toBeGreaterThan(10);
    expect([...sliced].sort()).toEqual([...weightedCounts(long)].sort());
    // A slice edge between the two halves of 𝐀: the word is not cut there.
    const pair = step('c', 1, {
      title: 'T',
      text: `${'q '.repeat(TOKENIZE_SLICE_CHARS / 2 - 1)}w𝐀𝐀x ${'q '.repeat(TOKENIZE_SLICE_CHARS)}`,
    });
    expect(pair.text.charCodeAt(TOKENIZE_SLICE_CHARS - 1)).toBe(0xd835);
    expect([...(await weightedCountsInSlices(pair))].sort()).toEqual([...weightedCounts(pair)].sort());
    // A single word longer than a slice stays one term.
    const oneWord = step('b', 1, { title: 'T', text: `a ${'z'.repeat(TOKENIZE_SLICE_CHARS * 3)} b` });
    expect([...(await weightedCountsInSlices(oneWord))].sort()).toEqual([...weightedCounts(oneWord)].sort());
  });
});
