import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { viewerOf } from '../../src/auth/viewer.js';
import { CREATE_URI, REFINE_URI } from '../../src/search/search-choices.js';
import { STRONG_MATCH_THRESHOLD } from '../../src/search/search-scoring.js';
import { SearchService } from '../../src/services/search-service.js';
import type { MemoryRecord } from '../../src/store/memory-store.js';
import { UsageStore } from '../../src/store/usage-store.js';
import { SearchStore } from '../../src/store/search-store.js';
import { errorCode, useTestServer } from '../support/app.js';
import { PROTOCOLS, protocolMarkdown } from './corpus.js';
import { SearchMintDocument, SearchProtocolsDocument } from './documents.js';

const server = useTestServer();
const GUIDE_URI = 'kairos://mem/00000000-0000-0000-0000-000000002004';

const uriBySlug = new Map<string, string>();

beforeAll(async () => {
  for (const spec of PROTOCOLS) {
    const { mint } = await server.query(SearchMintDocument, { input: { markdown: protocolMarkdown(spec) } });
    uriBySlug.set(spec.slug, mint.protocol.uri);
  }
});

function memories() {
  return server.mongo().db(server.dbName).collection<MemoryRecord>('memories');
}

/** Copies a minted protocol into another space, as a different tenant's write would store it. */
async function copyProtocolToSpace(headUri: string, space: string, title: string): Promise<string> {
  const head = await memories().findOne({ uri: headUri });
  const steps = await memories()
    .find({ space: head!.space, 'chain.chainId': head!.chain!.chainId }, { sort: { 'chain.stepIndex': 1 } })
    .toArray();
  const chainId = randomUUID();
  const copies = steps.map((step) => {
    const id = randomUUID();
    return {
      ...step,
      _id: id,
      uri: `kairos://mem/${id}`,
      space,
      chain: { ...step.chain!, chainId, label: title, titleKey: title.toLowerCase(), slug: `${step.chain!.slug}-${chainId.slice(0, 8)}` },
    };
  });
  await memories().insertMany(copies);
  // Written past the store, as another tenant's server would: tell the search index as the store would have.
  await server.running.services.semanticIndex.onMemoryWrite({ chains: [{ space, chainId }], memoryIds: [], edits: [] });
  return copies[0]!.uri;
}

describe('search', () => {
  it('answers a query with one strong match with that match alone, ready to begin', async () => {
    const spec = {
      ...PROTOCOLS.find((p) => p.slug === 'code-review')!,
      slug: 'zeppelin-ballast',
      title: 'Calibrate the Zeppelin Ballast',
      triggers: '',
    };
    const minted = await server.query(SearchMintDocument, { input: { markdown: protocolMarkdown(spec) } });
    const { search } = await server.query(SearchProtocolsDocument, { query: 'calibrate the zeppelin ballast' });
    const uri = minted.mint.protocol.uri;
    expect(search).toEqual({
      mustObey: true,
      message: 'Found 1 match.',
      nextAction: "Follow the choice's nextAction.",
      choices: [
        {
          uri,
          label: 'Understand the intent',
          chainLabel: 'Calibrate the Zeppelin Ballast',
          score: expect.any(Number),
          role: 'MATCH',
          tags: [],
          nextAction: `call begin with ${uri} to execute this protocol`,
          protocolVersion: '1.0.0',
        },
      ],
    });
    expect(search.choices[0]!.score).toBeGreaterThanOrEqual(STRONG_MATCH_THRESHOLD);
  });

  it('lists several matches best first, then the REFINE and CREATE footer with the built-ins versions', async () => {
    const { search } = await server.query(SearchProtocolsDocument, { query: 'production deploy' });
    const roles = search.choices.map((choice) => choice.role);
    expect(roles.slice(-2)).toEqual(['REFINE', 'CREATE']);
    const matches = search.choices.filter((choice) => choice.role === 'MATCH');
    expect(matches.length).toBeGreaterThan(1);
    expect(matches[0]!.uri).toBe(uriBySlug.get('deploy-service'));
    const scores = matches.map((match) => match.score!);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(search.message).toBe(
      `Found ${matches.length} matches (top confidence: ${Math.round(scores[0]! * 100)}%). Choose one, refine your search, or create a new protocol.`,
    );
    expect(search.nextAction).toBe("Pick one choice and follow that choice's nextAction.");
    const [refine, create] = search.choices.slice(-2);
    expect(refine).toMatchObject({ uri: REFINE_URI, score: null, tags: ['meta', 'refine'], protocolVersion: '1.0.0' });
    expect(create).toMatchObject({ uri: CREATE_URI, score: null, tags: ['meta', 'creation'], protocolVersion: '1.0.0' });
    expect(create!.nextAction).toBe(`call begin with ${CREATE_URI} to create a new protocol`);
  });

  it('never offers the REFINE/CREATE built-ins as matches, but finds the other built-ins', async () => {
    for (const query of ['Create New KAIROS Protocol Chain', 'refine search query', 'create a new protocol']) {
      const { search } = await server.query(SearchProtocolsDocument, { query });
      const matched = search.choices.filter((choice) => choice.role === 'MATCH').map((choice) => choice.uri);
      expect(matched, query).not.toContain(CREATE_URI);
      expect(matched, query).not.toContain(REFINE_URI);
    }
    const { search } = await server.query(SearchProtocolsDocument, { query: 'which challenge type should a step use' });
    expect(search.choices[0]).toMatchObject({ uri: GUIDE_URI, role: 'MATCH', chainLabel: 'Challenge Type Guide' });
  });

  it('answers with only the footer when nothing is left to search for', async () => {
    for (const query of ['the of and', '3f2504e0-4f89-11d3-9a0c-0305e82c3301', CREATE_URI]) {
      const { search } = await server.query(SearchProtocolsDocument, { query });
      expect(
        search.choices.map((choice) => choice.role),
        query,
      ).toEqual(['REFINE', 'CREATE']);
    }
  });

  it('returns at most maxChoices matches (default 10); the footer does not count', async () => {
    for (let index = 1; index <= 12; index++) {
      const spec = { ...PROTOCOLS[0]!, slug: `nightly-backup-${index}`, title: `Verify the Nightly Backup ${index}` };
      await server.query(SearchMintDocument, { input: { markdown: protocolMarkdown(spec) } });
    }
    const matchesOf = (result: { search: { choices: Array<{ role: string }> } }) =>
      result.search.choices.filter((choice) => choice.role === 'MATCH');
    const five = await server.query(SearchProtocolsDocument, { query: 'verify nightly backup', maxChoices: 5 });
    expect(matchesOf(five)).toHaveLength(5);
    expect(five.search.choices).toHaveLength(7);
    const byDefault = await server.query(SearchProtocolsDocument, { query: 'verify nightly backup' });
    expect(matchesOf(byDefault)).toHaveLength(10);
    // Hybrid search may add protocols related by meaning after the twelve that share the words.
    const all = await server.query(SearchProtocolsDocument, { query: 'verify nightly backup', maxChoices: 50 });
    const labels = all.search.choices.filter((choice) => choice.role === 'MATCH').map((choice) => choice.chainLabel);
    expect(labels.slice(0, 12).every((label) => label.startsWith('Verify the Nightly Backup'))).toBe(true);
    expect(labels.filter((label) => label.startsWith('Verify the Nightly Backup'))).toHaveLength(12);
  });

  it('refuses an empty or over-long query, maxChoices outside 5..50, and a space you cannot read', async () => {
    for (const variables of [
      { query: '' },
      { query: '   ' },
      { query: 'x'.repeat(1001) },
      { query: 'deploy', maxChoices: 4 },
      { query: 'deploy', maxChoices: 51 },
    ]) {
      const result = await server.request(SearchProtocolsDocument, variables);
      expect(errorCode(result.errors), JSON.stringify(variables).slice(0, 60)).toBe('BAD_USER_INPUT');
    }
    const forbidden = await server.request(SearchProtocolsDocument, { query: 'deploy', space: 'user:someone-else' });
    expect(errorCode(forbidden.errors)).toBe('FORBIDDEN');
    const personal = await server.query(SearchProtocolsDocument, { query: 'deploy', space: 'personal' });
    expect(personal.search.choices[0]!.uri).toBe(uriBySlug.get('deploy-service'));
    const app = await server.query(SearchProtocolsDocument, { query: 'deploy', space: 'app' });
    expect(
      app.search.choices.filter((choice) => choice.role === 'MATCH').every((choice) => choice.uri.startsWith('kairos://mem/00000000-')),
    ).toBe(true);
  });

  it('ranks a protocol with a record of successful attests above an equal one without', async () => {
    const plain = uriBySlug.get('rotate-credentials')!;
    const twin = await copyProtocolToSpace(plain, 'user:local', 'Rotate API Keys and Secrets Again');
    // A query the pair matches well but not perfectly, so the boost is not lost to the cap at 1.
    const query = 'rotate credentials after a leak';
    const before = await server.query(SearchProtocolsDocument, { query });
    const scoreOf = (result: typeof before, uri: string) => result.search.choices.find((choice) => choice.uri === uri)!.score!;
    expect(scoreOf(before, twin)).toBe(scoreOf(before, plain));

    // Ten successful attests, recorded the way attest records them.
    const usage = new UsageStore(server.mongo().db(server.dbName));
    for (let attest = 0; attest < 10; attest++) {
      await usage.countRun({
        runId: `run-${attest}`,
        space: 'user:local',
        proofCounts: new Map(),
        attest: { uris: [twin], success: true, bonus: 1, ratedAt: new Date().toISOString(), rater: 'test' },
      });
    }
    const after = await server.query(SearchProtocolsDocument, { query });
    expect(scoreOf(before, twin)).toBeLessThan(0.92);
    expect(scoreOf(after, twin)).toBeCloseTo(scoreOf(before, twin) + 0.08, 4);
    expect(scoreOf(after, plain)).toBe(scoreOf(before, plain));
    expect(after.search.choices[0]!.uri).toBe(twin);
  });
});

describe('search isolation', () => {
  it("never returns another space's protocols, though that space's own principal finds them", async () => {
    const hidden = await copyProtocolToSpace(uriBySlug.get('incident-response')!, 'user:mallory', 'Respond to a Zeppelin Outage');
    const { search } = await server.query(SearchProtocolsDocument, { query: 'zeppelin outage' });
    expect(search.choices.map((choice) => choice.uri)).not.toContain(hidden);
    for (const choice of search.choices)
      expect(await memories().findOne({ uri: choice.uri }), choice.uri).toMatchObject({
        space: expect.stringMatching(/^(user:local|app)$/),
      });

    // The same search as the owner of user:mallory finds it: the miss above is isolation, not a broken query.
    const service = new SearchService(new SearchStore(server.mongo().db(server.dbName)));
    const mallory = viewerOf({ id: 'mallory', role: 'AGENT', groups: [] });
    const own = await service.search(mallory, { query: 'zeppelin outage' });
    expect(own.choices[0]!.uri).toBe(hidden);
    // …and sees nothing of user:local.
    const other = await service.search(mallory, { query: 'review my pull request' });
    expect(other.choices.filter((choice) => choice.role === 'MATCH')).toEqual([]);
  });
});
