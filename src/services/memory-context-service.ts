import type { Viewer } from '../auth/viewer.js';
import { type ContextDocument, type ContextSelection, queryTerms, sectionsOf, selectSections } from '../proposals/context-ranking.js';
import { MEMORY_SCHEMA_CONFIG_PATH } from '../proposals/intent-policy.js';
import { PROJECT_CATEGORIES, type ProjectCategory } from '../proposals/proposal-types.js';
import type { MemoryRecord } from '../store/memory-store.js';
import type { ProjectMemoryStore } from '../store/project-memory-store.js';
import { RequestError } from './errors.js';

export interface MemoryContextArgs {
  query?: string | null;
  budgetChars?: number | null;
  /** Categories to draw from; default every project-memory category. */
  include?: readonly string[] | null;
}

export interface MemoryContextResult extends ContextSelection {
  budgetChars: number;
}

const DEFAULT_BUDGET = 24_000;
const MAX_BUDGET = 200_000;
const SEARCH_LIMIT = 50;
/** With no query: the state of the work first, then the conventions (upstream's bootstrap pack). */
const BOOTSTRAP_ORDER: readonly ProjectCategory[] = ['CURRENT', 'SHARED', 'CONVENTION'];

/** Reads project memory back: the sections most relevant to a query, within a character budget. */
export class MemoryContextService {
  constructor(
    private readonly documents: ProjectMemoryStore,
    private readonly seed: (space: string, principalId: string) => Promise<void>,
  ) {}

  async memoryContext(viewer: Viewer, args: MemoryContextArgs): Promise<MemoryContextResult> {
    const budgetChars = args.budgetChars ?? DEFAULT_BUDGET;
    if (!Number.isInteger(budgetChars) || budgetChars < 1 || budgetChars > MAX_BUDGET) {
      throw new RequestError('BAD_USER_INPUT', `budgetChars must be between 1 and ${MAX_BUDGET}`);
    }
    const categories = (args.include ?? PROJECT_CATEGORIES).filter((category): category is ProjectCategory =>
      (PROJECT_CATEGORIES as readonly string[]).includes(category),
    );
    if (categories.length === 0)
      throw new RequestError('BAD_USER_INPUT', `include must name project-memory categories (${PROJECT_CATEGORIES.join(', ')})`);
    // Reading never writes where the viewer may not (a request narrowed to `app`, say).
    if (viewer.writableSpaces.includes(viewer.defaultWriteSpace)) await this.seed(viewer.defaultWriteSpace, viewer.principalId);

    const terms = queryTerms(args.query ?? '');
    if (terms.length === 0) {
      const wanted = BOOTSTRAP_ORDER.filter((category) => categories.includes(category));
      const records = await this.documents.listByCategory(viewer.readableSpaces, wanted);
      records.sort((a, b) => wanted.indexOf(a.category as ProjectCategory) - wanted.indexOf(b.category as ProjectCategory));
      const candidates = records.filter(isMarkdown).flatMap((record) => sectionsOf(contextDocument(record, 1), []));
      return { ...selectSections(candidates, budgetChars, true), budgetChars };
    }
    const hits = await this.documents.search(viewer.readableSpaces, terms.join(' '), categories, SEARCH_LIMIT);
    const candidates = hits
      .filter((hit) => isMarkdown(hit.record))
      .flatMap((hit) => sectionsOf(contextDocument(hit.record, hit.score), terms));
    return { ...selectSections(candidates, budgetChars), budgetChars };
  }
}

function isMarkdown(record: MemoryRecord): boolean {
  return record.path !== undefined && record.path !== MEMORY_SCHEMA_CONFIG_PATH;
}

function contextDocument(record: MemoryRecord, score: number): ContextDocument {
  return { path: record.path!, uri: record.uri, category: record.category as ProjectCategory, text: record.text, score };
}
