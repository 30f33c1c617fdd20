import type { Viewer } from '../auth/viewer.js';
import { canReviewIn, hasRole } from '../auth/viewer.js';
import type { EventBus } from '../events/event-bus.js';
import type { ProposalEvent } from '../events/topics.js';
import { defaultMemorySchemaConfig, type MemorySchemaConfig, parseMemorySchemaConfig } from '../proposals/category-schemas.js';
import { unifiedDiff } from '../proposals/diff.js';
import { categoryOfPath, MEMORY_SCHEMA_CONFIG_PATH, pathProblem, STANDARD_DOCUMENTS } from '../proposals/intent-policy.js';
import { documentTitle } from '../proposals/markdown-sections.js';
import {
  checkDrift,
  checkPolicy,
  type DocumentChange,
  type DocumentSnapshot,
  type Drift,
  type NormalizedRequest,
  normalizeRequest,
  pathsOf,
  type Plan,
  planChanges,
  type ProposalRequest,
  type Rejection,
} from '../proposals/proposal-pipeline.js';
import type { AffectedSection, ProposalReason, Routing, SchemaViolation } from '../proposals/proposal-types.js';
import { type SecretFinding, scanText } from '../proposals/secret-scan.js';
import { newStagingId } from '../proposals/staging-id.js';
import type { AuditAction, AuditStore } from '../store/audit-store.js';
import type { MemoryRecord } from '../store/memory-store.js';
import { ConcurrentDocumentWriteError, type ProjectMemoryStore } from '../store/project-memory-store.js';
import type { ProposalRecord, ProposalStatus, ProposalStore } from '../store/proposal-store.js';
import { checkText, MAX_PROPOSAL_PAGE_SIZE } from '../limits.js';
import { RequestError } from './errors.js';
import { decodeCursor, type Page, pageSize, toPage } from './page.js';
import { resolveWriteSpace } from './protocol-service.js';

export interface ProposeUpdateInput extends ProposalRequest {
  /** Target space; omitted or "personal" means your own. */
  space?: string | null;
}

/** What proposeUpdate, applyProposal and rejectProposal return: a rejection is data. */
export interface ProposeUpdateResult {
  status: 'APPLIED' | 'STAGED' | 'REJECTED';
  reason: ProposalReason | null;
  message: string;
  routing: Routing | null;
  stagingId: string | null;
  files: string[];
  findings: SecretFinding[];
  violations: SchemaViolation[];
  provenanceViolations: string[];
  drift: Drift[];
  appliedAt: Date | null;
  affectedSections: AffectedSection[];
  indexUpdated: boolean;
  warnings: string[];
  stagingTtlSeconds: number | null;
  humanApprovalRequired: boolean;
  reviewCommand: string | null;
}

/** What a reviewer sees of a staged proposal now: the diff apply would write, or why it would not. */
export interface ProposalPreview {
  diff: string | null;
  blockedBy: { reason: ProposalReason; message: string } | null;
}

export type ProposalPage = Page<ProposalRecord>;

export interface ProposalServiceOptions {
  /**
   * Reviewers must differ from the proposer. Off while every request runs as the single local
   * principal (applying your own proposal must work there); switched on with authentication.
   */
  separateReviewer: boolean;
  now?: () => Date;
}

/** The command a person runs to review a staged proposal (`bin` of this package). */
export function reviewCommandFor(stagingId: string): string {
  return `kairos-graphql proposals review ${stagingId}`;
}

type WrittenDocument = { record: MemoryRecord; created: boolean };

type ProposeOutcome =
  | { kind: 'rejected'; rejection: Rejection }
  | { kind: 'applied'; plan: Plan; routing: Routing; written: WrittenDocument[]; warnings: string[] }
  | { kind: 'staged'; record: ProposalRecord; ttl: number; warnings: string[] };

type ApplyOutcome = { kind: 'gone' } | { kind: 'blocked'; blocked: Rejection; drift: Drift[] } | { kind: 'applied'; plan: Plan; written: WrittenDocument[] };

const MAX_ATTEMPTS = 3;
const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = MAX_PROPOSAL_PAGE_SIZE;
const ALLOW_MARKER = /<!--\s*@secret-scan:\s*allow\b/g;

/**
 * Proposals: agents propose structured edits to project-memory documents; safe ones apply at
 * once, the rest are staged for a person (reference: propose-update-behaviour.md, with its gaps
 * fixed). Checks run in a fixed order (src/proposals/proposal-pipeline.ts); every write of
 * documents, proposal and audit entry happens in one transaction.
 */
export class ProposalService {
  private readonly seededSpaces = new Set<string>();
  private readonly now: () => Date;

  constructor(
    private readonly documents: ProjectMemoryStore,
    private readonly proposals: ProposalStore,
    private readonly audit: AuditStore,
    private readonly events: EventBus,
    private readonly options: ProposalServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async proposeUpdate(viewer: Viewer, input: ProposeUpdateInput): Promise<ProposeUpdateResult> {
    const now = this.now();
    const space = resolveWriteSpace(viewer, input.space);
    const normalized = normalizeRequest(input, now);
    if ('reason' in normalized) {
      const files = [...new Set((input.operations ?? []).map((op) => op.file))];
      return this.rejected(normalized, { viewer, space, action: 'PROPOSE', intent: input.intent, files, stagingId: null });
    }
    await this.ensureSeeded(space, viewer.principalId, now);

    const outcome = await this.retryOnConflict(() =>
      this.documents.withTransaction(async (session): Promise<ProposeOutcome> => {
        const snapshot = await this.snapshot(space, pathsOf(normalized), session);
        const config = configOf(snapshot);
        const plan = planChanges(normalized, snapshot.texts, config);
        if ('reason' in plan) return { kind: 'rejected', rejection: plan };
        const policy = checkPolicy(normalized, config);
        if ('reason' in policy) return { kind: 'rejected', rejection: policy };
        const files = plan.changes.map((change) => change.path);
        const warnings = allowlistWarnings(plan.changes);

        if (policy.routing.mode === 'APPLY') {
          const written = await this.writeChanges(space, plan.changes, snapshot, null, viewer.principalId, now, session);
          await this.audit.record(auditEntry(viewer, 'PROPOSE', space, null, normalized.intent, files, 'APPLIED', null, 0, now), session);
          return { kind: 'applied', plan, routing: policy.routing, written, warnings };
        }

        const stagingId = newStagingId(now, normalized.intent, normalized.rationale);
        const record: ProposalRecord = {
          _id: stagingId,
          space,
          status: 'STAGED',
          intent: normalized.intent,
          rationale: normalized.rationale,
          confidence: normalized.confidence,
          sources: normalized.sources.map((source) => ({ type: source.type, ref: source.ref ?? null })),
          owner: normalized.owner ? { id: normalized.owner.id ?? null, kind: normalized.owner.kind ?? null } : null,
          operations: normalized.operations.map(compactOperation),
          categories: normalized.categories,
          files,
          routing: policy.routing,
          targets: plan.targets,
          baseVersions: files.map((file) => ({ file, version: snapshot.records.get(file)?.version ?? null })),
          affectedSections: plan.affectedSections,
          proposedBy: viewer.principalId,
          stagedAt: now,
          expiresAt: new Date(now.getTime() + config.stagingTtlSeconds * 1000),
          decidedAt: null,
          decidedBy: null,
          decisionReason: null,
          decisionNote: null,
          appliedAt: null,
        };
        await this.proposals.insert(record, session);
        await this.audit.record(auditEntry(viewer, 'PROPOSE', space, stagingId, normalized.intent, files, 'STAGED', null, 0, now), session);
        return { kind: 'staged', record, ttl: config.stagingTtlSeconds, warnings };
      }),
    );

    if (outcome.kind === 'rejected') {
      const files = [...new Set(normalized.operations.map((op) => op.file))];
      return this.rejected(outcome.rejection, { viewer, space, action: 'PROPOSE', intent: normalized.intent, files, stagingId: null });
    }
    if (outcome.kind === 'applied') {
      const { plan, routing, written, warnings } = outcome;
      this.publishWrites(written, now);
      return {
        ...emptyResult('APPLIED', `Memory updated: ${plan.changes.map((change) => change.path).join(', ')}`),
        routing,
        files: plan.changes.map((change) => change.path),
        appliedAt: now,
        affectedSections: plan.affectedSections,
        indexUpdated: true,
        warnings,
      };
    }
    const { record, ttl, warnings } = outcome;
    this.publishProposal('STAGED', record, null, now);
    return {
      ...emptyResult('STAGED', `Memory update staged; human approval required by policy. Review with: ${reviewCommandFor(record._id)}`),
      routing: record.routing,
      stagingId: record._id,
      files: record.files,
      affectedSections: record.affectedSections,
      warnings,
      stagingTtlSeconds: ttl,
      humanApprovalRequired: true,
      reviewCommand: reviewCommandFor(record._id),
    };
  }

  /**
   * Replays the staged operations on the current documents (never copies what was staged, so
   * concurrent changes to other sections survive). A section that changed since staging is
   * TARGET_DRIFT: nothing is written and the proposal stays staged.
   */
  async applyProposal(viewer: Viewer, id: string): Promise<ProposeUpdateResult> {
    requireReviewer(viewer);
    const now = this.now();
    const found = await this.findStaged(viewer, id, now);
    if ('result' in found) return found.result;
    const proposal = found.proposal;
    if (this.options.separateReviewer && proposal.proposedBy === viewer.principalId) {
      throw new RequestError('FORBIDDEN', 'A proposal must be applied by someone other than its proposer');
    }
    const request = requestOf(proposal);

    const outcome = await this.retryOnConflict(() =>
      this.documents.withTransaction(async (session): Promise<ApplyOutcome> => {
        const snapshot = await this.snapshot(proposal.space, [...new Set([...pathsOf(request), ...proposal.targets.map((target) => target.file)])], session);
        const drift = checkDrift(proposal.targets, snapshot.texts);
        if (drift.length > 0) {
          return { kind: 'blocked', blocked: { reason: 'TARGET_DRIFT', message: `${drift.length} target(s) changed since the proposal was staged` }, drift };
        }
        const plan = planChanges(request, snapshot.texts, configOf(snapshot));
        if ('reason' in plan) return { kind: 'blocked', blocked: plan, drift: [] };
        const decided = await this.proposals.decide(
          proposal._id,
          { status: 'APPLIED', decidedAt: now, decidedBy: viewer.principalId, appliedAt: now, affectedSections: plan.affectedSections },
          session,
        );
        if (!decided) return { kind: 'gone' };
        const written = await this.writeChanges(proposal.space, plan.changes, snapshot, proposal._id, viewer.principalId, now, session);
        const files = plan.changes.map((change) => change.path);
        await this.audit.record(auditEntry(viewer, 'APPLY', proposal.space, proposal._id, proposal.intent, files, 'APPLIED', null, 0, now), session);
        return { kind: 'applied', plan, written };
      }),
    );

    if (outcome.kind === 'gone') return notStaged(id, 'was decided by someone else just now');
    if (outcome.kind === 'blocked') {
      const { blocked } = outcome;
      await this.audit.record(
        auditEntry(viewer, 'APPLY', proposal.space, proposal._id, proposal.intent, proposal.files, 'STAGED', blocked.reason, blocked.findings?.length ?? 0, now),
      );
      return {
        ...emptyResult('STAGED', `Not applied: ${blocked.message}. The proposal stays staged; review it again or reject it.`),
        reason: blocked.reason,
        routing: proposal.routing,
        stagingId: proposal._id,
        files: proposal.files,
        findings: blocked.findings ?? [],
        violations: blocked.violations ?? [],
        drift: outcome.drift,
        stagingTtlSeconds: Math.max(0, Math.round((proposal.expiresAt.getTime() - now.getTime()) / 1000)),
        humanApprovalRequired: true,
        reviewCommand: reviewCommandFor(proposal._id),
      };
    }
    const { plan, written } = outcome;
    this.publishWrites(written, now);
    this.publishProposal('APPLIED', proposal, null, now);
    return {
      ...emptyResult('APPLIED', `Proposal ${proposal._id} applied: ${plan.changes.map((change) => change.path).join(', ')}`),
      routing: proposal.routing,
      stagingId: proposal._id,
      files: plan.changes.map((change) => change.path),
      appliedAt: now,
      affectedSections: plan.affectedSections,
      indexUpdated: true,
      warnings: allowlistWarnings(plan.changes),
    };
  }

  async rejectProposal(viewer: Viewer, id: string, reason: string): Promise<ProposeUpdateResult> {
    requireReviewer(viewer);
    const note = reason.trim();
    if (note === '') throw new RequestError('BAD_USER_INPUT', 'reason must not be empty');
    checkText('rejectReason', note, { name: 'reason' });
    const scan = scanText(note, 'reason', { piiScan: true, piiScanEmail: false, allowlist: false, limits: defaultMemorySchemaConfig().security.allowlistLimits });
    if (!('error' in scan) && scan.findings.length > 0) {
      // The note is stored and audited: it must not carry a secret either.
      throw new RequestError('BAD_USER_INPUT', `reason looks like it holds a secret (${scan.findings.map((finding) => finding.type).join(', ')}); rephrase it`);
    }
    const now = this.now();
    const found = await this.findStaged(viewer, id, now);
    if ('result' in found) return found.result;
    const proposal = found.proposal;
    const decided = await this.documents.withTransaction(async (session) => {
      const record = await this.proposals.decide(
        proposal._id,
        { status: 'REJECTED', decidedAt: now, decidedBy: viewer.principalId, decisionReason: 'USER_REJECTED', decisionNote: note },
        session,
      );
      if (record) await this.audit.record(auditEntry(viewer, 'REJECT', proposal.space, proposal._id, proposal.intent, proposal.files, 'REJECTED', 'USER_REJECTED', 0, now), session);
      return record;
    });
    if (!decided) return notStaged(id, 'was decided by someone else just now');
    this.publishProposal('REJECTED', proposal, 'USER_REJECTED', now);
    return {
      ...emptyResult('REJECTED', note),
      reason: 'USER_REJECTED',
      routing: proposal.routing,
      stagingId: proposal._id,
      files: proposal.files,
    };
  }

  /** Marks every staged proposal past its expiry EXPIRED (audited, announced); returns how many. */
  async expireStaleProposals(now: Date = this.now(), spaces?: readonly string[]): Promise<number> {
    const stale = await this.proposals.findExpired(now, 500, spaces);
    let expired = 0;
    for (const proposal of stale) if (await this.expire(proposal, now)) expired++;
    return expired;
  }

  async proposal(viewer: Viewer, id: string): Promise<ProposalRecord | null> {
    const found = await this.proposals.findByIdInAnySpace(id);
    const record = found && (viewer.readableSpaces.includes(found.space) || canReviewIn(viewer, found.space)) ? found : null;
    if (record && record.status === 'STAGED' && record.expiresAt <= this.now()) {
      await this.expire(record, this.now());
      return this.proposals.findByIdInAnySpace(id);
    }
    return record;
  }

  async proposalPage(viewer: Viewer, args: { status?: ProposalStatus | null; first?: number | null; after?: string | null }): Promise<ProposalPage> {
    const size = pageSize(args.first, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
    await this.expireStaleProposals(this.now(), viewer.readableSpaces);
    const filter = { spaces: viewer.readableSpaces, status: args.status ?? null };
    const after = args.after ? decodeCursor(args.after) : null;
    const rows = await this.proposals.page(filter, after, size + 1);
    return toPage(rows, size, after, (record) => ({ at: record.stagedAt, id: record._id }), () => this.proposals.count(filter));
  }

  /** The diff applying a staged proposal would write now, or what would stop it. */
  async preview(proposal: ProposalRecord): Promise<ProposalPreview> {
    if (proposal.status !== 'STAGED') return { diff: null, blockedBy: null };
    const request = requestOf(proposal);
    const snapshot = await this.snapshot(proposal.space, [...new Set([...pathsOf(request), ...proposal.targets.map((target) => target.file)])]);
    const drift = checkDrift(proposal.targets, snapshot.texts);
    const plan = planChanges(request, snapshot.texts, configOf(snapshot));
    const blockedBy =
      drift.length > 0
        ? { reason: 'TARGET_DRIFT' as const, message: drift.map((item) => `${item.file}${item.sectionId ? `#${item.sectionId}` : ''}: expected ${item.expected}, found ${item.found}`).join('; ') }
        : 'reason' in plan
          ? { reason: plan.reason, message: plan.message }
          : null;
    if ('reason' in plan) return { diff: null, blockedBy };
    return { diff: plan.changes.map((change) => unifiedDiff(change.path, change.before, change.after)).join(''), blockedBy };
  }

  /** Seeds `conventions.md`, `decisions.md` and `pitfalls.md` (a title each) on first use of a space. */
  async ensureSeeded(space: string, principalId: string, now: Date = this.now()): Promise<void> {
    if (this.seededSpaces.has(space)) return;
    const created = await this.documents.seed(space, STANDARD_DOCUMENTS, principalId, now);
    this.seededSpaces.add(space);
    for (const record of created) this.events.publish('memory', space, { type: 'MINTED', uri: record.uri, space, version: record.version, at: now.toISOString() });
  }

  private async findStaged(viewer: Viewer, id: string, now: Date): Promise<{ proposal: ProposalRecord } | { result: ProposeUpdateResult }> {
    const found = await this.proposals.findByIdInAnySpace(id);
    const proposal = found && (viewer.readableSpaces.includes(found.space) || canReviewIn(viewer, found.space)) ? found : null;
    if (!proposal) return { result: notStaged(id, 'does not exist') };
    if (!canReviewIn(viewer, proposal.space)) throw new RequestError('FORBIDDEN', `Space ${proposal.space} is read-only for you`);
    if (proposal.status === 'STAGED' && proposal.expiresAt <= now) {
      await this.expire(proposal, now);
      return {
        result: {
          ...emptyResult('REJECTED', `Proposal ${id} expired at ${proposal.expiresAt.toISOString()}; propose it again`),
          reason: 'TTL_EXPIRED',
          stagingId: id,
          files: proposal.files,
          routing: proposal.routing,
        },
      };
    }
    if (proposal.status !== 'STAGED') {
      const result = notStaged(id, `is ${proposal.status}`);
      return { result: { ...result, stagingId: id, files: proposal.files, routing: proposal.routing } };
    }
    return { proposal };
  }

  private async expire(proposal: ProposalRecord, now: Date): Promise<boolean> {
    const expired = await this.documents.withTransaction(async (session) => {
      const record = await this.proposals.decide(proposal._id, { status: 'EXPIRED', decidedAt: now, decidedBy: 'system', decisionReason: 'TTL_EXPIRED' }, session);
      if (record) {
        await this.audit.record(
          { at: now, actor: 'system', action: 'EXPIRE', space: proposal.space, stagingId: proposal._id, intent: proposal.intent, files: proposal.files, outcome: 'EXPIRED', reason: 'TTL_EXPIRED', findingCount: 0 },
          session,
        );
      }
      return record;
    });
    if (expired) this.publishProposal('EXPIRED', proposal, 'TTL_EXPIRED', now);
    return expired !== null;
  }

  private async rejected(
    rejection: Rejection,
    context: { viewer: Viewer; space: string; action: AuditAction; intent: string; files: string[]; stagingId: string | null },
  ): Promise<ProposeUpdateResult> {
    const now = this.now();
    // What an agent sent may be anything: only well-formed, clean paths and a known intent reach the audit.
    const files = context.files.filter((file) => pathProblem(file) === null && categoryOfPath(file) !== null && !holdsSecret(file));
    const intent = rejection.reason === 'INVALID_INTENT' ? null : context.intent;
    await this.audit.record(
      auditEntry(context.viewer, context.action, context.space, context.stagingId, intent, files, 'REJECTED', rejection.reason, rejection.findings?.length ?? 0, now),
    );
    return {
      ...emptyResult('REJECTED', rejection.message),
      reason: rejection.reason,
      routing: rejection.routing ?? null,
      files,
      findings: rejection.findings ?? [],
      violations: rejection.violations ?? [],
      provenanceViolations: rejection.provenanceViolations ?? [],
    };
  }

  private async snapshot(space: string, paths: readonly string[], session?: Parameters<ProjectMemoryStore['findByPaths']>[2]) {
    const records = await this.documents.findByPaths(space, [...new Set([...paths, MEMORY_SCHEMA_CONFIG_PATH])], session);
    const byPath = new Map(records.map((record) => [record.path!, record]));
    const texts = new Map<string, string | null>(paths.map((path) => [path, byPath.get(path)?.text ?? null]));
    texts.set(MEMORY_SCHEMA_CONFIG_PATH, byPath.get(MEMORY_SCHEMA_CONFIG_PATH)?.text ?? null);
    return { records: byPath, texts: texts as DocumentSnapshot };
  }

  private async writeChanges(
    space: string,
    changes: readonly DocumentChange[],
    snapshot: { records: Map<string, MemoryRecord> },
    /** The staged proposal applied; null when a proposal applies as it is proposed. */
    proposalId: string | null,
    principalId: string,
    now: Date,
    session: Parameters<ProjectMemoryStore['write']>[5],
  ) {
    return this.documents.write(
      space,
      changes.map((change) => ({
        path: change.path,
        category: change.category,
        label: (change.path.endsWith('.md') ? documentTitle(change.after) : null) ?? change.path,
        text: change.after,
        expectedVersion: snapshot.records.get(change.path)?.version ?? null,
      })),
      { reason: 'PROPOSAL_APPLIED', proposalId },
      principalId,
      now,
      session,
    );
  }

  /** A document changed between read and write outside the transaction's view: read again. */
  private async retryOnConflict<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        if (!(error instanceof ConcurrentDocumentWriteError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  private publishWrites(written: WrittenDocument[], now: Date): void {
    const at = now.toISOString();
    for (const { record, created } of written) this.events.publish('memory', record.space, { type: created ? 'MINTED' : 'UPDATED', uri: record.uri, space: record.space, version: record.version, at });
  }

  private publishProposal(type: ProposalEvent['type'], proposal: ProposalRecord, reason: ProposalReason | null, now: Date): void {
    this.events.publish('proposal', proposal.space, {
      type,
      stagingId: proposal._id,
      space: proposal.space,
      intent: proposal.intent,
      files: proposal.files,
      reason,
      at: now.toISOString(),
    });
  }
}


function requestOf(proposal: ProposalRecord): NormalizedRequest {
  const { intent, rationale, operations, categories, sources, confidence, owner } = proposal;
  return { intent, rationale, operations, categories, sources, confidence, owner };
}

function holdsSecret(text: string): boolean {
  const result = scanText(text, 'path', { piiScan: true, piiScanEmail: true, allowlist: false, limits: defaultMemorySchemaConfig().security.allowlistLimits });
  return 'error' in result || result.findings.length > 0;
}

function configOf(snapshot: { texts: DocumentSnapshot }): MemorySchemaConfig {
  const text = snapshot.texts.get(MEMORY_SCHEMA_CONFIG_PATH);
  if (!text) return defaultMemorySchemaConfig();
  const parsed = parseMemorySchemaConfig(text);
  // The override is validated before it is written; a document edited some other way falls back to the defaults.
  return 'config' in parsed ? parsed.config : defaultMemorySchemaConfig();
}

/** Reviewers should notice when a change adds places the secret scan will not look at. */
function allowlistWarnings(changes: readonly DocumentChange[]): string[] {
  const warnings: string[] = [];
  for (const change of changes) {
    const added = (change.after.match(ALLOW_MARKER)?.length ?? 0) - (change.before?.match(ALLOW_MARKER)?.length ?? 0);
    if (added > 0) warnings.push(`${change.path}: adds ${added} @secret-scan allow region(s); their content is not scanned`);
  }
  return warnings;
}

function emptyResult(status: ProposeUpdateResult['status'], message: string): ProposeUpdateResult {
  return {
    status,
    reason: null,
    message,
    routing: null,
    stagingId: null,
    files: [],
    findings: [],
    violations: [],
    provenanceViolations: [],
    drift: [],
    appliedAt: null,
    affectedSections: [],
    indexUpdated: false,
    warnings: [],
    stagingTtlSeconds: null,
    humanApprovalRequired: false,
    reviewCommand: null,
  };
}

function notStaged(id: string, why: string): ProposeUpdateResult {
  return { ...emptyResult('REJECTED', `No staged proposal ${id}: it ${why}`), reason: 'STAGING_NOT_FOUND' };
}

/** Drops unset fields so the stored operations read like what the agent meant. */
function compactOperation(op: NormalizedRequest['operations'][number]): NormalizedRequest['operations'][number] {
  return Object.fromEntries(Object.entries(op).filter(([, value]) => value !== null && value !== undefined)) as NormalizedRequest['operations'][number];
}

function auditEntry(
  viewer: Viewer,
  action: AuditAction,
  space: string,
  stagingId: string | null,
  intent: string | null,
  files: string[],
  outcome: 'APPLIED' | 'STAGED' | 'REJECTED' | 'EXPIRED',
  reason: string | null,
  findingCount: number,
  at: Date,
) {
  return { at, actor: viewer.principalId, action, space, stagingId, intent, files, outcome, reason, findingCount };
}

/** With authentication on, only reviewers (and admins) decide on proposals. */
function requireReviewer(viewer: Viewer): void {
  if (viewer.authenticated && !hasRole(viewer, 'REVIEWER')) throw new RequestError('FORBIDDEN', 'Only a reviewer can apply or reject proposals');
}
