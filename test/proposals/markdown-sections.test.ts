import { describe, expect, it } from 'vitest';
import { documentTitle, findSection, parseDocument, sectionHash, slugifyHeading } from '../../src/proposals/markdown-sections.js';
import type { ProposalOperation } from '../../src/proposals/proposal-types.js';
import { applyOperation, type OperationResult, validateOperationShape } from '../../src/proposals/section-operations.js';

const doc = `# Decisions

Intro.

## Use Postgres
<!-- @id: use-postgres -->

Date: 2026-01-02

### Details

Nested.

## Use Redis

Cache only.

\`\`\`md
## Not a heading
\`\`\`
`;

function apply(current: string | null, op: Partial<ProposalOperation>, anchorNewSections = true): OperationResult {
  const result = applyOperation(current, { file: 'decisions.md', kind: 'CREATE_FILE', ...op } as ProposalOperation, { anchorNewSections });
  if ('reason' in result) throw new Error(`${result.reason}: ${result.message}`);
  return result;
}

describe('the section model', () => {
  it('cuts sections at headings of the same or higher level, nested ones inside, fenced ones ignored', () => {
    const parsed = parseDocument(doc);
    expect(parsed.sections.map((section) => [section.id, section.level, section.heading])).toEqual([
      ['decisions', 1, 'Decisions'],
      ['use-postgres', 2, 'Use Postgres'],
      ['details', 3, 'Details'],
      ['use-redis', 2, 'Use Redis'],
    ]);
    const postgres = findSection(parsed, { sectionId: 'use-postgres' })!;
    expect(parsed.lines.slice(postgres.start, postgres.end).join('\n')).toContain('Nested.');
    expect(parsed.lines.slice(postgres.start, postgres.ownEnd).join('\n')).not.toContain('Nested.');
    expect(postgres.anchorId).toBe('use-postgres');
    expect(findSection(parsed, { heading: 'Use Redis', headingLevel: 2 })?.id).toBe('use-redis');
    expect(findSection(parsed, { heading: 'Use Redis', headingLevel: 3 })).toBeNull();
  });

  it('takes the anchor after one blank line, derives ids from headings and keeps them unique', () => {
    const parsed = parseDocument('## A\n\n<!-- @id: first -->\n\n## Same\n\n## Same\n\n## Ünïcode & Co!\n');
    expect(parsed.sections.map((section) => section.id)).toEqual(['first', 'same', 'same-2', 'n-code-co']);
    expect(slugifyHeading('!!!')).toBe('section');
    expect(slugifyHeading('x'.repeat(80))).toHaveLength(64);
  });

  it('reports an unclosed fence and reads the title', () => {
    expect(parseDocument('# T\n\n```\ncode\n').unclosedFenceLine).toBe(2);
    expect(documentTitle(doc)).toBe('Decisions');
    expect(documentTitle('no title')).toBeNull();
  });

  it('hashes a section whole or without its subsections', () => {
    const parsed = parseDocument(doc);
    const postgres = findSection(parsed, { sectionId: 'use-postgres' })!;
    const changedChild = parseDocument(doc.replace('Nested.', 'Nested, changed.'));
    const postgresAfter = findSection(changedChild, { sectionId: 'use-postgres' })!;
    expect(sectionHash(parsed, postgres, 'OWN')).toBe(sectionHash(changedChild, postgresAfter, 'OWN'));
    expect(sectionHash(parsed, postgres, 'FULL')).not.toBe(sectionHash(changedChild, postgresAfter, 'FULL'));
    expect(sectionHash(parsed, postgres, 'FULL')).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});

describe('operations', () => {
  it('CREATE_FILE creates, refuses an existing document, appends or replaces', () => {
    expect(apply(null, { content: '# New\n\nBody' }).text).toBe('# New\n\nBody\n');
    expect(applyOperation('# Old\n', { file: 'x.md', kind: 'CREATE_FILE', content: '# New' }, { anchorNewSections: false })).toMatchObject({
      reason: 'PLAN_FAILED',
    });
    expect(apply('# Old\n', { content: '## More', ifExists: 'APPEND' }).text).toBe('# Old\n\n## More\n');
    expect(apply('# Old\n', { content: '# New', ifExists: 'REPLACE' }).text).toBe('# New\n');
  });

  it('APPEND_SECTION adds an anchored section at the end, or in its parent before the first child', () => {
    const appended = apply('# Decisions\n', { kind: 'APPEND_SECTION', heading: 'Use Kafka', content: 'Date: 2026-01-01' });
    expect(appended.text).toBe('# Decisions\n\n## Use Kafka\n<!-- @id: use-kafka -->\n\nDate: 2026-01-01\n');
    expect(appended.sectionIds).toEqual(['use-kafka']);
    const nested = apply(doc, {
      kind: 'APPEND_SECTION',
      heading: 'Why',
      headingLevel: 3,
      parentSectionId: 'use-postgres',
      content: '### Why\n\nBecause.',
    });
    const parsed = parseDocument(nested.text);
    expect(parsed.sections.map((section) => section.id)).toEqual(['decisions', 'use-postgres', 'why', 'details', 'use-redis']);
    expect(nested.sectionIds).toEqual(['why']);
    expect(
      applyOperation(
        doc,
        { file: 'd.md', kind: 'APPEND_SECTION', heading: 'X', headingLevel: 2, parentSectionId: 'use-postgres', content: 'x' },
        { anchorNewSections: true },
      ),
    ).toMatchObject({ reason: 'PLAN_FAILED' });
    expect(
      applyOperation(null, { file: 'd.md', kind: 'APPEND_SECTION', heading: 'X', content: 'x' }, { anchorNewSections: true }),
    ).toMatchObject({ reason: 'PLAN_FAILED' });
    expect(apply('# D\n\n## Same\n', { kind: 'APPEND_SECTION', heading: 'Same', content: 'x' }).sectionIds).toEqual(['same-2']);
  });

  it('APPEND_TO_SECTION adds to the direct body: a bullet joins the list, a paragraph stands apart', () => {
    const bullets = apply('# Pitfalls\n\n- one\n\n## Later\n', { kind: 'APPEND_TO_SECTION', sectionId: 'pitfalls', content: '- two' });
    expect(bullets.text).toBe('# Pitfalls\n\n- one\n- two\n\n## Later\n');
    const empty = apply('# Pitfalls\n', { kind: 'APPEND_TO_SECTION', sectionId: 'pitfalls', content: '- first' });
    expect(empty.text).toBe('# Pitfalls\n\n- first\n');
    const paragraph = apply(doc, { kind: 'APPEND_TO_SECTION', sectionId: 'use-postgres', content: 'More.' });
    expect(paragraph.text).toContain('Date: 2026-01-02\n\nMore.\n\n### Details');
    expect(
      applyOperation(
        doc,
        { file: 'd.md', kind: 'APPEND_TO_SECTION', sectionId: 'use-postgres', content: '## Sneaky' },
        { anchorNewSections: true },
      ),
    ).toMatchObject({ reason: 'PLAN_FAILED' });
  });

  it('REPLACE_SECTION replaces heading and children and keeps the anchor', () => {
    const result = apply(doc, { kind: 'REPLACE_SECTION', sectionId: 'use-postgres', content: '## Use Postgres 16\n\nDate: 2026-02-02' });
    expect(result.text).toContain('## Use Postgres 16\n<!-- @id: use-postgres -->\n\nDate: 2026-02-02\n\n## Use Redis');
    expect(result.text).not.toContain('Nested.');
    expect(result.sectionIds).toEqual(['use-postgres']);
    expect(
      applyOperation(doc, { file: 'd.md', kind: 'REPLACE_SECTION', sectionId: 'nope', content: '## X' }, { anchorNewSections: true }),
    ).toMatchObject({ reason: 'PLAN_FAILED' });
    expect(apply('# D\n', { kind: 'REPLACE_SECTION', sectionId: 'nope', content: '## X', ifMissing: 'APPEND' }).text).toBe('# D\n\n## X\n');
  });

  it('REPLACE_SECTION_CONTENT keeps heading, anchor and subsections', () => {
    const result = apply(doc, { kind: 'REPLACE_SECTION_CONTENT', sectionId: 'use-postgres', content: 'Date: 2027-01-01' });
    expect(result.text).toContain('## Use Postgres\n<!-- @id: use-postgres -->\n\nDate: 2027-01-01\n\n### Details\n\nNested.');
  });

  it('ARCHIVE_SECTION and REMOVE_SECTION copy the section into an archive document', () => {
    const archived = apply(doc, {
      kind: 'ARCHIVE_SECTION',
      sectionId: 'use-redis',
      archivePath: 'archive/redis.md',
      replacement: '## Use Redis\n\nArchived: see archive/redis.md',
    });
    expect(archived.archive).toEqual({ path: 'archive/redis.md', text: expect.stringContaining('## Use Redis\n\nCache only.') });
    expect(archived.text).toContain('Archived: see archive/redis.md');
    const removed = apply(doc, { kind: 'REMOVE_SECTION', sectionId: 'use-postgres', archivePath: 'archive/pg.md', reason: 'superseded' });
    expect(removed.text).not.toContain('Use Postgres');
    expect(removed.archive?.text.startsWith('<!-- removed from decisions.md: superseded -->\n\n## Use Postgres')).toBe(true);
  });

  it('RENAME_HEADING rewrites the heading line only, one level at a time', () => {
    const renamed = apply(doc, { kind: 'RENAME_HEADING', sectionId: 'use-postgres', newHeading: 'Use PostgreSQL', newHeadingLevel: 3 });
    expect(renamed.text).toContain('### Use PostgreSQL\n<!-- @id: use-postgres -->');
    expect(renamed.sectionIds).toEqual(['use-postgres']);
    expect(
      applyOperation(
        doc,
        { file: 'd.md', kind: 'RENAME_HEADING', sectionId: 'use-postgres', newHeading: 'X', newHeadingLevel: 5 },
        { anchorNewSections: true },
      ),
    ).toMatchObject({ reason: 'PLAN_FAILED' });
  });

  it('validates the shape of each kind', () => {
    const check = (op: Partial<ProposalOperation>) => validateOperationShape({ file: 'd.md', ...op } as ProposalOperation);
    expect(check({ kind: 'CREATE_FILE', content: ' ' })).toMatch(/non-empty content/);
    expect(check({ kind: 'REPLACE_SECTION', sectionId: 'a', content: 'no heading' })).toMatch(/must start with the section heading/);
    expect(check({ kind: 'APPEND_SECTION', heading: 'A', content: '## B' })).toMatch(/other than the declared/);
    expect(check({ kind: 'REPLACE_SECTION_CONTENT', sectionId: 'a', content: '# x' })).toMatch(/must not start with a heading/);
    expect(check({ kind: 'ARCHIVE_SECTION', sectionId: 'a', archivePath: 'old/x.md', replacement: 'x' })).toMatch(/archive\//);
    expect(check({ kind: 'RENAME_HEADING', sectionId: 'a', newHeading: '' })).toMatch(/newHeading/);
    expect(check({ kind: 'APPEND_TO_SECTION', content: 'x' })).toMatch(/sectionId or heading/);
    expect(check({ kind: 'APPEND_SECTION', heading: 'A', headingLevel: 7, content: 'x' })).toMatch(/headingLevel/);
    expect(check({ kind: 'APPEND_TO_SECTION', sectionId: 'a', content: 'x' })).toBeNull();
  });
});
