import { randomUUID } from 'node:crypto';
import type { AnyBulkWriteOperation, Db, Document } from 'mongodb';
import { type BenchServer, graphqlClient, median, timed } from '../harness.js';
import { MINT, plainProtocol, UPDATE_MEMORIES } from '../operations.js';

export interface BatchResult {
  uris: number;
  /** One `updateMemories` call with every URI (median of the repetitions), ms. */
  batchCallMs: number;
  /** The same call on a server with KAIROS_HISTORY=off (no versions kept, no transaction), ms. */
  batchCallWithoutHistoryMs: number | null;
  commandsPerBatchCallWithoutHistory: number | null;
  /** A driver `bulkWrite` of the same 1,000 conditional updates, ms. */
  rawBulkWriteMs: number;
  /** 1,000 `updateMemories` calls of one URI each, one after the other, ms. */
  singleCallsMs: number;
  /** The same 1,000 single calls, 32 at a time, ms (context: what a parallel client gets). */
  singleCallsConcurrentMs: number;
  /** 1,000 driver `updateOne`s of one memory each (the same conditional update), one after the other, ms. */
  rawSingleUpdatesMs: number;
  commandsPerBatchCall: number;
  /** Their names, counted (`insert ×2`). */
  batchCommandNames: string[];
  /** Commands of one single-URI call (step 1 of its protocol, so its shown tags change too), trailing work included. */
  commandsPerSingleCall: number;
}

/**
 * `updateMemories` over 1,000 URIs, against the raw write floor, against 1,000 single calls, and
 * against the same call on a server that keeps no history (what history costs).
 */
export async function batch(
  server: BenchServer,
  db: Db,
  options: { uris: number; repetitions: number; withoutHistory?: BenchServer },
): Promise<BatchResult> {
  const client = graphqlClient(server.graphqlUrl, 32);
  const plainClient = options.withoutHistory ? graphqlClient(options.withoutHistory.graphqlUrl, 32) : null;
  try {
    const uris: string[] = [];
    while (uris.length < options.uris) {
      const steps = Math.min(50, options.uris - uris.length);
      const { mint } = await client.query<{ mint: { protocol: { stepUris: string[] } } }>(MINT, {
        input: { markdown: plainProtocol(steps) },
      });
      uris.push(...mint.protocol.stepUris);
    }
    const update = (targets: string[], tag: string) =>
      client.query<{ updateMemories: { totalUpdated: number } }>(UPDATE_MEMORIES, { input: { uris: targets, updates: { tags: [tag] } } });

    const measure = async (target: BenchServer, send: typeof update, label: string) => {
      await send(uris, `${label}-warm-up`);
      const times: number[] = [];
      let commandCount = 0;
      let commandNames: string[] = [];
      for (let repetition = 0; repetition < options.repetitions; repetition++) {
        await target.settle();
        await target.sample({ resetCommands: true });
        const [result, ms] = await timed(() => send(uris, `${label}-${repetition}`));
        // The change stamp trails the answer: counted with the call that caused it, not timed.
        await target.settle();
        const { commands } = await target.sample({ resetCommands: true });
        // The fewest over the repetitions: a transaction retried after a conflict with background work is counted as retries, not as the call's cost.
        const total = Object.values(commands).reduce((sum, count) => sum + count, 0);
        if (repetition === 0 || total < commandCount) {
          commandCount = total;
          commandNames = Object.entries(commands).map(([name, count]) => (count > 1 ? `${name} ×${count}` : name));
        }
        if (result.updateMemories.totalUpdated !== uris.length)
          throw new Error(`${label} updated ${result.updateMemories.totalUpdated} of ${uris.length}`);
        times.push(ms);
      }
      return { ms: median(times), commands: commandCount, names: commandNames };
    };
    // Interleaved (with, without, with, without) so load on a shared machine hits both alike.
    const withHistory: { ms: number; commands: number; names: string[] }[] = [];
    const withoutHistory: { ms: number; commands: number; names: string[] }[] = [];
    const plainUpdate = (targets: string[], tag: string) =>
      plainClient!.query<{ updateMemories: { totalUpdated: number } }>(UPDATE_MEMORIES, {
        input: { uris: targets, updates: { tags: [tag] } },
      });
    for (let round = 0; round < 2; round++) {
      withHistory.push(await measure(server, update, `batch-${round}`));
      if (options.withoutHistory) withoutHistory.push(await measure(options.withoutHistory, plainUpdate, `plain-${round}`));
    }
    const batchCallMs = median(withHistory.map((entry) => entry.ms));
    const fewest = withHistory.reduce((best, entry) => (entry.commands < best.commands ? entry : best));
    const commandsPerBatchCall = fewest.commands;
    const batchCommandNames = fewest.names;
    const batchCallWithoutHistoryMs = withoutHistory.length > 0 ? median(withoutHistory.map((entry) => entry.ms)) : null;
    const commandsPerBatchCallWithoutHistory =
      withoutHistory.length > 0 ? Math.min(...withoutHistory.map((entry) => entry.commands)) : null;

    // The same conditional updates the store issues, straight from the driver.
    const memories = db.collection<Document>('memories');
    const ids = uris.map((uri) => uri.slice(uri.lastIndexOf('/') + 1));
    const rawTimes: number[] = [];
    for (let repetition = 0; repetition < options.repetitions; repetition++) {
      const current = await memories.find({ _id: { $in: ids } } as Document, { projection: { version: 1 } }).toArray();
      const writeId = randomUUID();
      const now = new Date();
      const operations: AnyBulkWriteOperation<Document>[] = current.map((doc) => ({
        updateOne: {
          filter: { _id: doc._id, version: doc.version },
          update: { $set: { tags: [`raw-${repetition}`], updatedAt: now, updatedBy: 'local', writeId }, $inc: { version: 1 } },
        },
      }));
      const [result, ms] = await timed(() => memories.bulkWrite(operations, { ordered: false }));
      if (result.matchedCount !== uris.length) throw new Error(`raw bulkWrite matched ${result.matchedCount}`);
      rawTimes.push(ms);
    }

    // The floor of one single-URI call: the same conditional update, one document, straight from the driver.
    const versions = new Map(
      (await memories.find({ _id: { $in: ids } } as Document, { projection: { version: 1 }, batchSize: ids.length }).toArray()).map(
        (doc) => [doc._id as unknown as string, doc.version as number],
      ),
    );
    const [, rawSingleUpdatesMs] = await timed(async () => {
      for (const [index, id] of ids.entries()) {
        const result = await memories.updateOne({ _id: id, version: versions.get(id) } as Document, {
          $set: { tags: [`raw-single-${index}`], updatedAt: new Date(), updatedBy: 'local', writeId: randomUUID() },
          $inc: { version: 1 },
        });
        if (result.matchedCount !== 1) throw new Error(`raw updateOne matched ${result.matchedCount}`);
      }
    });

    let commandsPerSingleCall = Number.POSITIVE_INFINITY;
    for (let repetition = 0; repetition < 3; repetition++) {
      await server.settle();
      await server.sample({ resetCommands: true });
      await update([uris[0]!], `single-counted-${repetition}`);
      await server.settle();
      commandsPerSingleCall = Math.min(
        commandsPerSingleCall,
        Object.values((await server.sample({ resetCommands: true })).commands).reduce((sum, count) => sum + count, 0),
      );
    }

    const [, singleCallsMs] = await timed(async () => {
      for (const [index, uri] of uris.entries()) await update([uri], `single-${index}`);
    });
    const [, singleCallsConcurrentMs] = await timed(async () => {
      let next = 0;
      await Promise.all(
        Array.from({ length: 32 }, async () => {
          for (let index = next++; index < uris.length; index = next++) await update([uris[index]!], `parallel-${index}`);
        }),
      );
    });

    return {
      uris: uris.length,
      batchCallMs,
      batchCallWithoutHistoryMs,
      commandsPerBatchCallWithoutHistory,
      rawBulkWriteMs: median(rawTimes),
      singleCallsMs,
      singleCallsConcurrentMs,
      rawSingleUpdatesMs,
      commandsPerBatchCall,
      batchCommandNames,
      commandsPerSingleCall,
    };
  } finally {
    client.close();
    plainClient?.close();
  }
}
