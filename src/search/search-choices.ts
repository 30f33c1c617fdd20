/**
 * The search answer (reference §6.4): matches above the threshold, the REFINE/CREATE footer, and
 * the message and nextAction strings (reference wording in the caller's vocabulary: over GraphQL
 * `begin` and `nextAction`, over MCP `kairos_begin` and `next_action`).
 */
import { GRAPHQL_VOCABULARY, type Vocabulary } from '../runs/vocabulary.js';
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
  nextAction: string;
  protocolVersion: string | null;
}

export interface SearchResult {
  mustObey: boolean;
  message: string;
  nextAction: string;
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
}

/** The stored versions of the footer protocols (null when not installed). */
export interface FooterVersions {
  refine: string | null;
  create: string | null;
}

export const DEFAULT_MAX_CHOICES = 10;
export const MIN_MAX_CHOICES = 5;
export const MAX_MAX_CHOICES = 50;

export const REFINE_URI = `kairos://mem/${BUILTIN_PROTOCOL_IDS.refineSearch}`;
export const CREATE_URI = `kairos://mem/${BUILTIN_PROTOCOL_IDS.createNewProtocol}`;

export function searchMessages(v: Vocabulary = GRAPHQL_VOCABULARY) {
  return {
    noMatch: 'No existing protocol matched your query. Refine your search or create a new one.',
    oneMatch: 'Found 1 match.',
    manyMatches: (count: number, topScore: number) =>
      `Found ${count} matches (top confidence: ${Math.round(topScore * 100)}%). Choose one, refine your search, or create a new protocol.`,
    pickOne: `Pick one choice and follow that choice's ${v.field('nextAction')}.`,
    followOne: `Follow the choice's ${v.field('nextAction')}.`,
  } as const;
}

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
export function buildSearchResult(
  candidates: readonly ScoredProtocol[],
  maxChoices: number,
  footer: FooterVersions,
  v: Vocabulary = GRAPHQL_VOCABULARY,
): SearchResult {
  const messages = searchMessages(v);
  const matches = selectMatches(candidates, maxChoices);
  const choices: SearchChoice[] = matches.map((match) => ({
    ...match,
    role: 'MATCH',
    nextAction: `call ${v.operation('begin')} with ${match.uri} to execute this protocol`,
  }));
  const soleStrongMatch = matches.length === 1 && matches[0]!.score >= STRONG_MATCH_THRESHOLD;
  if (!soleStrongMatch) choices.push(refineChoice(footer.refine, v), createChoice(footer.create, v));

  const top = matches[0];
  if (!top) return { mustObey: true, message: messages.noMatch, nextAction: messages.pickOne, choices };
  if (matches.length === 1) return { mustObey: true, message: messages.oneMatch, nextAction: messages.followOne, choices };
  return { mustObey: true, message: messages.manyMatches(matches.length, top.score), nextAction: messages.pickOne, choices };
}

function refineChoice(protocolVersion: string | null, v: Vocabulary): SearchChoice {
  return {
    uri: REFINE_URI,
    label: 'Get help refining your search',
    chainLabel: `Run protocol to turn vague user request into a better ${v.operation('search')} query`,
    score: null,
    role: 'REFINE',
    tags: ['meta', 'refine'],
    nextAction: `call ${v.operation('begin')} with ${REFINE_URI} to get step-by-step help turning the user's request into a better search query`,
    protocolVersion,
  };
}

function createChoice(protocolVersion: string | null, v: Vocabulary): SearchChoice {
  return {
    uri: CREATE_URI,
    label: 'Create New KAIROS Protocol Chain',
    chainLabel: 'Create New KAIROS Protocol Chain',
    score: null,
    role: 'CREATE',
    tags: ['meta', 'creation'],
    nextAction: `call ${v.operation('begin')} with ${CREATE_URI} to create a new protocol`,
    protocolVersion,
  };
}
