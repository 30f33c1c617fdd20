import { describe, expect, it } from 'vitest';
import { prepareSearchText, searchTerms, stemTerm } from '../../src/search/search-query.js';

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
