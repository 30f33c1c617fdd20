import type { Viewer } from '../auth/viewer.js';
import { APP_SPACE } from '../auth/viewer.js';
import { attestBoost } from '../runs/quality.js';
import { BUILTIN_PROTOCOL_IDS, FOOTER_PROTOCOL_SLUGS } from '../search/builtin-protocol-ids.js';
import type { ScoredProtocol, SearchResult } from '../search/search-choices.js';
import { buildSearchResult, DEFAULT_MAX_CHOICES, MAX_MAX_CHOICES, MIN_MAX_CHOICES } from '../search/search-choices.js';
import { MAX_QUERY_LENGTH, prepareSearchText, searchTerms } from '../search/search-query.js';
import { lexicalRelevance, titleHasAllTerms } from '../search/search-scoring.js';
import { DENSE_CALIBRATION, denseRelevance, hybridScore } from '../search/hybrid-scoring.js';
import type { OutcomeCounts } from '../model/run-enums.js';
import type { ProtocolHeadSummary, ProtocolTextQuery, SearchStore } from '../store/search-store.js';
import { RequestError } from './errors.js';
import type { SemanticIndex } from '../search/indexes/semantic-index.js';
import type { LearnedRelevance, SearchLearningService } from './search-learning-service.js';
import { checkExecutionId } from './activation-service.js';
import { requireReadableSpace } from './spaces.js';

export interface SearchArgs {
  query: string;
  maxChoices?: number | null;
  /** One readable space ("personal" is the caller's own); omitted means all of them. */
  space?: string | null;
  /** The KAIROS 4 `activate` sequence this search is part of: learning reads a request with its refinements. */
  executionId?: string | null;
}

/** Which rankers answered a search (for `activate`, the bench and the labelled-set test). */
export const SEARCH_RANKERS = ['HYBRID', 'LEXICAL'] as const;
export type SearchRanker = (typeof SEARCH_RANKERS)[number];

export interface SearchOptions {
  /** Lexical only even when vectors are ready (the labelled-set test measures both side by side). */
  lexicalOnly?: boolean;
}

/** Most chains the engine hands back per search (reference §6.3: min(200, max(40, 3 × maxChoices))). */
function candidateLimit(maxChoices: number): number {
  return Math.min(200, Math.max(40, 3 * maxChoices));
}

/** Chains the dense ranker proposes per space (on top of the lexical ones). */
const DENSE_CANDIDATES = 40;
/** Spaces with at most this many protocols are term-matched whole (measured: about 2 ms per 100 protocols). */
const TERM_MATCH_WHOLE_SPACE = 300;

/** What ranking and the answer read of a protocol's step 1 (from the lexical index, or the engine). */
interface CandidateHead {
  memoryId: string;
  space: string;
  chainId: string;
  uri: string;
  label: string;
  tags: readonly string[];
  chainLabel: string;
  protocolVersion: string | null;
}

interface Candidate {
  head: CandidateHead;
  lexical: number;
  dense: number;
  /** From the protocol's learned triggers (0 without one that matches). */
  learned: number;
  learnedTrigger: string | null;
}

/** Learned relevance by chain key (src/services/search-learning-service.ts). */
type LearnedRelevances = Map<string, LearnedRelevance>;

function candidateHead(head: ProtocolHeadSummary & { space: string }): CandidateHead {
  return {
    memoryId: head._id,
    space: head.space,
    chainId: head.chain.chainId,
    uri: head.uri,
    label: head.label,
    tags: head.tags,
    chainLabel: head.chain.label,
    protocolVersion: head.chain.protocolVersion,
  };
}

interface CandidateQuery {
  text: string;
  terms: readonly string[];
  spaces: readonly string[];
  exclude: ProtocolTextQuery['exclude'];
  limit: number;
  readableSpaces: readonly string[];
  lexicalOnly: boolean;
  /** Protocols whose learned triggers match the request: candidates whether or not their text does. */
  learned: Promise<LearnedRelevances>;
}

const chainKey = (space: string, chainId: string) => `${space}\u0000${chainId}`;

/**
 * Protocol search (reference §6): the text index and the vector index each
 * propose candidate protocols in the caller's spaces, each scored by its best step; the two
 * relevances are fused (src/search/hybrid-scoring.ts), the attest boost added, and src/search/
 * builds the choices and footer. Without vectors (embeddings off, or a re-index pending) it is
 * the text index alone, scored as before.
 */
export class SearchService {
  constructor(
    private readonly store: SearchStore,
    private readonly semantic: SemanticIndex | null = null,
    private readonly learning: SearchLearningService | null = null,
    /** A request that could not be kept for learning: the search still answers; the composition root logs it. */
    private readonly onLearningError: (error: unknown) => void = () => {},
  ) {}

  /** Which ranker a search would use now. */
  get ranker(): SearchRanker {
    return this.semantic?.denseAvailable ? 'HYBRID' : 'LEXICAL';
  }

  /**
   * Dense relevance (0..1) by chain key. Candidates: the lexical ones, the nearest pooled step
   * vectors, and every protocol of a space small enough to match whole. With a word-vector
   * provider (built-in) they are scored by soft term matching, else by the cosine of the best step.
   */
  private async denseRelevances(
    text: string,
    queryVector: Float32Array,
    spaces: readonly string[],
    lexicalKeys: readonly { space: string; chainId: string }[],
  ): Promise<Map<string, number>> {
    const semantic = this.semantic!;
    const calibration = DENSE_CALIBRATION[semantic.provider!.kind];
    const nearest = await semantic.nearestCandidates(queryVector, spaces, DENSE_CANDIDATES);
    const relevances = new Map<string, number>();
    if (semantic.provider!.termMatcher) {
      const keys = new Map<string, { space: string; chainId: string }>();
      for (const key of [
        ...lexicalKeys,
        ...nearest,
        ...spaces.flatMap((space) => semantic.allChains(space, TERM_MATCH_WHOLE_SPACE) ?? []),
      ]) {
        keys.set(chainKey(key.space, key.chainId), { space: key.space, chainId: key.chainId });
      }
      for (const [key, score] of semantic.termScores(text, [...keys.values()]) ?? [])
        relevances.set(key, denseRelevance(score, calibration));
      return relevances;
    }
    for (const hit of [...nearest, ...semantic.similarities(queryVector, lexicalKeys)]) {
      relevances.set(chainKey(hit.space, hit.chainId), denseRelevance(hit.similarity, calibration));
    }
    return relevances;
  }

  /**
   * Candidates when the lexical index is built: both rankers answer in process, and the lexical
   * index holds what the answer shows of each protocol; the engine is asked only for attest
   * counts (and for a head the index does not hold, which a write in flight can cause).
   */
  private async inProcessCandidates(query: CandidateQuery): Promise<{ list: Candidate[]; usage: Map<string, OutcomeCounts> }> {
    const semantic = this.semantic!;
    const hits = semantic.lexicalSearch(query.terms, query.spaces, query.limit, query.exclude) ?? [];
    const raw = new Map(hits.map((hit) => [chainKey(hit.space, hit.chainId), hit]));
    const wanted = new Map<string, { space: string; chainId: string }>(hits.map((hit) => [chainKey(hit.space, hit.chainId), hit]));
    const queryVector = query.lexicalOnly ? null : await semantic.embedQuery(query.text);
    let dense = new Map<string, number>();
    if (queryVector) {
      dense = await this.denseRelevances(query.text, queryVector, query.spaces, hits);
      // Protocols only the dense ranker found: the best few join.
      const denseOnly = [...dense]
        .filter(([key, relevance]) => relevance > 0 && !raw.has(key))
        .sort((a, b) => b[1] - a[1])
        .slice(0, DENSE_CANDIDATES);
      for (const [key] of denseOnly) {
        const [space, chainId] = key.split('\u0000') as [string, string];
        wanted.set(key, { space, chainId });
      }
    }
    const learned = await query.learned;
    for (const [key, entry] of learned) if (!wanted.has(key)) wanted.set(key, { space: entry.space, chainId: entry.chainId });
    const excluded = new Set(query.exclude.slugs);
    const held: CandidateHead[] = [];
    const missing: string[] = [];
    for (const { space, chainId } of wanted.values()) {
      const head = semantic.headOf(space, { chainId });
      if (head) {
        if (!(space === query.exclude.space && head.slug !== null && excluded.has(head.slug))) held.push({ ...head, space, chainId });
        continue;
      }
      const headId = semantic.headIdOf(space, chainId);
      if (headId) missing.push(headId);
    }
    const [read, usage, placed] = await Promise.all([
      missing.length ? this.store.headsByIds(missing) : [],
      this.store.attestCounts([...held.map((head) => head.memoryId), ...missing], query.readableSpaces),
      // This process's index may be behind another process's delete or move (until its sync event): the database says where each head is now.
      this.store.headSpaces(held.map((head) => head.memoryId)),
    ]);
    const heads = held.filter((head) => placed.get(head.memoryId) === head.space);
    for (const head of read) {
      if (!head.space || (head.space === query.exclude.space && excluded.has(head.chain.slug))) continue;
      // Heads are read by id: one moved meanwhile (moveProtocol) to a space outside the query is not the caller's to see.
      if (!query.spaces.includes(head.space)) continue;
      heads.push(candidateHead(head as ProtocolHeadSummary & { space: string }));
    }
    const list: Candidate[] = heads.map((head) => {
      const key = chainKey(head.space, head.chainId);
      const hit = raw.get(key);
      const lexical = hit
        ? lexicalRelevance({
            rawTextScore: hit.rawTextScore,
            termCount: query.terms.length,
            titleHasAllTerms: titleHasAllTerms(searchTerms(head.chainLabel), query.terms),
          })
        : 0;
      return {
        head,
        lexical,
        dense: dense.get(key) ?? 0,
        learned: learned.get(key)?.learned ?? 0,
        learnedTrigger: learned.get(key)?.text ?? null,
      };
    });
    return { list, usage };
  }

  /** Candidates from the engine's text index (the fallback while the in-process index is not ready), then the dense ranker's. */
  private async engineCandidates(query: CandidateQuery): Promise<{ list: Candidate[]; usage: Map<string, OutcomeCounts> }> {
    const [hits, queryVector] = await Promise.all([
      this.store.searchProtocols({ text: query.text, spaces: query.spaces, exclude: query.exclude, limit: query.limit }),
      query.lexicalOnly || !this.semantic ? null : this.semantic.embedQuery(query.text),
    ]);
    const candidates = new Map<string, Candidate>();
    for (const hit of hits) {
      const lexical = lexicalRelevance({
        rawTextScore: hit.rawTextScore,
        termCount: query.terms.length,
        titleHasAllTerms: titleHasAllTerms(searchTerms(hit.head.chain.label), query.terms),
      });
      candidates.set(chainKey(hit.space, hit.chainId), {
        head: candidateHead({ ...hit.head, space: hit.space }),
        lexical,
        dense: 0,
        learned: 0,
        learnedTrigger: null,
      });
    }
    const learned = await query.learned;
    let dense = new Map<string, number>();
    if (queryVector) {
      dense = await this.denseRelevances(query.text, queryVector, query.spaces, hits);
    }
    const others = [...dense]
      .filter(([key, relevance]) => relevance > 0 && !candidates.has(key))
      .sort((a, b) => b[1] - a[1])
      .slice(0, DENSE_CANDIDATES)
      .map(([key]) => {
        const [space, chainId] = key.split('\u0000') as [string, string];
        return { space, chainId };
      });
    for (const [key, entry] of learned) if (!candidates.has(key)) others.push({ space: entry.space, chainId: entry.chainId });
    if (others.length > 0) {
      for (const head of await this.store.headsOfChains(others, query.exclude)) {
        candidates.set(chainKey(head.space!, head.chain.chainId), {
          head: candidateHead(head as ProtocolHeadSummary & { space: string }),
          lexical: 0,
          dense: 0,
          learned: 0,
          learnedTrigger: null,
        });
      }
    }
    for (const [key, candidate] of candidates) {
      candidate.dense = dense.get(key) ?? 0;
      candidate.learned = learned.get(key)?.learned ?? 0;
      candidate.learnedTrigger = learned.get(key)?.text ?? null;
    }
    // Usage is counted per space: a viewer's ranking sees the runs of the spaces it can read.
    const list = [...candidates.values()];
    const usage = await this.store.attestCounts(
      list.map((candidate) => candidate.head.memoryId),
      query.readableSpaces,
    );
    return { list, usage };
  }

  /** The footer protocols' versions: from the lexical index when it holds them, else from the engine. */
  private async footerVersions(headIds: readonly string[]): Promise<Map<string, string | null>> {
    const held = headIds.map((headId) => this.semantic?.headOf(APP_SPACE, { headId }) ?? null);
    if (held.every((head) => head !== null)) return new Map(held.map((head) => [head!.memoryId, head!.protocolVersion]));
    return this.store.protocolVersions(APP_SPACE, headIds);
  }

  async search(viewer: Viewer, args: SearchArgs, options: SearchOptions = {}): Promise<SearchResult> {
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
    if (args.executionId !== null && args.executionId !== undefined) checkExecutionId(args.executionId, 'executionId');
    let spaces = viewer.readableSpaces;
    if (args.space) {
      const space = requireReadableSpace(viewer, args.space, 'Requested space is not in your allowed spaces');
      spaces = [space];
    }

    const text = prepareSearchText(args.query);
    const terms = searchTerms(text);
    const exclude = { space: APP_SPACE, slugs: FOOTER_PROTOCOL_SLUGS };
    const footerIds = [BUILTIN_PROTOCOL_IDS.refineSearch, BUILTIN_PROTOCOL_IDS.createNewProtocol];
    const footer = this.footerVersions(footerIds);
    // The request is kept for the run that may follow it (learning), beside the search's own work.
    const recorded = this.learning
      ? this.learning.recordRequest(viewer, text, spaces, args.executionId ?? null).catch(this.onLearningError)
      : Promise.resolve();
    const learned =
      this.learning && terms.length > 0 ? this.learning.relevances(viewer, terms, spaces) : Promise.resolve<LearnedRelevances>(new Map());
    // Awaited by the candidate search; marked handled here so a failure before that point is not an unhandled rejection.
    void learned.catch(() => undefined);
    const query: CandidateQuery = {
      text,
      terms,
      spaces,
      exclude,
      limit: candidateLimit(maxChoices),
      readableSpaces: viewer.readableSpaces,
      lexicalOnly: options.lexicalOnly === true,
      learned,
    };
    // Only stop words, URIs or ids left: nothing to match, only the footer.
    const candidates =
      terms.length === 0
        ? Promise.resolve({ list: [], usage: new Map<string, OutcomeCounts>() })
        : this.semantic?.lexicalReady
          ? this.inProcessCandidates(query)
          : this.engineCandidates(query);
    const [{ list, usage }, , footerVersions] = await Promise.all([candidates, recorded, footer]);
    const scored: ScoredProtocol[] = list.map(({ head, lexical, dense, learned, learnedTrigger }) => ({
      uri: head.uri,
      label: head.label,
      chainLabel: head.chainLabel,
      tags: [...head.tags],
      protocolVersion: head.protocolVersion,
      score: hybridScore({
        lexical,
        dense,
        learned,
        attestBoost: attestBoost(usage.get(head.memoryId) ?? { attempts: 0, successes: 0, failures: 0 }),
      }),
      learnedTrigger,
    }));
    return buildSearchResult(scored, maxChoices, {
      refine: footerVersions.get(BUILTIN_PROTOCOL_IDS.refineSearch) ?? null,
      create: footerVersions.get(BUILTIN_PROTOCOL_IDS.createNewProtocol) ?? null,
    });
  }
}
