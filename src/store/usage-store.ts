import { createHash } from 'node:crypto';
import type { AnyBulkWriteOperation, Collection, Db } from 'mongodb';
import { MongoBulkWriteError } from 'mongodb';
import { parseMemoryUri } from '../model/kairos-uri.js';
import type { OutcomeCounts } from '../model/run-enums.js';
import type { RunUsage } from '../model/run-records.js';

/**
 * How one space has used one memory (a protocol step or head): runs in that space count here,
 * so a tenant's runs of a shared protocol never write into the shared document. Each run counts
 * on one of USAGE_SHARDS documents chosen by its id (`_id` is `<memoryId>|<space>|<shard>`), so
 * concurrent attests of one popular protocol rarely wait on the same row; readers sum them.
 */
export interface MemoryUsageRecord {
  _id: string;
  memoryId: string;
  space: string;
  proofs?: OutcomeCounts;
  attests?: OutcomeCounts;
  /** Graded attests: count and sum of their ranking scores. */
  rewards?: { graded: number; scoreSum: number };
  qualityBonus?: number;
  lastRatedAt?: string;
  /** The attester's llmModelId (at most TEXT_LIMITS.llmModelId characters). */
  lastRater?: string;
  /** The last runs counted here (run ids, newest last): a retried count of one of them changes nothing. */
  countedRuns?: string[];
}

/**
 * How many run ids a counter remembers. A retry of the same count comes within one attest call
 * (or its resubmission), long before this many other runs of the same memory are counted.
 */
const COUNTED_RUNS_KEPT = 256;

const DUPLICATE_KEY = 11000;

/** Counter documents per memory and space. */
const USAGE_SHARDS = 16;

/** The same run always counts on the same shard, so its run-id guard sees a retry. */
function shardOf(runId: string): number {
  return createHash('sha1').update(runId).digest()[0]! % USAGE_SHARDS;
}

/** Every MongoDB call on `memory_usage`: counters written after a run is attested, read by search. */
export class UsageStore {
  private readonly usage: Collection<MemoryUsageRecord>;

  constructor(db: Db) {
    this.usage = db.collection<MemoryUsageRecord>('memory_usage');
  }

  async ensureIndexes(): Promise<void> {
    await this.usage.createIndexes([{ key: { memoryId: 1, space: 1 }, name: 'memory_space' }]);
  }

  /**
   * Adds one run's counts: one unordered bulk of `$inc` upserts, outside any transaction, so
   * concurrent attests of one protocol never conflict. Idempotent per run: a counter changes only
   * if the run is not among its `countedRuns`; when it is, the filter matches nothing, the
   * upsert's insert collides with the existing `_id`, and that duplicate key means "counted".
   */
  async countRun(run: RunUsage): Promise<void> {
    // One operation per counter: the run id it pushes guards every increment of that counter.
    const changes = new Map<string, { $inc: Record<string, number>; $set: Partial<MemoryUsageRecord> }>();
    const changeOf = (uri: string) => {
      const memoryId = memoryIdOf(uri);
      let change = changes.get(memoryId);
      if (!change) changes.set(memoryId, (change = { $inc: {}, $set: {} }));
      return change;
    };
    for (const [uri, counts] of run.proofCounts) {
      Object.assign(changeOf(uri).$inc, {
        'proofs.attempts': counts.successes + counts.failures,
        'proofs.successes': counts.successes,
        'proofs.failures': counts.failures,
      });
    }
    const { attest } = run;
    for (const uri of attest.uris) {
      const change = changeOf(uri);
      Object.assign(change.$inc, {
        'attests.attempts': 1,
        'attests.successes': attest.success ? 1 : 0,
        'attests.failures': attest.success ? 0 : 1,
        qualityBonus: attest.bonus,
      });
      if (attest.rewardScore !== null && attest.rewardScore !== undefined)
        Object.assign(change.$inc, { 'rewards.graded': 1, 'rewards.scoreSum': attest.rewardScore });
      Object.assign(change.$set, { lastRatedAt: attest.ratedAt, lastRater: attest.rater });
    }
    const operations: AnyBulkWriteOperation<MemoryUsageRecord>[] = [...changes].map(([memoryId, change]) => ({
      updateOne: {
        filter: { _id: `${memoryId}|${run.space}|${shardOf(run.runId)}`, countedRuns: { $ne: run.runId } },
        update: {
          $inc: change.$inc,
          ...(Object.keys(change.$set).length > 0 ? { $set: change.$set } : {}),
          $setOnInsert: { memoryId, space: run.space },
          $push: { countedRuns: { $each: [run.runId], $slice: -COUNTED_RUNS_KEPT } },
        },
        upsert: true,
      },
    }));
    await this.writeOnce(operations);
  }

  /**
   * A duplicate key means the counter exists and either already counted the run, or was created
   * by a concurrent upsert a moment ago: writing those again tells which (a second duplicate
   * means counted).
   */
  private async writeOnce(operations: AnyBulkWriteOperation<MemoryUsageRecord>[], attemptsLeft = 2): Promise<void> {
    if (operations.length === 0) return;
    try {
      await this.usage.bulkWrite(operations, { ordered: false });
    } catch (error) {
      if (!(error instanceof MongoBulkWriteError)) throw error;
      const failed = [error.writeErrors].flat();
      if (failed.some((write) => write.code !== DUPLICATE_KEY)) throw error;
      if (attemptsLeft > 1)
        await this.writeOnce(
          failed.map((write) => operations[write.index]!),
          attemptsLeft - 1,
        );
    }
  }

  /** Attest counts per memory id, summed over the given spaces (what one viewer may see). */
  async attestCounts(memoryIds: readonly string[], spaces: readonly string[]): Promise<Map<string, OutcomeCounts>> {
    const counts = new Map<string, OutcomeCounts>();
    if (memoryIds.length === 0) return counts;
    const rows = await this.usage
      .find({ memoryId: { $in: [...memoryIds] }, space: { $in: [...spaces] } }, { projection: { memoryId: 1, attests: 1, rewards: 1 } })
      .toArray();
    for (const row of rows) {
      const sum = counts.get(row.memoryId) ?? { attempts: 0, successes: 0, failures: 0 };
      sum.attempts += row.attests?.attempts ?? 0;
      sum.successes += row.attests?.successes ?? 0;
      sum.failures += row.attests?.failures ?? 0;
      if (row.rewards)
        sum.rewards = {
          graded: (sum.rewards?.graded ?? 0) + row.rewards.graded,
          scoreSum: (sum.rewards?.scoreSum ?? 0) + row.rewards.scoreSum,
        };
      counts.set(row.memoryId, sum);
    }
    return counts;
  }
}

/** A run's step URIs are memory URIs: counters are keyed by the memory id (the `_id` index finds them). */
function memoryIdOf(uri: string): string {
  return parseMemoryUri(uri) ?? uri;
}
