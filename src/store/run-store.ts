import type { ClientSession, Collection, Db, Filter, MongoClient } from 'mongodb';
import type { AttestPayload } from '../runs/attest-payload.js';
import type { ProofRecord } from '../runs/proof-record.js';
import type { PagePosition } from './page-position.js';
import type { RunState } from '../runs/run-transitions.js';
import type { StepErrorCode } from '../runs/step-error-code.js';
import type { StepPayload } from '../runs/step-payload.js';
import type { AttestCount } from './usage-store.js';

export type RunStatus = 'ACTIVE' | 'COMPLETED' | 'ATTESTED' | 'EXPIRED';

export type RunEventType =
  | 'STARTED'
  | 'STEP_PROVEN'
  | 'STEP_FAILED'
  | 'PROOF_MISSING'
  | 'MAX_RETRIES'
  | 'PROMPT_ISSUED'
  | 'PROMPT_ANSWERED'
  | 'COMPLETED'
  | 'ATTESTED'
  | 'EXPIRED';

/** One proof the run received, settled (part of the hash chain) or a failed attempt. */
export interface StoredProof {
  record: ProofRecord;
  proofHash: string;
  settled: boolean;
  /** The answer given when this proof settled its step: resubmitting the same nonce gets it again. */
  response: StepPayload | null;
  /** The principal whose answerPrompt produced it (source HUMAN); absent for an agent's proof. */
  answeredBy?: string;
  /** The version of the step this proof proved (absent in proofs stored before history was kept). */
  stepVersion?: number;
  /** SHA-256 of the canonical JSON of the solution sent: a resubmission must match it (NONCE_REUSED otherwise). */
  solutionDigest?: string;
}

export interface RunRecord {
  _id: string;
  /** The protocol's space: who can read the protocol can see the run. */
  space: string;
  principalId: string;
  /** `version`: the protocol's declared version at begin (absent on runs begun before 0.2). */
  protocol: { chainId: string; label: string; slug: string; headUri: string; version?: string | null };
  /** Step URIs at begin, for "the caller's most recent run of this protocol". */
  stepUris: string[];
  status: RunStatus;
  /** The pure state machine's state (src/runs/run-transitions.ts), with the steps as they were at begin. */
  state: RunState;
  proofs: StoredProof[];
  attestation: AttestPayload | null;
  /** The attest still to be counted in `memory_usage`: set with the attest, removed once UsageStore counted it. */
  pendingUsage?: AttestCount;
  /** The last event sequence number used; events are numbered 1, 2, … per run. */
  eventSeq: number;
  /** Every write is conditional on it: concurrent calls advance a run exactly once. */
  version: number;
  createdAt: Date;
  updatedAt: Date;
  /** Idle runs expire: every write moves this forward. */
  expiresAt: Date;
}

export interface RunEventRecord {
  runId: string;
  seq: number;
  space: string;
  type: RunEventType;
  stepUri: string | null;
  stepIndex: number | null;
  stepCount: number;
  errorCode: StepErrorCode | null;
  message: string | null;
  at: Date;
}

export type PromptStatus = 'OPEN' | 'ANSWERED' | 'EXPIRED';

export interface PromptRecord {
  _id: string;
  runId: string;
  space: string;
  principalId: string;
  stepUri: string;
  stepIndex: number;
  protocolLabel: string;
  prompt: string;
  stepContent: string;
  requireHuman: boolean;
  status: PromptStatus;
  createdAt: Date;
  /** When the status last changed. */
  at: Date;
  answeredBy: string | null;
}

/** The fields a transition changes; written only if the run is still at the version read. */
export interface RunUpdate {
  status: RunStatus;
  state: RunState;
  newProofs: StoredProof[];
  attestation?: AttestPayload | null;
  /** The attest to count after the run commits (see RunRecord.pendingUsage). */
  pendingUsage?: AttestCount;
  now: Date;
  expiresAt: Date;
}

export interface PromptClosing {
  /** Only these prompts; all the run's open prompts when absent. */
  promptIds?: string[];
  status: Exclude<PromptStatus, 'OPEN'>;
  at: Date;
  by: string | null;
}

/** Everything one transition writes (see `RunStore.commit`). */
export interface RunCommit {
  run: RunRecord;
  /** Null: `run` is new and is inserted. */
  update: RunUpdate | null;
  events: RunEventRecord[];
  newPrompt: PromptRecord | null;
  closePrompts: PromptClosing | null;
}

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

/** Every MongoDB call on `runs`, `run_events` and `prompts`. */
export class RunStore {
  readonly runs: Collection<RunRecord>;
  readonly events: Collection<RunEventRecord>;
  readonly prompts: Collection<PromptRecord>;

  constructor(
    private readonly db: Db,
    private readonly client: MongoClient,
  ) {
    this.runs = db.collection<RunRecord>('runs');
    this.events = db.collection<RunEventRecord>('run_events');
    this.prompts = db.collection<PromptRecord>('prompts');
  }

  async ensureIndexes(): Promise<void> {
    await this.runs.createIndexes([
      // "The caller's most recent active run of this protocol" (next without runId).
      { key: { principalId: 1, stepUris: 1, updatedAt: -1 }, name: 'principal_step_recent' },
      { key: { space: 1, updatedAt: -1 }, name: 'space_recent' },
      { key: { status: 1, expiresAt: 1 }, name: 'status_expiry' },
      { key: { space: 1, createdAt: 1, _id: 1 }, name: 'space_created' },
      { key: { 'pendingUsage.ratedAt': 1 }, name: 'usage_pending', sparse: true },
    ]);
    await this.events.createIndexes([{ key: { runId: 1, seq: 1 }, name: 'run_seq', unique: true }]);
    await this.prompts.createIndexes([
      { key: { space: 1, status: 1, createdAt: 1 }, name: 'space_status' },
      { key: { runId: 1, status: 1 }, name: 'run_status' },
    ]);
  }

  async findRun(runId: string, spaces: readonly string[]): Promise<RunRecord | null> {
    return this.runs.findOne({ _id: runId, space: { $in: [...spaces] } });
  }

  async findLatestOpenRun(principalId: string, stepUri: string, spaces: readonly string[]): Promise<RunRecord | null> {
    return this.runs.findOne(
      { principalId, stepUris: stepUri, space: { $in: [...spaces] }, status: { $in: ['ACTIVE', 'COMPLETED'] } },
      { sort: { updatedAt: -1 } },
    );
  }

  /**
   * Writes one run transition atomically: the run (inserted, or updated if nobody moved it
   * since it was read), its events, a new prompt and the prompts it closes. Returns the prompts
   * it closed, or null when another call moved the run first (reload and retry).
   * One transaction, so a lost database never leaves a run ahead of its events.
   */
  async commit(change: RunCommit): Promise<PromptRecord[] | null> {
    const session = this.client.startSession();
    try {
      return await session.withTransaction(async () => {
        if (change.update) {
          const { update } = change;
          const result = await this.runs.updateOne(
            { _id: change.run._id, version: change.run.version },
            {
              $set: {
                status: update.status,
                state: update.state,
                updatedAt: update.now,
                expiresAt: update.expiresAt,
                ...(update.attestation !== undefined ? { attestation: update.attestation } : {}),
                ...(update.pendingUsage ? { pendingUsage: update.pendingUsage } : {}),
              },
              $inc: { version: 1, eventSeq: change.events.length },
              ...(update.newProofs.length > 0 ? { $push: { proofs: { $each: update.newProofs } } } : {}),
            },
            { session },
          );
          if (result.modifiedCount !== 1) return null;
        } else {
          await this.runs.insertOne(change.run, { session });
        }
        if (change.events.length > 0) await this.events.insertMany(change.events, { ordered: true, session });
        if (change.newPrompt) await this.prompts.insertOne(change.newPrompt, { session });
        return change.closePrompts ? this.closePrompts(change.run._id, change.closePrompts, session) : [];
      });
    } finally {
      await session.endSession();
    }
  }

  async eventsAfter(runId: string, afterSeq: number): Promise<RunEventRecord[]> {
    return this.events.find({ runId, seq: { $gt: afterSeq } }, { sort: { seq: 1 } }).toArray();
  }

  /** By id alone: the service decides whether the viewer may see it (readable, or reviewable by an admin). */
  async findPrompt(promptId: string): Promise<PromptRecord | null> {
    return this.prompts.findOne({ _id: promptId });
  }

  /** A run's answered prompts, for who answered HUMAN proofs stored before proofs recorded it. */
  async answeredPrompts(runId: string): Promise<PromptRecord[]> {
    return this.prompts.find({ runId, status: 'ANSWERED' }, { sort: { at: 1 } }).toArray();
  }

  async openPrompts(spaces: readonly string[], runId?: string): Promise<PromptRecord[]> {
    const filter: Filter<PromptRecord> = { space: { $in: [...spaces] }, status: 'OPEN' };
    if (runId) filter.runId = runId;
    return this.prompts.find(filter, { sort: { createdAt: 1 } }).toArray();
  }

  /** Closes a run's open prompts (the named ones, or all); returns the ones that changed. */
  private async closePrompts(runId: string, close: PromptClosing, session: ClientSession): Promise<PromptRecord[]> {
    const query: Filter<PromptRecord> = { runId, status: 'OPEN' };
    if (close.promptIds) query._id = { $in: close.promptIds };
    const open = await this.prompts.find(query, { session }).toArray();
    if (open.length === 0) return [];
    const change = { status: close.status, at: close.at, answeredBy: close.by };
    await this.prompts.updateMany({ _id: { $in: open.map((prompt) => prompt._id) }, status: 'OPEN' }, { $set: change }, { session });
    return open.map((prompt) => ({ ...prompt, ...change }));
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
