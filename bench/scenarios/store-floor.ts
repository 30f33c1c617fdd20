import { randomUUID } from 'node:crypto';
import type { Db, Document } from 'mongodb';
import { type BenchServer, closedLoop, graphqlClient, type LatencySummary, summarize, timed } from '../harness.js';
import { BEGIN, MINT, NEXT, shellProtocol, shellSolution, type StepAnswer } from '../operations.js';
import { STEPS_PER_RUN } from './protocol-runs.js';

export interface StoreFloorResult {
  /** The two commands of one `next`, issued back to back by the driver with no server in between. */
  next: LatencySummary;
  errors: number;
}

/**
 * The database work of a `next` without GraphQL, HTTP or the service: load the run, then save it
 * with the version check and its new event in the same update (as `RunStore.commit` does). Run
 * documents are copies of a real run, so their size and indexes are what the server sees.
 */
export async function storeFloor(
  server: BenchServer,
  db: Db,
  options: { concurrency: number; warmupMs: number; durationMs: number },
): Promise<StoreFloorResult> {
  const runs = db.collection<{ _id: string } & Document>('runs');
  // Templates made by the server itself: a fresh run, and one with a settled proof and its event.
  const client = graphqlClient(server.graphqlUrl, 1);
  const { mint } = await client.query<{ mint: { protocol: { uri: string } } }>(MINT, { input: { markdown: shellProtocol(STEPS_PER_RUN) } });
  const begun = (await client.query<{ begin: StepAnswer }>(BEGIN, { input: { uri: mint.protocol.uri } })).begin;
  const proven = (await client.query<{ begin: StepAnswer }>(BEGIN, { input: { uri: mint.protocol.uri } })).begin;
  await client.query(NEXT, { input: { uri: proven.currentStep!.uri, runId: proven.runId, solution: shellSolution(proven.challenge!) } });
  client.close();
  const active = await runs.findOne({ _id: begun.runId });
  const withProof = await runs.findOne({ _id: proven.runId });
  const storedEvent = (withProof?.events as Document[] | undefined)?.find((event) => event.type === 'STEP_PROVEN');
  if (!active || !withProof || !storedEvent) throw new Error('store floor: template run not found');
  const proof = withProof.proofs[0];
  const eventTemplate = storedEvent;
  const readableSpaces = [active.space as string, 'app'];

  // Each cycle starts a fresh copy (untimed, as begin is not part of a next), then advances it 5 times.
  const ids: string[] = [];
  const load = await closedLoop({
    workers: options.concurrency,
    warmupMs: options.warmupMs,
    durationMs: options.durationMs,
    work: async (_, record) => {
      const runId = randomUUID();
      ids.push(runId);
      await runs.insertOne({ ...active, _id: runId, version: 1, eventSeq: 1 });
      for (let step = 0; step < STEPS_PER_RUN; step++) {
        const [, ms] = await timed(async () => {
          const run = await runs.findOne({ _id: runId, space: { $in: readableSpaces } });
          if (!run) throw new Error('copy missing');
          const now = new Date();
          const saved = await runs.updateOne(
            { _id: runId, version: run.version },
            {
              $set: { status: 'ACTIVE', state: run.state, updatedAt: now, expiresAt: now },
              $inc: { version: 1, eventSeq: 1 },
              $push: {
                proofs: { $each: [proof] },
                events: { $each: [{ ...eventTemplate, runId, seq: run.eventSeq + 1, at: now }] },
              } as Document,
            },
          );
          if (saved.modifiedCount !== 1) throw new Error('version check failed');
        });
        record('next', ms);
      }
    },
  });
  await runs.deleteMany({ _id: { $in: ids } });
  return { next: summarize(load.latencies.get('next') ?? [], load.seconds), errors: load.errors };
}
