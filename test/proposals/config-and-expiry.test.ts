import { describe, expect, it } from 'vitest';
import { localViewer } from '../../src/auth/viewer.js';
import type { ProposeUpdateInput } from '../../src/generated/graphql.js';
import { useTestServer } from '../support/app.js';
import { ApplyProposalDocument, MemoryContextDocument, ProposalDocument, ProposeUpdateDocument } from './documents.js';
import { addPitfall, decisionBody, liveProposalEvents, recordDecision } from './fixtures.js';

const server = useTestServer();

async function propose(input: ProposeUpdateInput) {
  return (await server.query(ProposeUpdateDocument, { input })).proposeUpdate;
}

async function setConfig(config: unknown) {
  const staged = await propose({
    intent: 'UPDATE_CONVENTIONS',
    rationale: 'memory schema',
    operations: [{ kind: 'CREATE_FILE', file: 'config/memory-schema.json', ifExists: 'REPLACE', content: JSON.stringify(config, null, 2) }],
    sources: [{ type: 'USER' }],
  });
  expect(staged).toMatchObject({ status: 'STAGED' });
  expect(staged.routing!.mode).toBe('STAGE');
  expect((await server.query(ApplyProposalDocument, { id: staged.stagingId! })).applyProposal.status).toBe('APPLIED');
}

describe('the memory schema configuration (config/memory-schema.json)', () => {
  it('refuses an invalid configuration with violations', async () => {
    const result = await propose({
      intent: 'UPDATE_CONVENTIONS',
      operations: [
        { kind: 'CREATE_FILE', file: 'config/memory-schema.json', content: '{"approval": {"decisions": "sometimes"}, "colour": 1}' },
      ],
      sources: [{ type: 'USER' }],
    });
    expect(result).toMatchObject({ status: 'REJECTED', reason: 'VALIDATION_FAILED' });
    expect(result.violations.map((violation) => violation.message)).toEqual([
      'approval.decisions must be one of APPLY, STAGE, SERVER_ONLY',
      'unknown key "colour" (allowed: categories, approval, stagingTtlSeconds, security)',
    ]);
  });

  it('uses the defaults until overridden, then the override: schema, routing, e-mail scan, TTL', async () => {
    const fieldless = {
      intent: 'RECORD_DECISION' as const,
      operations: [{ kind: 'APPEND_SECTION' as const, file: 'decisions.md', heading: 'Owner only', content: 'Owner: team-a' }],
      sources: [{ type: 'USER' as const }],
    };
    expect(await propose(fieldless)).toMatchObject({ status: 'REJECTED', reason: 'VALIDATION_FAILED' });
    await setConfig({
      categories: { DECISION: { requiredFields: [{ name: 'Owner', pattern: '^team-' }] } },
      approval: { decisions: 'APPLY', current: 'SERVER_ONLY' },
      security: { piiScanEmail: true },
      stagingTtlSeconds: 1,
    });
    expect(await propose(fieldless)).toMatchObject({ status: 'APPLIED', routing: { mode: 'APPLY' } });
    expect(
      await propose({ ...fieldless, operations: [{ ...fieldless.operations[0]!, heading: 'Bad owner', content: 'Owner: nobody' }] }),
    ).toMatchObject({
      reason: 'VALIDATION_FAILED',
      violations: [{ sectionId: 'bad-owner', field: 'Owner' }],
    });
    const serverOnly = await propose({
      intent: 'UPDATE_CURRENT',
      operations: [{ kind: 'CREATE_FILE', file: 'current/main.md', content: '# main' }],
    });
    expect(serverOnly).toMatchObject({ status: 'REJECTED', reason: 'SERVER_ONLY_CATEGORY', routing: { mode: 'SERVER_ONLY' } });
    const email = await propose({
      intent: 'UPDATE_SHARED',
      operations: [{ kind: 'CREATE_FILE', file: 'shared.md', content: '# S\n\nmail ada@example.org' }],
    });
    expect(email).toMatchObject({ reason: 'PII_DETECTED', findings: [{ type: 'PII_EMAIL', line: 3, location: 'shared.md' }] });
  });

  it('expires a staged proposal past its TTL: it cannot be applied, and it is audited and announced', async () => {
    const subscription = await liveProposalEvents(server);
    const staged = await propose({
      intent: 'ADD_PITFALL',
      operations: [{ kind: 'APPEND_SECTION', file: 'pitfalls.md', heading: 'Short-lived', content: 'x' }],
      sources: [{ type: 'TEST' }],
    });
    expect(staged).toMatchObject({ status: 'STAGED', stagingTtlSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const applied = (await server.query(ApplyProposalDocument, { id: staged.stagingId! })).applyProposal;
    expect(applied).toMatchObject({ status: 'REJECTED', reason: 'TTL_EXPIRED' });
    expect((await server.query(ProposalDocument, { id: staged.stagingId! })).proposal).toMatchObject({
      status: 'EXPIRED',
      decisionReason: 'TTL_EXPIRED',
      diff: null,
    });
    const events = (await subscription.until(2, { where: (event) => event.proposalEvents.stagingId === staged.stagingId })).map(
      (event) => event.proposalEvents,
    );
    subscription.stop();
    expect(events.map((event) => [event.type, event.reason])).toEqual([
      ['STAGED', null],
      ['EXPIRED', 'TTL_EXPIRED'],
    ]);
    const audit = await server
      .mongo()
      .db(server.dbName)
      .collection('audit')
      .find({ stagingId: staged.stagingId })
      .sort({ at: 1 })
      .toArray();
    expect(audit.map((entry) => [entry.action, entry.outcome, entry.actor, entry.reason])).toEqual([
      ['PROPOSE', 'STAGED', 'local', null],
      ['EXPIRE', 'EXPIRED', 'system', 'TTL_EXPIRED'],
    ]);
  });

  it('expireStaleProposals sweeps what is past its expiry', async () => {
    const staged = await propose({
      intent: 'ADD_PITFALL',
      operations: [{ kind: 'APPEND_SECTION', file: 'pitfalls.md', heading: 'Swept', content: 'x' }],
      sources: [{ type: 'TEST' }],
    });
    const proposals = server.running.services.proposals;
    expect(await proposals.expireStaleProposals(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    expect((await proposals.expireAndFindProposal(localViewer(), staged.stagingId!))?.status).toBe('EXPIRED');
  });
});

describe('memoryContext', () => {
  it('returns the most relevant sections with path, section id and URI, within the budget', async () => {
    await propose(addPitfall('The wire adapter has no change streams; use in-process pub/sub'));
    await propose(
      recordDecision(
        'Postgres under DocumentDB',
        decisionBody('DocumentDB stores documents in Postgres.', {}).replace(/^/, 'Owner: team-db\n'),
      ),
    );
    await propose(recordDecision('Logging', 'Owner: team-ops\n\nWe log with pino.'));
    const { memoryContext } = await server.query(MemoryContextDocument, { query: 'postgres documentdb' });
    expect(memoryContext.sections[0]).toMatchObject({
      path: 'decisions.md',
      sectionId: 'postgres-under-documentdb',
      heading: 'Postgres under DocumentDB',
      category: 'DECISION',
    });
    expect(memoryContext.sections[0]!.uri).toMatch(/^kairos:\/\/mem\//);
    expect(memoryContext.sections.map((section) => section.sectionId)).not.toContain('logging');
    expect(memoryContext.budgetUsed).toBe(memoryContext.sections.reduce((sum, section) => sum + section.text.length, 0));

    const tight = (await server.query(MemoryContextDocument, { query: 'postgres change streams', budgetChars: 80 })).memoryContext;
    expect(tight.budgetUsed).toBeLessThanOrEqual(80);
    expect(tight.omitted.some((omission) => omission.reason === 'budget exhausted')).toBe(true);

    const pitfallsOnly = (await server.query(MemoryContextDocument, { query: 'postgres change streams', include: ['PITFALL'] }))
      .memoryContext;
    expect(pitfallsOnly.sections.map((section) => section.path)).toEqual(['pitfalls.md']);

    const bad = await server.request(MemoryContextDocument, { query: 'x', budgetChars: 0 });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
