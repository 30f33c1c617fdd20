/**
 * The in-process lexical index of one space:
 * an inverted index from each term (src/search/search-query.ts `searchTokens`: lower-cased, stop
 * words and bare numbers out, stemmed) to the protocol steps holding it, with the step's weighted
 * count of it. Fields and weights are the text index's (`memory_text_v3`): title 10, triggers
 * (with the v4 activation patterns) 5, step label 3, step text 1; a step's raw score for a
 * request is the sum, over the request's distinct terms, of every occurrence's field weight / 10,
 * exactly what the engine's text score was (src/search/search-scoring.ts turns it into 0..1, so
 * the MATCH/strong thresholds keep their meaning); a protocol scores as its best step.
 *
 * Memory: per term a growable Int32Array of step rows and a Uint16Array of weighted counts
 * (6 bytes per distinct term of a step), per step 4 bytes (its chain) and its memory id (so an edited step is replaced alone), per protocol one small
 * entry (chain id, head id, slug) and what an answer shows of its step 1 (URI, label, tags, title,
 * version: about 300 bytes), so a search reads no protocol from the engine. Removed steps are tombstoned and swept from the postings once
 * they outnumber the live ones.
 */
import { LEXICAL_INDEX_LIMITS } from '../limits.js';
import { searchTokens } from './search-query.js';

/** The text index's field weights (MemoryStore `memory_text_v3`), in tenths of a title occurrence. */
export const LEXICAL_FIELD_WEIGHTS = { title: 10, triggers: 5, label: 3, text: 1 } as const;
const WEIGHT_UNIT = 10;

export interface LexicalStep {
  memoryId: string;
  label: string;
  text: string;
  /** Step 1's are kept for rendering the answer (absent: the head is read from the engine). */
  uri?: string;
  tags?: readonly string[];
  chain: {
    chainId: string;
    label: string;
    triggers: string | null;
    stepIndex: number;
    slug?: string | null;
    protocolVersion?: string | null;
    activationPatterns?: readonly string[] | string | null;
  };
}

/** What an answer shows of a protocol: its step 1, held in process so a search need not read it. */
export interface LexicalHead {
  memoryId: string;
  uri: string;
  label: string;
  tags: readonly string[];
  chainLabel: string;
  slug: string | null;
  protocolVersion: string | null;
}

export interface LexicalHit {
  chainId: string;
  /** The best step's raw score, in units of "found once in the title" (the engine's textScore). */
  rawTextScore: number;
  /** The memory id of the protocol's step 1, when stored. */
  headId: string | null;
}

interface ChainEntry {
  number: number;
  rows: number[];
  /** The memory id of each row, in the same order (one step is replaced in place after an edit). */
  memoryIds: string[];
  headId: string | null;
  slug: string | null;
  head: LexicalHead | null;
}

const NO_TAGS: readonly string[] = Object.freeze([]);

interface Posting {
  rows: Int32Array;
  counts: Uint16Array;
  length: number;
}

const DEAD = -1;

export class SpaceLexicalIndex {
  private readonly postings = new Map<string, Posting>();
  /** Distinct terms this index holds at most: past it a new term is not indexed (those it has still are). */
  private readonly maxTerms: number;

  constructor(options: { maxTerms?: number } = {}) {
    this.maxTerms = options.maxTerms ?? LEXICAL_INDEX_LIMITS.termsPerSpace;
  }

  /** Distinct terms held. */
  get termCount(): number {
    return this.postings.size;
  }

  private readonly chains = new Map<string, ChainEntry>();
  /** Step 1's memory id → its chain id (the footer's versions are read by head id). */
  private readonly chainOfHead = new Map<string, string>();
  private chainIdOf: (string | undefined)[] = [];
  private nextChain = 0;
  /** Chain number of each step row ever added; DEAD once removed. */
  private rowChain = new Int32Array(1024);
  private rows = 0;
  private dead = 0;
  private stepScores = new Uint32Array(0);
  private bestOfChain = new Uint32Array(0);
  /** The rows and chains a search touched, in the order touched (kept between searches, like the scores). */
  private touchedRows = new Int32Array(0);
  private foundChains = new Int32Array(0);

  /** Protocols held. */
  get size(): number {
    return this.chains.size;
  }

  /** The protocols held (a space re-read after a missed change drops those gone from the database). */
  chainIds(): string[] {
    return [...this.chains.keys()];
  }

  headIdOf(chainId: string): string | null {
    return this.chains.get(chainId)?.headId ?? null;
  }

  /** Step 1 of a protocol as an answer shows it; null when not held (then the engine is asked). */
  headOf(chainId: string): LexicalHead | null {
    return this.chains.get(chainId)?.head ?? null;
  }

  /** Step 1 by its memory id. */
  headById(memoryId: string): LexicalHead | null {
    const chainId = this.chainOfHead.get(memoryId);
    return chainId === undefined ? null : this.headOf(chainId);
  }

  /** Makes the chain's steps exactly `steps` (all of one chain; empty removes it), with their counts when already made. */
  replaceChain(chainId: string, steps: readonly LexicalStep[], counts?: readonly ReadonlyMap<string, number>[]): void {
    this.removeChain(chainId);
    steps.forEach((step, i) => this.add(step, counts?.[i]));
  }

  /** `counts`: the step's `weightedCounts`, when made beforehand (`weightedCountsInSlices`, off the hot path). */
  add(step: LexicalStep, counts: ReadonlyMap<string, number> = weightedCounts(step)): void {
    const chainId = step.chain.chainId;
    let entry = this.chains.get(chainId);
    if (!entry) {
      entry = { number: this.nextChain++, rows: [], memoryIds: [], headId: null, slug: null, head: null };
      this.chains.set(chainId, entry);
      this.chainIdOf[entry.number] = chainId;
    }
    if (step.chain.stepIndex === 1) {
      if (entry.headId !== null) this.chainOfHead.delete(entry.headId);
      entry.headId = step.memoryId;
      entry.slug = step.chain.slug ?? null;
      this.chainOfHead.set(step.memoryId, chainId);
      entry.head =
        step.uri === undefined
          ? null
          : {
              memoryId: step.memoryId,
              uri: step.uri,
              label: step.label,
              tags: step.tags?.length ? [...step.tags] : NO_TAGS,
              chainLabel: step.chain.label,
              slug: entry.slug,
              protocolVersion: step.chain.protocolVersion ?? null,
            };
    }
    const row = this.rows++;
    if (row >= this.rowChain.length) {
      const grown = new Int32Array(this.rowChain.length * 2);
      grown.set(this.rowChain);
      this.rowChain = grown;
    }
    this.rowChain[row] = entry.number;
    entry.rows.push(row);
    entry.memoryIds.push(step.memoryId);
    for (const [term, count] of counts) this.post(term, row, count);
  }

  /**
   * Puts one edited step in place of the one held under its memory id (the rest of its chain
   * stays); false when the chain or the step is not held (then the caller re-reads the chain).
   */
  replaceStep(step: LexicalStep, counts: ReadonlyMap<string, number> = weightedCounts(step)): boolean {
    const entry = this.chains.get(step.chain.chainId);
    const position = entry ? entry.memoryIds.indexOf(step.memoryId) : -1;
    if (!entry || position < 0) return false;
    this.rowChain[entry.rows[position]!] = DEAD;
    this.dead++;
    entry.rows.splice(position, 1);
    entry.memoryIds.splice(position, 1);
    this.add(step, counts);
    if (this.dead > 1_000 && this.dead > this.rows - this.dead) this.sweep();
    return true;
  }

  /** A head's tags changed (they are shown, not searched): no step is re-counted. */
  retagHead(chainId: string, memoryId: string, tags: readonly string[]): boolean {
    const head = this.chains.get(chainId)?.head;
    if (!head || head.memoryId !== memoryId) return false;
    head.tags = tags.length ? [...tags] : NO_TAGS;
    return true;
  }

  removeChain(chainId: string): void {
    const entry = this.chains.get(chainId);
    if (!entry) return;
    for (const row of entry.rows) this.rowChain[row] = DEAD;
    this.dead += entry.rows.length;
    this.chains.delete(chainId);
    if (entry.headId !== null) this.chainOfHead.delete(entry.headId);
    this.chainIdOf[entry.number] = undefined;
    if (this.dead > 1_000 && this.dead > this.rows - this.dead) this.sweep();
  }

  /**
   * The `limit` best protocols for the request's distinct terms, best raw score first (ties by
   * chain id), leaving out chains whose slug `excludeSlug` refuses.
   */
  search(terms: readonly string[], limit: number, excludeSlug?: (slug: string) => boolean): LexicalHit[] {
    // Kept between searches and cleared where touched: a fresh array of every step per search is GC churn.
    if (this.stepScores.length < this.rows) {
      this.stepScores = new Uint32Array(this.rowChain.length);
      this.touchedRows = new Int32Array(this.rowChain.length);
    }
    if (this.bestOfChain.length < this.nextChain) {
      this.bestOfChain = new Uint32Array(Math.max(1_024, 2 * this.nextChain));
      this.foundChains = new Int32Array(this.bestOfChain.length);
    }
    const stepScores = this.stepScores;
    const bestOfChain = this.bestOfChain;
    const touched = this.touchedRows;
    let touchedCount = 0;
    for (const term of new Set(terms)) {
      const posting = this.postings.get(term);
      if (!posting) continue;
      for (let i = 0; i < posting.length; i++) {
        const row = posting.rows[i]!;
        if (this.rowChain[row] === DEAD) continue;
        if (stepScores[row] === 0) touched[touchedCount++] = row;
        stepScores[row]! += posting.counts[i]!;
      }
    }
    const chainsFound = this.foundChains;
    let foundCount = 0;
    for (let t = 0; t < touchedCount; t++) {
      const row = touched[t]!;
      const chain = this.rowChain[row]!;
      if (bestOfChain[chain] === 0) chainsFound[foundCount++] = chain;
      if (stepScores[row]! > bestOfChain[chain]!) bestOfChain[chain] = stepScores[row]!;
      stepScores[row] = 0;
    }
    // The `limit` best in a bounded heap (worst at the top): the order of a full sort, without sorting every protocol found.
    const top = new TopChains(limit);
    for (let f = 0; f < foundCount; f++) {
      const chain = chainsFound[f]!;
      const score = bestOfChain[chain]!;
      bestOfChain[chain] = 0;
      if (!top.admits(score, this.chainIdOf[chain]!)) continue;
      const entry = this.chains.get(this.chainIdOf[chain]!)!;
      if (excludeSlug && entry.slug && excludeSlug(entry.slug)) continue;
      top.push(score, this.chainIdOf[chain]!, entry.headId);
    }
    return top.sorted().map(({ score, chainId, headId }) => ({ chainId, rawTextScore: score / WEIGHT_UNIT, headId }));
  }

  private post(term: string, row: number, count: number): void {
    let posting = this.postings.get(term);
    if (!posting) {
      if (this.postings.size >= this.maxTerms) return;
      posting = { rows: new Int32Array(4), counts: new Uint16Array(4), length: 0 };
      this.postings.set(term, posting);
    }
    if (posting.length === posting.rows.length) {
      const rows = new Int32Array(posting.length * 2);
      rows.set(posting.rows);
      const counts = new Uint16Array(posting.length * 2);
      counts.set(posting.counts);
      posting.rows = rows;
      posting.counts = counts;
    }
    posting.rows[posting.length] = row;
    posting.counts[posting.length] = Math.min(0xffff, count);
    posting.length++;
  }

  /** Drops tombstoned rows from every posting (row numbers stay: no renumbering). */
  private sweep(): void {
    for (const [term, posting] of this.postings) {
      let kept = 0;
      for (let i = 0; i < posting.length; i++) {
        if (this.rowChain[posting.rows[i]!] === DEAD) continue;
        posting.rows[kept] = posting.rows[i]!;
        posting.counts[kept] = posting.counts[i]!;
        kept++;
      }
      if (kept === 0) this.postings.delete(term);
      else posting.length = kept;
    }
    // Rows stay allocated (4 bytes each), but no posting points at them any more.
    this.dead = 0;
  }
}

interface RankedChain {
  score: number;
  chainId: string;
  headId: string | null;
}

/** Higher score first, then the lower chain id. */
const ranksBefore = (a: RankedChain, b: RankedChain) => outranks(a.score, a.chainId, b);
const outranks = (score: number, chainId: string, b: RankedChain) => score > b.score || (score === b.score && chainId < b.chainId);

/** The `limit` best protocols seen, in a binary heap whose top is the worst kept. */
class TopChains {
  private readonly heap: RankedChain[] = [];

  constructor(private readonly limit: number) {}

  /** Whether a protocol with this score and id would be kept (the heap is not full, or it ranks before the worst). */
  admits(score: number, chainId: string): boolean {
    if (this.limit <= 0) return false;
    if (this.heap.length < this.limit) return true;
    return outranks(score, chainId, this.heap[0]!);
  }

  push(score: number, chainId: string, headId: string | null): void {
    const heap = this.heap;
    const item = { score, chainId, headId };
    if (heap.length < this.limit) {
      heap.push(item);
      let at = heap.length - 1;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!ranksBefore(heap[parent]!, heap[at]!)) break;
        [heap[parent], heap[at]] = [heap[at]!, heap[parent]!];
        at = parent;
      }
      return;
    }
    heap[0] = item;
    for (let at = 0; ;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let worst = at;
      if (left < heap.length && ranksBefore(heap[worst]!, heap[left]!)) worst = left;
      if (right < heap.length && ranksBefore(heap[worst]!, heap[right]!)) worst = right;
      if (worst === at) break;
      [heap[worst], heap[at]] = [heap[at]!, heap[worst]!];
      at = worst;
    }
  }

  sorted(): RankedChain[] {
    return [...this.heap].sort((a, b) => (ranksBefore(a, b) ? -1 : ranksBefore(b, a) ? 1 : 0));
  }
}

/** Each term of a step with the sum of its occurrences' field weights: its first `maxTerms` distinct terms, heaviest fields first. */
export function weightedCounts(step: LexicalStep, maxTerms: number = LEXICAL_INDEX_LIMITS.termsPerStep): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [text, weight] of weightedFields(step)) for (const token of searchTokens(text)) countTerm(counts, token, weight, maxTerms);
  return counts;
}

function countTerm(counts: Map<string, number>, token: string, weight: number, maxTerms: number): void {
  const count = counts.get(token);
  if (count !== undefined) counts.set(token, count + weight);
  else if (counts.size < maxTerms) counts.set(token, weight);
}

/** Characters tokenized between two turns of the event loop (a few milliseconds of work). */
export const TOKENIZE_SLICE_CHARS = 32 * 1024;
const SEPARATOR = /[^\p{L}\p{N}]/gu;

/**
 * `weightedCounts`, giving the event loop a turn every `TOKENIZE_SLICE_CHARS` characters: a step
 * text near the 1 MB protocol limit takes a few hundred milliseconds to tokenize, which must not
 * hold other requests. Texts are cut only at a character that is no part of a word.
 */
export async function weightedCountsInSlices(
  step: LexicalStep,
  maxTerms: number = LEXICAL_INDEX_LIMITS.termsPerStep,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const [text, weight] of weightedFields(step)) {
    let start = 0;
    while (start < text.length) {
      let from = start + TOKENIZE_SLICE_CHARS;
      // Never between the halves of a surrogate pair (a letter outside the BMP).
      if (from < text.length && isHighSurrogate(text.charCodeAt(from - 1))) from++;
      SEPARATOR.lastIndex = from;
      const cut = text.length - start <= TOKENIZE_SLICE_CHARS ? text.length : (SEPARATOR.exec(text)?.index ?? text.length);
      for (const token of searchTokens(text.slice(start, cut))) countTerm(counts, token, weight, maxTerms);
      start = cut;
      if (start < text.length) await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return counts;
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;

function weightedFields(step: LexicalStep): [string, number][] {
  const patterns = step.chain.activationPatterns;
  const activation = Array.isArray(patterns) ? patterns.join('\n') : typeof patterns === 'string' ? patterns : '';
  return [
    [step.chain.label, LEXICAL_FIELD_WEIGHTS.title],
    [[step.chain.triggers ?? '', activation].filter(Boolean).join('\n'), LEXICAL_FIELD_WEIGHTS.triggers],
    [step.label, LEXICAL_FIELD_WEIGHTS.label],
    [step.text, LEXICAL_FIELD_WEIGHTS.text],
  ];
}
