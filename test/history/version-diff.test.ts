import { describe, expect, it } from 'vitest';
import { recordOf, renderVersionText, versionDiff } from '../../src/services/memory-history-service.js';
import { changedFields, MemoryHistoryStore, type MemoryVersionRecord } from '../../src/store/memory-history-store.js';
import type { MemoryRecord } from '../../src/store/memory-store.js';

const chain = {
  chainId: 'c',
  label: 'Deploy',
  titleKey: 'deploy',
  stepIndex: 2,
  stepCount: 3,
  slug: 'deploy',
  protocolVersion: null,
  triggers: null,
};
const step: MemoryRecord = {
  _id: '11111111-1111-4111-8111-111111111111',
  uri: 'kairos://mem/11111111-1111-4111-8111-111111111111',
  space: 'user:local',
  label: 'Build',
  text: '## Build\n\nBuild it.',
  tags: [],
  category: 'PROTOCOL_STEP',
  chain,
  challenge: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  createdBy: 'local',
  updatedAt: new Date('2026-01-02T00:00:00Z'),
  updatedBy: 'agent',
  version: 4,
};

describe('changedFields', () => {
  it('names each part that differs, and nothing when nothing does', () => {
    expect(changedFields(step, { ...step })).toEqual([]);
    expect(changedFields(step, { ...step, text: 'x', tags: ['a'] })).toEqual(['TEXT', 'TAGS']);
    expect(changedFields(step, { ...step, label: 'Compile', challenge: { type: 'comment', comment: { min_length: 3 } } as never })).toEqual(
      ['LABEL', 'CHALLENGE'],
    );
    expect(changedFields(step, { ...step, chain: { ...chain, stepIndex: 1 } })).toEqual(['CHAIN_POSITION']);
  });
});

describe('versionDiff', () => {
  it('shows label, position, tags and text as lines, so any change reads as a diff', () => {
    expect(renderVersionText(step)).toBe('# Build\nstep 2 of 3 in "Deploy"\n\n## Build\n\nBuild it.\n');
    const diff = versionDiff(step.uri, step, { ...step, tags: ['ci'], text: '## Build\n\nBuild it twice.' });
    expect(diff).toContain('+tags: ci');
    expect(diff).toContain('-Build it.');
    expect(diff).toContain('+Build it twice.');
    expect(versionDiff(step.uri, step, { ...step })).toBe('');
  });
});

describe('archived versions', () => {
  it('keep the state, who wrote it and why, and round-trip to the same memory', () => {
    const store = new MemoryHistoryStore({ collection: () => ({}) } as never, { retentionDays: 90, enabled: true });
    const now = new Date('2026-02-01T00:00:00Z');
    const [archived] = store.archivedVersions(
      [{ ...step, change: { reason: 'UPDATE_MEMORIES', proposalId: null, fields: ['TEXT'] } }],
      now,
    );
    expect(archived).toMatchObject({
      _id: `${step._id}:4`,
      version: 4,
      reason: 'UPDATE_MEMORIES',
      changedFields: ['TEXT'],
      principalId: 'agent',
      at: step.updatedAt,
      deleted: false,
    });
    expect(archived!.expiresAt).toEqual(new Date('2026-05-02T00:00:00Z'));
    const { change, ...rest } = recordOf(archived as MemoryVersionRecord);
    expect(rest).toEqual(step);
    expect(change).toEqual({ reason: 'UPDATE_MEMORIES', proposalId: null, fields: ['TEXT'] });

    const deletion = store.deletionRecords([step], 'DELETE_MEMORIES', 'remover', now, 'deletion-1');
    expect(deletion.map((record) => [record.version, record.deleted, record.reason, record.principalId])).toEqual([
      [4, false, 'CREATED', 'agent'],
      [5, true, 'DELETE_MEMORIES', 'remover'],
    ]);
    const forever = new MemoryHistoryStore({ collection: () => ({}) } as never, { retentionDays: 0, enabled: true });
    expect('expiresAt' in forever.archivedVersions([step], now)[0]!).toBe(false);
  });
});
