import type { ClientSession, Collection, Db, Filter } from 'mongodb';
import type { PagePosition } from './page-position.js';
import type { DriftTarget, NormalizedRequest, Plan } from '../proposals/proposal-pipeline.js';
import type { DocumentsSnapshot } from './project-memory-store.js';
import { jsonBytes } from './stored-size.js';
import type {
  AffectedSection,
  Confidence,
  ProjectCategory,
  ProposalIntent,
  ProposalOperation,
  ProposalOwner,
  ProposalReason,
  ProposalSource,
  ProposalStatus,
  Routing,
} from '../proposals/proposal-types.js';

export type { ProposalStatus };

/** A staged proposal and, once decided, how it ended. Only proposals that passed every check are stored. */
export interface ProposalRecord {
  /** The staging id. */
  _id: string;
  space: string;
  status: ProposalStatus;
  intent: ProposalIntent;
  rationale: string | null;
  confidence: Confidence;
  sources: ProposalSource[];
  owner: ProposalOwner | null;
  /** Normalized operations (SESSION_LOG paths already rewritten), replayed on apply. */
  operations: ProposalOperation[];
  categories: ProjectCategory[];
  files: string[];
  routing: Routing;
  /** What the reviewer saw: section hashes and existence checks, from the pre-state. */
  targets: DriftTarget[];
  /** Version of each document when the proposal was staged (null: it did not exist). */
  baseVersions: { file: string; version: number | null }[];
  affectedSections: AffectedSection[];
  proposedBy: string;
  stagedAt: Date;
  expiresAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
  decisionReason: ProposalReason | null;
  /** The reviewer's words on a rejection. */
  decisionNote: string | null;
  appliedAt: Date | null;
  /** JSON bytes of the operations, for the per-principal cap on staged proposals (absent before 0.3: counted as 0). */
  sizeBytes?: number;
}

export interface ProposalListFilter {
  spaces: string[];
  status?: ProposalStatus | null;
}

/** Every MongoDB call on the `proposals` collection lives here. */
export class ProposalStore {
  private readonly collection: Collection<ProposalRecord>;

  constructor(db: Db) {
    this.collection = db.collection<ProposalRecord>('proposals');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndexes([
      // `proposals(status, first, after)`: newest first.
      { key: { space: 1, status: 1, stagedAt: -1, _id: -1 }, name: 'space_status_staged' },
      // The expiry sweep.
      { key: { status: 1, expiresAt: 1 }, name: 'status_expires' },
      // The per-principal cap on staged proposals.
      { key: { proposedBy: 1, status: 1 }, name: 'proposer_status' },
    ]);
  }

  async insert(record: ProposalRecord, session?: ClientSession): Promise<void> {
    await this.collection.insertOne({ ...record, sizeBytes: jsonBytes(record.operations) }, { session });
  }

  /** What one principal has staged and not yet decided or expired: how many, and their bytes. */
  async pendingOf(principalId: string, now: Date): Promise<{ count: number; bytes: number }> {
    const [pending] = await this.collection
      .aggregate<{ count: number; bytes: number }>([
        { $match: { proposedBy: principalId, status: 'STAGED', expiresAt: { $gt: now } } },
        { $group: { _id: null, count: { $sum: 1 }, bytes: { $sum: { $ifNull: ['$sizeBytes', 0] } } } },
      ])
      .toArray();
    return { count: pending?.count ?? 0, bytes: pending?.bytes ?? 0 };
  }

  async findById(id: string, spaces: readonly string[], session?: ClientSession): Promise<ProposalRecord | null> {
    return this.collection.findOne({ _id: id, space: { $in: [...spaces] } }, { session });
  }

  /** By id alone: the service checks that the reviewer may act in its space. */
  async findByIdInAnySpace(id: string): Promise<ProposalRecord | null> {
    return this.collection.findOne({ _id: id });
  }

  /** Moves a STAGED proposal on; false when it was no longer staged (someone else decided first). */
  async decide(
    id: string,
    change: Partial<ProposalRecord> & { status: ProposalStatus },
    session?: ClientSession,
  ): Promise<ProposalRecord | null> {
    return this.collection.findOneAndUpdate({ _id: id, status: 'STAGED' }, { $set: change }, { session, returnDocument: 'after' });
  }

  /** Newest first; `after` is the last proposal of the previous page. */
  async page(filter: ProposalListFilter, after: PagePosition | null, limit: number): Promise<ProposalRecord[]> {
    const query = this.listFilter(filter);
    if (after) query.$or = [{ stagedAt: { $lt: after.at } }, { stagedAt: after.at, _id: { $lt: after.id } }];
    return this.collection.find(query, { sort: { stagedAt: -1, _id: -1 }, limit }).toArray();
  }

  async count(filter: ProposalListFilter): Promise<number> {
    return this.collection.countDocuments(this.listFilter(filter));
  }

  async findExpired(now: Date, limit: number, spaces?: readonly string[]): Promise<ProposalRecord[]> {
    const query: Filter<ProposalRecord> = { status: 'STAGED', expiresAt: { $lte: now } };
    if (spaces) query.space = { $in: [...spaces] };
    return this.collection.find(query, { sort: { expiresAt: 1 }, limit }).toArray();
  }

  private listFilter(filter: ProposalListFilter): Filter<ProposalRecord> {
    const query: Filter<ProposalRecord> = { space: { $in: filter.spaces } };
    if (filter.status) query.status = filter.status;
    return query;
  }
}

/** The request a staged proposal replays on apply (never the text it would have written then). */
export function requestOf(proposal: ProposalRecord): NormalizedRequest {
  const { intent, rationale, operations, categories, sources, confidence, owner } = proposal;
  return { intent, rationale, operations, categories, sources, confidence, owner };
}

export function stagedProposalRecord(args: {
  stagingId: string;
  space: string;
  request: NormalizedRequest;
  plan: Plan;
  routing: Routing;
  snapshot: DocumentsSnapshot;
  proposedBy: string;
  now: Date;
  ttlSeconds: number;
}): ProposalRecord {
  const { request, plan, snapshot, now } = args;
  const files = plan.changes.map((change) => change.path);
  return {
    _id: args.stagingId,
    space: args.space,
    status: 'STAGED',
    intent: request.intent,
    rationale: request.rationale,
    confidence: request.confidence,
    sources: request.sources.map((source) => ({ type: source.type, ref: source.ref ?? null })),
    owner: request.owner ? { id: request.owner.id ?? null, kind: request.owner.kind ?? null } : null,
    operations: request.operations.map(compactOperation),
    categories: request.categories,
    files,
    routing: args.routing,
    targets: plan.targets,
    baseVersions: files.map((file) => ({ file, version: snapshot.records.get(file)?.version ?? null })),
    affectedSections: plan.affectedSections,
    proposedBy: args.proposedBy,
    stagedAt: now,
    expiresAt: new Date(now.getTime() + args.ttlSeconds * 1000),
    decidedAt: null,
    decidedBy: null,
    decisionReason: null,
    decisionNote: null,
    appliedAt: null,
  };
}

/** Drops unset fields so the stored operations read like what the agent meant. */
function compactOperation(op: NormalizedRequest['operations'][number]): NormalizedRequest['operations'][number] {
  return Object.fromEntries(
    Object.entries(op).filter(([, value]) => value !== null && value !== undefined),
  ) as NormalizedRequest['operations'][number];
}
