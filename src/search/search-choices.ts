/**
 * The search answer (reference §6.4) as data: matches above the threshold, the REFINE/CREATE
 * footer, and how the search went (`summary`). Each door words the message and every
 * `nextAction` (src/render/).
 */
import { memoryUri } from '../model/kairos-uri.js';
import { BUILTIN_PROTOCOL_IDS } from './builtin-protocol-ids.js';
import { MATCH_THRESHOLD, STRONG_MATCH_THRESHOLD } from './search-scoring.js';

export type SearchChoiceRole = 'MATCH' | 'REFINE' | 'CREATE';

export interface SearchChoice {
  uri: string;
  /** Step 1's label. */
  label: string;
  /** The protocol title (H1). */
  chainLabel: string;
  /** 0..1; null for the footer choices. */
  score: number | null;
  role: SearchChoiceRole;
  tags: string[];
  protocolVersion: string | null;
  /** The words of the learned trigger that helped this match most (docs/search.md), if one did. */
  learnedTrigger?: string | null;
}

/** How a search went: the door words it as the answer's `message` and `nextAction`. */
export type SearchSummary = { kind: 'NO_MATCH' } | { kind: 'ONE_MATCH' } | { kind: 'MATCHES'; count: number; topScore: number };

export interface SearchResult {
  mustObey: boolean;
  summary: SearchSummary;
  choices: SearchChoice[];
}

/** A protocol head with its final score, before the threshold and the cut. */
export interface ScoredProtocol {
  uri: string;
  label: string;
  chainLabel: string;
  score: number;
  tags: string[];
  protocolVersion: string | null;
  learnedTrigger?: string | null;
}

/** The stored versions of the footer protocols (null when not installed). */
export interface FooterVersions {
  refine: string | null;
  create: string | null;
}

export const DEFAULT_MAX_CHOICES = 10;
export const MIN_MAX_CHOICES = 5;
export const MAX_MAX_CHOICES = 50;

export const REFINE_URI = memoryUri(BUILTIN_PROTOCOL_IDS.refineSearch);
export const CREATE_URI = memoryUri(BUILTIN_PROTOCOL_IDS.createNewProtocol);

/** Best first, ties by URI; only scores at or above MATCH_THRESHOLD; at most `maxChoices`. */
export function selectMatches(candidates: readonly ScoredProtocol[], maxChoices: number): ScoredProtocol[] {
  return candidates
    .filter((candidate) => candidate.score >= MATCH_THRESHOLD)
    .sort((a, b) => b.score - a.score || (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0))
    .slice(0, maxChoices);
}

/**
 * The footer is left out only when the answer is unambiguous: exactly one match and it is
 * strong. (With several matches the message invites refining or creating, so the choices
 * to do it must be there.) Footer choices do not count toward `maxChoices`.
 */
export function buildSearchResult(candidates: readonly ScoredProtocol[], maxChoices: number, footer: FooterVersions): SearchResult {
  const matches = selectMatches(candidates, maxChoices);
  const choices: SearchChoice[] = matches.map((match) => ({ ...match, role: 'MATCH' }));
  const soleStrongMatch = matches.length === 1 && matches[0]!.score >= STRONG_MATCH_THRESHOLD;
  if (!soleStrongMatch) choices.push(footerChoice('REFINE', footer.refine), footerChoice('CREATE', footer.create));

  const top = matches[0];
  if (!top) return { mustObey: true, summary: { kind: 'NO_MATCH' }, choices };
  if (matches.length === 1) return { mustObey: true, summary: { kind: 'ONE_MATCH' }, choices };
  return { mustObey: true, summary: { kind: 'MATCHES', count: matches.length, topScore: top.score }, choices };
}

/** The built-in protocols offered after the matches; the door words the REFINE choice's title. */
function footerChoice(role: 'REFINE' | 'CREATE', protocolVersion: string | null): SearchChoice {
  return role === 'REFINE'
    ? {
        uri: REFINE_URI,
        label: 'Get help refining your search',
        chainLabel: 'Refine your search',
        score: null,
        role,
        tags: ['meta', 'refine'],
        protocolVersion,
      }
    : {
        uri: CREATE_URI,
        label: 'Create New KAIROS Protocol Chain',
        chainLabel: 'Create New KAIROS Protocol Chain',
        score: null,
        role,
        tags: ['meta', 'creation'],
        protocolVersion,
      };
}
