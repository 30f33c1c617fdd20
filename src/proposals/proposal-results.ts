/**
 * What proposeUpdate, applyProposal and rejectProposal answer, assembled from an outcome: every
 * result starts from `emptyResult` so a new field gets a value in every answer.
 */
import { unifiedDiff } from './diff.js';
import type { DocumentChange, Drift, Plan, Rejection } from './proposal-pipeline.js';
import type { AffectedSection, ProposalReason, ProposalStatus, Routing, SchemaViolation } from './proposal-types.js';
import type { SecretFinding } from './secret-scan.js';

/** The statuses a propose, apply or reject answer can have (a proposal's own list adds EXPIRED). */
export const PROPOSE_UPDATE_STATUSES = ['APPLIED', 'STAGED', 'REJECTED'] as const;
export type ProposeUpdateStatus = (typeof PROPOSE_UPDATE_STATUSES)[number];

/** What proposeUpdate, applyProposal and rejectProposal return: a rejection is data. */
export interface ProposeUpdateResult {
  status: ProposeUpdateStatus;
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

/** What an answer repeats of a stored proposal. */
interface StoredProposal {
  _id: string;
  status: ProposalStatus;
  routing: Routing;
  files: string[];
  affectedSections: AffectedSection[];
  expiresAt: Date;
}

const ALLOW_MARKER = /<!--\s*@secret-scan:\s*allow\b/g;

/** The command a person runs to review a staged proposal (`bin` of this package). */
export function reviewCommandFor(stagingId: string): string {
  return `kairos-graphql proposals review ${stagingId}`;
}

export function emptyResult(status: ProposeUpdateStatus, message: string): ProposeUpdateResult {
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

/** Reviewers should notice when a change adds places the secret scan will not look at. */
export function allowlistWarnings(changes: readonly DocumentChange[]): string[] {
  const warnings: string[] = [];
  for (const change of changes) {
    const added = (change.after.match(ALLOW_MARKER)?.length ?? 0) - (change.before?.match(ALLOW_MARKER)?.length ?? 0);
    if (added > 0) warnings.push(`${change.path}: adds ${added} @secret-scan allow region(s); their content is not scanned`);
  }
  return warnings;
}

/** The plan was written: by proposeUpdate directly (no stagingId) or by applyProposal. */
export function appliedResult(
  message: string,
  plan: Plan,
  routing: Routing,
  appliedAt: Date,
  stagingId: string | null,
  warnings: string[],
): ProposeUpdateResult {
  return {
    ...emptyResult('APPLIED', message),
    routing,
    ...(stagingId ? { stagingId } : {}),
    files: plan.changes.map((change) => change.path),
    appliedAt,
    affectedSections: plan.affectedSections,
    indexUpdated: true,
    warnings,
  };
}

export function stagedResult(proposal: StoredProposal, ttlSeconds: number, warnings: string[]): ProposeUpdateResult {
  return {
    ...emptyResult('STAGED', `Memory update staged; human approval required by policy. Review with: ${reviewCommandFor(proposal._id)}`),
    routing: proposal.routing,
    stagingId: proposal._id,
    files: proposal.files,
    affectedSections: proposal.affectedSections,
    warnings,
    stagingTtlSeconds: ttlSeconds,
    humanApprovalRequired: true,
    reviewCommand: reviewCommandFor(proposal._id),
  };
}

/** applyProposal found the documents moved on (drift) or the replay refused: the proposal stays staged. */
export function blockedResult(proposal: StoredProposal, blocked: Rejection, drift: Drift[], now: Date): ProposeUpdateResult {
  return {
    ...emptyResult('STAGED', `Not applied: ${blocked.message}. The proposal stays staged; review it again or reject it.`),
    reason: blocked.reason,
    routing: proposal.routing,
    stagingId: proposal._id,
    files: proposal.files,
    findings: blocked.findings ?? [],
    violations: blocked.violations ?? [],
    drift,
    stagingTtlSeconds: Math.max(0, Math.round((proposal.expiresAt.getTime() - now.getTime()) / 1000)),
    humanApprovalRequired: true,
    reviewCommand: reviewCommandFor(proposal._id),
  };
}

/** A proposal refused by a check; `files` are the ones safe to echo (see auditableFiles). */
export function rejectedResult(rejection: Rejection, files: string[]): ProposeUpdateResult {
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

export function reviewerRejectedResult(proposal: StoredProposal, note: string): ProposeUpdateResult {
  return {
    ...emptyResult('REJECTED', note),
    reason: 'USER_REJECTED',
    routing: proposal.routing,
    stagingId: proposal._id,
    files: proposal.files,
  };
}

export function expiredResult(proposal: StoredProposal): ProposeUpdateResult {
  return {
    ...emptyResult('REJECTED', `Proposal ${proposal._id} expired at ${proposal.expiresAt.toISOString()}; propose it again`),
    reason: 'TTL_EXPIRED',
    stagingId: proposal._id,
    files: proposal.files,
    routing: proposal.routing,
  };
}

export function notStagedResult(id: string, why: string): ProposeUpdateResult {
  return { ...emptyResult('REJECTED', `No staged proposal ${id}: it ${why}`), reason: 'STAGING_NOT_FOUND' };
}

/** A decided proposal asked to be decided again. */
export function alreadyDecidedResult(proposal: StoredProposal): ProposeUpdateResult {
  return {
    ...notStagedResult(proposal._id, `is ${proposal.status}`),
    stagingId: proposal._id,
    files: proposal.files,
    routing: proposal.routing,
  };
}

/** What a reviewer sees of a staged proposal now: the diff apply would write, or why it would not. */
export interface ProposalPreview {
  diff: string | null;
  blockedBy: { reason: ProposalReason; message: string } | null;
}

/** The preview of a staged proposal replayed on the current documents. */
export function previewOf(drift: readonly Drift[], plan: Plan | Rejection): ProposalPreview {
  const blockedBy =
    drift.length > 0
      ? {
          reason: 'TARGET_DRIFT' as const,
          message: drift
            .map((item) => `${item.file}${item.sectionId ? `#${item.sectionId}` : ''}: expected ${item.expected}, found ${item.found}`)
            .join('; '),
        }
      : 'reason' in plan
        ? { reason: plan.reason, message: plan.message }
        : null;
  if ('reason' in plan) return { diff: null, blockedBy };
  return { diff: plan.changes.map((change) => unifiedDiff(change.path, change.before, change.after)).join(''), blockedBy };
}
