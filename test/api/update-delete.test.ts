import { describe, expect, it } from 'vitest';
import { errorCode, useTestServer } from '../support/app.js';
import {
  DeleteMemoriesDocument,
  MemoriesDocument,
  MemoryDocument,
  MintDocument,
  ProtocolDocument,
  UpdateMemoriesDocument,
} from './documents.js';
import { deployProtocol, noChallengeProtocol } from './fixtures.js';

const server = useTestServer();

async function mintDeploy() {
  const { mint } = await server.query(MintDocument, { input: { markdown: deployProtocol() } });
  return mint.protocol;
}

async function memory(uri: string) {
  return (await server.query(MemoryDocument, { uri })).memory;
}

const MISSING_URI = 'kairos://mem/00000000-0000-4000-8000-000000000000';

describe('updateMemories', () => {
  it('updates one memory from markdown; a challenge block in it replaces the stored challenge', async () => {
    const protocol = await mintDeploy();
    const uri = protocol.stepUris[0]!;
    const markdown = '## Build\n\nBuild it twice.\n\n```json\n{"challenge": {"type": "comment", "comment": {"min_length": 15}}}\n```\n';
    const { updateMemories } = await server.query(UpdateMemoriesDocument, { input: { uris: [uri], markdownDoc: [markdown] } });

    expect(updateMemories).toEqual({
      totalUpdated: 1,
      totalFailed: 0,
      results: [{ uri, status: 'UPDATED', message: `Memory ${uri} updated successfully` }],
    });
    const stored = await memory(uri);
    expect(stored?.text).toBe('## Build\n\nBuild it twice.');
    expect(stored?.challenge?.type).toBe('COMMENT');
    expect(stored?.challenge?.comment?.minLength).toBe(15);
    expect(stored?.version).toBe(2);
  });

  it('updates several memories from markdown, keeping challenges where none is given and honouring BODY markers', async () => {
    const protocol = await mintDeploy();
    const [first, second] = protocol.stepUris as [string, string];
    const { updateMemories } = await server.query(UpdateMemoriesDocument, {
      input: {
        uris: [first, second],
        markdownDoc: [
          '## Build\n\nNew build notes.',
          'header\n<!-- KAIROS:BODY-START -->\n## Test\n\nOnly the body.\n<!-- kairos:body-end -->\nfooter',
        ],
      },
    });
    expect(updateMemories.totalUpdated).toBe(2);
    expect(updateMemories.results.map((result) => result.message)).toEqual([
      `Memory ${first} updated successfully`,
      `Memory ${second} updated successfully`,
    ]);
    const [one, two] = await Promise.all([memory(first), memory(second)]);
    expect(one?.text).toBe('## Build\n\nNew build notes.');
    expect(one?.challenge?.shell?.cmd).toBe('npm run build');
    expect(two?.text).toBe('## Test\n\nOnly the body.');
    expect(two?.challenge?.type).toBe('MCP');
  });

  it('sets whitelisted fields with updates and refuses others per URI', async () => {
    const protocol = await mintDeploy();
    const uri = protocol.stepUris[2]!;
    const { updateMemories } = await server.query(UpdateMemoriesDocument, {
      input: {
        uris: [uri],
        updates: {
          label: 'Approve release',
          tags: ['release', 'approval'],
          challenge: { type: 'user_input', user_input: { prompt: 'Ship it?' } },
        },
      },
    });
    expect(updateMemories.totalUpdated).toBe(1);
    const stored = await memory(uri);
    expect(stored?.label).toBe('Approve release');
    expect(stored?.tags).toEqual(['release', 'approval']);
    expect(stored?.challenge?.userInput?.prompt).toBe('Ship it?');

    const forbidden = await server.query(UpdateMemoriesDocument, { input: { uris: [uri], updates: { space: 'app' } } });
    expect(forbidden.updateMemories.results[0]).toEqual({
      uri,
      status: 'ERROR',
      message: 'Failed to update memory: Field "space" cannot be updated (allowed: text, label, tags, challenge)',
    });
    expect((await memory(uri))?.space).toBe('user:local');

    const bodyOnly = await server.query(UpdateMemoriesDocument, {
      input: { uris: [uri], updates: { text: 'x\n<!-- KAIROS:BODY-START -->\nkept\n<!-- KAIROS:BODY-END -->\ny' } },
    });
    expect(bodyOnly.updateMemories.totalUpdated).toBe(1);
    expect((await memory(uri))?.text).toBe('kept');

    const removed = await server.query(UpdateMemoriesDocument, { input: { uris: [uri], updates: { challenge: null } } });
    expect(removed.updateMemories.totalUpdated).toBe(1);
    expect((await memory(uri))?.challenge).toBeNull();
  });

  it('reports a malformed or unknown URI per item while the other URIs still update', async () => {
    const protocol = await mintDeploy();
    const good = protocol.stepUris[1]!;
    const { updateMemories } = await server.query(UpdateMemoriesDocument, {
      input: { uris: ['not-a-uri', good, MISSING_URI], updates: { tags: ['checked'] } },
    });
    expect(updateMemories).toEqual({
      totalUpdated: 1,
      totalFailed: 2,
      results: [
        { uri: 'not-a-uri', status: 'ERROR', message: 'Failed to update memory: Memory not found' },
        { uri: good, status: 'UPDATED', message: `Memory ${good} updated successfully` },
        { uri: MISSING_URI, status: 'ERROR', message: 'Failed to update memory: Memory not found' },
      ],
    });
    expect((await memory(good))?.tags).toEqual(['checked']);
  });

  it('refuses malformed calls as a whole, writing nothing', async () => {
    const protocol = await mintDeploy();
    const uri = protocol.stepUris[0]!;
    const cases = [
      { input: { uris: [], updates: { label: 'x' } }, message: 'uris must not be empty' },
      { input: { uris: [uri] }, message: 'Provide markdown_doc or updates' },
      { input: { uris: [uri], markdownDoc: ['## A'], updates: { label: 'x' } }, message: 'Provide markdown_doc or updates' },
      { input: { uris: [uri, uri], markdownDoc: ['## A'] }, message: 'markdown_doc array length must match uris array length' },
      {
        input: { uris: Array.from({ length: 1001 }, () => uri), updates: { label: 'x' } },
        message: 'At most 1000 uris per call (got 1001)',
      },
    ];
    for (const { input, message } of cases) {
      const result = await server.request(UpdateMemoriesDocument, { input });
      expect(errorCode(result.errors), message).toBe('BAD_USER_INPUT');
      expect(result.errors?.[0]?.message).toBe(message);
      expect(result.data).toBeNull();
    }
    expect((await memory(uri))?.version).toBe(1);
  });
});

describe('deleteMemories', () => {
  it('deletes one step and renumbers the rest of its chain with no gap', async () => {
    const protocol = await mintDeploy();
    const middle = protocol.stepUris[1]!;
    const { deleteMemories } = await server.query(DeleteMemoriesDocument, { input: { uris: [middle] } });
    expect(deleteMemories).toEqual({
      totalDeleted: 1,
      totalFailed: 0,
      results: [{ uri: middle, status: 'DELETED', message: `Memory ${middle} deleted successfully` }],
    });
    expect(await memory(middle)).toBeNull();
    const { protocol: after } = await server.query(ProtocolDocument, { uri: protocol.uri });
    expect(after?.stepCount).toBe(3);
    expect(after?.steps.map((step) => [step.label, step.chain?.stepIndex, step.chain?.stepCount])).toEqual([
      ['Build', 1, 3],
      ['Approve', 2, 3],
      ['Completion Rule', 3, 3],
    ]);
  });

  it('deletes a whole protocol through its stepUris', async () => {
    const { mint } = await server.query(MintDocument, { input: { markdown: noChallengeProtocol() } });
    const { deleteMemories } = await server.query(DeleteMemoriesDocument, { input: { uris: mint.protocol.stepUris } });
    expect(deleteMemories.totalDeleted).toBe(3);
    expect(deleteMemories.totalFailed).toBe(0);
    expect((await server.query(ProtocolDocument, { uri: mint.protocol.uri })).protocol).toBeNull();
    const left = await server.mongo().db(server.dbName).collection('memories').countDocuments({ 'chain.chainId': mint.protocol.chainId });
    expect(left).toBe(0);
  });

  it('reports unknown and malformed URIs per item and deletes the rest', async () => {
    const protocol = await mintDeploy();
    const first = protocol.stepUris[0]!;
    const { deleteMemories } = await server.query(DeleteMemoriesDocument, { input: { uris: [MISSING_URI, first, 'kairos://mem/nope'] } });
    expect(deleteMemories).toEqual({
      totalDeleted: 1,
      totalFailed: 2,
      results: [
        { uri: MISSING_URI, status: 'ERROR', message: 'Failed to delete memory: Memory not found' },
        { uri: first, status: 'DELETED', message: `Memory ${first} deleted successfully` },
        { uri: 'kairos://mem/nope', status: 'ERROR', message: 'Failed to delete memory: Memory not found' },
      ],
    });
    const { protocol: after } = await server.query(ProtocolDocument, { uri: protocol.stepUris[1]! });
    expect(after?.steps.map((step) => step.chain?.stepIndex)).toEqual([1, 2, 3]);
    expect(after?.uri).toBe(protocol.stepUris[1]);

    const empty = await server.request(DeleteMemoriesDocument, { input: { uris: [] } });
    expect(errorCode(empty.errors)).toBe('BAD_USER_INPUT');
  });
});

describe('memories', () => {
  it('pages through memories with their protocols', async () => {
    const { mint } = await server.query(MintDocument, { input: { markdown: noChallengeProtocol() } });
    const filter = { chainId: mint.protocol.chainId };
    const page1 = await server.query(MemoriesDocument, { filter, first: 2 });
    expect(page1.memories.totalCount).toBe(3);
    expect(page1.memories.edges).toHaveLength(2);
    expect(page1.memories.pageInfo.hasNextPage).toBe(true);
    const page2 = await server.query(MemoriesDocument, { filter, first: 2, after: page1.memories.pageInfo.endCursor });
    expect(page2.memories.edges).toHaveLength(1);
    expect(page2.memories.pageInfo.hasNextPage).toBe(false);
    const uris = [...page1.memories.edges, ...page2.memories.edges].map((edge) => edge.node.uri);
    expect(new Set(uris)).toEqual(new Set(mint.protocol.stepUris));
    for (const edge of page1.memories.edges) expect(edge.node.protocol?.stepCount).toBe(3);

    const badCursor = await server.request(MemoriesDocument, { first: 2, after: 'garbage' });
    expect(errorCode(badCursor.errors)).toBe('BAD_USER_INPUT');
    const otherSpace = await server.request(MemoriesDocument, { filter: { space: 'user:someone-else' } });
    expect(errorCode(otherSpace.errors)).toBe('FORBIDDEN');
  });
});
