import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createLogger } from '../../src/observability/logger.js';
import { buildApp } from '../../src/server.js';
import { collect, errorCode, useTestServer } from '../support/app.js';
import { startTcpProxy } from '../support/tcp-proxy.js';
import { DeleteMemoriesDocument, MemoriesDocument, MemoryEventsDocument, MintDocument, UpdateMemoriesDocument } from './documents.js';
import { noChallengeProtocol, uniqueTitle } from './fixtures.js';

const server = useTestServer();

describe('memoryEvents over graphql-ws', () => {
  it('streams MINTED, UPDATED and DELETED after each commit', async () => {
    // memoryEvents has no replay: touch a probe memory until its event shows the subscription is live.
    const probe = (await server.query(MintDocument, { input: { markdown: noChallengeProtocol() } })).mint.protocol.stepUris[0]!;
    const subscription = collect(server.wsClient(), MemoryEventsDocument, { space: 'personal' });
    for (let attempt = 0; subscription.events.length === 0 && attempt < 100; attempt++) {
      await server.query(UpdateMemoriesDocument, { input: { uris: [probe], updates: { tags: [`probe-${attempt}`] } } });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    const { mint } = await server.query(MintDocument, { input: { markdown: noChallengeProtocol() } });
    const [first, second] = mint.protocol.stepUris as [string, string, string];
    await server.query(UpdateMemoriesDocument, { input: { uris: [first], updates: { tags: ['live'] } } });
    await server.query(DeleteMemoriesDocument, { input: { uris: [first] } });

    // 3 minted, 1 updated, 1 deleted, then the 2 renumbered steps updated.
    const events = (await subscription.until(7, { where: (event) => event.memoryEvents.uri !== probe })).map((event) => event.memoryEvents);
    subscription.stop();
    expect(events.map((event) => [event.type, event.uri])).toEqual([
      ['MINTED', first],
      ['MINTED', second],
      ['MINTED', mint.protocol.stepUris[2]],
      ['UPDATED', first],
      ['DELETED', first],
      ['UPDATED', second],
      ['UPDATED', mint.protocol.stepUris[2]],
    ]);
    expect(events.every((event) => event.space === 'user:local' && !Number.isNaN(Date.parse(event.at)))).toBe(true);
  });

  it('refuses to stream a space the viewer cannot read', async () => {
    const client = server.wsClient();
    const result = await new Promise<{ errors?: readonly { message: string; extensions?: Record<string, unknown> }[] }>((resolve) => {
      client.subscribe(
        { query: 'subscription { memoryEvents(space: "user:someone-else") { uri } }' },
        { next: (value) => resolve(value as never), error: (error) => resolve({ errors: error as never }), complete: () => {} },
      );
    });
    expect(errorCode(result.errors as never)).toBe('FORBIDDEN');
  });
});

const READ_COMMANDS = new Set(['find', 'getMore', 'aggregate', 'count', 'distinct']);

describe('reads batch through DataLoaders', () => {
  it('serves a page of 100 memories with their protocols in a fixed number of round trips', async () => {
    const tag = uniqueTitle('batch').replace(' ', '-');
    for (let index = 0; index < 10; index++) {
      const steps = Array.from({ length: 10 }, (_, step) => `## Check item ${step}\n\nDo ${step}.`).join('\n\n');
      const { mint } = await server.query(MintDocument, { input: { markdown: `# ${uniqueTitle('Batch')}\n\n${steps}\n` } });
      await server.query(UpdateMemoriesDocument, { input: { uris: mint.protocol.stepUris, updates: { tags: [tag] } } });
    }
    // The writes' search follow-ups trail their answers: let them finish so only the read is counted.
    await server.running.services.semanticIndex.settled();
    const countCommands = async (first: number) => {
      const commands: string[] = [];
      // Reads only: a timer's or an earlier write's trailing update is not this read's round trip.
      const listener = (event: { commandName: string }) => {
        if (READ_COMMANDS.has(event.commandName)) commands.push(event.commandName);
      };
      server.running.mongoClient.on('commandStarted', listener);
      const { memories } = await server.query(MemoriesDocument, { filter: { tag }, first });
      server.running.mongoClient.off('commandStarted', listener);
      expect(memories.edges).toHaveLength(first);
      expect(memories.edges.every((edge) => edge.node.protocol?.stepCount === 10)).toBe(true);
      return commands;
    };
    const forHundred = await countCommands(100);
    const forTen = await countCommands(10);
    // One page read, one batched load of every chain, one count: whatever the page size.
    expect(forHundred).toHaveLength(3);
    expect(forTen).toHaveLength(forHundred.length);
  });
});

describe('GET /healthz', () => {
  it('answers 200 while the database answers and 503 (fast) while it does not', async () => {
    const engine = new URL(inject('mongoUri').replace(/^mongodb:/, 'http:'));
    const proxy = await startTcpProxy(engine.hostname, Number(engine.port || 27017));
    const proxiedUri = inject('mongoUri').replace(`${engine.hostname}:${engine.port}`, `127.0.0.1:${proxy.port}`);
    const app = buildApp({
      mongoUri: proxiedUri,
      config: { port: 0, host: '127.0.0.1', mongoDbName: server.dbName },
      log: createLogger('silent'),
    });
    const running = await app.start();
    try {
      const up = await fetch(`${running.baseUrl}/healthz`);
      expect(up.status).toBe(200);
      expect(await up.json()).toEqual({ status: 'ok', database: 'up' });

      await proxy.cut();
      const started = Date.now();
      const down = await fetch(`${running.baseUrl}/healthz`);
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ status: 'unavailable', database: 'down' });
      expect(Date.now() - started).toBeLessThan(10_000);

      const response = await fetch(running.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ memory(uri: "kairos://mem/00000000-0000-4000-8000-000000000000") { uri } }' }),
      });
      const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
      expect(body.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');

      await proxy.restore();
      let status = 0;
      for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
        status = (await fetch(`${running.baseUrl}/healthz`)).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(status).toBe(200);
    } finally {
      await app.stop();
      await proxy.close();
    }
  });
});
