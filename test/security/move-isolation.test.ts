/**
 * Tenancy of `moveProtocol` for the members of the space a
 * protocol leaves. Alice moves a protocol out of a group she shares with Bob into her personal
 * space: Bob's `memoryEvents` for the group must not name the space it went to, and a process
 * whose search index has not heard of the move yet (no bus, stamp check not due)
 * must not show it to Bob either.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/observability/logger.js';
import { buildApp, type RunningApp } from '../../src/server.js';
import { useTestServer } from '../support/app.js';
import { postAs } from '../support/graphql-http.js';

// No bus on either process: B hears of A's writes only through its stamp check, which never fires here.
const server = useTestServer({ authEnabled: true, redisUrl: null });
const group = `move${randomUUID().slice(0, 6)}`;
const title = `Rotate the backup tapes ${randomUUID().slice(0, 8)}`;
let secondApp: ReturnType<typeof buildApp>;
let second: RunningApp;
let alice: string;
let bob: string;

async function tokenFor(name: string, groups: string[]): Promise<string> {
  const issued = await server.running.services.auth.bootstrap({
    name: `${name}-${randomUUID().slice(0, 8)}`,
    role: 'AGENT',
    groups,
    tokenName: 'gql',
    expiresInSeconds: null,
  });
  return issued.token;
}

const SEARCH = 'query($q: String!) { search(query: $q) { choices { uri chainLabel role } } }';
const labelsFound = async (url: string, token: string): Promise<string[]> => {
  const result = await postAs(url, token, SEARCH, { q: title });
  expect(result.errors).toBeUndefined();
  return result.data.search.choices.map((choice: { chainLabel: string | null }) => choice.chainLabel);
};

beforeAll(async () => {
  alice = await tokenFor('alice', [group]);
  bob = await tokenFor('bob', [group]);
  const markdown = `# ${title}\n\n## Swap\n\nTake Monday's tape out and put in Tuesday's.\n`;
  const minted = await postAs(
    server.running.graphqlUrl,
    alice,
    'mutation($input: MintInput!) { mint(input: $input) { protocol { space } } }',
    {
      input: { markdown, space: `group:${group}` },
    },
  );
  expect(minted.data?.mint.protocol.space).toBe(`group:${group}`);
  // B starts after the mint, so its index holds the protocol under the group.
  secondApp = buildApp({
    mongoUri: server.mongoUri,
    config: { port: 0, host: '127.0.0.1', mongoDbName: server.dbName, authEnabled: true, redisUrl: null, searchCatchUpMs: 3_600_000 },
    log: createLogger('silent'),
  });
  second = await secondApp.start();
  await second.services.semanticIndex.lexicalBuilt;
}, 60_000);

afterAll(async () => {
  await secondApp?.stop();
});

const MINT = 'mutation($input: MintInput!) { mint(input: $input) { protocol { uri stepUris space } } }';
const MOVE = 'mutation($input: MoveProtocolInput!) { moveProtocol(input: $input) { moved protocol { space } } }';

describe('memory events of a move', () => {
  it('tell the space it left that the steps are gone from it, without naming where they went', async () => {
    const spaceOfGroup = `group:${group}`;
    const own = await postAs(server.running.graphqlUrl, alice, MINT, {
      input: { markdown: `# Feed the fish ${randomUUID().slice(0, 8)}\n\n## Feed\n\nA pinch.\n`, space: spaceOfGroup },
    });
    const moving = own.data.mint.protocol as { uri: string; stepUris: string[] };
    const events: { uri: string; space: string; type: string }[] = [];
    const client = server.wsClient({ authorization: `Bearer ${bob}` });
    const unsubscribe = client.subscribe(
      { query: `subscription { memoryEvents(space: "${spaceOfGroup}") { type uri space } }` },
      {
        next: (value) => void events.push((value.data as { memoryEvents: (typeof events)[number] }).memoryEvents),
        error: () => {},
        complete: () => {},
      },
    );
    // Bob's own writes in the group, until the feed shows one (it is live), and once more after the move (it has passed).
    const bobWrites = async () => {
      const count = events.length;
      for (let attempt = 0; events.length === count && attempt < 50; attempt++) {
        await postAs(server.running.graphqlUrl, bob, MINT, {
          input: { markdown: `# Bob marker ${randomUUID()}\n\n## M\n\nm\n`, space: spaceOfGroup },
        });
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      expect(events.length).toBeGreaterThan(count);
    };
    await bobWrites();
    const moved = await postAs(server.running.graphqlUrl, alice, MOVE, { input: { uri: moving.uri, space: 'personal' } });
    expect(moved.data.moveProtocol).toEqual({ moved: true, protocol: { space: expect.stringMatching(/^user:/) } });
    await bobWrites();
    unsubscribe();

    const ofMoved = events.filter((event) => moving.stepUris.includes(event.uri));
    expect(ofMoved).toEqual(moving.stepUris.map((uri) => ({ type: 'DELETED', uri, space: spaceOfGroup })));
    expect(events.every((event) => event.space === spaceOfGroup)).toBe(true);
  });
});

describe('a search index behind a move', () => {
  it('does not show the moved protocol to a member of the space it left', async () => {
    expect(await labelsFound(second.graphqlUrl, bob)).toContain(title);
    const moved = await postAs(server.running.graphqlUrl, alice, MOVE, {
      input: { uri: `kairos://adapter/${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, space: 'personal' },
    });
    expect(moved.errors).toBeUndefined();
    expect(moved.data.moveProtocol.moved).toBe(true);

    // The writing process knows; the lagging one must not show alice's personal protocol to bob either.
    expect(await labelsFound(server.running.graphqlUrl, bob)).not.toContain(title);
    expect(await labelsFound(second.graphqlUrl, bob)).not.toContain(title);
    // Alice still finds it, in her own space, on both.
    expect(await labelsFound(server.running.graphqlUrl, alice)).toContain(title);
  });
});
