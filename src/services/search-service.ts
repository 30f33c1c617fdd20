import type { Viewer } from '../auth/viewer.js';
import { APP_SPACE } from '../auth/viewer.js';
import { attestBoost } from '../runs/quality.js';
import { BUILTIN_PROTOCOL_IDS, FOOTER_PROTOCOL_SLUGS } from '../search/builtin-protocol-ids.js';
import type { ScoredProtocol, SearchResult } from '../search/search-choices.js';
import { buildSearchResult, DEFAULT_MAX_CHOICES, MAX_MAX_CHOICES, MIN_MAX_CHOICES } from '../search/search-choices.js';
import { MAX_QUERY_LENGTH, prepareSearchText, searchTerms } from '../search/search-query.js';
import { searchScore, titleHasAllTerms } from '../search/search-scoring.js';
import type { SearchStore } from '../store/search-store.js';
import { RequestError } from './errors.js';
import { requireReadableSpace } from './spaces.js';

export interface SearchArgs {
  query: string;
  maxChoices?: number | null;
  /** One readable space ("personal" is the caller's own); omitted means all of them. */
  space?: string | null;
}

/** Most chains the engine hands back per search (reference §6.3: min(200, max(40, 3 × maxChoices))). */
function candidateLimit(maxChoices: number): number {
  return Math.min(200, Math.max(40, 3 * maxChoices));
}

/**
 * Protocol search (reference §6): the engine's text index finds and groups candidate chains in
 * the caller's spaces; src/search/ scores them 0..1 and builds the choices and footer.
 */
export class SearchService {
  constructor(private readonly store: SearchStore) {}

  async search(viewer: Viewer, args: SearchArgs): Promise<SearchResult> {
    if (args.query.trim() === '') throw new RequestError('BAD_USER_INPUT', 'query must not be empty');
    if (args.query.length > MAX_QUERY_LENGTH) {
      throw new RequestError('BAD_USER_INPUT', `query is ${args.query.length} characters; the limit is ${MAX_QUERY_LENGTH}`, {
        length: args.query.length,
        limit: MAX_QUERY_LENGTH,
      });
    }
    const maxChoices = args.maxChoices ?? DEFAULT_MAX_CHOICES;
    if (!Number.isInteger(maxChoices) || maxChoices < MIN_MAX_CHOICES || maxChoices > MAX_MAX_CHOICES) {
      throw new RequestError('BAD_USER_INPUT', `maxChoices must be an integer from ${MIN_MAX_CHOICES} to ${MAX_MAX_CHOICES}`);
    }
    let spaces = viewer.readableSpaces;
    if (args.space) {
      const space = requireReadableSpace(viewer, args.space, 'Requested space is not in your allowed spaces');
      spaces = [space];
    }

    const text = prepareSearchText(args.query);
    const terms = searchTerms(text);
    const footerIds = [BUILTIN_PROTOCOL_IDS.refineSearch, BUILTIN_PROTOCOL_IDS.createNewProtocol];
    const [hits, footerVersions] = await Promise.all([
      // Only stop words, URIs or ids left: nothing to match, only the footer.
      terms.length === 0
        ? []
        : this.store.searchProtocols({ text, spaces, exclude: { space: APP_SPACE, slugs: FOOTER_PROTOCOL_SLUGS }, limit: candidateLimit(maxChoices) }),
      this.store.protocolVersions(APP_SPACE, footerIds),
    ]);

    // Usage is counted per space: a viewer's ranking sees the runs of the spaces it can read.
    const usage = await this.store.attestCounts(
      hits.map((hit) => hit.head._id),
      viewer.readableSpaces,
    );
    const candidates: ScoredProtocol[] = hits.map((hit) => ({
      uri: hit.head.uri,
      label: hit.head.label,
      chainLabel: hit.head.chain.label,
      tags: hit.head.tags,
      protocolVersion: hit.head.chain.protocolVersion,
      score: searchScore({
        rawTextScore: hit.rawTextScore,
        termCount: terms.length,
        titleHasAllTerms: titleHasAllTerms(searchTerms(hit.head.chain.label), terms),
        attestBoost: attestBoost(usage.get(hit.head._id) ?? { attempts: 0, successes: 0, failures: 0 }),
      }),
    }));
    return buildSearchResult(candidates, maxChoices, {
      refine: footerVersions.get(BUILTIN_PROTOCOL_IDS.refineSearch) ?? null,
      create: footerVersions.get(BUILTIN_PROTOCOL_IDS.createNewProtocol) ?? null,
    });
  }
}
