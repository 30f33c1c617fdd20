import { describe, expect, it } from 'vitest';
import type { ScoredProtocol } from '../../src/search/search-choices.js';
import { renderSearchResult } from '../../src/render/door-renderer.js';
import { graphqlRenderer } from '../../src/render/graphql-renderer.js';
import { CREATE_URI, REFINE_URI, buildSearchResult as buildSearchData, selectMatches } from '../../src/search/search-choices.js';

// Search answers with data; these tests read it as the GraphQL door words it.
const buildSearchResult = (...args: Parameters<typeof buildSearchData>) => renderSearchResult(buildSearchData(...args), graphqlRenderer);

function protocol(uri: string, score: number): ScoredProtocol {
  return { uri, label: `Label ${uri}`, chainLabel: `Title ${uri}`, score, tags: [], protocolVersion: null };
}

const footer = { refine: '1.0.0', create: '2.0.0' };

describe('selectMatches', () => {
  it('keeps scores at or above 0.3, best first, ties by URI, at most maxChoices', () => {
    const picked = selectMatches([protocol('c', 0.4), protocol('a', 0.29), protocol('b', 0.4), protocol('d', 0.9), protocol('e', 0.3)], 3);
    expect(picked.map((match) => match.uri)).toEqual(['d', 'b', 'c']);
  });
});

describe('buildSearchResult', () => {
  it('answers no match with only the REFINE and CREATE footer', () => {
    const result = buildSearchResult([protocol('a', 0.1)], 10, footer);
    expect(result.mustObey).toBe(true);
    expect(result.message).toBe('No existing protocol matched your query. Refine your search or create a new one.');
    expect(result.nextAction).toBe("Pick one choice and follow that choice's nextAction.");
    expect(result.choices).toEqual([
      {
        uri: REFINE_URI,
        label: 'Get help refining your search',
        chainLabel: 'Run protocol to turn vague user request into a better search query',
        score: null,
        role: 'REFINE',
        tags: ['meta', 'refine'],
        nextAction: `call begin with ${REFINE_URI} to get step-by-step help turning the user's request into a better search query`,
        protocolVersion: '1.0.0',
      },
      {
        uri: CREATE_URI,
        label: 'Create New KAIROS Protocol Chain',
        chainLabel: 'Create New KAIROS Protocol Chain',
        score: null,
        role: 'CREATE',
        tags: ['meta', 'creation'],
        nextAction: `call begin with ${CREATE_URI} to create a new protocol`,
        protocolVersion: '2.0.0',
      },
    ]);
  });

  it('leaves the footer out when the only match is strong', () => {
    const result = buildSearchResult([protocol('a', 0.5), protocol('b', 0.2)], 10, footer);
    expect(result.message).toBe('Found 1 match.');
    expect(result.nextAction).toBe("Follow the choice's nextAction.");
    expect(result.choices).toEqual([{ ...protocol('a', 0.5), role: 'MATCH', nextAction: 'call begin with a to execute this protocol' }]);
  });

  it('keeps the footer for a single weak match and for several matches, whatever their scores', () => {
    const weak = buildSearchResult([protocol('a', 0.49)], 10, footer);
    expect(weak.message).toBe('Found 1 match.');
    expect(weak.choices.map((choice) => choice.role)).toEqual(['MATCH', 'REFINE', 'CREATE']);

    const several = buildSearchResult([protocol('a', 0.9), protocol('b', 0.8), protocol('c', 0.35)], 10, footer);
    expect(several.message).toBe('Found 3 matches (top confidence: 90%). Choose one, refine your search, or create a new protocol.');
    expect(several.nextAction).toBe("Pick one choice and follow that choice's nextAction.");
    expect(several.choices.map((choice) => choice.role)).toEqual(['MATCH', 'MATCH', 'MATCH', 'REFINE', 'CREATE']);
  });

  it('does not count the footer toward maxChoices', () => {
    const many = Array.from({ length: 8 }, (_, index) => protocol(`p${index}`, 0.6));
    const result = buildSearchResult(many, 5, { refine: null, create: null });
    expect(result.choices.filter((choice) => choice.role === 'MATCH')).toHaveLength(5);
    expect(result.choices).toHaveLength(7);
    expect(result.choices.at(-1)!.protocolVersion).toBeNull();
  });
});
