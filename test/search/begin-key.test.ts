import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { personalSpaceOf, viewerOf } from '../../src/auth/viewer.js';
import { RequestError } from '../../src/services/errors.js';
import { MemoryReader } from '../../src/services/memory-reader.js';
import { MemoryStore, type MemoryRecord } from '../../src/store/memory-store.js';
import { errorCode, useTestServer } from '../support/app.js';
import { PROTOCOLS, protocolMarkdown } from './corpus.js';
import { SearchBeginDocument, SearchMintDocument, SearchProtocolByKeyDocument } from './documents.js';

const server = useTestServer();

/** Stores a one-step protocol with `slug` straight into `space` (no API writes there yet). */
async function storeProtocolIn(space: string, slug: string): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  const title = `Shared Runbook ${space}`;
  const record: MemoryRecord = {
    _id: id,
    uri: `kairos://mem/${id}`,
    space,
    label: 'Do the thing',
    text: '## Do the thing\n\nCarefully.',
    tags: [],
    category: 'PROTOCOL_STEP',
    chain: {
      chainId: randomUUID(),
      label: title,
      titleKey: title.toLowerCase(),
      stepIndex: 1,
      stepCount: 1,
      slug,
      protocolVersion: null,
      triggers: null,
    },
    challenge: null,
    createdAt: now,
    createdBy: 'test',
    updatedAt: now,
    updatedBy: 'test',
    version: 1,
  };
  await server.mongo().db(server.dbName).collection<MemoryRecord>('memories').insertOne(record);
  return record.uri;
}

function readerFor(viewer: ReturnType<typeof viewerOf>): MemoryReader {
  return new MemoryReader(new MemoryStore(server.mongo().db(server.dbName), server.mongo()), viewer);
}

describe('begin by key', () => {
  it('starts the protocol with that slug in your spaces', async () => {
    const { mint } = await server.query(SearchMintDocument, { input: { markdown: protocolMarkdown(PROTOCOLS[2]!, '-by-key') } });
    const { begin } = await server.query(SearchBeginDocument, { input: { key: mint.protocol.slug } });
    expect(begin.currentStep).toEqual({ uri: mint.protocol.uri, stepIndex: 1 });
  });

  it('starts a built-in of the app space by its slug', async () => {
    const { begin } = await server.query(SearchBeginDocument, { input: { key: 'challenge-type-guide' } });
    expect(begin.currentStep?.uri).toBe('kairos://mem/00000000-0000-0000-0000-000000002004');
  });

  it('answers NOT_FOUND for a slug in none of your spaces, even if another space has it', async () => {
    await storeProtocolIn('user:someone-else', 'their-runbook');
    for (const key of ['no-such-protocol', 'their-runbook']) {
      const result = await server.request(SearchBeginDocument, { input: { key } });
      expect(errorCode(result.errors), key).toBe('NOT_FOUND');
    }
  });

  it("prefers the caller's own space when the slug is also in the app space", async () => {
    const markdown = protocolMarkdown({ ...PROTOCOLS[0]!, title: 'My Own Challenge Type Guide', slug: 'challenge-type-guide' });
    const { mint } = await server.query(SearchMintDocument, { input: { markdown } });
    const { protocol } = await server.query(SearchProtocolByKeyDocument, { key: 'challenge-type-guide' });
    expect(protocol).toMatchObject({ uri: mint.protocol.uri, space: 'user:local' });
  });

  it('is AMBIGUOUS when the slug is in several readable spaces and none is your default', async () => {
    const shared = `shared-runbook-${randomUUID().slice(0, 8)}`;
    const inA = await storeProtocolIn('group:a', shared);
    const inB = await storeProtocolIn('group:b', shared);
    const member = viewerOf({ id: `member-${randomUUID().slice(0, 8)}`, role: 'AGENT', groups: ['a', 'b'] });

    const refusal = await readerFor(member)
      .protocol({ key: shared })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RequestError);
    expect(refusal).toMatchObject({
      code: 'AMBIGUOUS',
      message: `Protocol key "${shared}" matches protocols in multiple spaces; use a URI or narrow the active space.`,
      details: { key: shared, spaces: ['group:a', 'group:b'], uris: expect.arrayContaining([inA, inB]) },
    });

    // A copy in the caller's own space settles it; a single readable copy needs no tie-break.
    const own = await storeProtocolIn(personalSpaceOf(member.principalId), shared);
    expect((await readerFor(member).protocol({ key: shared }))?.steps[0]?.uri).toBe(own);
    const onlyA = viewerOf({ id: 'only-a', role: 'AGENT', groups: ['a'] });
    expect((await readerFor(onlyA).protocol({ key: shared }))?.steps[0]?.uri).toBe(inA);
  });
});
