/**
 * The audit entries of proposals. An entry never holds text a proposal carried, only codes,
 * paths and counts, so a secret the scan caught cannot land in the audit.
 */
import { defaultMemorySchemaConfig } from './category-schemas.js';
import { categoryOfPath, pathProblem } from './intent-policy.js';
import type { ProposalStatus } from './proposal-types.js';
import { scanText } from './secret-scan.js';

export type AuditAction = 'PROPOSE' | 'APPLY' | 'REJECT' | 'EXPIRE';

/**
 * One proposal event: who, when, what and how it ended (the audit store keeps these). Never any
 * text the proposal carried (rationale, content, sources): only codes, paths and counts.
 */
export interface AuditEntry {
  _id: string;
  at: Date;
  actor: string;
  action: AuditAction;
  space: string;
  stagingId: string | null;
  intent: string | null;
  files: string[];
  outcome: ProposalStatus;
  reason: string | null;
  findingCount: number;
}

/** Who did what to which proposal, and how it ended; the store adds the id. */
export type AuditFields = Omit<AuditEntry, '_id' | 'reason' | 'findingCount'> & { reason?: string | null; findingCount?: number };

export function auditEntry(fields: AuditFields): Omit<AuditEntry, '_id'> {
  return { ...fields, reason: fields.reason ?? null, findingCount: fields.findingCount ?? 0 };
}

/** What an agent sent may be anything: only well-formed, clean paths reach the audit (and the answer). */
export function auditableFiles(files: readonly string[]): string[] {
  return files.filter((file) => pathProblem(file) === null && categoryOfPath(file) !== null && !holdsSecret(file));
}

/** The secret types a reviewer's note holds: it is stored and audited, so it must carry none either. */
export function secretTypesInNote(note: string): string[] {
  const scan = scanText(note, 'reason', {
    piiScan: true,
    piiScanEmail: false,
    allowlist: false,
    limits: defaultMemorySchemaConfig().security.allowlistLimits,
  });
  return 'error' in scan ? [] : scan.findings.map((finding) => finding.type);
}

function holdsSecret(text: string): boolean {
  const result = scanText(text, 'path', {
    piiScan: true,
    piiScanEmail: true,
    allowlist: false,
    limits: defaultMemorySchemaConfig().security.allowlistLimits,
  });
  return 'error' in result || result.findings.length > 0;
}

/** An entry about a stored proposal: its space, staging id, intent and files come from the record. */
export function proposalAuditEntry(
  proposal: { _id: string; space: string; intent: string; files: string[] },
  fields: Pick<AuditFields, 'at' | 'actor' | 'action' | 'outcome' | 'reason' | 'findingCount'>,
): Omit<AuditEntry, '_id'> {
  return auditEntry({ ...fields, space: proposal.space, stagingId: proposal._id, intent: proposal.intent, files: proposal.files });
}
