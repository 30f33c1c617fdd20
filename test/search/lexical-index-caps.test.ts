/**
 * What one document may add to the in-process lexical index: a step's first distinct terms (title
 * and label first) and no new term once a space holds its cap. Hostile content (random tokens)
 * stays bounded; the words of ordinary protocols are all kept.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LEXICAL_INDEX_LIMITS } from '../../src/limits.js';
import { SpaceLexicalIndex, type LexicalStep, weightedCounts, weightedCountsInSlices } from '../../src/search/lexical-index.js';
import { searchTerms } from '../../src/search/search-query.js';

function step(chainId: string, stepIndex: number, title: string, text: string): LexicalStep {
  return {
    memoryId: `${chainId}-${stepIndex}`,
    label: `Layer ${stepIndex}`,
    text,
    chain: { chainId, label: title, triggers: null, stepIndex, slug: chainId },
  };
}

/** `count` distinct letter-only words (no stemming collapses them). */
function randomWords(count: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return Array.from({ length: count }, () => Array.from(randomBytes(9), (byte) => letters[byte % 26]).join('')).join(' ');
}

describe('lexical index caps', () => {
  it("keeps a step's first distinct terms, its title and label among them", async () => {
    const hostile = step('h', 1, 'Quarterly certificate rotation', randomWords(LEXICAL_INDEX_LIMITS.termsPerStep * 2));
    const counts = weightedCounts(hostile);
    expect(counts.size).toBe(LEXICAL_INDEX_LIMITS.termsPerStep);
    expect((await weightedCountsInSlices(hostile)).size).toBe(LEXICAL_INDEX_LIMITS.termsPerStep);
    for (const term of searchTerms('quarterly certificate rotation layer')) expect(counts.has(term)).toBe(true);
    // An ordinary step keeps every word.
    const ordinary = step('o', 1, 'Deploy', 'Build the image, push it, roll the deployment out and watch the health checks.');
    expect([...weightedCounts(ordinary).keys()].sort()).toEqual(
      [...new Set(searchTerms('Deploy Layer 1 Build the image, push it, roll the deployment out and watch the health checks.'))].sort(),
    );
  });

  it("adds no new term past the space's cap, and still finds what it holds", () => {
    const index = new SpaceLexicalIndex({ maxTerms: 1_000 });
    index.add(step('a', 1, 'Rotate certificates', 'renew the certificate'));
    for (let i = 0; i < 5; i++) index.add(step(`r${i}`, 1, `Noise ${i}`, randomWords(600)));
    index.add(step('late', 1, 'Zebrafish husbandry', 'zebrafish'));
    expect(index.search(searchTerms('certificate'), 10).map((hit) => hit.chainId)).toEqual(['a']);
    expect(index.search(searchTerms('zebrafish'), 10)).toEqual([]);
  });

  it('holds hostile content to a bounded number of terms: 30 documents of 1 MB of random tokens', () => {
    const before = process.memoryUsage().heapUsed;
    const index = new SpaceLexicalIndex();
    let text = 0;
    for (let doc = 0; doc < 30; doc++) {
      for (let layer = 1; layer <= 9; layer++) {
        const body = randomBytes(84_000)
          .toString('base64url')
          .replace(/(.{10})/g, '$1 ');
        text += body.length;
        index.add(step(`doc${doc}`, layer, `Hostile ${doc}`, body));
      }
    }
    const grown = process.memoryUsage().heapUsed - before;
    // A figure, not a target (garbage included): docs/security.md carries the measured one.
    console.log(
      `[lexical caps] ${(text / 1e6).toFixed(0)} MB of random tokens: ${index.termCount} terms, heap +${(grown / 1e6).toFixed(0)} MB`,
    );
    // Uncapped, each of the ~3 million tokens was a term of its own.
    expect(index.termCount).toBe(LEXICAL_INDEX_LIMITS.termsPerSpace);
  });
});
