/**
 * The 0.1 → 0.2 migration of runs, run at every start until it is done. Before 0.2 a run's
 * events and prompts lived in the `run_events` and `prompts` collections; 0.2 keeps them in the
 * run document. A migration depends on both sides (the store's documents and the rules' cap on
 * failed attempts), so neither side depends on the other through it.
 */
import type { Db } from 'mongodb';
import { withinFailedAttemptCap } from '../runs/run-commit.js';
import type { PromptRecord, RunEventRecord, RunRecord } from '../model/run-records.js';
import { isDuplicateKey } from '../store/store-errors.js';

/** What folding the runs of 0.1 did: runs changed, runs left for the next start and why. */
export interface LegacyFoldReport {
  folded: number;
  failed: number;
  firstError: string | null;
}

/** The marker of this migration in `migrations`, and the runs it folds per batch. */
const LEGACY_RUN_FOLD = 'runs-hold-their-events-and-prompts';
const LEGACY_FOLD_BATCH = 200;

/**
 * Copies the old events and prompts into each run that does not hold them yet (a run already
 * holding its events is left alone; failed attempts past the cap are left out, as a run keeps
 * them now), so a run begun before the upgrade replays, lists its prompts and takes answers like
 * any other. Works in batches; a batch that fails is reported and retried at the next start.
 * Once every run is done a marker in `migrations` ends it for good; the old collections are kept.
 */
export async function foldLegacyEventsAndPrompts(db: Db): Promise<LegacyFoldReport> {
  const migrations = db.collection<{ _id: string; at: Date; runs: number }>('migrations');
  if (await migrations.findOne({ _id: LEGACY_RUN_FOLD })) return { folded: 0, failed: 0, firstError: null };
  const runs = db.collection<RunRecord>('runs');
  const progress: LegacyFoldReport = { folded: 0, failed: 0, firstError: null };
  let batch: string[] = [];
  for await (const run of runs.find({ events: { $exists: false } }, { projection: { _id: 1 } })) {
    batch.push(run._id);
    if (batch.length < LEGACY_FOLD_BATCH) continue;
    await foldBatch(db, batch, progress);
    batch = [];
  }
  if (batch.length > 0) await foldBatch(db, batch, progress);
  if (progress.failed === 0) {
    await migrations
      .updateOne({ _id: LEGACY_RUN_FOLD }, { $setOnInsert: { at: new Date(), runs: progress.folded } }, { upsert: true })
      .catch((error: unknown) => {
        // Another server starting at the same moment wrote it first.
        if (!isDuplicateKey(error)) throw error;
      });
  }
  return progress;
}

async function foldBatch(db: Db, runIds: string[], progress: LegacyFoldReport): Promise<void> {
  try {
    const [events, prompts] = await Promise.all([
      db
        .collection<RunEventRecord>('run_events')
        .find({ runId: { $in: runIds } }, { projection: { _id: 0 } })
        .sort({ runId: 1, seq: 1 })
        .toArray(),
      db
        .collection<PromptRecord>('prompts')
        .find({ runId: { $in: runIds } })
        .sort({ createdAt: 1 })
        .toArray(),
    ]);
    const eventsOf = byRunId(events);
    const promptsOf = byRunId(prompts);
    const result = await db.collection<RunRecord>('runs').bulkWrite(
      runIds.map((runId) => ({
        updateOne: {
          filter: { _id: runId, events: { $exists: false } },
          update: { $set: { events: withinFailedAttemptCap(eventsOf.get(runId) ?? []), prompts: promptsOf.get(runId) ?? [] } },
        },
      })),
      { ordered: false },
    );
    progress.folded += result.modifiedCount;
  } catch (error) {
    progress.failed += runIds.length;
    progress.firstError ??= error instanceof Error ? error.message : String(error);
  }
}

/** Records grouped by run, each group in the order read. */
function byRunId<R extends { runId: string }>(records: R[]): Map<string, R[]> {
  const groups = new Map<string, R[]>();
  for (const record of records) {
    const group = groups.get(record.runId);
    if (group) group.push(record);
    else groups.set(record.runId, [record]);
  }
  return groups;
}
