/**
 * The vocabulary of proposals, shared by the pure checks, the service and the schema.
 * Reason codes map one to one to the upstream snake_case codes (`invalid_intent` →
 * `INVALID_INTENT`); codes are a published contract: add new ones, never rename.
 */

export const PROPOSAL_INTENTS = [
  'UPDATE_CURRENT',
  'UPDATE_SHARED',
  'SESSION_LOG',
  'ADD_PITFALL',
  'RECORD_DECISION',
  'REFRESH_MODULE',
  'UPDATE_CONVENTIONS',
  'ARCHIVE_STALE',
] as const;
export type ProposalIntent = (typeof PROPOSAL_INTENTS)[number];

export const OPERATION_KINDS = [
  'CREATE_FILE',
  'REPLACE_SECTION',
  'APPEND_SECTION',
  'APPEND_TO_SECTION',
  'REPLACE_SECTION_CONTENT',
  'ARCHIVE_SECTION',
  'REMOVE_SECTION',
  'RENAME_HEADING',
] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];

export const CONFIDENCE_LEVELS = ['CONFIRMED', 'INFERRED', 'USER_PROVIDED', 'STALE', 'UNKNOWN'] as const;
export type Confidence = (typeof CONFIDENCE_LEVELS)[number];

export const SOURCE_TYPES = ['FILE', 'TEST', 'USER', 'SESSION', 'INFERENCE', 'EXTERNAL'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

export const IF_EXISTS_VALUES = ['REJECT', 'APPEND', 'REPLACE'] as const;
export type IfExists = (typeof IF_EXISTS_VALUES)[number];

export const IF_MISSING_VALUES = ['REJECT', 'APPEND', 'CREATE_FILE'] as const;
export type IfMissing = (typeof IF_MISSING_VALUES)[number];

/** The categories of project-memory documents (a subset of `MemoryCategory`). */
export const PROJECT_CATEGORIES = ['CONVENTION', 'DECISION', 'PITFALL', 'MODULE', 'SESSION_LOG', 'CURRENT', 'SHARED', 'ARCHIVE'] as const;
export type ProjectCategory = (typeof PROJECT_CATEGORIES)[number];

/** A proposal's life: staged, then applied, rejected or expired (its events use the same words). */
export const PROPOSAL_STATUSES = ['STAGED', 'APPLIED', 'REJECTED', 'EXPIRED'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const APPROVAL_MODES = ['APPLY', 'STAGE', 'SERVER_ONLY'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

export const PROPOSAL_REASONS = [
  'INVALID_INTENT',
  'NO_OPERATIONS',
  'INVALID_OPERATION',
  'VALIDATION_FAILED',
  'INVALID_PATH',
  'UNKNOWN_CATEGORY',
  'INTENT_TARGET_MISMATCH',
  'WRITE_ONCE_VIOLATION',
  'PLAN_FAILED',
  'ARCHIVE_EXISTS',
  'INVALID_MARKDOWN',
  'ALLOWLIST_PARSE_ERROR',
  'ALLOWLIST_LIMIT_EXCEEDED',
  'SECRET_DETECTED',
  'PII_DETECTED',
  'PROVENANCE_VIOLATION',
  'SERVER_ONLY_CATEGORY',
  'STAGING_NOT_FOUND',
  'TARGET_DRIFT',
  'USER_REJECTED',
  'TTL_EXPIRED',
] as const;
export type ProposalReason = (typeof PROPOSAL_REASONS)[number];

export interface ProposalOperation {
  kind: OperationKind;
  /** The document path, e.g. `decisions.md`. */
  file: string;
  sectionId?: string | null;
  heading?: string | null;
  /** Level of `heading` (addressing, or the new section of APPEND_SECTION); default 2. */
  headingLevel?: number | null;
  parentSectionId?: string | null;
  content?: string | null;
  ifExists?: IfExists | null;
  ifMissing?: IfMissing | null;
  archivePath?: string | null;
  replacement?: string | null;
  reason?: string | null;
  newHeading?: string | null;
  newHeadingLevel?: number | null;
}

export interface ProposalSource {
  type: SourceType;
  ref?: string | null;
}

export interface ProposalOwner {
  id?: string | null;
  kind?: string | null;
}

export interface SchemaViolation {
  file: string;
  sectionId: string | null;
  field: string | null;
  message: string;
}

export interface AffectedSection {
  file: string;
  sectionId: string;
}

export interface Routing {
  mode: ApprovalMode;
  reason: string;
}

/** A check that refused the proposal: the code agents branch on, and a message for people. */
export interface CheckFailure {
  reason: ProposalReason;
  message: string;
}
