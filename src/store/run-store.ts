import type { Collection, Db, Filter } from 'mongodb';
import type { PromptRecord, RunCommit, RunEventRecord, RunRecord } from '../model/run-records.js';
import type { PromptStatus, RunEventType, RunStatus } from '../model/run-enums.js';
import type { PagePosition } from './page-position.js';
import { jsonBytes } from './stored-size.js';

export type { PromptStatus, RunEventType, RunStatus };

/** Runs begun at or after `since`, oldest first: the order an archive is written in. */
export interface RunCreationFilter {
  spaces: string[];
  since?: Date;
}

export interface RunListFilter {
  spaces: string[];
  status?: RunStatus;
  chainId?: string;
}

/**
 * Every MongoDB call on `runs`. A run document holds its events and prompts, so a transition is
 * one conditional write: atomic without a transaction, and an advance either happened whole or
 * not at all.
 */
export class RunStore {
  readonly runs: Collection<RunRecord>;

  constructor(db: Db) {
    this.runs = db.collection<RunRecord>('runs');
  }

  async ensureIndexes(): Promise<void> {
    await this.runs.createIndexes([
      // "The caller's most recent active run of this protocol" (next without runId).
      { key: { principalId: 1, stepUris: 1, updatedAt: -1 }, name: 'principal_step_recent' },
      { key: { space: 1, updatedAt: -1 }, name: 'space_recent' },
      { key: { status: 1, expiresAt: 1 }, name: 'status_expiry' },
      { key: { space: 1, createdAt: 1, _id: 1 }, name: 'space_created' },
      { key: { 'prompts._id': 1 }, name: 'prompt_id' },
      { key: { space: 1, 'prompts.status': 1 }, name: 'space_prompt_status' },
      { key: { 'pendingUsage.ratedAt': 1 }, name: 'usage_pending', sparse: true },
    ]);
  }

  async findRun(runId: string, spaces: readonly string[]): Promise<RunRecord | null> {
    return this.runs.findOne({ _id: runId, space: { $in: [...spaces] } });
  }

  /**
   * At most `limit` of a run's events with `seq` over `afterSeq`, in order, how many there are
   * in all past `afterSeq`, and the position of the first in the run's list of events; null when
   * the caller cannot read the run. Only the slice crosses the wire, so a replay holds one slice
   * of a long history at a time.
   */
  async findRunEventSlice(
    runId: string,
    spaces: readonly string[],
    afterSeq: number,
    limit: number,
  ): Promise<{ events: RunEventRecord[]; remaining: number; position: number } | null> {
    const [slice] = await this.runs
      .aggregate<{ events: RunEventRecord[]; remaining: number; position: number }>([
        { $match: { _id: runId, space: { $in: [...spaces] } } },
        {
          $project: {
            _id: 0,
            slice: {
              $let: {
                vars: { after: { $filter: { input: '$events', as: 'event', cond: { $gt: ['$$event.seq', afterSeq] } } } },
                in: {
                  events: { $slice: ['$$after', limit] },
                  remaining: { $size: '$$after' },
                  position: { $subtract: [{ $size: '$events' }, { $size: '$$after' }] },
                },
              },
            },
          },
        },
        { $replaceWith: '$slice' },
      ])
      .toArray();
    return slice ?? null;
  }

  /**
   * At most `limit` of a run's events from `position` in its list (as `findRunEventSlice` gave
   * it): a run's events are only ever appended, so a replay's next slice is addressed by position,
   * without filtering the whole history again for every slice. Null when the caller cannot read the run.
   */
  async findRunEventsAt(runId: string, spaces: readonly string[], position: number, limit: number): Promise<RunEventRecord[] | null> {
    const [slice] = await this.runs
      .aggregate<{ events: RunEventRecord[] }>([
        { $match: { _id: runId, space: { $in: [...spaces] } } },
        { $project: { _id: 0, events: { $slice: ['$events', position, limit] } } },
      ])
      .toArray();
    return slice?.events ?? null;
  }

  /** The space of a run the caller can read, without its steps, proofs and events (a subscription's check). */
  async findRunSpace(runId: string, spaces: readonly string[]): Promise<string | null> {
    const run = await this.runs.findOne({ _id: runId, space: { $in: [...spaces] } }, { projection: { space: 1 } });
    return run?.space ?? null;
  }

  /**
   * Whose run an id names and which steps it holds, in any space: a layer URI naming another
   * principal's run is refused as such even when that run's space is not readable by the caller.
   */
  async findRunOwnership(runId: string): Promise<Pick<RunRecord, 'principalId' | 'stepUris'> | null> {
    return this.runs.findOne({ _id: runId }, { projection: { principalId: 1, stepUris: 1 } });
  }

  async findLatestOpenRun(principalId: string, stepUri: string, spaces: readonly string[]): Promise<RunRecord | null> {
    return this.runs.findOne(
      { principalId, stepUris: stepUri, space: { $in: [...spaces] }, status: { $in: ['ACTIVE', 'COMPLETED'] } },
      { sort: { updatedAt: -1 } },
    );
  }

  /**
   * Writes one run transition in one command: the new run, or the update if nobody moved the run
   * since it was read (`version`). False when another call moved it first (reload and retry).
   */
  async commit(change: RunCommit): Promise<boolean> {
    const { update } = change;
    if (!update) {
      await this.runs.insertOne({ ...change.run, sizeBytes: jsonBytes(change.run) });
      return true;
    }
    const result = await this.runs.updateOne(
      { _id: change.run._id, version: change.run.version },
      {
        $set: {
          status: update.status,
          state: update.state,
          updatedAt: update.now,
          expiresAt: update.expiresAt,
          ...(update.prompts ? { prompts: update.prompts } : {}),
          ...(update.attestation !== undefined ? { attestation: update.attestation } : {}),
          ...(update.pendingUsage ? { pendingUsage: update.pendingUsage } : {}),
        },
        // The run's stored size (the response budget prices its transcript by it) grows with what is appended.
        $inc: { version: 1, eventSeq: update.newEvents.length, sizeBytes: jsonBytes(update.newProofs) + jsonBytes(update.newEvents) },
        $push: { proofs: { $each: update.newProofs }, events: { $each: update.newEvents } },
      },
    );
    return result.modifiedCount === 1;
  }

  /** The run holding a prompt, by prompt id alone: the service decides whether the viewer may see it. */
  async findRunWithPrompt(promptId: string): Promise<{ run: RunRecord; prompt: PromptRecord } | null> {
    const run = await this.runs.findOne({ 'prompts._id': promptId });
    const prompt = run?.prompts.find((candidate) => candidate._id === promptId);
    return run && prompt ? { run, prompt } : null;
  }

  /** A run's answered prompts, for who answered HUMAN proofs stored before proofs recorded it. */
  async answeredPrompts(runId: string): Promise<PromptRecord[]> {
    const run = await this.runs.findOne({ _id: runId }, { projection: { prompts: 1 } });
    return (run?.prompts ?? []).filter((prompt) => prompt.status === 'ANSWERED').sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  /** Open prompts in these spaces (of one run, if named), oldest first. */
  async openPrompts(spaces: readonly string[], runId?: string): Promise<PromptRecord[]> {
    const filter: Filter<RunRecord> = { space: { $in: [...spaces] }, 'prompts.status': 'OPEN' };
    if (runId) filter._id = runId;
    const runs = await this.runs.find(filter, { projection: { prompts: 1 } }).toArray();
    return runs
      .flatMap((run) => run.prompts.filter((prompt) => prompt.status === 'OPEN'))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  async listRuns(filter: RunListFilter, after: PagePosition | null, limit: number): Promise<RunRecord[]> {
    const query: Filter<RunRecord> = this.runFilter(filter);
    if (after) query.$or = [{ updatedAt: { $lt: after.at } }, { updatedAt: after.at, _id: { $gt: after.id } }];
    return this.runs.find(query, { sort: { updatedAt: -1, _id: 1 }, limit }).toArray();
  }

  async countRuns(filter: RunListFilter): Promise<number> {
    return this.runs.countDocuments(this.runFilter(filter));
  }

  async listRunsByCreation(filter: RunCreationFilter, after: PagePosition | null, limit: number): Promise<RunRecord[]> {
    const query = this.creationFilter(filter);
    if (after) query.$or = [{ createdAt: { $gt: after.at } }, { createdAt: after.at, _id: { $gt: after.id } }];
    return this.runs.find(query, { sort: { createdAt: 1, _id: 1 }, limit }).toArray();
  }

  async countRunsByCreation(filter: RunCreationFilter): Promise<number> {
    return this.runs.countDocuments(this.creationFilter(filter));
  }

  private creationFilter(filter: RunCreationFilter): Filter<RunRecord> {
    const query: Filter<RunRecord> = { space: { $in: filter.spaces } };
    if (filter.since) query.createdAt = { $gte: filter.since };
    return query;
  }

  /** Runs idle past their expiry, oldest first. */
  async findExpiredRuns(now: Date, limit: number): Promise<RunRecord[]> {
    return this.runs.find({ status: { $in: ['ACTIVE', 'COMPLETED'] }, expiresAt: { $lte: now } }, { limit }).toArray();
  }

  /** Attested runs whose usage is still to be counted (the attest that set it stopped before counting). */
  async findRunsWithPendingUsage(attestedBefore: Date, limit: number): Promise<RunRecord[]> {
    return this.runs.find({ 'pendingUsage.ratedAt': { $lte: attestedBefore.toISOString() } }, { limit }).toArray();
  }

  async clearPendingUsage(runId: string): Promise<void> {
    await this.runs.updateOne({ _id: runId, pendingUsage: { $exists: true } }, { $unset: { pendingUsage: '' } });
  }

  private runFilter(filter: RunListFilter): Filter<RunRecord> {
    const query: Filter<RunRecord> = { space: { $in: filter.spaces } };
    if (filter.status) query.status = filter.status;
    if (filter.chainId) query['protocol.chainId'] = filter.chainId;
    return query;
  }
}
