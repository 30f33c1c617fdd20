import { MongoClient, type ServerHeartbeatStartedEvent } from 'mongodb';
import { describe, expect, inject, it } from 'vitest';
import { connectMongo } from '../../src/store/mongo.js';
import { startTcpProxy } from '../support/tcp-proxy.js';

const uri = inject('mongoUri');
const engine = new URL(uri.replace(/^mongodb:/, 'http:'));

/** Resolves with the first awaited (streaming) heartbeat the client starts, or rejects after `ms`. */
function firstStreamedHeartbeat(client: MongoClient, ms: number): Promise<ServerHeartbeatStartedEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the monitor did not stream within ${ms} ms`)), ms);
    const listener = (event: ServerHeartbeatStartedEvent) => {
      if (!event.awaited) return;
      clearTimeout(timer);
      client.off('serverHeartbeatStarted', listener);
      resolve(event);
    };
    client.on('serverHeartbeatStarted', listener);
  });
}

describe('server monitoring', () => {
  // A polling monitor (what the driver does when hello has no topologyVersion) can start its check
  // on a connection that is dropping at that very moment and then wait forever (driver 7.9): the
  // server would never see the database come back. test/api/live.test.ts (GET /healthz) showed it.
  it('streams the monitor’s hello like mongod, and reaches the database again after every connection dropped at once', async () => {
    const proxy = await startTcpProxy(engine.hostname, Number(engine.port || 27017));
    const client = new MongoClient(uri.replace(`${engine.hostname}:${engine.port}`, `127.0.0.1:${proxy.port}`), {
      serverSelectionTimeoutMS: 2_000,
    });
    try {
      const streaming = firstStreamedHeartbeat(client, 5_000);
      await client.connect();
      await expect(streaming).resolves.toMatchObject({ awaited: true });

      for (let round = 0; round < 3; round++) {
        const inFlight = Array.from({ length: 8 }, () =>
          client
            .db('admin')
            .command({ ping: 1 })
            .then(
              () => 'ok',
              () => 'failed',
            ),
        );
        await proxy.cut();
        await Promise.all(inFlight);
        await expect(client.db('admin').command({ ping: 1 })).rejects.toThrow();
        await proxy.restore();
        let answered = false;
        for (let attempt = 0; attempt < 10 && !answered; attempt++) {
          answered = await client
            .db('admin')
            .command({ ping: 1 })
            .then(
              () => true,
              () => false,
            );
        }
        expect(answered, `round ${round}`).toBe(true);
      }
    } finally {
      await client.close();
      await proxy.close();
    }
  }, 120_000);

  it('streams from the server’s own client on a platform where the driver would poll (Cloud Run sets K_SERVICE)', async () => {
    const saved = process.env.K_SERVICE;
    process.env.K_SERVICE = 'kairos-graphql';
    try {
      const plain = new MongoClient(uri, { serverSelectionTimeoutMS: 2_000 });
      const polled = new Promise<boolean>((resolve) => plain.once('serverHeartbeatSucceeded', (event) => resolve(event.awaited)));
      await plain.connect();
      // The control: the driver's own choice there is to poll.
      expect(await polled).toBe(false);
      await plain.close();

      const handle = await connectMongo(uri, 'admin');
      try {
        const streamed = firstStreamedHeartbeat(handle.client, 5_000);
        await handle.db.command({ ping: 1 });
        await expect(streamed).resolves.toMatchObject({ awaited: true });
      } finally {
        await handle.close();
      }
    } finally {
      if (saved === undefined) delete process.env.K_SERVICE;
      else process.env.K_SERVICE = saved;
    }
  });
});
