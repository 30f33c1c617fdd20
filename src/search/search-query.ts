/**
 * Query preparation for protocol search (reference §6.2), and the query's terms as the engine's
 * text index sees them, closely enough to count them and to test a title for all of them.
 */
import { memoryUri } from '../model/kairos-uri.js';
import { BUILTIN_PROTOCOL_IDS } from './builtin-protocol-ids.js';

/** Longer queries are refused: a search query is a request in a sentence or two, not a document. */
export const MAX_QUERY_LENGTH = 1_000;

const UUID_PATTERN = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const FOOTER_URIS = [BUILTIN_PROTOCOL_IDS.createNewProtocol, BUILTIN_PROTOCOL_IDS.refineSearch].map(memoryUri);

/**
 * The text handed to `$text`: the footer URIs and bare UUIDs removed (case-insensitively), the
 * `$text` operators neutralised (a `"` would make a phrase, a leading `-` a negation; an agent
 * pasting a request means neither), white space collapsed. No lower-casing (reference §6.2).
 * An empty result means "no matches, only the footer".
 */
export function prepareSearchText(query: string): string {
  let text = query;
  for (const uri of FOOTER_URIS) text = text.replace(new RegExp(escapeRegExp(uri), 'gi'), ' ');
  return text
    .replace(UUID_PATTERN, ' ')
    .replace(/"/g, ' ')
    .replace(/(^|\s)-+/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The distinct terms of a text as a text index sees them: lower-cased, split on anything but
 * letters and digits, English stop words and bare numbers dropped (versions and ticket numbers
 * are rarely in a protocol and would dilute coverage), crudely stemmed so "migrate", "migrated"
 * and "migrating" count once. The engine's own stemmer is Snowball; this only has to agree with it
 * often enough to count a query's terms and to test a title for all of them.
 */
export function searchTerms(text: string): string[] {
  return [...new Set(searchTokens(text))];
}

/** Every term occurrence of a text, in order and repeated (the in-process lexical index counts them). */
export function searchTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    let term = termOfWord.get(word);
    if (term === undefined) {
      // A flat copy: a term kept as a postings key must not hold on to the whole text it was split from.
      term = word === '' || STOP_WORDS.has(word) || /^\p{N}+$/u.test(word) ? null : flatCopy(stemTerm(word));
      // Words repeat across steps: each is judged once (the table is emptied when it grows large, hostile texts included).
      // Long words are rarely repeated and are not kept, so the table stays small whatever the texts.
      if (word.length <= MAX_CACHED_WORD_LENGTH) {
        if (termOfWord.size >= TERM_CACHE_SIZE) termOfWord.clear();
        termOfWord.set(flatCopy(word), term);
      }
    }
    if (term !== null) tokens.push(term);
  }
  return tokens;
}

/** A word (lower-cased) → its term, or null when it is dropped (stop word, bare number, empty). */
const termOfWord = new Map<string, string | null>();
const TERM_CACHE_SIZE = 50_000;
export const MAX_CACHED_WORD_LENGTH = 32;

/** How many words the term cache holds (tests watch its bounds). */
export function termCacheSize(): number {
  return termOfWord.size;
}

/**
 * A copy of a string that shares no memory with the string it was cut from. V8 keeps a piece of
 * `split` or `slice` as a view into its parent, so a cached piece would keep a whole step text
 * alive. A JSON round trip builds a new string and keeps lone surrogates as they were.
 */
export function flatCopy(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

const SUFFIXES = ['ments', 'ment', 'ings', 'ing', 'ions', 'ion', 'ies', 'ied', 'ers', 'er', 'es', 'ed', 'ly', 's', 'e'];
const MIN_STEM_LENGTH = 3;

export function stemTerm(word: string): string {
  for (const suffix of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= MIN_STEM_LENGTH) {
      const stem = word.slice(0, -suffix.length);
      return suffix === 'ies' || suffix === 'ied' ? `${stem}y` : stem;
    }
  }
  return word;
}

/** The English stop words of the Snowball list, which PostgreSQL's `english` configuration (and so DocumentDB) drops. */
const STOP_WORDS = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself ' +
    'it its itself they them their theirs themselves what which who whom this that these those am is are was were be ' +
    'been being have has had having do does did doing a an the and but if or because as until while of at by for with ' +
    'about against between into through during before after above below to from up down in out on off over under ' +
    'again further then once here there when where why how all any both each few more most other some such no nor not ' +
    'only own same so than too very s t can will just don should now'
  ).split(' '),
);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
