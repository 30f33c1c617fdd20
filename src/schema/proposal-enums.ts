/** The proposal enums of the schema, each from its `as const` list with a description per value. */
import { builder } from '../builder.js';
import { type DRIFT_POLICIES } from '../proposals/proposal-pipeline.js';
import { APPROVAL_MODES, type ApprovalMode, type Confidence, type IfExists, type IfMissing, type OperationKind, type ProposalIntent, type ProposalReason, type SourceType, CONFIDENCE_LEVELS, IF_EXISTS_VALUES, IF_MISSING_VALUES, OPERATION_KINDS, PROPOSAL_INTENTS, PROPOSAL_REASONS, SOURCE_TYPES } from '../proposals/proposal-types.js';
import { FINDING_TYPES, type FindingType } from '../proposals/secret-scan.js';

/** Enum values from one of the as-const lists, each with its description. */
function describedValues<const Value extends string>(values: readonly Value[], descriptions: Record<Value, string>) {
  return Object.fromEntries(values.map((value) => [value, { description: descriptions[value] }])) as Record<Value, { description: string }>;
}

const INTENT_DESCRIPTIONS: Record<ProposalIntent, string> = {
  UPDATE_CURRENT: 'The state of a branch or line of work: current/<name>.md. Applied at once by default.',
  UPDATE_SHARED: 'The state shared by every line of work: shared.md. Applied at once by default.',
  SESSION_LOG: "A note in today's session log: every operation goes to sessions/<YYYY-MM-DD>.md (UTC), whatever `file` says. Applied at once by default.",
  ADD_PITFALL: 'A pitfall in pitfalls.md. `APPEND_TO_SECTION` (one bullet) is applied at once by default; other operations are staged.',
  RECORD_DECISION: 'A decision in decisions.md (a new section; needs sources of type `FILE`, `TEST` or `USER`). Staged by default.',
  REFRESH_MODULE: 'What a module does: modules/<name>.md (needs at least one source). Staged by default.',
  UPDATE_CONVENTIONS: 'A convention in conventions.md (or the schema configuration config/memory-schema.json, always staged). Staged by default.',
  ARCHIVE_STALE: 'Moves stale sections of a durable document (conventions, decisions, pitfalls, modules) into archive/<name>.md with `ARCHIVE_SECTION` or `REMOVE_SECTION`. Always staged.',
};
const OPERATION_KIND_DESCRIPTIONS: Record<OperationKind, string> = {
  CREATE_FILE: 'Create a document from `content`; `ifExists` says what to do when it exists (default `REJECT`).',
  REPLACE_SECTION: 'Replace a section (heading, body and subsections) by `content`, which starts with the section heading; `ifMissing` says what to do when it is not found.',
  APPEND_SECTION: 'Add a new section `heading` at `headingLevel` with `content`: at the end of the document, or as the first child of `parentSectionId`.',
  APPEND_TO_SECTION: "Add `content` (e.g. one bullet) at the end of a section's body.",
  REPLACE_SECTION_CONTENT: "Replace a section's body (subsections included), keeping its heading; `content` must not start with a heading.",
  ARCHIVE_SECTION: 'Copy a section into a new `archivePath` under archive/ and leave `replacement` in its place. Always staged.',
  REMOVE_SECTION: 'Move a section into a new `archivePath` under archive/ (with `reason` noted there) and cut it from the document. Always staged.',
  RENAME_HEADING: "Change a section's heading to `newHeading` (and level to `newHeadingLevel`, at most one level up or down); the body is untouched.",
};
const CONFIDENCE_DESCRIPTIONS: Record<Confidence, string> = {
  CONFIRMED: 'Backed by tests or by the user directly.',
  INFERRED: 'Reasoned from the code (the default).',
  USER_PROVIDED: 'The user said so; not checked against the code.',
  STALE: 'Was confirmed, but the code has changed since.',
  UNKNOWN: 'Not known.',
};
const SOURCE_TYPE_DESCRIPTIONS: Record<SourceType, string> = {
  FILE: 'A file of the repository (`ref`: its path).',
  TEST: 'A test (`ref`: its name or path).',
  USER: 'An explicit statement of the user.',
  SESSION: 'An earlier session note.',
  INFERENCE: "The agent's own reasoning.",
  EXTERNAL: 'Outside documentation, an issue or a web page (`ref`: its URL).',
};
const IF_EXISTS_DESCRIPTIONS: Record<IfExists, string> = {
  REJECT: 'Refuse (`PLAN_FAILED`) when the document exists and is not empty (the default).',
  APPEND: 'Add `content` at the end of the existing document.',
  REPLACE: 'Replace the whole document (staged for review on durable documents).',
};
const IF_MISSING_DESCRIPTIONS: Record<IfMissing, string> = {
  REJECT: 'Refuse (`PLAN_FAILED`) when the section is not found (the default).',
  APPEND: 'Add `content` at the end of the document instead (creating the document if it does not exist).',
  CREATE_FILE: 'Create the document with `content` when the document does not exist; a missing section in an existing document is still `PLAN_FAILED`.',
};
const APPROVAL_MODE_DESCRIPTIONS: Record<ApprovalMode, string> = {
  APPLY: 'Written at once.',
  STAGE: 'Staged for a reviewer (`applyProposal` / `rejectProposal`).',
  SERVER_ONLY: 'Reserved to the server: the proposal is refused with `SERVER_ONLY_CATEGORY`.',
};
const REASON_DESCRIPTIONS: Record<ProposalReason, string> = {
  INVALID_INTENT: '`intent` is not one of `ProposalIntent`.',
  NO_OPERATIONS: '`operations` is empty.',
  INVALID_OPERATION: 'An operation has an unknown `kind`.',
  VALIDATION_FAILED: 'An operation is malformed (a required field missing, a bad heading level, content of the wrong shape), the confidence is unknown, or the resulting document breaks its section schema (`violations`).',
  INVALID_PATH: 'A `file` or `archivePath` is empty, absolute, escapes with .., has odd characters, or `archivePath` is not archive/<name>.md.',
  UNKNOWN_CATEGORY: 'A path is not a project-memory document path (conventions.md, decisions.md, pitfalls.md, shared.md, current/, modules/, sessions/, archive/).',
  INTENT_TARGET_MISMATCH: 'The intent may not touch that document (e.g. `UPDATE_CURRENT` on decisions.md): use the intent of its category.',
  WRITE_ONCE_VIOLATION: 'The operation would change an existing archive document; archives are written once.',
  PLAN_FAILED: 'An operation does not fit the current document: section or parent not found, the document already exists, a heading level jump of more than one.',
  ARCHIVE_EXISTS: 'The `archivePath` already exists, or is used twice in the proposal.',
  INVALID_MARKDOWN: 'The resulting document is broken markdown (e.g. an unclosed code fence).',
  ALLOWLIST_PARSE_ERROR: 'Malformed secret-scan allow markers (unpaired, nested, or without a reason).',
  ALLOWLIST_LIMIT_EXCEEDED: 'Too many or too large secret-scan allow regions.',
  SECRET_DETECTED: 'Something that looks like a secret (`findings` says what and where; the text is never echoed). Remove it and propose again.',
  PII_DETECTED: 'Personal data only (SSN, card number, e-mail): `findings` says where. Remove it and propose again.',
  PROVENANCE_VIOLATION: "The sources do not meet the category's rules (`provenanceViolations` lists them), e.g. a decision without a `FILE`, `TEST` or `USER` source.",
  SERVER_ONLY_CATEGORY: 'The routing is `SERVER_ONLY`: the server alone writes this.',
  STAGING_NOT_FOUND: 'No staged proposal with that id (never staged, or already decided).',
  TARGET_DRIFT: 'A target changed since the proposal was staged (`drift` says how); nothing was written and the proposal stays staged.',
  USER_REJECTED: 'A reviewer rejected it (`Proposal.decisionNote` says why).',
  TTL_EXPIRED: 'The proposal sat staged past its expiry; propose it again.',
};
const FINDING_DESCRIPTIONS: Record<FindingType, string> = {
  AWS_ACCESS_KEY: 'An AWS access key id.',
  GITHUB_TOKEN: 'A GitHub token.',
  GITLAB_TOKEN: 'A GitLab token.',
  ANTHROPIC_API_KEY: 'An Anthropic API key.',
  OPENAI_API_KEY: 'An OpenAI API key.',
  STRIPE_LIVE_KEY: 'A live Stripe key.',
  JWT: 'A JSON Web Token.',
  PRIVATE_KEY_BLOCK: 'A PEM private key block.',
  HIGH_ENTROPY: 'A long random-looking string, likely a credential.',
  PII_SSN: 'A US social security number.',
  PII_CREDIT_CARD: 'A payment card number.',
  PII_EMAIL: 'An e-mail address (when the space scans for it).',
};

export const ProposalIntentEnum = builder.enumType('ProposalIntent', {
  description: 'What a proposal is for; each intent may touch only its own category of document (else `INTENT_TARGET_MISMATCH`) and decides whether the change applies at once or is staged.',
  values: describedValues(PROPOSAL_INTENTS, INTENT_DESCRIPTIONS),
});
export const OperationKindEnum = builder.enumType('ProposalOperationKind', {
  description: 'One edit of a project-memory document. Sections are addressed by `sectionId` (preferred) or `heading`.',
  values: describedValues(OPERATION_KINDS, OPERATION_KIND_DESCRIPTIONS),
});
export const ConfidenceEnum = builder.enumType('ProposalConfidence', { description: 'How sure the proposer is of what it proposes.', values: describedValues(CONFIDENCE_LEVELS, CONFIDENCE_DESCRIPTIONS) });
export const SourceTypeEnum = builder.enumType('ProposalSourceType', { description: 'Where a claim comes from.', values: describedValues(SOURCE_TYPES, SOURCE_TYPE_DESCRIPTIONS) });
export const IfExistsEnum = builder.enumType('ProposalIfExists', { description: '`CREATE_FILE` on an existing document.', values: describedValues(IF_EXISTS_VALUES, IF_EXISTS_DESCRIPTIONS) });
export const IfMissingEnum = builder.enumType('ProposalIfMissing', { description: '`REPLACE_SECTION` when the section is missing.', values: describedValues(IF_MISSING_VALUES, IF_MISSING_DESCRIPTIONS) });
export const ApprovalModeEnum = builder.enumType('ApprovalMode', { description: 'How a proposal is routed: the strictest mode of its operations wins.', values: describedValues(APPROVAL_MODES, APPROVAL_MODE_DESCRIPTIONS) });
export const ProposeUpdateStatusEnum = builder.enumType('ProposeUpdateStatus', {
  description: 'What a proposal call did.',
  values: {
    APPLIED: { description: 'Written: the documents changed (`files`, `affectedSections`).' },
    STAGED: { description: 'Nothing written yet: staged for a reviewer (`stagingId`, `reviewCommand`); from `applyProposal`, not applied and still staged (`reason` says why).' },
    REJECTED: { description: 'Nothing written: `reason` and `message` say why. Fix the proposal and send it again.' },
  } as const,
});
export const ProposeUpdateReasonEnum = builder.enumType('ProposeUpdateReason', {
  description: 'Why a proposal was not applied: a stable code, one to one with the upstream snake_case codes (README). Branch on it, never on `message`.',
  values: describedValues(PROPOSAL_REASONS, REASON_DESCRIPTIONS),
});
export const SecretFindingTypeEnum = builder.enumType('SecretFindingType', { description: 'What kind of secret or personal data was found.', values: describedValues(FINDING_TYPES, FINDING_DESCRIPTIONS) });
export const ProposalStatusEnum = builder.enumType('ProposalStatus', {
  description: 'Where a staged proposal stands.',
  values: {
    STAGED: { description: 'Waiting for a reviewer (`applyProposal` or `rejectProposal`) until `Proposal.expiresAt`.' },
    APPLIED: { description: 'A reviewer applied it.' },
    REJECTED: { description: 'A reviewer rejected it.' },
    EXPIRED: { description: 'Nobody decided before `Proposal.expiresAt` (`TTL_EXPIRED`).' },
  } as const,
});
export const DriftPolicyEnum = builder.enumType('DriftPolicy', {
  description: 'What a staged operation expects of its target when it is applied.',
  values: {
    SECTION_CONTENT_MATCH: { description: 'The section still exists with the same content as when staged.' },
    SECTION_RESOLVABLE: { description: 'The section still exists.' },
    FILE_ABSENT: { description: 'The document still does not exist.' },
    FILE_PRESENT: { description: 'The document still exists.' },
    FILE_CONTENT_MATCH: { description: 'The whole document is unchanged.' },
  } as const satisfies Record<(typeof DRIFT_POLICIES)[number], { description: string }>,
});
