import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APP_SPACE } from '../../src/auth/viewer.js';
import { BUILTIN_PROTOCOLS, installBuiltinProtocols } from '../../src/builtin/install-builtin-protocols.js';
import { MemoryStore, type MemoryRecord } from '../../src/store/memory-store.js';
import { errorCode, useTestServer } from '../support/app.js';
import { SearchBeginDocument, SearchMintDocument, SearchProtocolByKeyDocument, SearchUpdateMemoriesDocument } from './documents.js';

const server = useTestServer();

function store(): MemoryStore {
  return new MemoryStore(server.mongo().db(server.dbName), server.mongo());
}

function appSteps() {
  return server
    .mongo()
    .db(server.dbName)
    .collection<MemoryRecord>('memories')
    .find({ space: APP_SPACE }, { sort: { 'chain.slug': 1, 'chain.stepIndex': 1 } })
    .toArray();
}

describe('built-in protocols', () => {
  it('are minted into the app space at start-up, step 1 under its fixed id', async () => {
    const expected = [
      ['create-new-protocol', 'kairos://mem/00000000-0000-0000-0000-000000002001', 'Create New KAIROS Protocol Chain'],
      ['refine-search', 'kairos://mem/00000000-0000-0000-0000-000000002002', 'Refine Search'],
      ['challenge-type-guide', 'kairos://mem/00000000-0000-0000-0000-000000002004', 'Challenge Type Guide'],
    ] as const;
    for (const [key, uri, label] of expected) {
      const { protocol } = await server.query(SearchProtocolByKeyDocument, { key });
      expect(protocol).toMatchObject({ uri, space: APP_SPACE, label, protocolVersion: '1.0.0' });
      // KAIROS 4 adapters: the Reward Signal is kept with the adapter, not a layer.
      expect(protocol!.stepCount).toBeGreaterThanOrEqual(2);
      const head = (await appSteps()).find((step) => step.uri === uri);
      expect(head?.chain?.adapter?.activationPatterns.length).toBeGreaterThan(0);
      expect(head?.chain?.adapter?.rewardSignal).toBeTruthy();
    }
  });

  it('can be begun by URI', async () => {
    const { begin } = await server.query(SearchBeginDocument, { input: { uri: 'kairos://mem/00000000-0000-0000-0000-000000002002' } });
    expect(begin.currentStep).toEqual({ uri: 'kairos://mem/00000000-0000-0000-0000-000000002002', stepIndex: 1 });
  });

  it('are read-only for users', async () => {
    const { updateMemories } = await server.query(SearchUpdateMemoriesDocument, {
      input: { uris: ['kairos://mem/00000000-0000-0000-0000-000000002001'], updates: { text: 'defaced' } },
    });
    expect(updateMemories.results[0]).toMatchObject({ status: 'ERROR' });
    const mint = await server.request(SearchMintDocument, { input: { markdown: '# Sneaky\n\n## Step\n\nText.', space: 'app' } });
    expect(errorCode(mint.errors)).toBe('SPACE_READ_ONLY');
  });

  it('are left alone when their file did not change, and replaced in one piece when it did', async () => {
    const before = await appSteps();
    expect(await installBuiltinProtocols(store())).toEqual([]);
    expect(await appSteps()).toEqual(before);

    const directory = await mkdtemp(join(tmpdir(), 'kairos-builtin-'));
    const file = join(directory, 'guide.md');
    const headId = randomUUID();
    const source = [{ headId, file: pathToFileURL(file) }];
    await writeFile(
      file,
      '---\nslug: test-guide\nversion: 1.0.0\n---\n# Test Guide\n\n## One\n\nFirst.\n\n```json\n{"contract": {"type": "comment"}}\n```\n\n## Two\n\nSecond.\n',
    );
    expect(await installBuiltinProtocols(store(), source)).toEqual(['test-guide']);
    const first = (await appSteps()).filter((step) => step.chain!.slug === 'test-guide');
    expect(first.map((step) => step.label)).toEqual(['One', 'Two']);
    expect(first[0]!._id).toBe(headId);

    await writeFile(file, '---\nslug: test-guide\nversion: 1.1.0\n---\n# Test Guide\n\n## Only\n\nRewritten.\n');
    expect(await installBuiltinProtocols(store(), source)).toEqual(['test-guide']);
    const second = (await appSteps()).filter((step) => step.chain!.slug === 'test-guide');
    expect(second.map((step) => [step._id, step.label, step.chain!.protocolVersion])).toEqual([[headId, 'Only', '1.1.0']]);
    expect(second[0]!.chain!.chainId).not.toBe(first[0]!.chain!.chainId);
  });

  it('ship with the code: every source file is found next to the installer', () => {
    expect(BUILTIN_PROTOCOLS.map((source) => source.file.pathname.split('/').at(-1))).toEqual([
      'create-new-protocol.md',
      'refine-search.md',
      'challenge-type-guide.md',
    ]);
  });
});
