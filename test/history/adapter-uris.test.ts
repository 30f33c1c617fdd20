/**
 * `kairos://adapter/<slug>` and `kairos://adapter/<chainId>` wherever a protocol URI is accepted:
 * the point-in-time read `protocol(uri, at)` and `restoreMemory`, for a live
 * protocol and for one deleted whole.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
import { DeleteMemoriesDocument, MintDocument, UpdateMemoriesDocument } from '../api/documents.js';
import { uniqueTitle } from '../api/fixtures.js';
import { ProtocolAtDocument, RestoreMemoryDocument } from './documents.js';

const server = useTestServer();
const fence = '```';

async function mintAdapter() {
  const slug = `ledger-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const markdown = `---\nslug: ${slug}\n---\n# ${uniqueTitle('Ledger Close')}\n\n## Count\n\nCount the entries.\n\n${fence}json\n{"contract": {"type": "comment", "comment": {"min_length": 5}}}\n${fence}\n\n## Sign\n\nSign the close.\n`;
  return (await server.query(MintDocument, { input: { markdown } })).mint.protocol;
}

async function protocolAt(uri: string, at: Date) {
  return (await server.query(ProtocolAtDocument, { uri, at: at.toISOString() })).protocol;
}

async function restore(uri: string, version: number) {
  return (await server.query(RestoreMemoryDocument, { input: { uri, version } })).restoreMemory;
}

describe('adapter URIs in history', () => {
  it('reads a protocol at a past moment by its slug and by its chain id, also after it was deleted', async () => {
    const protocol = await mintAdapter();
    const minted = new Date();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await server.query(UpdateMemoriesDocument, { input: { uris: [protocol.stepUris[0]!], updates: { text: 'Edited later.' } } });

    for (const uri of [
      `kairos://adapter/${protocol.slug}`,
      `kairos://adapter/${protocol.chainId}`,
      `KAIROS://adapter/${protocol.slug.toUpperCase()}`,
    ]) {
      const then = await protocolAt(uri, minted);
      expect(then?.steps.map((step) => [step.uri, step.text, step.version])).toEqual([
        [protocol.stepUris[0], '## Count\n\nCount the entries.', 1],
        [protocol.stepUris[1], '## Sign\n\nSign the close.', 1],
      ]);
      expect((await protocolAt(uri, new Date()))?.steps[0]!.text).toBe('Edited later.');
    }

    await server.query(DeleteMemoriesDocument, { input: { uris: protocol.stepUris } });
    expect((await protocolAt(`kairos://adapter/${protocol.slug}`, minted))?.stepCount).toBe(2);
    expect((await protocolAt(`kairos://adapter/${protocol.chainId}`, minted))?.stepCount).toBe(2);
    expect(await protocolAt(`kairos://adapter/${protocol.slug}`, new Date())).toBeNull();
  });

  it('answers null for an unknown or malformed adapter URI', async () => {
    expect(await protocolAt('kairos://adapter/no-such-adapter-here', new Date())).toBeNull();
    expect(await protocolAt('kairos://adapter/Not A Slug!', new Date())).toBeNull();
    expect(await protocolAt(`kairos://adapter/${'a'.repeat(600)}`, new Date())).toBeNull();
  });

  it('restores a protocol head by its adapter URI, and a protocol deleted whole back whole', async () => {
    const protocol = await mintAdapter();
    await server.query(UpdateMemoriesDocument, { input: { uris: [protocol.stepUris[0]!], updates: { text: 'A bad edit.' } } });
    const back = await restore(`kairos://adapter/${protocol.slug}`, 1);
    expect(back.results).toEqual([expect.objectContaining({ uri: protocol.stepUris[0], status: 'RESTORED', version: 3 })]);
    expect((await protocolAt(protocol.uri, new Date()))?.steps[0]!.text).toBe('## Count\n\nCount the entries.');

    await server.query(DeleteMemoriesDocument, { input: { uris: protocol.stepUris } });
    const whole = await restore(`kairos://adapter/${protocol.chainId}`, 3);
    expect(whole.totalRestored).toBe(2);
    expect(whole.results.map((result) => [result.uri, result.status])).toEqual(protocol.stepUris.map((uri) => [uri, 'RESTORED']));
  });

  it('refuses an unknown adapter and a malformed one with NOT_FOUND, writing nothing', async () => {
    expect((await restore('kairos://adapter/nothing-by-this-name', 1)).results).toEqual([
      expect.objectContaining({ uri: 'kairos://adapter/nothing-by-this-name', status: 'ERROR', code: 'NOT_FOUND', version: null }),
    ]);
    expect((await restore('kairos://adapter/-bad-', 1)).results[0]).toMatchObject({
      status: 'ERROR',
      code: 'NOT_FOUND',
      message: 'Not a memory URI',
    });
  });
});
