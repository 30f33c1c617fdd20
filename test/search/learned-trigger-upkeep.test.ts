/**
 * Learned triggers over a protocol's life: a protocol deleted (every step, or replaced by a
 * forced mint) takes its triggers out of search, kept as history; a search with more matching
 * triggers than it reads keeps the same ones whatever order they were stored in; a listing of a
 * space reads a bounded number of them, in index order.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DeleteMemoriesDocument } from '../api/documents.js';
import { AttestDocument, BeginDocument, NextDocument } from '../api/run-documents.js';
import { RestoreMemoryDocument } from '../history/documents.js';
import { useTestServer } from '../support/app.js';
import { triggerTerms } from '../../src/search/learned-triggers.js';
import { protocolMarkdown, type ProtocolSpec } from './corpus.js';
import { MAX_SPACE_TRIGGERS } from '../../src/services/search-learning-service.js';
import {
  LearnedSearchDocument,
  LearnedTriggersDocument,
  SearchMintDocument,
  SearchProtocolsDocument,
  SpaceLearnedTriggersDocument,
} from './documents.js';

const server = useTestServer();

const note = { type: 'comment', comment: { min_length: 5 }, required: true };
const spec = (title: string, slug: string, steps = 1): ProtocolSpec => ({
  slug,
  title,
  intro: 'Kept for the upkeep tests.',
  triggers: '',
  steps: Array.from({ length: steps }, (_, index) => ({
    heading: `Step ${index + 1}`,
    text: 'Write down what was done.',
    challenge: note,
  })),
});

async function mint(title: string, slug: string, steps = 1, force = false) {
  return (await server.query(SearchMintDocument, { input: { markdown: protocolMarkdown(spec(title, slug, steps)), force } })).mint.protocol;
}

/** A search, then a successful run of the protocol: the request becomes its trigger. */
async function learn(request: string, uri: string): Promise<void> {
  await server.query(SearchProtocolsDocument, { query: request });
  let answer = (await server.query(BeginDocument, { input: { uri } })).begin;
  while (answer.nextCall?.operation !== 'ATTEST') {
    const solution = {
      type: 'COMMENT' as const,
      nonce: answer.challenge!.nonce,
      proofHash: answer.challenge!.proofHash,
      comment: { text: 'done and written down' },
    };
    answer = (
      await server.query(NextDocument, {
        input: { runId: answer.runId, uri: (answer.nextCall?.uri ?? answer.currentStep!.uri)!, solution },
      })
    ).next;
    expect(answer.errorCode).toBeNull();
  }
  const { attest } = await server.query(AttestDocument, {
    input: { uri: answer.nextCall!.uri!, runId: answer.runId, outcome: 'SUCCESS', message: 'done' },
  });
  expect(attest.errorCode).toBeNull();
}

async function triggers(uri: string, includeRemoved = false) {
  return (await server.query(LearnedTriggersDocument, { uri, includeRemoved })).protocol!.learnedTriggers;
}

/** The stored triggers of a chain, live or removed (the protocol itself may be gone). */
async function storedTriggers(chainId: string) {
  return server.mongo().db(server.dbName).collection('learned_triggers').find({ chainId }).toArray();
}

describe('learned triggers of a deleted protocol', () => {
  it('deleteMemories of every step removes them (history keeps them); deleting one step of two does not', async () => {
    const kept = await mint('Feed the Lighthouse Goats', 'lighthouse-goats', 2);
    const gone = await mint('Feed the Harbour Goats', 'harbour-goats', 1);
    await learn('the goat rota by the lighthouse', kept.uri);
    await learn('the goat rota at the harbour', gone.uri);

    await server.query(DeleteMemoriesDocument, { input: { uris: [kept.stepUris[1]!] } });
    expect((await triggers(kept.uri)).map((trigger) => trigger.text)).toEqual(['the goat rota by the lighthouse']);

    const deleted = await server.query(DeleteMemoriesDocument, { input: { uris: gone.stepUris } });
    expect(deleted.deleteMemories.totalDeleted).toBe(gone.stepUris.length);
    expect(await storedTriggers(gone.chainId)).toMatchObject([{ text: 'the goat rota at the harbour', removedBy: 'local' }]);
    expect((await storedTriggers(gone.chainId))[0]!.removedAt).toBeInstanceOf(Date);

    // Brought back, the protocol shows the trigger as history, not in use.
    const restored = await server.query(RestoreMemoryDocument, { input: { uri: gone.stepUris[0]!, version: 1 } });
    expect(restored.restoreMemory.totalRestored).toBe(gone.stepUris.length);
    expect(await triggers(gone.uri)).toEqual([]);
    expect(await triggers(gone.uri, true)).toMatchObject([{ text: 'the goat rota at the harbour', removedBy: 'local' }]);
    const matches = (await server.query(LearnedSearchDocument, { query: 'the goat rota at the harbour' })).search.choices;
    expect(matches.find((choice) => choice.uri === gone.uri)).toBeDefined();
    expect(matches.filter((choice) => choice.learnedTrigger === 'the goat rota at the harbour')).toEqual([]);
  });

  it('a forced mint replacing a protocol removes what search learned for the replaced one', async () => {
    const first = await mint('Water the Roof Garden', 'roof-garden');
    await learn('the roof plants look dry', first.uri);
    expect(await triggers(first.uri)).toHaveLength(1);

    const second = await mint('Water the Roof Garden', 'roof-garden', 2, true);
    expect(second.chainId).not.toBe(first.chainId);
    expect(await storedTriggers(first.chainId)).toMatchObject([{ text: 'the roof plants look dry', removedBy: 'local' }]);
    expect((await storedTriggers(first.chainId))[0]!.removedAt).toBeInstanceOf(Date);
    expect(await triggers(second.uri, true)).toEqual([]);
    const matches = (await server.query(LearnedSearchDocument, { query: 'the roof plants look dry' })).search.choices;
    expect(matches.filter((choice) => choice.learnedTrigger === 'the roof plants look dry')).toEqual([]);
  });
});

describe('more matching triggers than a search reads', () => {
  it('keeps the most recently reinforced, whatever order they were stored in', async () => {
    const target = await mint('Count the Attic Lanterns', 'attic-lanterns');
    const request = 'the quillwort tally';
    const terms = triggerTerms(request);
    const space = target.space;
    const old = new Date(Date.now() - 86_400_000);
    const credit = (at: Date) => [{ principalId: 'local', successes: 1, credit: 1, lastSucceededAt: at }];
    const trigger = (chainId: string, at: Date) => ({
      _id: randomUUID(),
      space,
      chainId,
      text: request,
      terms,
      credits: credit(at),
      learnedAt: at,
      updatedAt: at,
      version: 1,
      removedAt: null,
      removedBy: null,
    });
    // 600 older triggers of protocols that no longer exist stored first, the target's freshest last:
    // cut in stored order, the target's would be left out.
    const stale = Array.from({ length: 600 }, () => trigger(randomUUID(), old));
    const collection = server.mongo().db(server.dbName).collection('learned_triggers');
    await collection.insertMany(stale as never[]);
    await collection.insertOne(trigger(target.chainId, new Date()) as never);

    const matches = (await server.query(LearnedSearchDocument, { query: request })).search.choices;
    expect(matches[0]).toMatchObject({ uri: target.uri, role: 'MATCH', learnedTrigger: request });
  });
});

describe('a listing of the learned triggers of a space', () => {
  it('returns at most the oldest MAX_SPACE_TRIGGERS, in index order', async () => {
    const target = await mint('Sweep the Bell Tower', 'bell-tower');
    const space = target.space;
    const collection = server.mongo().db(server.dbName).collection('learned_triggers');
    await collection.deleteMany({ space });
    const start = Date.now() - 86_400_000;
    // Stored newest first: a listing cut in stored order would return the newest.
    const stored = Array.from({ length: MAX_SPACE_TRIGGERS + 20 }, (_, index) => {
      const at = new Date(start + (MAX_SPACE_TRIGGERS + 20 - index) * 1000);
      return {
        _id: randomUUID(),
        space,
        chainId: target.chainId,
        text: `bell rope number ${MAX_SPACE_TRIGGERS + 20 - index}`,
        terms: ['bell', 'rope'],
        credits: [{ principalId: 'local', successes: 1, credit: 1, lastSucceededAt: at }],
        learnedAt: at,
        updatedAt: at,
        version: 1,
        removedAt: null,
        removedBy: null,
      };
    });
    await collection.insertMany(stored as never[]);

    const listed = (await server.query(SpaceLearnedTriggersDocument, {})).spaces.find((entry) => entry.id === space)!.learnedTriggers;
    expect(listed).toHaveLength(MAX_SPACE_TRIGGERS);
    expect(listed[0]!.text).toBe('bell rope number 1');
    expect(listed.at(-1)!.text).toBe(`bell rope number ${MAX_SPACE_TRIGGERS}`);

    const indexes = (await collection.indexes()).map((index) => index.name);
    expect(indexes).toEqual(expect.arrayContaining(['live_triggers_by_term_recent', 'live_triggers_by_age']));
  });
});
