// Over 400 lines: the proposal use cases share loading, quotas and the audit trail; the checks are in src/proposals/.
import type { Viewer } from '../auth/viewer.js';
import { canReviewIn, hasRole } from '../auth/viewer.js';
import type { EventBus } from '../events/event-bus.js';
import type { OverflowPolicy } from '../events/overflow-policy.js';
import { subscribeAcrossSpaces } from '../events/space-feeds.js';
import type { ProposalEvent } from '../events/topics.js';
import { STANDARD_DOCUMENTS } from '../proposals/intent-policy.js';
import { auditableFiles, auditEntry, proposalAuditEntry, secretTypesInNote } from '../proposals/proposal-audit.js';
import {
  checkDrift,
  checkPolicy,
  configOf,
  type Drift,
  normalizeRequest,
  pathsOf,
  type Plan,
  planChanges,
  type ProposalRequest,
  type Rejection,
} from '../proposals/proposal-pipeline.js';
import {
  alreadyDecidedResult,
  allowlistWarnings,
  appliedResult,
  blockedResult,
  expiredResult,
  notStagedResult,
  previewOf,
  type ProposalPreview,
  type ProposeUpdateResult,
  rejectedResult,
  reviewerRejectedResult,
  stagedResult,
} from '../proposals/proposal-results.js';
import type { ProposalReason, Routing } from '../proposals/proposal-types.js';
import { newStagingId } from '../proposals/staging-id.js';
import type { AuditAction, AuditStore } from '../store/audit-store.js';
import type { MemoryRecord } from '../store/memory-store.js';
import {
  ConcurrentDocumentWriteError,
  documentWrites,
  type DocumentsSnapshot,
  type ProjectMemoryStore,
} from '../store/project-memory-store.js';
import { type ProposalRecord, type ProposalStatus, type ProposalStore, requestOf, stagedProposalRecord } from '../store/proposal-store.js';
import { MAX_PROPOSAL_PAGE_SIZE } from '../limits.js';
import { checkText } from './check-text.js';
import { RequestError } from './errors.js';
import { decodeCursor, type Page, pageSize, toPage } from './page.js';
import { resolveWriteSpace } from './protocol-service.js';
import { readableSpacesFor } from './spaces.js';
import { NO_HOLD, type QuotaHold, type StorageQuota } from './storage-quota.js';
import { textBytes } from '../store/stored-size.js';

export interface ProposeUpdateInput extends ProposalRequest {
  /** Target space; omitted or "personal" means your own. */
  space?: string | null;
}

export type ProposalPage = Page<ProposalRecord>;

export interface ProposalServiceOptions {
  /**
   * Reviewers must differ from the proposer. Off while every request runs as the single local
   * principal (applying your own proposal must work there); switched on with authentication.
   */
  separateReviewer: boolean;
  now?: () => Date;
  /** Staged proposals one principal may hold at once, by count and by bytes of operations (QUOTA_EXCEEDED past either). */
  maxPending?: { count: number; bytes: number };
  /** The storage quotas an applied proposal's writes count against (QUOTA_EXCEEDED past one, nothing written). */
  quota?: StorageQuota | null;
}

type WrittenDocument = { record: MemoryRecord; created: boolean };

type ProposeOutcome =
  | { kind: 'rejected'; rejection: Rejection }
  | { kind: 'applied'; plan: Plan; routing: Routing; written: WrittenDocument[]; warnings: string[] }
  | { kind: 'staged'; record: ProposalRecord; ttl: number; warnings: string[] };

type ApplyOutcome =
  { kind: 'gone' } | { kind: 'blocked'; blocked: Rejection; drift: Drift[] } | { kind: 'applied'; plan: Plan; written: WrittenDocument[] };

/** A staged proposal replayed on the documents as they are now. */
interface Replay {
  snapshot: DocumentsSnapshot;
  drift: Drift[];
  plan: Plan | Rejection;
}

const MAX_ATTEMPTS = 3;
const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = MAX_PROPOSAL_PAGE_SIZE;

/**
 * Proposals: agents propose structured edits to project-memory documents; safe ones apply at
 * once, the rest are staged for a person (reference: propose-update-behaviour.md, with its gaps
 * fixed). Checks run in a fixed order (src/proposals/proposal-pipeline.ts); every write of
 * documents, proposal and audit entry happens in one transaction.
 */
/**
 * Ends a write's quota hold with the transaction: counted as stored when it applied, given up when
 * it wrote nothing (rejected, blocked, gone), counted when it failed (it may have committed).
 */
function endHold<T extends { kind: string }>(hold: () => QuotaHold): [(outcome: T) => T, (error: unknown) => never] {
  return [
    (outcome) => {
      if (outcome.kind === 'applied') hold().release();
      else hold().cancel();
      return outcome;
    },
    (error) => {
      hold().release();
      throw error;
    },
  ];
}

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
    const stagedBytes = Buffer.byteLength(JSON.stringify(normalized.operations), 'utf8');

    let hold: QuotaHold = NO_HOLD;
    const outcome = await this.retryOnConflict(() =>
      this.documents.withTransaction(async (session): Promise<ProposeOutcome> => {
        // A retried attempt wrote nothing: its growth is given up, not counted as stored.
        hold.cancel();
        hold = NO_HOLD;
        const snapshot = await this.documents.snapshot(space, pathsOf(normalized), session);
        const config = configOf(snapshot);
        const plan = planChanges(normalized, snapshot.texts, config);
        if ('reason' in plan) return { kind: 'rejected', rejection: plan };
        const policy = checkPolicy(normalized, config);
        if ('reason' in policy) return { kind: 'rejected', rejection: policy };
        const files = plan.changes.map((change) => change.path);
        const warnings = allowlistWarnings(plan.changes);

        if (policy.routing.mode === 'APPLY') {
          hold = await this.holdQuota(viewer, space, plan, snapshot);
          const written = await this.writeChanges(space, plan, snapshot, null, viewer.principalId, now, session);
          await this.audit.record(
            auditEntry({
              at: now,
              actor: viewer.principalId,
              action: 'PROPOSE',
              space,
              stagingId: null,
              intent: normalized.intent,
              files,
              outcome: 'APPLIED',
            }),
            session,
          );
          return { kind: 'applied', plan, routing: policy.routing, written, warnings };
        }

        await this.checkPendingQuota(viewer.principalId, stagedBytes, now);
        const stagingId = newStagingId(now, normalized.intent, normalized.rationale);
        const record = stagedProposalRecord({
          stagingId,
          space,
          request: normalized,
          plan,
          routing: policy.routing,
          snapshot,
          proposedBy: viewer.principalId,
          now,
          ttlSeconds: config.stagingTtlSeconds,
        });
        await this.proposals.insert(record, session);
        await this.audit.record(
          auditEntry({
            at: now,
            actor: viewer.principalId,
            action: 'PROPOSE',
            space,
            stagingId,
            intent: normalized.intent,
            files,
            outcome: 'STAGED',
          }),
          session,
        );
        return { kind: 'staged', record, ttl: config.stagingTtlSeconds, warnings };
      }),
    ).then(...endHold<ProposeOutcome>(() => hold));

    if (outcome.kind === 'rejected') {
      const files = [...new Set(normalized.operations.map((op) => op.file))];
      return this.rejected(outcome.rejection, { viewer, space, action: 'PROPOSE', intent: normalized.intent, files, stagingId: null });
    }
    if (outcome.kind === 'applied') {
      const { plan, routing, written, warnings } = outcome;
      this.publishWrites(written, now);
      return appliedResult(`Memory updated: ${plan.changes.map((change) => change.path).join(', ')}`, plan, routing, now, null, warnings);
    }
    const { record, ttl, warnings } = outcome;
    this.publishProposal('STAGED', record, null, now);
    return stagedResult(record, ttl, warnings);
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

    let hold: QuotaHold = NO_HOLD;
    const outcome = await this.retryOnConflict(() =>
      this.documents.withTransaction(async (session): Promise<ApplyOutcome> => {
        hold.cancel();
        hold = NO_HOLD;
        const { snapshot, drift, plan } = await this.replay(proposal, session);
        if (drift.length > 0) {
          return {
            kind: 'blocked',
            blocked: { reason: 'TARGET_DRIFT', message: `${drift.length} target(s) changed since the proposal was staged` },
            drift,
          };
        }
        if ('reason' in plan) return { kind: 'blocked', blocked: plan, drift: [] };
        hold = await this.holdQuota(viewer, proposal.space, plan, snapshot);
        const decided = await this.proposals.decide(
          proposal._id,
          { status: 'APPLIED', decidedAt: now, decidedBy: viewer.principalId, appliedAt: now, affectedSections: plan.affectedSections },
          session,
        );
        if (!decided) return { kind: 'gone' };
        const written = await this.writeChanges(proposal.space, plan, snapshot, proposal._id, viewer.principalId, now, session);
        const files = plan.changes.map((change) => change.path);
        await this.audit.record(
          proposalAuditEntry({ ...proposal, files }, { at: now, actor: viewer.principalId, action: 'APPLY', outcome: 'APPLIED' }),
          session,
        );
        return { kind: 'applied', plan, written };
      }),
    ).then(...endHold<ApplyOutcome>(() => hold));

    if (outcome.kind === 'gone') return notStagedResult(id, 'was decided by someone else just now');
    if (outcome.kind === 'blocked') {
      const { blocked, drift } = outcome;
      const findingCount = blocked.findings?.length ?? 0;
      await this.audit.record(
        proposalAuditEntry(proposal, {
          at: now,
          actor: viewer.principalId,
          action: 'APPLY',
          outcome: 'STAGED',
          reason: blocked.reason,
          findingCount,
        }),
      );
      return blockedResult(proposal, blocked, drift, now);
    }
    const { plan, written } = outcome;
    this.publishWrites(written, now);
    this.publishProposal('APPLIED', proposal, null, now);
    return appliedResult(
      `Proposal ${proposal._id} applied: ${plan.changes.map((change) => change.path).join(', ')}`,
      plan,
      proposal.routing,
      now,
      proposal._id,
      allowlistWarnings(plan.changes),
    );
  }

  async rejectProposal(viewer: Viewer, id: string, reason: string): Promise<ProposeUpdateResult> {
    requireReviewer(viewer);
    const note = reason.trim();
    if (note === '') throw new RequestError('BAD_USER_INPUT', 'reason must not be empty');
    checkText('rejectReason', note, { name: 'reason' });
    const secretTypes = secretTypesInNote(note);
    if (secretTypes.length > 0)
      throw new RequestError('BAD_USER_INPUT', `reason looks like it holds a secret (${secretTypes.join(', ')}); rephrase it`);
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
      if (record)
        await this.audit.record(
          proposalAuditEntry(proposal, {
            at: now,
            actor: viewer.principalId,
            action: 'REJECT',
            outcome: 'REJECTED',
            reason: 'USER_REJECTED',
          }),
          session,
        );
      return record;
    });
    if (!decided) return notStagedResult(id, 'was decided by someone else just now');
    this.publishProposal('REJECTED', proposal, 'USER_REJECTED', now);
    return reviewerRejectedResult(proposal, note);
  }

  /** Marks every staged proposal past its expiry EXPIRED (audited, announced); returns how many. */
  async expireStaleProposals(now: Date = this.now(), spaces?: readonly string[]): Promise<number> {
    const stale = await this.proposals.findExpired(now, 500, spaces);
    let expired = 0;
    for (const proposal of stale) if (await this.expire(proposal, now)) expired++;
    return expired;
  }

  /** One proposal the viewer can see; a staged one past its expiry is expired first (audited, announced). */
  async expireAndFindProposal(viewer: Viewer, id: string): Promise<ProposalRecord | null> {
    const record = await this.visibleProposal(viewer, id);
    if (record && record.status === 'STAGED' && record.expiresAt <= this.now()) {
      await this.expire(record, this.now());
      return this.proposals.findByIdInAnySpace(id);
    }
    return record;
  }

  /** A page of the viewer's proposals, after expiring the stale ones in the spaces it reads. */
  async expireAndPageProposals(
    viewer: Viewer,
    args: { status?: ProposalStatus | null; first?: number | null; after?: string | null },
  ): Promise<ProposalPage> {
    const size = pageSize(args.first, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
    await this.expireStaleProposals(this.now(), viewer.readableSpaces);
    const filter = { spaces: viewer.readableSpaces, status: args.status ?? null };
    const after = args.after ? decodeCursor(args.after) : null;
    const rows = await this.proposals.page(filter, after, size + 1);
    return toPage(
      rows,
      size,
      after,
      (record) => ({ at: record.stagedAt, id: record._id }),
      () => this.proposals.count(filter),
    );
  }

  /** The diff applying a staged proposal would write now, or what would stop it. */
  async preview(proposal: ProposalRecord): Promise<ProposalPreview> {
    if (proposal.status !== 'STAGED') return { diff: null, blockedBy: null };
    const { drift, plan } = await this.replay(proposal);
    return previewOf(drift, plan);
  }

  /** Proposals staged and decided in one space or every space the viewer reads, live only. */
  watchProposalEvents(viewer: Viewer, filter: { space?: string | null }, overflow: OverflowPolicy): AsyncIterableIterator<ProposalEvent> {
    return subscribeAcrossSpaces(this.events, 'proposal', readableSpacesFor(viewer, filter.space), overflow);
  }

  /** Seeds `conventions.md`, `decisions.md` and `pitfalls.md` (a title each) on first use of a space. */
  async ensureSeeded(space: string, principalId: string, now: Date = this.now()): Promise<void> {
    if (this.seededSpaces.has(space)) return;
    const created = await this.documents.seed(space, STANDARD_DOCUMENTS, principalId, now);
    this.seededSpaces.add(space);
    for (const record of created)
      this.events.publish('memory', space, { type: 'MINTED', uri: record.uri, space, version: record.version, at: now.toISOString() });
  }

  private async findStaged(viewer: Viewer, id: string, now: Date): Promise<{ proposal: ProposalRecord } | { result: ProposeUpdateResult }> {
    const proposal = await this.visibleProposal(viewer, id);
    if (!proposal) return { result: notStagedResult(id, 'does not exist') };
    if (!canReviewIn(viewer, proposal.space)) throw new RequestError('FORBIDDEN', `Space ${proposal.space} is read-only for you`);
    if (proposal.status === 'STAGED' && proposal.expiresAt <= now) {
      await this.expire(proposal, now);
      return { result: expiredResult(proposal) };
    }
    if (proposal.status !== 'STAGED') return { result: alreadyDecidedResult(proposal) };
    return { proposal };
  }

  /** Readers of its space see a proposal; so do reviewers of it (an admin reviews personal spaces). */
  private async visibleProposal(viewer: Viewer, id: string): Promise<ProposalRecord | null> {
    const found = await this.proposals.findByIdInAnySpace(id);
    return found && (viewer.readableSpaces.includes(found.space) || canReviewIn(viewer, found.space)) ? found : null;
  }

  private async expire(proposal: ProposalRecord, now: Date): Promise<boolean> {
    const expired = await this.documents.withTransaction(async (session) => {
      const record = await this.proposals.decide(
        proposal._id,
        { status: 'EXPIRED', decidedAt: now, decidedBy: 'system', decisionReason: 'TTL_EXPIRED' },
        session,
      );
      if (record) {
        await this.audit.record(
          proposalAuditEntry(proposal, { at: now, actor: 'system', action: 'EXPIRE', outcome: 'EXPIRED', reason: 'TTL_EXPIRED' }),
          session,
        );
      }
      return record;
    });
    if (expired) this.publishProposal('EXPIRED', proposal, 'TTL_EXPIRED', now);
    return expired !== null;
  }

  /**
   * One principal cannot stage without end: past the count or the
   * bytes of its staged proposals, QUOTA_EXCEEDED until some are applied, rejected or expire.
   */
  private async checkPendingQuota(principalId: string, bytes: number, now: Date): Promise<void> {
    const limit = this.options.maxPending;
    if (!limit) return;
    const pending = await this.proposals.pendingOf(principalId, now);
    if (pending.count + 1 > limit.count) {
      throw new RequestError(
        'QUOTA_EXCEEDED',
        `You have ${pending.count} staged proposals, the most one principal may hold: wait until some are applied, rejected or expire`,
        {
          limit: 'count',
          max: limit.count,
          pending: pending.count,
        },
      );
    }
    if (pending.bytes + bytes > limit.bytes) {
      throw new RequestError(
        'QUOTA_EXCEEDED',
        `Your staged proposals would hold ${pending.bytes + bytes} bytes, over the ${limit.bytes} one principal may hold: wait until some are applied, rejected or expire`,
        {
          limit: 'bytes',
          max: limit.bytes,
          pending: pending.bytes,
        },
      );
    }
  }

  private async rejected(
    rejection: Rejection,
    context: { viewer: Viewer; space: string; action: AuditAction; intent: string; files: string[]; stagingId: string | null },
  ): Promise<ProposeUpdateResult> {
    const now = this.now();
    const files = auditableFiles(context.files);
    const intent = rejection.reason === 'INVALID_INTENT' ? null : context.intent;
    await this.audit.record(
      auditEntry({
        at: now,
        actor: context.viewer.principalId,
        action: context.action,
        space: context.space,
        stagingId: context.stagingId,
        intent,
        files,
        outcome: 'REJECTED',
        reason: rejection.reason,
        findingCount: rejection.findings?.length ?? 0,
      }),
    );
    return rejectedResult(rejection, files);
  }

  /** Reads what a staged proposal touches now, checks its drift targets and replays its operations (nothing is written). */
  private async replay(proposal: ProposalRecord, session?: Parameters<ProjectMemoryStore['findByPaths']>[2]): Promise<Replay> {
    const request = requestOf(proposal);
    const snapshot = await this.documents.snapshot(
      proposal.space,
      [...new Set([...pathsOf(request), ...proposal.targets.map((target) => target.file)])],
      session,
    );
    return {
      snapshot,
      drift: checkDrift(proposal.targets, snapshot.texts),
      plan: planChanges(request, snapshot.texts, configOf(snapshot)),
    };
  }

  /** `proposalId`: the staged proposal applied; null when a proposal applies as it is proposed. */
  /** What a plan's writes add to the space and to the writer's own text, held against the storage quotas. */
  private async holdQuota(viewer: Viewer, space: string, plan: Plan, snapshot: DocumentsSnapshot): Promise<QuotaHold> {
    const quota = this.options.quota;
    if (!quota) return NO_HOLD;
    const growth = { space: 0, own: 0 };
    let adding = 0;
    for (const write of documentWrites(plan.changes, snapshot)) {
      const before = write.expectedVersion === null ? null : snapshot.records.get(write.path);
      const delta = textBytes(write.text) - (before ? (before.sizeBytes ?? textBytes(before.text)) : 0);
      adding += textBytes(write.text);
      growth.space += delta;
      // A document this write creates is the writer's; one it changes stays its creator's.
      if (!before || before.createdBy === viewer.principalId) growth.own += delta;
    }
    const hold = await quota.checkGrowth(viewer, space, growth, adding);
    if (growth.space >= 0 && growth.own >= 0) return hold;
    // A write that frees bytes: once it has landed, the cached totals it lowered are read again.
    return {
      release: () => {
        hold.release();
        quota.forget(growth.space < 0 ? [space] : [], growth.own < 0 ? [viewer.principalId] : []);
      },
      cancel: () => hold.cancel(),
    };
  }

  private writeChanges(
    space: string,
    plan: Plan,
    snapshot: DocumentsSnapshot,
    proposalId: string | null,
    principalId: string,
    now: Date,
    session: Parameters<ProjectMemoryStore['write']>[5],
  ) {
    return this.documents.write(
      space,
      documentWrites(plan.changes, snapshot),
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
    for (const { record, created } of written)
      this.events.publish('memory', record.space, {
        type: created ? 'MINTED' : 'UPDATED',
        uri: record.uri,
        space: record.space,
        version: record.version,
        at,
      });
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

/** With authentication on, only reviewers (and admins) decide on proposals. */
function requireReviewer(viewer: Viewer): void {
  if (viewer.authenticated && !hasRole(viewer, 'REVIEWER'))
    throw new RequestError('FORBIDDEN', 'Only a reviewer can apply or reject proposals');
}
