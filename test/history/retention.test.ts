/**
 * Retention: versions carry an expiresAt that the TTL index acts on (KAIROS_HISTORY_DAYS);
 * 0 keeps them forever. The TTL monitor itself runs on the engine's clock, so the test checks
 * the index and the computed expiry, not a removal.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
import { DeleteMemoriesDocument, MintDocument, UpdateMemoriesDocument } from '../api/documents.js';
import { noChallengeProtocol } from '../api/fixtures.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const weekly = useTestServer({ historyDays: 7 });
const forever = useTestServer({ historyDays: 0 });

async function editAndDelete(server: typeof weekly) {
  const { mint } = await server.query(MintDocument, { input: { markdown: noChallengeProtocol() } });
  const [edited, deleted] = mint.protocol.stepUris as [string, string];
  const before = Date.now();
  await server.query(UpdateMemoriesDocument, { input: { uris: [edited], updates: { label: 'Changed' } } });
  await server.query(DeleteMemoriesDocument, { input: { uris: [deleted] } });
  const after = Date.now();
  const versions = await server.mongo().db(server.dbName).collection('memory_versions').find({}).toArray();
  const indexes = await server.mongo().db(server.dbName).collection('memory_versions').listIndexes().toArray();
  return { versions, indexes, before, after };
}

describe('retention', () => {
  it('KAIROS_HISTORY_DAYS=7: every version and tombstone expires 7 days after it was superseded, through a TTL index', async () => {
    const { versions, indexes, before, after } = await editAndDelete(weekly);
    // The edited step's version 1; the deleted step's version 1 and its tombstone; the renumbered step's version 1.
    expect(versions.length).toBeGreaterThanOrEqual(3);
    expect(versions.some((version) => version.deleted)).toBe(true);
    for (const version of versions) {
      expect(version.expiresAt).toBeInstanceOf(Date);
      expect(version.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
      expect(version.expiresAt.getTime()).toBeLessThanOrEqual(after + 7 * DAY_MS);
    }
    const ttl = indexes.find((index) => index.name === 'history_retention');
    expect(ttl).toMatchObject({ key: { expiresAt: 1 }, expireAfterSeconds: 0 });
    // The current versions live in `memories`, which has no TTL index at all.
    const memoryIndexes = await weekly.mongo().db(weekly.dbName).collection('memories').listIndexes().toArray();
    expect(memoryIndexes.filter((index) => index.expireAfterSeconds !== undefined)).toEqual([]);
  });

  it('KAIROS_HISTORY_DAYS=0: versions carry no expiresAt, so the TTL index never removes them', async () => {
    const { versions } = await editAndDelete(forever);
    expect(versions.length).toBeGreaterThanOrEqual(3);
    expect(versions.every((version) => !('expiresAt' in version))).toBe(true);
  });
});
