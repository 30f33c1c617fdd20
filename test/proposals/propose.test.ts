import { describe, expect, it } from 'vitest';
import { localViewer } from '../../src/auth/viewer.js';
import { createEventBus } from '../../src/events/event-bus.js';
import { ProposalService } from '../../src/services/proposal-service.js';
import { AuditStore } from '../../src/store/audit-store.js';
import { MemoryHistoryStore } from '../../src/store/memory-history-store.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { ProjectMemoryStore } from '../../src/store/project-memory-store.js';
import { ProposalStore } from '../../src/store/proposal-store.js';
import type { ProposeUpdateInput } from '../../src/generated/graphql.js';
import { useTestServer } from '../support/app.js';
import {
  ApplyProposalDocument,
  ProjectDocumentsDocument,
  ProposalDocument,
  ProposalsDocument,
  ProposeUpdateDocument,
  RejectProposalDocument,
} from './documents.js';
import { addPitfall, decisionBody, liveProposalEvents, recordDecision } from './fixtures.js';
import { fakeSecrets } from './fake-secrets.js';

const server = useTestServer();

async function propose(input: ProposeUpdateInput) {
  return (await server.query(ProposeUpdateDocument, { input })).proposeUpdate;
}

async function documentText(category: 'DECISION' | 'PITFALL' | 'SHARED' | 'ARCHIVE' | 'CONVENTION' | 'SESSION_LOG', path: string) {
  const { memories } = await server.query(ProjectDocumentsDocument, { category });
  return memories.edges.map((edge) => edge.node).find((node) => node.path === path) ?? null;
}

async function stageAndApply(input: ProposeUpdateInput) {
  const staged = await propose(input);
  expect(staged.status).toBe('STAGED');
  const { applyProposal } = await server.query(ApplyProposalDocument, { id: staged.stagingId! });
  expect(applyProposal.status).toBe('APPLIED');
  return applyProposal;
}

describe('proposeUpdate', () => {
  it('seeds conventions.md, decisions.md and pitfalls.md with a title each', async () => {
    await propose(addPitfall('Seed check: the engine has no change streams'));
    const decisions = await documentText('DECISION', 'decisions.md');
    expect(decisions).toMatchObject({ text: '# Decisions\n', label: 'Decisions', version: 1, category: 'DECISION' });
    expect(decisions!.uri).toMatch(/^kairos:\/\/mem\/[0-9a-f-]{36}$/);
    expect(await documentText('CONVENTION', 'conventions.md')).toMatchObject({ text: '# Conventions\n' });
  });

  it('applies a pitfall bullet at once (pitfall appends apply)', async () => {
    const result = await propose(addPitfall('Transactions retry on WriteConflict'));
    expect(result).toMatchObject({
      status: 'APPLIED',
      reason: null,
      files: ['pitfalls.md'],
      affectedSections: [{ file: 'pitfalls.md', sectionId: 'pitfalls' }],
      indexUpdated: true,
      warnings: [],
      humanApprovalRequired: false,
      stagingId: null,
      routing: { mode: 'APPLY' },
    });
    expect(result.routing!.reason).toBe('op[0]: intent=ADD_PITFALL → approval.pitfallsAppend → APPLY');
    expect(Date.parse(result.appliedAt as string)).not.toBeNaN();
    expect((await documentText('PITFALL', 'pitfalls.md'))!.text).toContain('- Transactions retry on WriteConflict\n');
  });

  it('stages a first decision, which applies on review with its anchor', async () => {
    const staged = await propose(recordDecision('Use DocumentDB locally', 'The engine runs in a chroot.'));
    expect(staged).toMatchObject({
      status: 'STAGED',
      reason: null,
      files: ['decisions.md'],
      humanApprovalRequired: true,
      stagingTtlSeconds: 7 * 24 * 60 * 60,
      routing: { mode: 'STAGE', reason: 'op[0]: intent=RECORD_DECISION → approval.decisions → STAGE' },
    });
    expect(staged.stagingId).toMatch(/^\d{8}T\d{6}-record-decision-record-the-use-documentd-[0-9a-f]{6}$/);
    expect(staged.reviewCommand).toBe(`kairos-graphql proposals review ${staged.stagingId}`);
    expect(staged.message).toContain(staged.reviewCommand);
    expect((await documentText('DECISION', 'decisions.md'))!.text).toBe('# Decisions\n');

    const { proposal } = await server.query(ProposalDocument, { id: staged.stagingId! });
    expect(proposal).toMatchObject({
      status: 'STAGED',
      intent: 'RECORD_DECISION',
      confidence: 'INFERRED',
      proposedBy: 'local',
      applyBlockedBy: null,
    });
    expect(proposal!.diff).toContain('+## Use DocumentDB locally\n+<!-- @id: use-documentdb-locally -->');

    const { applyProposal } = await server.query(ApplyProposalDocument, { id: staged.stagingId! });
    expect(applyProposal).toMatchObject({
      status: 'APPLIED',
      stagingId: staged.stagingId,
      affectedSections: [{ file: 'decisions.md', sectionId: 'use-documentdb-locally' }],
    });
    const decisions = await documentText('DECISION', 'decisions.md');
    expect(decisions!.text).toBe(
      `# Decisions\n\n## Use DocumentDB locally\n<!-- @id: use-documentdb-locally -->\n\n${decisionBody('The engine runs in a chroot.')}\n`,
    );
    expect(decisions!.version).toBe(2);
    expect((await server.query(ProposalDocument, { id: staged.stagingId! })).proposal).toMatchObject({
      status: 'APPLIED',
      decidedBy: 'local',
      diff: null,
    });

    const again = (await server.query(ApplyProposalDocument, { id: staged.stagingId! })).applyProposal;
    expect(again).toMatchObject({ status: 'REJECTED', reason: 'STAGING_NOT_FOUND' });
  });

  it('rejects a staged proposal on review, keeping the reviewer’s reason', async () => {
    const staged = await propose(recordDecision('Use Kafka', 'Events go through Kafka.'));
    const { rejectProposal } = await server.query(RejectProposalDocument, { id: staged.stagingId!, reason: 'We use in-process pub/sub' });
    expect(rejectProposal).toMatchObject({
      status: 'REJECTED',
      reason: 'USER_REJECTED',
      message: 'We use in-process pub/sub',
      stagingId: staged.stagingId,
    });
    expect((await server.query(ProposalDocument, { id: staged.stagingId! })).proposal).toMatchObject({
      status: 'REJECTED',
      decisionReason: 'USER_REJECTED',
      decisionNote: 'We use in-process pub/sub',
    });
    expect((await server.query(ApplyProposalDocument, { id: staged.stagingId! })).applyProposal).toMatchObject({
      status: 'REJECTED',
      reason: 'STAGING_NOT_FOUND',
    });
    expect((await documentText('DECISION', 'decisions.md'))!.text).not.toContain('Kafka');
    const blank = await server.request(RejectProposalDocument, { id: staged.stagingId!, reason: '  ' });
    expect(blank.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('writes SESSION_LOG to today’s (UTC) session document', async () => {
    const result = await propose({
      intent: 'SESSION_LOG',
      operations: [{ kind: 'CREATE_FILE', file: '_', content: '## 10:00\n\nStarted issue 4.', ifExists: 'APPEND' }],
    });
    const today = `sessions/${new Date().toISOString().slice(0, 10)}.md`;
    expect(result).toMatchObject({ status: 'APPLIED', files: [today] });
    await propose({
      intent: 'SESSION_LOG',
      operations: [{ kind: 'CREATE_FILE', file: 'sessions/1999-01-01.md', content: '## 11:00\n\nTests.', ifExists: 'APPEND' }],
    });
    expect((await documentText('SESSION_LOG', today))!.text).toBe('## 10:00\n\nStarted issue 4.\n\n## 11:00\n\nTests.\n');
  });

  it('applies several operations on one document in order, or none of them', async () => {
    const ok = await propose({
      intent: 'UPDATE_SHARED',
      operations: [
        { kind: 'CREATE_FILE', file: 'shared.md', content: '# Shared\n\n## Status\n\nGreen.' },
        { kind: 'APPEND_TO_SECTION', file: 'shared.md', sectionId: 'status', content: 'Build passes.' },
        { kind: 'RENAME_HEADING', file: 'shared.md', sectionId: 'status', newHeading: 'Build status' },
      ],
    });
    expect(ok.status).toBe('APPLIED');
    const before = await documentText('SHARED', 'shared.md');
    expect(before!.text).toBe('# Shared\n\n## Build status\n\nGreen.\n\nBuild passes.\n');
    const failed = await propose({
      intent: 'UPDATE_SHARED',
      operations: [
        { kind: 'APPEND_TO_SECTION', file: 'shared.md', sectionId: 'build-status', content: 'Would be lost.' },
        { kind: 'APPEND_TO_SECTION', file: 'shared.md', sectionId: 'missing', content: 'x' },
      ],
    });
    expect(failed).toMatchObject({ status: 'REJECTED', reason: 'PLAN_FAILED' });
    expect(failed.message).toContain('op[1]');
    expect(await documentText('SHARED', 'shared.md')).toEqual(before);
  });
});

describe('staged proposals against concurrent changes', () => {
  it('applies two proposals on different sections of one document with nothing lost, and drifts on the same section', async () => {
    await stageAndApply(recordDecision('Use pino', 'Structured logs.'));
    await stageAndApply(recordDecision('Use vitest', 'Tests run in forks.'));
    const replace = (sectionId: string, text: string) =>
      propose({
        intent: 'RECORD_DECISION',
        rationale: `revise ${sectionId}`,
        operations: [{ kind: 'REPLACE_SECTION_CONTENT', file: 'decisions.md', sectionId, content: decisionBody(text) }],
        sources: [{ type: 'USER', ref: 'review' }],
      });
    const first = await replace('use-pino', 'Structured logs, to stderr.');
    const second = await replace('use-vitest', 'Tests run in forks, one database each.');
    const sameAsFirst = await replace('use-pino', 'Logs to a file.');
    // A bullet applied meanwhile elsewhere must survive too.
    await propose(addPitfall('unrelated change'));

    expect((await server.query(ApplyProposalDocument, { id: first.stagingId! })).applyProposal.status).toBe('APPLIED');
    expect((await server.query(ApplyProposalDocument, { id: second.stagingId! })).applyProposal.status).toBe('APPLIED');
    const merged = (await documentText('DECISION', 'decisions.md'))!.text;
    expect(merged).toContain('Structured logs, to stderr.');
    expect(merged).toContain('Tests run in forks, one database each.');

    const drifted = (await server.query(ApplyProposalDocument, { id: sameAsFirst.stagingId! })).applyProposal;
    expect(drifted).toMatchObject({
      status: 'STAGED',
      reason: 'TARGET_DRIFT',
      stagingId: sameAsFirst.stagingId,
      humanApprovalRequired: true,
    });
    expect(drifted.drift).toEqual([
      {
        file: 'decisions.md',
        sectionId: 'use-pino',
        policy: 'SECTION_CONTENT_MATCH',
        expected: expect.stringMatching(/^sha256:/),
        found: expect.stringMatching(/^sha256:/),
      },
    ]);
    expect((await documentText('DECISION', 'decisions.md'))!.text).toBe(merged);
    const { proposal } = await server.query(ProposalDocument, { id: sameAsFirst.stagingId! });
    expect(proposal).toMatchObject({ status: 'STAGED', applyBlockedBy: { reason: 'TARGET_DRIFT' } });
  });
});

describe('proposals, events and audit', () => {
  it('lists proposals newest first, by status, page by page', async () => {
    const a = await propose(recordDecision('Paging A', 'a'));
    const b = await propose(recordDecision('Paging B', 'b'));
    const { proposals } = await server.query(ProposalsDocument, { status: 'STAGED', first: 1 });
    expect(proposals.edges.map((edge) => edge.node.id)).toEqual([b.stagingId]);
    expect(proposals.pageInfo.hasNextPage).toBe(true);
    const next = await server.query(ProposalsDocument, { status: 'STAGED', first: 100, after: proposals.pageInfo.endCursor });
    expect(next.proposals.edges.map((edge) => edge.node.id)).toContain(a.stagingId);
    expect(next.proposals.edges.every((edge) => edge.node.status === 'STAGED')).toBe(true);
    expect(proposals.totalCount).toBeGreaterThanOrEqual(2);
  });

  it('streams STAGED, APPLIED and REJECTED over graphql-ws, and refuses unreadable spaces', async () => {
    const subscription = await liveProposalEvents(server);
    const applied = await propose(recordDecision('Events one', 'x'));
    await server.query(ApplyProposalDocument, { id: applied.stagingId! });
    const rejected = await propose(recordDecision('Events two', 'y'));
    await server.query(RejectProposalDocument, { id: rejected.stagingId!, reason: 'no' });
    const ids = [applied.stagingId, rejected.stagingId];
    const events = (await subscription.until(4, { where: (event) => ids.includes(event.proposalEvents.stagingId) })).map(
      (event) => event.proposalEvents,
    );
    subscription.stop();
    expect(events.map((event) => [event.type, event.stagingId, event.reason])).toEqual([
      ['STAGED', applied.stagingId, null],
      ['APPLIED', applied.stagingId, null],
      ['STAGED', rejected.stagingId, null],
      ['REJECTED', rejected.stagingId, 'USER_REJECTED'],
    ]);
    expect(events[0]).toMatchObject({ space: 'user:local', intent: 'RECORD_DECISION', files: ['decisions.md'] });

    const client = server.wsClient();
    const refusal = await new Promise<unknown>((resolve) => {
      client.subscribe(
        { query: 'subscription { proposalEvents(space: "user:someone-else") { type } }' },
        { next: resolve, error: resolve, complete: () => {} },
      );
    });
    expect(JSON.stringify(refusal)).toContain('FORBIDDEN');
  });

  it('audits every propose, apply and reject with who, what and how it ended', async () => {
    const staged = await propose(recordDecision('Audit me', 'z'));
    await server.query(ApplyProposalDocument, { id: staged.stagingId! });
    const refused = await propose({
      intent: 'UPDATE_CURRENT',
      operations: [{ kind: 'CREATE_FILE', file: 'decisions.md', content: '# x' }],
    });
    expect(refused.reason).toBe('INTENT_TARGET_MISMATCH');
    const audit = server.mongo().db(server.dbName).collection('audit');
    const entries = await audit.find({ stagingId: staged.stagingId }).sort({ at: 1 }).toArray();
    expect(entries.map((entry) => [entry.action, entry.outcome, entry.actor, entry.intent, entry.files])).toEqual([
      ['PROPOSE', 'STAGED', 'local', 'RECORD_DECISION', ['decisions.md']],
      ['APPLY', 'APPLIED', 'local', 'RECORD_DECISION', ['decisions.md']],
    ]);
    const rejection = await audit.findOne({ reason: 'INTENT_TARGET_MISMATCH' });
    expect(rejection).toMatchObject({
      action: 'PROPOSE',
      outcome: 'REJECTED',
      intent: 'UPDATE_CURRENT',
      files: ['decisions.md'],
      findingCount: 0,
    });
  });
});

describe('reason codes, each with its trigger', () => {
  const viewer = localViewer();

  it('INVALID_INTENT and INVALID_OPERATION (the GraphQL enums stop these first; the service checks too)', async () => {
    const proposals = server.running.services.proposals;
    expect(await proposals.proposeUpdate(viewer, { intent: 'UPDATE_EVERYTHING', operations: [] })).toMatchObject({
      status: 'REJECTED',
      reason: 'INVALID_INTENT',
    });
    expect(
      await proposals.proposeUpdate(viewer, { intent: 'UPDATE_SHARED', operations: [{ kind: 'DELETE_FILE' as never, file: 'shared.md' }] }),
    ).toMatchObject({ status: 'REJECTED', reason: 'INVALID_OPERATION' });
    const overGraphql = await server.request(ProposeUpdateDocument, { input: { intent: 'UPDATE_EVERYTHING' as never, operations: [] } });
    // The message names the enum but never repeats the value sent (it could be a secret).
    expect(overGraphql.errors?.[0]?.message).toContain('ProposalIntent');
    expect(overGraphql.errors?.[0]?.message).not.toContain('UPDATE_EVERYTHING');
  });

  const shared = (operations: ProposeUpdateInput['operations']): ProposeUpdateInput => ({ intent: 'UPDATE_SHARED', operations });
  const cases: [string, ProposeUpdateInput, string?][] = [
    ['NO_OPERATIONS', shared([])],
    [
      'VALIDATION_FAILED',
      shared([{ kind: 'REPLACE_SECTION_CONTENT', file: 'shared.md', sectionId: 'shared', content: '# not a body' }]),
      'must not start with a heading',
    ],
    ['INVALID_PATH', shared([{ kind: 'CREATE_FILE', file: '../etc/passwd', content: 'x' }])],
    ['UNKNOWN_CATEGORY', shared([{ kind: 'CREATE_FILE', file: 'random/notes.md', content: 'x' }])],
    [
      'INTENT_TARGET_MISMATCH',
      {
        intent: 'UPDATE_CURRENT',
        operations: [{ kind: 'REPLACE_SECTION_CONTENT', file: 'decisions.md', sectionId: 'decisions', content: 'gone' }],
      },
    ],
    [
      'PLAN_FAILED',
      {
        intent: 'ADD_PITFALL',
        operations: [{ kind: 'APPEND_TO_SECTION', file: 'pitfalls.md', sectionId: 'no-such-section', content: '- x' }],
      },
      'no section has the given sectionId',
    ],
    [
      'INVALID_MARKDOWN',
      shared([{ kind: 'CREATE_FILE', file: 'shared.md', ifExists: 'REPLACE', content: '# Shared\n\n```ts\nconst unclosed = true;' }]),
    ],
    [
      'ALLOWLIST_PARSE_ERROR',
      shared([
        {
          kind: 'CREATE_FILE',
          file: 'shared.md',
          ifExists: 'REPLACE',
          content: '# S\n\n<!-- @secret-scan: allow -->\nx\n<!-- @secret-scan: end -->',
        },
      ]),
    ],
    [
      'ALLOWLIST_LIMIT_EXCEEDED',
      shared([
        {
          kind: 'CREATE_FILE',
          file: 'shared.md',
          ifExists: 'REPLACE',
          content: `# S\n\n<!-- @secret-scan: allow reason="long example" -->\n${'x'.repeat(600)}\n<!-- @secret-scan: end -->`,
        },
      ]),
    ],
    [
      'SECRET_DETECTED',
      shared([{ kind: 'CREATE_FILE', file: 'shared.md', ifExists: 'REPLACE', content: `# S\n\nkey ${fakeSecrets.githubToken}` }]),
    ],
    ['PII_DETECTED', shared([{ kind: 'CREATE_FILE', file: 'shared.md', ifExists: 'REPLACE', content: `# S\n\nSSN ${fakeSecrets.ssn}` }])],
    ['PROVENANCE_VIOLATION', recordDecision('No sources', 'x', { sources: [] }), '1 provenance violation(s) for DECISION'],
    [
      'VALIDATION_FAILED',
      {
        intent: 'RECORD_DECISION',
        operations: [{ kind: 'APPEND_SECTION', file: 'decisions.md', heading: 'Half done', content: 'Date: tomorrow\nStatus: maybe' }],
        sources: [{ type: 'USER' }],
      },
      'section schema violation',
    ],
  ];
  it.each(cases)('%s', async (reason, input, messagePart) => {
    const result = await propose(input);
    expect(result).toMatchObject({ status: 'REJECTED', reason, stagingId: null, appliedAt: null });
    if (messagePart) expect(result.message).toContain(messagePart);
    if (reason === 'PROVENANCE_VIOLATION')
      expect(result.provenanceViolations).toEqual(['DECISION: sources are required but none were provided']);
    if (reason === 'SECRET_DETECTED') expect(result.findings).toEqual([{ type: 'GITHUB_TOKEN', line: 3, location: 'shared.md' }]);
    if (reason === 'PII_DETECTED') expect(result.findings).toEqual([{ type: 'PII_SSN', line: 3, location: 'shared.md' }]);
    if (result.message.includes('section schema violation')) {
      expect(result.violations).toEqual([
        {
          file: 'decisions.md',
          sectionId: 'half-done',
          field: 'Date',
          message: '"Date" does not match the pattern ^\\d{4}-\\d{2}-\\d{2}$',
        },
        {
          file: 'decisions.md',
          sectionId: 'half-done',
          field: 'Status',
          message: '"Status" must be one of: active, superseded, deprecated, proposed',
        },
        { file: 'decisions.md', sectionId: 'half-done', field: 'Confidence', message: 'required field "Confidence" is missing' },
      ]);
    }
  });

  it('WRITE_ONCE_VIOLATION, ARCHIVE_EXISTS, and archives always staged', async () => {
    await stageAndApply({
      intent: 'ARCHIVE_STALE',
      operations: [{ kind: 'CREATE_FILE', file: 'archive/2026-11.md', content: '# Archive 2026-11' }],
    });
    expect(
      await propose({
        intent: 'ARCHIVE_STALE',
        operations: [{ kind: 'CREATE_FILE', file: 'archive/2026-11.md', content: 'more', ifExists: 'APPEND' }],
      }),
    ).toMatchObject({
      status: 'REJECTED',
      reason: 'WRITE_ONCE_VIOLATION',
    });
    await propose({
      intent: 'UPDATE_SHARED',
      operations: [{ kind: 'CREATE_FILE', file: 'shared.md', ifExists: 'REPLACE', content: '# Shared\n\n## Old news\n\nStale.' }],
    });
    const archiveInto = (archivePath: string) =>
      propose({
        intent: 'UPDATE_SHARED',
        operations: [{ kind: 'REMOVE_SECTION', file: 'shared.md', sectionId: 'old-news', archivePath, reason: 'stale' }],
      });
    expect(await archiveInto('archive/2026-11.md')).toMatchObject({ status: 'REJECTED', reason: 'ARCHIVE_EXISTS' });
    const staged = await archiveInto('archive/shared-old.md');
    expect(staged).toMatchObject({ status: 'STAGED', files: ['shared.md', 'archive/shared-old.md'] });
    expect(staged.routing!.reason).toBe(
      'op[0]: intent=UPDATE_SHARED → approval.shared → APPLY; forced to stage: op[0] REMOVE_SECTION always needs review',
    );
    await server.query(RejectProposalDocument, { id: staged.stagingId!, reason: 'keep it' });
  });

  it('STAGING_NOT_FOUND for an unknown id, on apply and reject', async () => {
    expect((await server.query(ApplyProposalDocument, { id: 'nope' })).applyProposal).toMatchObject({
      status: 'REJECTED',
      reason: 'STAGING_NOT_FOUND',
    });
    expect((await server.query(RejectProposalDocument, { id: 'nope', reason: 'x' })).rejectProposal).toMatchObject({
      status: 'REJECTED',
      reason: 'STAGING_NOT_FOUND',
    });
  });
});

describe('separate reviewers (switched on with authentication)', () => {
  it('refuses to let the proposer apply its own proposal, and lets another reviewer apply it', async () => {
    const db = server.running.mongoClient.db(server.dbName);
    const events = await createEventBus();
    const proposals = new ProposalService(
      new ProjectMemoryStore(
        new MemoryStore(db, server.running.mongoClient),
        new MemoryHistoryStore(db, { retentionDays: 90, enabled: true }),
      ),
      new ProposalStore(db),
      new AuditStore(db),
      events,
      { separateReviewer: true },
    );
    const author = localViewer();
    const reviewer = { ...localViewer(), principalId: 'reviewer' };
    const staged = await proposals.proposeUpdate(author, recordDecision('Four eyes', 'Reviewed by someone else.'));
    await expect(proposals.applyProposal(author, staged.stagingId!)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await proposals.applyProposal(reviewer, staged.stagingId!)).toMatchObject({ status: 'APPLIED' });
    await events.close();
  });
});
