import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  MAX_CACHED_WORD_LENGTH,
  flatCopy,
  prepareSearchText,
  searchTerms,
  stemTerm,
  termCacheSize,
} from '../../src/search/search-query.js';

describe('prepareSearchText', () => {
  it('removes the footer URIs and bare UUIDs case-insensitively, and collapses white space', () => {
    expect(prepareSearchText('deploy  KAIROS://MEM/00000000-0000-0000-0000-000000002002 the\tservice')).toBe('deploy the service');
    expect(prepareSearchText('rollback 3F2504E0-4F89-11D3-9A0C-0305E82C3301 now')).toBe('rollback now');
    expect(prepareSearchText('kairos://mem/00000000-0000-0000-0000-000000002001')).toBe('');
  });

  it('keeps case (reference §6.2) but neutralises $text phrase and negation syntax', () => {
    expect(prepareSearchText('Deploy "blue green" -canary')).toBe('Deploy blue green canary');
    expect(prepareSearchText('roll-back --force')).toBe('roll-back force');
  });
});

describe('searchTerms', () => {
  it('lower-cases, splits on non-alphanumerics, drops stop words and duplicates', () => {
    expect(searchTerms('How do I deploy the Service?')).toEqual(['deploy', 'servic']);
    expect(searchTerms('the of and')).toEqual([]);
    expect(searchTerms('CI/CD pipeline')).toEqual(['ci', 'cd', 'pipelin']);
    expect(searchTerms('changelog for release 2.3, ticket 4711')).toEqual(['changelog', 'releas', 'ticket']);
  });

  it('gives word forms of one root the same term, as the engine stemmer does', () => {
    expect(new Set(['migrate', 'migration', 'migrations', 'migrating'].map(stemTerm)).size).toBe(1);
    expect(new Set(['deploy', 'deploys', 'deployed', 'deploying', 'deployment'].map(stemTerm)).size).toBe(1);
    expect(new Set(['dependency', 'dependencies'].map(stemTerm)).size).toBe(1);
    expect(stemTerm('test')).toBe(stemTerm('tests'));
  });
});

describe('the term cache', () => {
  /** The engine's collector, reachable once the flag is set (a fresh context picks the flag up). */
  function collector(): () => void {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  }

  it('keeps neither the words nor the terms as views into the texts they came from', () => {
    const gc = collector();
    const kept: string[][] = [];
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 50; i++) {
      // A word of its own per text (long enough that V8 would slice it rather than copy it), in a 1 MB text.
      const word = `Deploymentrollout${String.fromCharCode(97 + (i % 26), 97 + Math.floor(i / 26))}ing`;
      kept.push(searchTerms(`${word} ${'- '.repeat(500_000)}`));
    }
    gc();
    const retainedMb = (process.memoryUsage().heapUsed - before) / 1e6;
    expect(kept.flat()).toHaveLength(50);
    // Views would keep the 50 texts (50 MB); flat copies keep a few bytes each.
    expect(retainedMb).toBeLessThan(15);
  });

  it('does not keep words longer than the cap', () => {
    const long = 'q'.repeat(MAX_CACHED_WORD_LENGTH + 1);
    const size = termCacheSize();
    expect(searchTerms(`${long}a ${long}b`)).toEqual([`${long}a`, `${long}b`]);
    expect(termCacheSize()).toBe(size);
    searchTerms('kubernetes');
    expect(termCacheSize()).toBe(size + 1);
  });

  it('copies a string exactly, lone surrogates included', () => {
    for (const text of ['', 'plain', 'ünïcödé 😀', '\ud800x\udfff', '"quoted" \\ back']) expect(flatCopy(text)).toBe(text);
  });
});
