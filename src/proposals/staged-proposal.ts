/** A staged proposal as stored, and the request it replays on apply. */
import type { MemoryRecord } from '../store/memory-store.js';
import type { DocumentWrite } from '../store/project-memory-store.js';
import type { ProposalRecord } from '../store/proposal-store.js';
import { defaultMemorySchemaConfig, type MemorySchemaConfig, parseMemorySchemaConfig } from './category-schemas.js';
import { MEMORY_SCHEMA_CONFIG_PATH } from './intent-policy.js';
import { documentTitle } from './markdown-sections.js';
import type { DocumentChange, DocumentSnapshot, NormalizedRequest, Plan } from './proposal-pipeline.js';
import type { Routing } from './proposal-types.js';

/** The documents a proposal reads, by path (null: absent), plus the schema config document. */
export interface ProposalSnapshot {
  records: Map<string, MemoryRecord>;
  texts: DocumentSnapshot;
}

/** The paths a proposal reads: its own, and the schema config document that governs them. */
export function pathsToRead(paths: readonly string[]): string[] {
  return [...new Set([...paths, MEMORY_SCHEMA_CONFIG_PATH])];
}

/** The documents found for `paths` (see pathsToRead), with a null text for each one missing. */
export function snapshotOf(paths: readonly string[], found: readonly MemoryRecord[]): ProposalSnapshot {
  const records = new Map(found.map((record) => [record.path!, record]));
  const texts = new Map<string, string | null>(paths.map((path) => [path, records.get(path)?.text ?? null]));
  texts.set(MEMORY_SCHEMA_CONFIG_PATH, records.get(MEMORY_SCHEMA_CONFIG_PATH)?.text ?? null);
  return { records, texts };
}

/** The writes a plan makes, each conditional on the version the snapshot read. */
export function documentWrites(changes: readonly DocumentChange[], snapshot: ProposalSnapshot): DocumentWrite[] {
  return changes.map((change) => ({
    path: change.path,
    category: change.category,
    label: (change.path.endsWith('.md') ? documentTitle(change.after) : null) ?? change.path,
    text: change.after,
    expectedVersion: snapshot.records.get(change.path)?.version ?? null,
  }));
}

/** The schema config in force: the space's override when it parses, else the defaults. */
export function configOf(snapshot: { texts: DocumentSnapshot }): MemorySchemaConfig {
  const text = snapshot.texts.get(MEMORY_SCHEMA_CONFIG_PATH);
  if (!text) return defaultMemorySchemaConfig();
  const parsed = parseMemorySchemaConfig(text);
  // The override is validated before it is written; a document edited some other way falls back to the defaults.
  return 'config' in parsed ? parsed.config : defaultMemorySchemaConfig();
}

/** The request a staged proposal replays on apply (never the text it would have written then). */
export function requestOf(proposal: ProposalRecord): NormalizedRequest {
  const { intent, rationale, operations, categories, sources, confidence, owner } = proposal;
  return { intent, rationale, operations, categories, sources, confidence, owner };
}

/** Every path applying a staged proposal reads: what its operations touch and what its drift checks look at. */
export function pathsToReplay(proposal: ProposalRecord, operationPaths: readonly string[]): string[] {
  return [...new Set([...operationPaths, ...proposal.targets.map((target) => target.file)])];
}

export function stagedProposalRecord(args: {
  stagingId: string;
  space: string;
  request: NormalizedRequest;
  plan: Plan;
  routing: Routing;
  snapshot: ProposalSnapshot;
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
  return Object.fromEntries(Object.entries(op).filter(([, value]) => value !== null && value !== undefined)) as NormalizedRequest['operations'][number];
}
