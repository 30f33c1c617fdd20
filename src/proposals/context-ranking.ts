/**
 * Ranking for `memoryContext`, in the spirit of upstream `fetch_context` (reference §7.2): text
 * search finds documents, sections are scored by the query words they hold, archive and
 * low-confidence sections rank lower, near-duplicates are dropped, and the budget is filled greedily.
 */
import { fieldLines } from './category-schemas.js';
import { ownBody, parseDocument } from './markdown-sections.js';
import type { ProjectCategory } from './proposal-types.js';

export interface ContextDocument {
  path: string;
  uri: string;
  category: ProjectCategory;
  text: string;
  /** The text search's score for the whole document (1 when there was no search). */
  score: number;
}

export interface ContextSection {
  path: string;
  sectionId: string;
  uri: string;
  heading: string;
  category: ProjectCategory;
  /** The section's heading and direct body (subsections come as sections of their own). */
  text: string;
  score: number;
}

export interface OmittedSection {
  path: string;
  sectionId: string;
  reason: string;
}

export interface ContextSelection {
  sections: ContextSection[];
  omitted: OmittedSection[];
  budgetUsed: number;
}

const NEAR_DUPLICATE = 0.85;
const ARCHIVE_WEIGHT = 0.4;
const LOW_CONFIDENCE_WEIGHT = 0.8;
const LOW_CONFIDENCE = new Set(['inferred', 'stale', 'unknown']);

/** Words of two or more letters or digits, lower-cased, once each: never search syntax. */
export function queryTerms(query: string): string[] {
  return [...new Set((query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((term) => term.length >= 2))];
}

/** Every section with content, scored against the terms (no terms: every section, in document order). */
export function sectionsOf(document: ContextDocument, terms: readonly string[]): ContextSection[] {
  const parsed = parseDocument(document.text);
  const sections: ContextSection[] = [];
  for (const section of parsed.sections) {
    const body = ownBody(parsed, section);
    if (body === '' && section.level === 1) continue;
    const text = parsed.lines.slice(section.start, section.ownEnd).join('\n').trim();
    let score = document.score;
    if (terms.length > 0) {
      const words = new Set(tokens(text));
      const headingWords = new Set(tokens(section.heading));
      const hits = terms.filter((term) => words.has(term)).length;
      if (hits === 0) continue;
      const headingHits = terms.filter((term) => headingWords.has(term)).length;
      score *= (hits + headingHits) / terms.length;
    }
    if (document.category === 'ARCHIVE') score *= ARCHIVE_WEIGHT;
    const confidence = fieldLines(body).get('Confidence')?.toLowerCase();
    if (confidence && LOW_CONFIDENCE.has(confidence)) score *= LOW_CONFIDENCE_WEIGHT;
    sections.push({
      path: document.path,
      sectionId: section.id,
      uri: document.uri,
      heading: section.heading,
      category: document.category,
      text,
      score,
    });
  }
  return sections;
}

/** Best first (unless `keepOrder`), without near-duplicates, within the budget. */
export function selectSections(candidates: readonly ContextSection[], budgetChars: number, keepOrder = false): ContextSelection {
  const ranked = keepOrder ? [...candidates] : [...candidates].sort((a, b) => b.score - a.score);
  const wordSets = ranked.map((candidate) => new Set(tokens(candidate.text)));
  const accepted = new NearDuplicateIndex(wordSets);
  const sections: ContextSection[] = [];
  const omitted: OmittedSection[] = [];
  let budgetUsed = 0;
  ranked.forEach((candidate, index) => {
    const words = wordSets[index]!;
    if (accepted.hasNearDuplicate(words)) {
      omitted.push({ path: candidate.path, sectionId: candidate.sectionId, reason: 'near-duplicate of a higher-ranked section' });
      return;
    }
    if (budgetUsed + candidate.text.length > budgetChars) {
      omitted.push({ path: candidate.path, sectionId: candidate.sectionId, reason: 'budget exhausted' });
      return;
    }
    sections.push(candidate);
    accepted.add(words);
    budgetUsed += candidate.text.length;
  });
  return { sections, omitted, budgetUsed };
}

/**
 * The accepted word sets, found without comparing each candidate to all of them (quadratic on
 * thousands of sections). Prefix filtering: two sets with Jaccard above the threshold share at
 * least ⌈t·|A|⌉ words, so they share a word among the first |A| − ⌊t·|A|⌋ + 1 of each, in one
 * global order (rarest first, so the common words rarely sit in a prefix). Only those prefix
 * words are indexed; the exact Jaccard is then computed as before.
 */
class NearDuplicateIndex {
  private readonly byPrefixWord = new Map<string, Set<string>[]>();
  private readonly frequency = new Map<string, number>();
  private emptyAccepted = false;

  constructor(allSets: readonly ReadonlySet<string>[]) {
    for (const words of allSets) for (const word of words) this.frequency.set(word, (this.frequency.get(word) ?? 0) + 1);
  }

  hasNearDuplicate(words: Set<string>): boolean {
    // Two empty sets are identical (Jaccard 1); an empty set shares nothing with any other.
    if (words.size === 0) return this.emptyAccepted;
    const compared = new Set<Set<string>>();
    for (const word of this.prefix(words)) {
      for (const other of this.byPrefixWord.get(word) ?? []) {
        if (compared.has(other)) continue;
        compared.add(other);
        if (jaccard(words, other) > NEAR_DUPLICATE) return true;
      }
    }
    return false;
  }

  add(words: Set<string>): void {
    if (words.size === 0) this.emptyAccepted = true;
    for (const word of this.prefix(words)) {
      const holders = this.byPrefixWord.get(word);
      if (holders) holders.push(words);
      else this.byPrefixWord.set(word, [words]);
    }
  }

  private prefix(words: ReadonlySet<string>): string[] {
    const length = words.size - Math.floor(NEAR_DUPLICATE * words.size) + 1;
    return [...words].sort((a, b) => this.frequency.get(a)! - this.frequency.get(b)! || (a < b ? -1 : a > b ? 1 : 0)).slice(0, length);
  }
}

function tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}
