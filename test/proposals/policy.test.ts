import { describe, expect, it } from 'vitest';
import { defaultMemorySchemaConfig, fieldLines, parseMemorySchemaConfig } from '../../src/proposals/category-schemas.js';
import { categoryOfPath, DEFAULT_APPROVAL, resolveRouting } from '../../src/proposals/intent-policy.js';
import { checkPolicy, normalizeRequest, type ProposalRequest } from '../../src/proposals/proposal-pipeline.js';
import type { OperationKind, ProposalIntent, ProposalOperation } from '../../src/proposals/proposal-types.js';
import { newStagingId } from '../../src/proposals/staging-id.js';
import { unifiedDiff } from '../../src/proposals/diff.js';

const now = new Date('2026-11-21T10:00:00Z');

function policyOf(request: ProposalRequest, config = defaultMemorySchemaConfig()) {
  const normalized = normalizeRequest(request, now);
  if ('reason' in normalized) throw new Error(normalized.message);
  return checkPolicy(normalized, config);
}

describe('paths and categories', () => {
  it.each([
    ['conventions.md', 'CONVENTION'],
    ['config/memory-schema.json', 'CONVENTION'],
    ['decisions.md', 'DECISION'],
    ['pitfalls.md', 'PITFALL'],
    ['modules/auth.md', 'MODULE'],
    ['sessions/2026-11-21.md', 'SESSION_LOG'],
    ['current/main.md', 'CURRENT'],
    ['shared.md', 'SHARED'],
    ['archive/2026-11.md', 'ARCHIVE'],
    ['modules/a/b.md', null],
    ['notes.md', null],
  ])('%s is %s', (path, category) => expect(categoryOfPath(path)).toBe(category));
});

describe('the routing matrix (defaults as upstream §1.4; strictest operation wins)', () => {
  const op = (kind: OperationKind, file: string, extra: Partial<ProposalOperation> = {}): ProposalOperation => ({
    kind,
    file,
    sectionId: 'x',
    content: 'y',
    ...extra,
  });
  const cases: [ProposalIntent, ProposalOperation, string, 'APPLY' | 'STAGE'][] = [
    ['UPDATE_CURRENT', op('REPLACE_SECTION_CONTENT', 'current/main.md'), 'CURRENT', 'APPLY'],
    ['UPDATE_SHARED', op('APPEND_TO_SECTION', 'shared.md'), 'SHARED', 'APPLY'],
    ['SESSION_LOG', op('CREATE_FILE', 'sessions/x.md', { ifExists: 'APPEND' }), 'SESSION_LOG', 'APPLY'],
    ['ADD_PITFALL', op('APPEND_TO_SECTION', 'pitfalls.md'), 'PITFALL', 'APPLY'],
    ['ADD_PITFALL', op('APPEND_SECTION', 'pitfalls.md', { heading: 'New' }), 'PITFALL', 'STAGE'],
    ['ADD_PITFALL', op('REPLACE_SECTION_CONTENT', 'pitfalls.md'), 'PITFALL', 'STAGE'],
    ['RECORD_DECISION', op('APPEND_SECTION', 'decisions.md', { heading: 'D' }), 'DECISION', 'STAGE'],
    ['REFRESH_MODULE', op('REPLACE_SECTION_CONTENT', 'modules/auth.md'), 'MODULE', 'STAGE'],
    ['UPDATE_CONVENTIONS', op('APPEND_TO_SECTION', 'conventions.md'), 'CONVENTION', 'STAGE'],
    ['ARCHIVE_STALE', op('ARCHIVE_SECTION', 'decisions.md', { archivePath: 'archive/a.md', replacement: 'moved' }), 'DECISION', 'STAGE'],
    ['UPDATE_CURRENT', op('ARCHIVE_SECTION', 'current/main.md', { archivePath: 'archive/a.md', replacement: 'moved' }), 'CURRENT', 'STAGE'],
    ['UPDATE_SHARED', op('CREATE_FILE', 'shared.md', { ifExists: 'REPLACE' }), 'SHARED', 'APPLY'],
    ['ADD_PITFALL', op('CREATE_FILE', 'pitfalls.md', { ifExists: 'REPLACE' }), 'PITFALL', 'STAGE'],
  ];
  it.each(cases)('%s %s → %s', (intent, operation, category, mode) => {
    expect(resolveRouting(intent, [operation], [category as never], DEFAULT_APPROVAL).mode).toBe(mode);
  });

  it('takes the strictest mode across operations, and reads the slots from configuration', () => {
    const ops = [op('APPEND_TO_SECTION', 'pitfalls.md'), op('REPLACE_SECTION_CONTENT', 'pitfalls.md')];
    expect(resolveRouting('ADD_PITFALL', ops, ['PITFALL', 'PITFALL'], DEFAULT_APPROVAL)).toEqual({
      mode: 'STAGE',
      reason: 'op[0]: intent=ADD_PITFALL → approval.pitfallsAppend → APPLY; op[1]: intent=ADD_PITFALL → approval.pitfallsReplace → STAGE',
    });
    expect(
      resolveRouting('RECORD_DECISION', [op('APPEND_SECTION', 'decisions.md')], ['DECISION'], { ...DEFAULT_APPROVAL, decisions: 'APPLY' })
        .mode,
    ).toBe('APPLY');
    expect(
      resolveRouting('UPDATE_SHARED', [op('APPEND_TO_SECTION', 'shared.md')], ['SHARED'], { ...DEFAULT_APPROVAL, shared: 'SERVER_ONLY' })
        .mode,
    ).toBe('SERVER_ONLY');
  });
});

describe('provenance, for every touched category', () => {
  const decision: ProposalRequest = {
    intent: 'RECORD_DECISION',
    operations: [{ kind: 'APPEND_SECTION', file: 'decisions.md', heading: 'D', content: 'x' }],
  };
  it('DECISION needs sources of type FILE, TEST or USER', () => {
    expect(policyOf(decision)).toMatchObject({
      reason: 'PROVENANCE_VIOLATION',
      provenanceViolations: ['DECISION: sources are required but none were provided'],
    });
    expect(policyOf({ ...decision, sources: [{ type: 'INFERENCE' }, { type: 'SESSION' }] })).toMatchObject({
      provenanceViolations: [
        'DECISION: source[0] type INFERENCE is forbidden (EXTERNAL, INFERENCE are not accepted)',
        'DECISION: source[1] type SESSION is not allowed (allowed: FILE, TEST, USER)',
      ],
    });
    for (const type of ['FILE', 'TEST', 'USER'] as const) expect(policyOf({ ...decision, sources: [{ type }] })).toHaveProperty('routing');
  });

  it('CONVENTION and PITFALL need sources for new sections only; MODULE always; the rest never', () => {
    const convention = (kind: OperationKind): ProposalRequest => ({
      intent: 'UPDATE_CONVENTIONS',
      operations: [{ kind, file: 'conventions.md', sectionId: 'c', heading: 'C', content: 'x' }],
    });
    expect(policyOf(convention('APPEND_SECTION'))).toMatchObject({
      provenanceViolations: ['CONVENTION: sources are required for new sections but none were provided'],
    });
    expect(policyOf(convention('APPEND_TO_SECTION'))).toHaveProperty('routing');
    expect(policyOf({ ...convention('APPEND_TO_SECTION'), sources: [{ type: 'EXTERNAL' }] })).toMatchObject({
      reason: 'PROVENANCE_VIOLATION',
    });
    const pitfall = (kind: OperationKind): ProposalRequest => ({
      intent: 'ADD_PITFALL',
      operations: [{ kind, file: 'pitfalls.md', sectionId: 'p', heading: 'P', content: 'x' }],
    });
    expect(policyOf(pitfall('APPEND_SECTION'))).toMatchObject({ reason: 'PROVENANCE_VIOLATION' });
    expect(policyOf({ ...pitfall('APPEND_SECTION'), sources: [{ type: 'INFERENCE' }] })).toHaveProperty('routing');
    expect(policyOf(pitfall('APPEND_TO_SECTION'))).toHaveProperty('routing');
    const moduleRefresh: ProposalRequest = {
      intent: 'REFRESH_MODULE',
      operations: [{ kind: 'REPLACE_SECTION_CONTENT', file: 'modules/auth.md', sectionId: 'a', content: 'x' }],
    };
    expect(policyOf(moduleRefresh)).toMatchObject({ provenanceViolations: ['MODULE: sources are required but none were provided'] });
    expect(policyOf({ ...moduleRefresh, sources: [{ type: 'INFERENCE' }] })).toHaveProperty('routing');
    for (const [intent, file] of [
      ['UPDATE_CURRENT', 'current/main.md'],
      ['UPDATE_SHARED', 'shared.md'],
      ['SESSION_LOG', 'sessions/x.md'],
    ] as const) {
      expect(policyOf({ intent, operations: [{ kind: 'CREATE_FILE', file, content: 'x' }] })).toHaveProperty('routing');
    }
  });

  it('checks every category, not just the first operation’s (upstream gap)', () => {
    const archive: ProposalRequest = {
      intent: 'ARCHIVE_STALE',
      operations: [
        { kind: 'ARCHIVE_SECTION', file: 'pitfalls.md', sectionId: 'old', archivePath: 'archive/p.md', replacement: 'moved' },
        { kind: 'ARCHIVE_SECTION', file: 'decisions.md', sectionId: 'old', archivePath: 'archive/d.md', replacement: 'moved' },
      ],
    };
    expect(policyOf(archive)).toMatchObject({ provenanceViolations: ['DECISION: sources are required but none were provided'] });
  });
});

describe('small pieces', () => {
  it('reads field lines as upstream does', () => {
    expect(
      Object.fromEntries(
        fieldLines('Date: 2026-01-01\n**Status:** active\n*Confidence:* inferred\n- Owner: no\n  Indented: no\nDate: second'),
      ),
    ).toEqual({
      Date: '2026-01-01',
      Status: 'active',
      Confidence: 'inferred',
    });
  });

  it('merges a configuration override over the defaults key by key', () => {
    const parsed = parseMemorySchemaConfig(
      '{"categories": {"DECISION": {"provenance": {"required": false}}}, "approval": {"decisions": "apply"}}',
    );
    if ('errors' in parsed) throw new Error(parsed.errors.join());
    expect(parsed.config.categories.DECISION.provenance).toMatchObject({ required: false, allowedSourceTypes: ['FILE', 'TEST', 'USER'] });
    expect(parsed.config.categories.DECISION.requiredFields.map((field) => field.name)).toEqual(['Date', 'Status', 'Confidence']);
    expect(parsed.config.approval).toMatchObject({ decisions: 'APPLY', conventions: 'STAGE' });
    expect(parseMemorySchemaConfig('{"security": {"secretScan": false}}')).toEqual({
      errors: ['security.secretScan: unknown key (the secret scan itself cannot be switched off)'],
    });
  });

  it('makes staging ids sortable, slugged and unique', () => {
    expect(newStagingId(now, 'RECORD_DECISION', 'Use Postgres for writes!', () => 'abc123')).toBe(
      '20261121T100000-record-decision-use-postgres-for-writes-abc123',
    );
    expect(newStagingId(now, 'ARCHIVE_STALE', null, () => 'abc123')).toBe('20261121T100000-archive-stale-abc123');
    expect(newStagingId(now, 'X', 'y')).not.toBe(newStagingId(now, 'X', 'y'));
  });

  it('diffs documents in unified format', () => {
    expect(unifiedDiff('d.md', 'a\nb\nc\n', 'a\nB\nc\nd\n')).toBe('--- a/d.md\n+++ b/d.md\n@@ -1,3 +1,4 @@\n a\n-b\n+B\n c\n+d\n');
    expect(unifiedDiff('n.md', null, 'x\n')).toBe('--- /dev/null\n+++ b/n.md\n@@ -0,0 +1,1 @@\n+x\n');
    expect(unifiedDiff('same.md', 'x\n', 'x\n')).toBe('');
  });
});
