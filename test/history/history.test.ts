/**
 * Version history through the public API: every write keeps the version it supersedes, past
 * states read back, and restore writes them back as new versions.
 */
import { describe, expect, it } from 'vitest';
import { collect, errorCode, useTestServer } from '../support/app.js';
import { DeleteMemoriesDocument, MemoryEventsDocument, MintDocument, UpdateMemoriesDocument } from '../api/documents.js';
import { BeginDocument, NextDocument } from '../api/run-documents.js';
import { noChallengeProtocol, uniqueTitle } from '../api/fixtures.js';
import { ApplyProposalDocument, ProjectDocumentsDocument, ProposeUpdateDocument } from '../proposals/documents.js';
import { addPitfall, recordDecision } from '../proposals/fixtures.js';
import {
  DeletedMemoriesDocument,
  MemoryAtVersionDocument,
  MemoryVersionsDocument,
  ProtocolAtDocument,
  ProvenRunDocument,
  RestoreMemoryDocument,
} from './documents.js';

const server = useTestServer();

async function mint(markdown: string, force = false) {
  return (await server.query(MintDocument, { input: { markdown, force } })).mint.protocol;
}

async function update(uris: string[], updates: Record<string, unknown>) {
  return (await server.query(UpdateMemoriesDocument, { input: { uris, updates } })).updateMemories;
}

async function restore(uri: string, version: number, expectedVersion?: number) {
  return (await server.query(RestoreMemoryDocument, { input: { uri, version, expectedVersion } })).restoreMemory;
}

async function versions(uri: string, first = 50) {
  return (await server.query(MemoryVersionsDocument, { uri, first })).memory!.versions;
}

async function steps(uri: string) {
  return (await server.query(ProtocolAtDocument, { uri })).protocol!.steps;
}

function protocolOf(title: string, count: number): string {
  return `# ${title}\n\n${Array.from({ length: count }, (_, index) => `## Step ${index + 1}\n\nDo thing ${index + 1}.`).join('\n\n')}\n`;
}

describe('update, read the old version, restore', () => {
  it('keeps the superseded version, reads it back, and restores it as a new version', async () => {
    const protocol = await mint(noChallengeProtocol());
    const uri = protocol.stepUris[0]!;
    const original = protocol.steps[0]!.text;
    expect((await update([uri], { text: 'Rewritten by a confused agent.', tags: ['oops'] })).totalUpdated).toBe(1);

    const before = (await server.query(MemoryAtVersionDocument, { uri, version: 1 })).memory!;
    expect(before).toMatchObject({ version: 1, text: original, tags: [] });
    const history = await versions(uri);
    expect(history.totalCount).toBe(2);
    expect(history.edges.map(({ node }) => [node.version, node.reason, node.current, node.changedFields])).toEqual([
      [2, 'UPDATE_MEMORIES', true, ['TEXT', 'TAGS']],
      [1, 'CREATED', false, []],
    ]);
    expect(history.edges[0]!.node.principalId).toBe('local');
    expect(history.edges[0]!.node.diff).toContain(`-${original.split('\n').at(-1)}`);
    expect(history.edges[0]!.node.diff).toContain('+Rewritten by a confused agent.');
    expect(history.edges[0]!.node.diff).toContain('+tags: oops');
    expect(history.edges[1]!.node.diff).toBeNull();

    const restored = await restore(uri, 1);
    expect(restored).toEqual({
      totalRestored: 1,
      totalFailed: 0,
      results: [{ uri, status: 'RESTORED', code: null, message: `Memory ${uri} restored from version 1 as version 3`, version: 3 }],
    });
    const now = (await server.query(MemoryAtVersionDocument, { uri })).memory!;
    expect(now).toMatchObject({ version: 3, text: original, tags: [] });
    const after = await versions(uri);
    expect(after.edges.map(({ node }) => [node.version, node.reason, node.changedFields])).toEqual([
      [3, 'RESTORE', ['TEXT', 'TAGS']],
      [2, 'UPDATE_MEMORIES', ['TEXT', 'TAGS']],
      [1, 'CREATED', []],
    ]);
    // History was not rewritten: version 2 still says what the agent wrote.
    expect((await server.query(MemoryAtVersionDocument, { uri, version: 2 })).memory!.text).toBe('Rewritten by a confused agent.');
  });

  it('pages versions newest first', async () => {
    const uri = (await mint(noChallengeProtocol())).stepUris[1]!;
    for (let edit = 1; edit <= 4; edit++) await update([uri], { label: `Edit ${edit}` });
    const first = (await server.query(MemoryVersionsDocument, { uri, first: 2 })).memory!.versions;
    expect(first.edges.map(({ node }) => node.version)).toEqual([5, 4]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (await server.query(MemoryVersionsDocument, { uri, first: 2, after: first.pageInfo.endCursor })).memory!.versions;
    expect(second.edges.map(({ node }) => node.version)).toEqual([3, 2]);
    // The last row of a page still gets its diff: the row after it was fetched for that.
    expect(second.edges[1]!.node.diff).toContain('+# Edit 1');
    const third = (await server.query(MemoryVersionsDocument, { uri, first: 2, after: second.pageInfo.endCursor })).memory!.versions;
    expect(third.edges.map(({ node }) => node.version)).toEqual([1]);
    expect(third.pageInfo.hasNextPage).toBe(false);
  });

  it('refuses to restore a version never written, and the version the memory already holds', async () => {
    const uri = (await mint(noChallengeProtocol())).stepUris[0]!;
    expect((await restore(uri, 7)).results[0]).toMatchObject({ status: 'ERROR', code: 'NOT_FOUND', version: null });
    expect((await restore(uri, 1)).results[0]).toMatchObject({ status: 'ERROR', code: 'VERSION_CONFLICT' });
    expect((await restore('kairos://mem/00000000-0000-4000-8000-000000000000', 1)).results[0]).toMatchObject({ code: 'NOT_FOUND' });
    const refused = await server.request(RestoreMemoryDocument, { input: { uri, version: 0 } });
    expect(errorCode(refused.errors)).toBe('BAD_USER_INPUT');
  });

  it('refuses an oversized URI before reading anything, and answers a malformed one NOT_FOUND', async () => {
    const oversized = await server.request(RestoreMemoryDocument, { input: { uri: `kairos://mem/${'x'.repeat(300)}`, version: 1 } });
    expect(errorCode(oversized.errors)).toBe('PAYLOAD_TOO_LARGE');
    expect(JSON.stringify(oversized)).not.toContain('x'.repeat(300));
    expect((await restore('not a memory uri', 1)).results[0]).toMatchObject({ status: 'ERROR', code: 'NOT_FOUND', version: null });
  });

  it('memory events carry the version each write produced', async () => {
    const probe = (await mint(noChallengeProtocol())).stepUris[0]!;
    const subscription = collect(server.wsClient(), MemoryEventsDocument, { space: 'personal' });
    // memoryEvents has no replay: touch a probe until its event shows the subscription is live.
    for (let attempt = 0; subscription.events.length === 0 && attempt < 100; attempt++) {
      await update([probe], { tags: [`probe-${attempt}`] });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const uri = (await mint(noChallengeProtocol())).stepUris[2]!;
    await update([uri], { label: 'Changed' });
    await restore(uri, 1);
    await server.query(DeleteMemoriesDocument, { input: { uris: [uri] } });
    await restore(uri, 3);
    const events = (await subscription.until(5, { where: (event) => event.memoryEvents.uri === uri })).map((event) => event.memoryEvents);
    subscription.stop();
    expect(events.map((event) => [event.type, event.version])).toEqual([
      ['MINTED', 1],
      ['UPDATED', 2],
      ['RESTORED', 3],
      ['DELETED', 4],
      ['RESTORED', 5],
    ]);
  });
});

describe('a batch of 1,000', () => {
  it('updates 1,000 memories in one call, keeps 1,000 versions, and restores every one', async () => {
    const uris: string[] = [];
    for (let protocol = 0; protocol < 20; protocol++) uris.push(...(await mint(protocolOf(uniqueTitle('Batch'), 50))).stepUris);
    expect(uris).toHaveLength(1000);
    const db = server.mongo().db(server.dbName);
    const ids = uris.map((uri) => uri.slice(uri.lastIndexOf('/') + 1));
    const kept = () => db.collection('memory_versions').countDocuments({ memoryId: { $in: ids } });
    expect(await kept()).toBe(0);

    const updated = await update(uris, { text: 'Overwritten in bulk.' });
    expect(updated).toMatchObject({ totalUpdated: 1000, totalFailed: 0 });
    expect(await kept()).toBe(1000);

    const outcomes: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let index = next++; index < uris.length; index = next++) outcomes[index] = (await restore(uris[index]!, 1)).results[0]!.status;
      }),
    );
    expect(outcomes.filter((status) => status === 'RESTORED')).toHaveLength(1000);
    const memories = await db
      .collection('memories')
      .find({ _id: { $in: ids } } as never)
      .toArray();
    expect(memories).toHaveLength(1000);
    expect(memories.every((memory) => memory.version === 3 && /^## Step \d+\n\nDo thing \d+\.$/.test(memory.text))).toBe(true);
    expect(await kept()).toBe(2000);
    // 1,020 calls in all, each restore its own transaction: under a loaded suite this outlasts the default 30 s.
  }, 180_000);
});

describe('delete and restore', () => {
  it('puts a deleted middle step back in its place, the chain numbered as before', async () => {
    const protocol = await mint(protocolOf(uniqueTitle('Five steps'), 5));
    const middle = protocol.stepUris[2]!;
    const deleted = await server.query(DeleteMemoriesDocument, { input: { uris: [middle] } });
    expect(deleted.deleteMemories.totalDeleted).toBe(1);
    expect((await steps(protocol.uri)).map((step) => step.chain!.stepIndex)).toEqual([1, 2, 3, 4]);

    const listed = (await server.query(DeletedMemoriesDocument, { space: 'personal', first: 50 })).deletedMemories;
    const entry = listed.edges.find(({ node }) => node.uri === middle)!.node;
    expect(entry).toMatchObject({
      version: 2,
      reason: 'DELETE_MEMORIES',
      deleted: true,
      memory: { label: 'Step 3', chain: { stepIndex: 3 } },
    });
    // The deletion record is not a state the memory held.
    expect((await server.query(MemoryAtVersionDocument, { uri: middle, version: 2 })).memory).toBeNull();
    expect((await server.query(MemoryAtVersionDocument, { uri: middle, version: 1 })).memory!.label).toBe('Step 3');

    const restored = await restore(middle, 1);
    expect(restored.results).toEqual([expect.objectContaining({ uri: middle, status: 'RESTORED', version: 3 })]);
    const chain = await steps(protocol.uri);
    expect(chain.map((step) => step.uri)).toEqual(protocol.stepUris);
    expect(chain.map((step) => [step.label, step.chain!.stepIndex, step.chain!.stepCount])).toEqual(
      [1, 2, 3, 4, 5].map((index) => [`Step ${index}`, index, 5]),
    );
    const stillDeleted = (await server.query(DeletedMemoriesDocument, { space: 'personal', first: 200 })).deletedMemories;
    expect(stillDeleted.edges.map(({ node }) => node.uri)).not.toContain(middle);
    // The renumbered steps kept their moves in history too.
    const moved = await versions(protocol.stepUris[3]!);
    expect(moved.edges.map(({ node }) => [node.version, node.reason, node.changedFields, node.memory.chain!.stepIndex])).toEqual([
      [3, 'RESTORE', ['CHAIN_POSITION'], 4],
      [2, 'DELETE_MEMORIES', ['CHAIN_POSITION'], 3],
      [1, 'CREATED', [], 4],
    ]);
  });

  it('restores a deleted head step before the others', async () => {
    const protocol = await mint(protocolOf(uniqueTitle('Head first'), 3));
    await server.query(DeleteMemoriesDocument, { input: { uris: [protocol.stepUris[0]!] } });
    expect((await restore(protocol.stepUris[0]!, 1)).totalRestored).toBe(1);
    expect((await steps(protocol.stepUris[1]!)).map((step) => [step.uri, step.chain!.stepIndex])).toEqual(
      protocol.stepUris.map((uri, index) => [uri, index + 1]),
    );
  });

  it('brings a protocol deleted whole back whole, unless its title was taken meanwhile', async () => {
    const title = uniqueTitle('Whole');
    const protocol = await mint(protocolOf(title, 3));
    await server.query(DeleteMemoriesDocument, { input: { uris: protocol.stepUris } });
    const other = await mint(protocolOf(title, 2));
    const taken = await restore(protocol.stepUris[1]!, 1);
    expect(taken.results).toEqual([expect.objectContaining({ status: 'ERROR', code: 'TITLE_TAKEN', version: null })]);
    expect((await server.query(MemoryAtVersionDocument, { uri: protocol.stepUris[1]! })).memory).toBeNull();

    await server.query(DeleteMemoriesDocument, { input: { uris: other.stepUris } });
    const back = await restore(protocol.stepUris[1]!, 1);
    expect(back.totalRestored).toBe(3);
    expect(back.results.map((result) => [result.uri, result.status, result.version])).toEqual(
      protocol.stepUris.map((uri) => [uri, 'RESTORED', 3]),
    );
    expect((await steps(protocol.uri)).map((step) => [step.uri, step.chain!.stepIndex, step.chain!.stepCount])).toEqual(
      protocol.stepUris.map((uri, index) => [uri, index + 1, 3]),
    );
  });

  it('keeps a protocol replaced by mint with force, restorable once its title is free', async () => {
    const title = uniqueTitle('Forced');
    const old = await mint(protocolOf(title, 2));
    const replacement = await mint(protocolOf(title, 4), true);
    const listed = (await server.query(DeletedMemoriesDocument, { space: 'personal', first: 200 })).deletedMemories.edges.map(
      ({ node }) => node,
    );
    expect(listed.filter((node) => old.stepUris.includes(node.uri)).map((node) => node.reason)).toEqual(['MINT_FORCE', 'MINT_FORCE']);
    expect((await restore(old.uri, 1)).results[0]).toMatchObject({ status: 'ERROR', code: 'TITLE_TAKEN' });
    await server.query(DeleteMemoriesDocument, { input: { uris: replacement.stepUris } });
    expect((await restore(old.uri, 1)).totalRestored).toBe(2);
  });

  it('answers CHAIN_GONE for a step deleted alone whose protocol was deleted after it', async () => {
    const protocol = await mint(protocolOf(uniqueTitle('Gone'), 3));
    await server.query(DeleteMemoriesDocument, { input: { uris: [protocol.stepUris[1]!] } });
    await server.query(DeleteMemoriesDocument, { input: { uris: [protocol.stepUris[0]!, protocol.stepUris[2]!] } });
    expect((await restore(protocol.stepUris[1]!, 1)).results[0]).toMatchObject({ status: 'ERROR', code: 'CHAIN_GONE' });
    // The protocol comes back first (its last shape: two steps), then the step into its place.
    expect((await restore(protocol.uri, 1)).totalRestored).toBe(2);
    expect((await restore(protocol.stepUris[1]!, 1)).totalRestored).toBe(1);
    expect((await steps(protocol.uri)).map((step) => step.uri)).toEqual(protocol.stepUris);
  });
});

describe('concurrent update and restore of one memory', () => {
  it('an update that lands first makes the restore a VERSION_CONFLICT that writes nothing', async () => {
    const uri = (await mint(noChallengeProtocol())).stepUris[0]!;
    await update([uri], { label: 'Second' });
    // The restore was decided on version 2; an update lands before it.
    await update([uri], { label: 'Third' });
    const result = await restore(uri, 1, 2);
    expect(result.results[0]).toMatchObject({ status: 'ERROR', code: 'VERSION_CONFLICT', version: null });
    expect((await server.query(MemoryAtVersionDocument, { uri })).memory).toMatchObject({ label: 'Third', version: 3 });
    expect((await versions(uri)).totalCount).toBe(3);
  });

  it('racing, each write lands whole or not at all, and history stays one line', async () => {
    for (let round = 0; round < 5; round++) {
      const uri = (await mint(noChallengeProtocol())).stepUris[0]!;
      await update([uri], { label: 'Second' });
      const [updated, restored] = await Promise.all([update([uri], { label: 'Racing update' }), restore(uri, 1, 2)]);
      const updateWon = updated.totalUpdated === 1;
      const restoreWon = restored.totalRestored === 1;
      // The restore was conditional on version 2: it cannot also land after the update.
      expect(updateWon || restoreWon).toBe(true);
      if (!restoreWon) expect(restored.results[0]!.code).toBe('VERSION_CONFLICT');
      if (!updateWon) expect(updated.results[0]!.message).toContain('changed by another write');
      const history = await versions(uri);
      const numbers = history.edges.map(({ node }) => node.version);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, index) => numbers.length - index));
      expect(numbers.length).toBe(2 + Number(updateWon) + Number(restoreWon));
      const label = (await server.query(MemoryAtVersionDocument, { uri })).memory!.label;
      expect(label).toBe(history.edges[0]!.node.memory.label);
    }
  });
});

describe('concurrent restores of one deleted step', () => {
  it('bring it back once; the other answers VERSION_CONFLICT', async () => {
    for (let round = 0; round < 3; round++) {
      const protocol = await mint(protocolOf(uniqueTitle('Twice'), 3));
      const middle = protocol.stepUris[1]!;
      await server.query(DeleteMemoriesDocument, { input: { uris: [middle] } });
      // Both callers read the deleted step at its deletion (version 2): whichever comes second, at
      // once or after the first finished, finds it moved on.
      const outcomes = await Promise.all([restore(middle, 1, 2), restore(middle, 1, 2)]);
      expect(outcomes.map((outcome) => outcome.results[0]!.status).sort()).toEqual(['ERROR', 'RESTORED']);
      expect(outcomes.find((outcome) => outcome.totalFailed === 1)!.results[0]!.code).toBe('VERSION_CONFLICT');
      expect((await steps(protocol.uri)).map((step) => [step.uri, step.chain!.stepIndex, step.chain!.stepCount])).toEqual(
        protocol.stepUris.map((uri, index) => [uri, index + 1, 3]),
      );
    }
  });

  it('one after the other: the second caller, expecting the deletion, finds the step back already', async () => {
    const protocol = await mint(protocolOf(uniqueTitle('Again'), 3));
    const middle = protocol.stepUris[1]!;
    await server.query(DeleteMemoriesDocument, { input: { uris: [middle] } });
    expect((await restore(middle, 1, 2)).results[0]!.status).toBe('RESTORED');
    expect((await restore(middle, 1, 2)).results[0]).toMatchObject({ status: 'ERROR', code: 'VERSION_CONFLICT', version: null });
  });
});

describe('point-in-time reads', () => {
  it('reads a protocol as it was before later edits and deletes', async () => {
    const protocol = await mint(protocolOf(uniqueTitle('Timeline'), 3));
    const minted = new Date();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await update([protocol.stepUris[1]!], { text: 'Edited later.' });
    await server.query(DeleteMemoriesDocument, { input: { uris: [protocol.stepUris[2]!] } });

    const then = (await server.query(ProtocolAtDocument, { uri: protocol.uri, at: minted.toISOString() })).protocol!;
    expect(then.steps.map((step) => [step.uri, step.text, step.version, step.chain!.stepIndex])).toEqual([
      [protocol.stepUris[0], '## Step 1\n\nDo thing 1.', 1, 1],
      [protocol.stepUris[1], '## Step 2\n\nDo thing 2.', 1, 2],
      [protocol.stepUris[2], '## Step 3\n\nDo thing 3.', 1, 3],
    ]);
    const current = (await server.query(ProtocolAtDocument, { uri: protocol.uri, at: new Date().toISOString() })).protocol!;
    expect(current.steps.map((step) => step.text)).toEqual(['## Step 1\n\nDo thing 1.', 'Edited later.']);
    const before = (await server.query(ProtocolAtDocument, { uri: protocol.uri, at: new Date(minted.getTime() - 60_000).toISOString() }))
      .protocol;
    expect(before).toBeNull();
    // A deleted step's URI still finds the protocol it belonged to.
    const viaDeleted = (await server.query(ProtocolAtDocument, { uri: protocol.stepUris[2]!, at: minted.toISOString() })).protocol!;
    expect(viaDeleted.stepCount).toBe(3);
  });
});

describe('runs remember what they proved', () => {
  it('shows a step edited after its proof as changed since proven', async () => {
    const markdown = `# ${uniqueTitle('Proven')}\n\n## Summarise\n\n\`\`\`json\n{"challenge": {"type": "comment", "comment": {"min_length": 5}}}\n\`\`\`\n\n## Explain\n\n\`\`\`json\n{"challenge": {"type": "comment", "comment": {"min_length": 5}}}\n\`\`\`\n\n## Done\n\nFinish.\n`;
    const protocol = await mint(markdown);
    const begun = (await server.query(BeginDocument, { input: { uri: protocol.uri } })).begin;
    const answer = (step: typeof begun) => ({
      type: 'COMMENT',
      nonce: step.challenge!.nonce,
      proofHash: step.challenge!.proofHash,
      comment: { text: 'a summary' },
    });
    const second = (
      await server.query(NextDocument, { input: { uri: protocol.stepUris[0]!, runId: begun.runId, solution: answer(begun) as never } })
    ).next;
    await server.query(NextDocument, { input: { uri: protocol.stepUris[1]!, runId: begun.runId, solution: answer(second) as never } });

    const proofs = async () => (await server.query(ProvenRunDocument, { id: begun.runId })).run!.proofs;
    expect((await proofs()).map((proof) => [proof.stepVersionProven, proof.stepVersionNow, proof.changedSinceProven])).toEqual([
      [1, 1, false],
      [1, 1, false],
    ]);
    await update([protocol.stepUris[0]!], { text: 'Summarise differently now.' });
    expect((await proofs()).map((proof) => [proof.stepVersionNow, proof.changedSinceProven])).toEqual([
      [2, true],
      [1, false],
    ]);
    // Deleting the second step also renumbers the first (version 3: its stepCount moved).
    await server.query(DeleteMemoriesDocument, { input: { uris: [protocol.stepUris[1]!] } });
    expect(
      (await proofs()).map((proof) => [proof.stepUri, proof.stepVersionProven, proof.stepVersionNow, proof.changedSinceProven]),
    ).toEqual([
      [protocol.stepUris[0], 1, 3, true],
      [protocol.stepUris[1], 1, null, true],
    ]);
  });
});

describe('project memory', () => {
  it('keeps the version a proposal apply supersedes, with the proposal id, and restores it', async () => {
    const pitfall = (await server.query(ProposeUpdateDocument, { input: addPitfall('history keeps every version') })).proposeUpdate;
    expect(pitfall.status).toBe('APPLIED');
    const staged = (
      await server.query(ProposeUpdateDocument, { input: recordDecision('Keep history', 'Every write keeps the version it supersedes.') })
    ).proposeUpdate;
    expect(staged.status).toBe('STAGED');
    expect((await server.query(ApplyProposalDocument, { id: staged.stagingId! })).applyProposal.status).toBe('APPLIED');

    const documentOf = async (category: 'PITFALL' | 'DECISION') =>
      (await server.query(ProjectDocumentsDocument, { category })).memories.edges[0]!.node;
    const decisions = await documentOf('DECISION');
    const decisionVersions = await versions(decisions.uri);
    expect(decisionVersions.edges.map(({ node }) => [node.version, node.reason, node.proposalId, node.changedFields])).toEqual([
      [2, 'PROPOSAL_APPLIED', staged.stagingId, ['TEXT']],
      [1, 'CREATED', null, []],
    ]);
    expect(decisionVersions.edges[0]!.node.diff).toContain('+Every write keeps the version it supersedes.');
    const pitfalls = await versions((await documentOf('PITFALL')).uri);
    expect(pitfalls.edges.map(({ node }) => [node.version, node.reason, node.proposalId])).toEqual([
      [2, 'PROPOSAL_APPLIED', null],
      [1, 'CREATED', null],
    ]);

    const seeded = decisionVersions.edges[1]!.node.memory.text;
    expect((await restore(decisions.uri, 1)).results[0]).toMatchObject({ status: 'RESTORED', version: 3 });
    expect(await documentOf('DECISION')).toMatchObject({ text: seeded, version: 3, path: 'decisions.md' });
  });
});
