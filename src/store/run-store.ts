import type { AnyBulkWriteOperation, ClientSession, Collection, Db, Filter, MongoClient } from 'mongodb';
import type { AttestPayload } from '../runs/attest-payload.js';
import type { ProofRecord } from '../runs/proof-record.js';
import type { PagePosition } from './page-position.js';
import type { RunState } from '../runs/run-transitions.js';
import type { StepErrorCode } from '../runs/step-error-code.js';
import type { StepPayload } from '../runs/step-payload.js';

import type { PromptStatus, RunEventType, RunStatus } from '../runs/run-enums.js';

export type { PromptStatus, RunEventType, RunStatus };

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

/**
 * How one space has used one memory (a protocol step or head): runs in that space count here,
 * so a tenant's runs of a shared protocol never write into the shared document. `_id` is
 * `<memoryId>|<space>`.
 */
export interface MemoryUsageRecord {
  _id: string;
  memoryId: string;
  space: string;
  proofs?: { attempts: number; successes: number; failures: number };
  attests?: { attempts: number; successes: number; failures: number };
  qualityBonus?: number;
  lastRatedAt?: string;
  /** The attester's llmModelId (at most TEXT_LIMITS.llmModelId characters). */
  lastRater?: string;
}

/** What an attest counts on the steps (their proofs) and on the attested step and the head. */
export interface QualityChange {
  /** Per step URI: settled proofs by outcome. */
  proofCounts: Map<string, { successes: number; failures: number }>;
  attest: { uris: string[]; success: boolean; bonus: number; ratedAt: string; rater: string };
}

/** Everything one transition writes (see `RunStore.commit`). */
export interface RunCommit {
  run: RunRecord;
  /** Null: `run` is new and is inserted. */
  update: RunUpdate | null;
  events: RunEventRecord[];
  newPrompt: PromptRecord | null;
  closePrompts: PromptClosing | null;
  /** Quality counters, counted with $inc so concurrent attests never lose one. */
  quality?: QualityChange;
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

/** Every MongoDB call on `runs`, `run_events`, `prompts` and `memory_usage` (the counters an attest adds). */
export class RunStore {
  readonly runs: Collection<RunRecord>;
  readonly events: Collection<RunEventRecord>;
  readonly prompts: Collection<PromptRecord>;
  readonly usage: Collection<MemoryUsageRecord>;

  constructor(
    private readonly db: Db,
    private readonly client: MongoClient,
  ) {
    this.runs = db.collection<RunRecord>('runs');
    this.events = db.collection<RunEventRecord>('run_events');
    this.prompts = db.collection<PromptRecord>('prompts');
    this.usage = db.collection<MemoryUsageRecord>('memory_usage');
  }

  async ensureIndexes(): Promise<void> {
    await this.runs.createIndexes([
      // "The caller's most recent active run of this protocol" (next without runId).
      { key: { principalId: 1, stepUris: 1, updatedAt: -1 }, name: 'principal_step_recent' },
      { key: { space: 1, updatedAt: -1 }, name: 'space_recent' },
      { key: { status: 1, expiresAt: 1 }, name: 'status_expiry' },
      { key: { space: 1, createdAt: 1, _id: 1 }, name: 'space_created' },
    ]);
    await this.events.createIndexes([{ key: { runId: 1, seq: 1 }, name: 'run_seq', unique: true }]);
    await this.usage.createIndexes([{ key: { memoryId: 1, space: 1 }, name: 'memory_space' }]);
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
        if (change.quality) await this.recordQuality(change.run.space, change.quality.proofCounts, change.quality.attest, session);
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

  /**
   * Counts each settled proof on its step and the attest on the attested step and the protocol
   * head, in `memory_usage` under the run's own space (never in the memory, which may be a
   * shared or read-only one). Counters use $inc so concurrent attests never lose a count; no
   * free text from the run is kept there but the rater's model id (bounded).
   */
  async recordQuality(space: string, proofCounts: QualityChange['proofCounts'], attest: QualityChange['attest'], session?: ClientSession): Promise<void> {
    const operations: AnyBulkWriteOperation<MemoryUsageRecord>[] = [];
    const upsert = (uri: string, update: Record<string, unknown>) => {
      const memoryId = memoryIdOf(uri);
      operations.push({ updateOne: { filter: { _id: `${memoryId}|${space}` }, update: { ...update, $setOnInsert: { memoryId, space } } as never, upsert: true } });
    };
    for (const [uri, counts] of proofCounts) {
      upsert(uri, { $inc: { 'proofs.attempts': counts.successes + counts.failures, 'proofs.successes': counts.successes, 'proofs.failures': counts.failures } });
    }
    for (const uri of attest.uris) {
      upsert(uri, {
        $inc: { 'attests.attempts': 1, [`attests.${attest.success ? 'successes' : 'failures'}`]: 1, qualityBonus: attest.bonus },
        $set: { lastRatedAt: attest.ratedAt, lastRater: attest.rater },
      });
    }
    if (operations.length > 0) await this.usage.bulkWrite(operations, { ordered: false, session });
  }

  private runFilter(filter: RunListFilter): Filter<RunRecord> {
    const query: Filter<RunRecord> = { space: { $in: filter.spaces } };
    if (filter.status) query.status = filter.status;
    if (filter.chainId) query['protocol.chainId'] = filter.chainId;
    return query;
  }
}

/** Memory ids are the last segment of their `kairos://mem/{id}` URI (the `_id` index finds them). */
function memoryIdOf(uri: string): string {
  return uri.slice(uri.lastIndexOf('/') + 1);
}
