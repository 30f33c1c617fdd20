import { builder } from '../builder.js';
import type { ProposalEvent } from '../events/topics.js';
import type { ContextSection, OmittedSection } from '../proposals/context-ranking.js';
import { DRIFT_POLICIES, type Drift } from '../proposals/proposal-pipeline.js';
import {
  APPROVAL_MODES,
  type AffectedSection,
  type ApprovalMode,
  type Confidence,
  type IfExists,
  type IfMissing,
  type OperationKind,
  type ProposalIntent,
  type ProposalReason,
  type SourceType,
  CONFIDENCE_LEVELS,
  IF_EXISTS_VALUES,
  IF_MISSING_VALUES,
  OPERATION_KINDS,
  PROPOSAL_INTENTS,
  PROPOSAL_REASONS,
  PROPOSAL_STATUSES,
  type ProposalOperation,
  type ProposalOwner,
  type ProposalSource,
  type Routing,
  type SchemaViolation,
  SOURCE_TYPES,
} from '../proposals/proposal-types.js';
import { FINDING_TYPES, type FindingType, type SecretFinding } from '../proposals/secret-scan.js';
import type { MemoryContextResult } from '../services/memory-context-service.js';
import { type ProposalPreview, PROPOSE_UPDATE_STATUSES, type ProposeUpdateResult, reviewCommandFor } from '../proposals/proposal-results.js';
import type { ProposalRecord } from '../store/proposal-store.js';
import type { AppContext } from '../context.js';
import { connectionType } from './connection.js';
import { MemoryCategoryEnum } from './memory.js';

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

const ProposalIntentEnum = builder.enumType('ProposalIntent', {
  description: 'What a proposal is for; each intent may touch only its own category of document (else `INTENT_TARGET_MISMATCH`) and decides whether the change applies at once or is staged.',
  values: describedValues(PROPOSAL_INTENTS, INTENT_DESCRIPTIONS),
});
const OperationKindEnum = builder.enumType('ProposalOperationKind', {
  description: 'One edit of a project-memory document. Sections are addressed by `sectionId` (preferred) or `heading`.',
  values: describedValues(OPERATION_KINDS, OPERATION_KIND_DESCRIPTIONS),
});
const ConfidenceEnum = builder.enumType('ProposalConfidence', { description: 'How sure the proposer is of what it proposes.', values: describedValues(CONFIDENCE_LEVELS, CONFIDENCE_DESCRIPTIONS) });
const SourceTypeEnum = builder.enumType('ProposalSourceType', { description: 'Where a claim comes from.', values: describedValues(SOURCE_TYPES, SOURCE_TYPE_DESCRIPTIONS) });
const IfExistsEnum = builder.enumType('ProposalIfExists', { description: '`CREATE_FILE` on an existing document.', values: describedValues(IF_EXISTS_VALUES, IF_EXISTS_DESCRIPTIONS) });
const IfMissingEnum = builder.enumType('ProposalIfMissing', { description: '`REPLACE_SECTION` when the section is missing.', values: describedValues(IF_MISSING_VALUES, IF_MISSING_DESCRIPTIONS) });
const ApprovalModeEnum = builder.enumType('ApprovalMode', { description: 'How a proposal is routed: the strictest mode of its operations wins.', values: describedValues(APPROVAL_MODES, APPROVAL_MODE_DESCRIPTIONS) });
const ProposeUpdateStatusEnum = builder.enumType('ProposeUpdateStatus', {
  description: 'What a proposal call did.',
  values: {
    APPLIED: { description: 'Written: the documents changed (`files`, `affectedSections`).' },
    STAGED: { description: 'Nothing written yet: staged for a reviewer (`stagingId`, `reviewCommand`); from `applyProposal`, not applied and still staged (`reason` says why).' },
    REJECTED: { description: 'Nothing written: `reason` and `message` say why. Fix the proposal and send it again.' },
  } as const,
});
const ProposeUpdateReasonEnum = builder.enumType('ProposeUpdateReason', {
  description: 'Why a proposal was not applied: a stable code, one to one with the upstream snake_case codes (README). Branch on it, never on `message`.',
  values: describedValues(PROPOSAL_REASONS, REASON_DESCRIPTIONS),
});
const SecretFindingTypeEnum = builder.enumType('SecretFindingType', { description: 'What kind of secret or personal data was found.', values: describedValues(FINDING_TYPES, FINDING_DESCRIPTIONS) });
const ProposalStatusEnum = builder.enumType('ProposalStatus', {
  description: 'Where a staged proposal stands.',
  values: {
    STAGED: { description: 'Waiting for a reviewer (`applyProposal` or `rejectProposal`) until `Proposal.expiresAt`.' },
    APPLIED: { description: 'A reviewer applied it.' },
    REJECTED: { description: 'A reviewer rejected it.' },
    EXPIRED: { description: 'Nobody decided before `Proposal.expiresAt` (`TTL_EXPIRED`).' },
  } as const,
});
const DriftPolicyEnum = builder.enumType('DriftPolicy', {
  description: 'What a staged operation expects of its target when it is applied.',
  values: {
    SECTION_CONTENT_MATCH: { description: 'The section still exists with the same content as when staged.' },
    SECTION_RESOLVABLE: { description: 'The section still exists.' },
    FILE_ABSENT: { description: 'The document still does not exist.' },
    FILE_PRESENT: { description: 'The document still exists.' },
    FILE_CONTENT_MATCH: { description: 'The whole document is unchanged.' },
  } as const satisfies Record<(typeof DRIFT_POLICIES)[number], { description: string }>,
});

const ProposalOperationInput = builder.inputType('ProposalOperationInput', {
  description: 'One edit of one document; `kind` says which fields it needs. Operations on one document apply in order, each on the result of the one before; if any fails, nothing is written.',
  fields: (t) => ({
    kind: t.field({ type: OperationKindEnum, required: true, description: 'What to do.' }),
    file: t.string({ required: true, description: 'The document path, e.g. decisions.md or modules/auth.md (ignored for `SESSION_LOG`).' }),
    sectionId: t.string({ description: 'The target section by its id (`MemoryContextSection.sectionId`); preferred over `heading`.' }),
    heading: t.string({ description: 'The target section by heading text, or the new section of `APPEND_SECTION`.' }),
    headingLevel: t.int({ defaultValue: 2, description: 'The level (1 to 6) of `heading`.' }),
    parentSectionId: t.string({ description: '`APPEND_SECTION`: insert as the first child of this section.' }),
    content: t.string({ description: 'The markdown to write (what it replaces or extends depends on `kind`).' }),
    ifExists: t.field({ type: IfExistsEnum, description: '`CREATE_FILE`: when the document exists (default `REJECT`).' }),
    ifMissing: t.field({ type: IfMissingEnum, description: '`REPLACE_SECTION`: when the section is missing (default `REJECT`).' }),
    archivePath: t.string({ description: '`ARCHIVE_SECTION` / `REMOVE_SECTION`: archive/<name>.md, created (must not exist).' }),
    replacement: t.string({ description: '`ARCHIVE_SECTION`: what stays in place of the section.' }),
    reason: t.string({ description: '`REMOVE_SECTION`: noted in the archive document.' }),
    newHeading: t.string({ description: '`RENAME_HEADING`: the new heading text (one line).' }),
    newHeadingLevel: t.int({ description: '`RENAME_HEADING`: 0 or omitted keeps the level.' }),
  }),
});

const ProposalSourceInput = builder.inputType('ProposalSourceInput', {
  description: 'Evidence for a proposal. Decisions need a `FILE`, `TEST` or `USER` source; modules need one of any type.',
  fields: (t) => ({
    type: t.field({ type: SourceTypeEnum, required: true, description: 'What kind of evidence.' }),
    ref: t.string({ description: 'A path, test name, URL… (scanned for secrets).' }),
  }),
});

const ProposalOwnerInput = builder.inputType('ProposalOwnerInput', {
  description: 'Who is proposing, for the record (e.g. an agent id).',
  fields: (t) => ({
    id: t.string({ description: 'An identifier of the proposer.' }),
    kind: t.string({ description: 'What the proposer is, e.g. "agent" or "cli".' }),
  }),
});

const ProposeUpdateInput = builder.inputType('ProposeUpdateInput', {
  description: 'A structured change to project memory: an intent, the operations, and the evidence.',
  fields: (t) => ({
    intent: t.field({ type: ProposalIntentEnum, required: true, description: 'What the change is for; it decides which documents may change and whether the change is staged.' }),
    rationale: t.string({ description: 'Why, for the reviewer (scanned for secrets).' }),
    operations: t.field({ type: [ProposalOperationInput], required: true, description: 'The edits, at least one, applied in order.' }),
    sources: t.field({ type: [ProposalSourceInput], description: 'The evidence (required for some categories, see `PROVENANCE_VIOLATION`).' }),
    confidence: t.field({ type: ConfidenceEnum, defaultValue: 'INFERRED', description: 'How sure you are.' }),
    owner: t.field({ type: ProposalOwnerInput, description: 'Who proposes, for the record.' }),
    space: t.string({ description: 'Target space; omitted or "personal" means your own.' }),
  }),
});

const RoutingRef = builder.objectRef<Routing>('ProposalRouting').implement({
  description: 'How the approval mode was resolved: every operation’s slot, strictest wins.',
  fields: (t) => ({
    mode: t.field({ type: ApprovalModeEnum, description: 'The mode that won.', resolve: (routing) => routing.mode }),
    reason: t.exposeString('reason', { description: "Each operation's slot and mode, and why a change was forced to stage, for people." }),
  }),
});

const SecretFindingRef = builder.objectRef<SecretFinding>('SecretFinding').implement({
  description: 'What kind of secret or PII was found, and where. The matched text is never returned.',
  fields: (t) => ({
    type: t.field({ type: SecretFindingTypeEnum, description: 'What was found.', resolve: (finding) => finding.type }),
    line: t.exposeInt('line', { description: '1-based, in the whole resulting document (or field).' }),
    location: t.exposeString('location', { description: 'A document path, or rationale, sources[i].ref, owner.id…' }),
  }),
});

const SchemaViolationRef = builder.objectRef<SchemaViolation>('SchemaViolation').implement({
  description: "A section of the resulting document that breaks its category's section schema (e.g. a decision without a Status).",
  fields: (t) => ({
    file: t.exposeString('file', { description: 'The document path.' }),
    sectionId: t.exposeString('sectionId', { nullable: true, description: 'The section, when it has an id.' }),
    field: t.exposeString('field', { nullable: true, description: 'The field concerned; null for a problem of the section as a whole.' }),
    message: t.exposeString('message', { description: 'What is wrong, for the proposer to fix.' }),
  }),
});

const AffectedSectionRef = builder.objectRef<AffectedSection>('AffectedSection').implement({
  description: 'A section a proposal changed (or will change).',
  fields: (t) => ({
    file: t.exposeString('file', { description: 'The document path.' }),
    sectionId: t.exposeString('sectionId', { description: 'The section id.' }),
  }),
});

const DriftRef = builder.objectRef<Drift>('ProposalDrift').implement({
  description: 'A target that changed since the proposal was staged.',
  fields: (t) => ({
    file: t.exposeString('file', { description: 'The document path.' }),
    sectionId: t.exposeString('sectionId', { nullable: true, description: 'The section, for section targets.' }),
    policy: t.field({ type: DriftPolicyEnum, description: 'What was expected of the target.', resolve: (drift) => drift.policy }),
    expected: t.exposeString('expected', { description: 'What staging saw, in words or as a hash.' }),
    found: t.exposeString('found', { description: 'What is there now.' }),
  }),
});

const ProposeUpdatePayloadRef = builder.objectRef<ProposeUpdateResult>('ProposeUpdatePayload').implement({
  description:
    'The outcome of `proposeUpdate`, `applyProposal` or `rejectProposal`. A refusal is data (`status` `REJECTED` with a `reason`), never a GraphQL error: branch on `status` and `reason`, fix what `findings`, `violations` or `provenanceViolations` point at, and propose again.',
  fields: (t) => ({
    status: t.field({ type: ProposeUpdateStatusEnum, description: 'Applied, staged, or rejected.', resolve: (payload) => payload.status }),
    reason: t.field({ type: ProposeUpdateReasonEnum, nullable: true, description: 'Why it was not applied; null when applied or simply staged.', resolve: (payload) => payload.reason }),
    message: t.exposeString('message', { description: 'For people: what happened, or what is wrong.' }),
    routing: t.field({ type: RoutingRef, nullable: true, description: 'Null when the proposal was refused before routing.', resolve: (payload) => payload.routing }),
    stagingId: t.exposeID('stagingId', { nullable: true, description: 'The staged proposal (`proposal(id)`, `applyProposal`, `rejectProposal`); null when nothing is staged.' }),
    files: t.exposeStringList('files', { description: 'The documents written, or to be written once applied.' }),
    findings: t.field({ type: [SecretFindingRef], description: '`SECRET_DETECTED` / `PII_DETECTED`: what was found and where.', resolve: (payload) => payload.findings }),
    violations: t.field({ type: [SchemaViolationRef], description: '`VALIDATION_FAILED`: the section-schema problems of the resulting documents.', resolve: (payload) => payload.violations }),
    provenanceViolations: t.exposeStringList('provenanceViolations', { description: '`PROVENANCE_VIOLATION`: what the sources lack.' }),
    drift: t.field({ type: [DriftRef], description: '`TARGET_DRIFT`: what changed since staging.', resolve: (payload) => payload.drift }),
    appliedAt: t.field({ type: 'DateTime', nullable: true, description: 'When the change was written; null unless `APPLIED`.', resolve: (payload) => payload.appliedAt }),
    affectedSections: t.field({ type: [AffectedSectionRef], description: 'The sections changed (or to be changed).', resolve: (payload) => payload.affectedSections }),
    indexUpdated: t.exposeBoolean('indexUpdated', { description: 'The search index covers the new content (MongoDB maintains it with the write).' }),
    warnings: t.exposeStringList('warnings', { description: 'Things a reviewer should know that did not block the change (e.g. secret-scan allow regions used).' }),
    stagingTtlSeconds: t.exposeInt('stagingTtlSeconds', { nullable: true, description: 'Seconds the staged proposal waits for a reviewer before it expires (default 7 days); null unless staged.' }),
    humanApprovalRequired: t.exposeBoolean('humanApprovalRequired', { description: 'True when a person must review it: tell the user and give them `reviewCommand`.' }),
    reviewCommand: t.exposeString('reviewCommand', { nullable: true, description: 'The command a person runs to review it, e.g. "kairos-graphql proposals review <id>".' }),
  }),
});

const ProposalSourceRef = builder.objectRef<ProposalSource>('ProposalSource').implement({
  description: 'Evidence given with a proposal.',
  fields: (t) => ({
    type: t.field({ type: SourceTypeEnum, description: 'What kind of evidence.', resolve: (source) => source.type }),
    ref: t.string({ nullable: true, description: 'A path, test name, URL…, if given.', resolve: (source) => source.ref ?? null }),
  }),
});

const ProposalOwnerRef = builder.objectRef<ProposalOwner>('ProposalOwner').implement({
  description: 'Who proposed, as the proposer described itself.',
  fields: (t) => ({
    id: t.string({ nullable: true, description: 'An identifier of the proposer.', resolve: (owner) => owner.id ?? null }),
    kind: t.string({ nullable: true, description: 'What the proposer is.', resolve: (owner) => owner.kind ?? null }),
  }),
});

const ProposalOperationRef = builder.objectRef<ProposalOperation>('ProposalOperation').implement({
  description: 'A staged operation, as it will be replayed (SESSION_LOG paths already resolved).',
  fields: (t) => ({
    kind: t.field({ type: OperationKindEnum, description: 'What it does.', resolve: (op) => op.kind }),
    file: t.exposeString('file', { description: 'The document path.' }),
    sectionId: t.string({ nullable: true, description: 'The target section id, if given.', resolve: (op) => op.sectionId ?? null }),
    heading: t.string({ nullable: true, description: 'The target (or new) heading, if given.', resolve: (op) => op.heading ?? null }),
    headingLevel: t.int({ nullable: true, description: 'The level of `heading`.', resolve: (op) => op.headingLevel ?? null }),
    parentSectionId: t.string({ nullable: true, description: '`APPEND_SECTION`: the parent section.', resolve: (op) => op.parentSectionId ?? null }),
    content: t.string({ nullable: true, description: 'The markdown it writes.', resolve: (op) => op.content ?? null }),
    archivePath: t.string({ nullable: true, description: 'The archive document it creates.', resolve: (op) => op.archivePath ?? null }),
    newHeading: t.string({ nullable: true, description: '`RENAME_HEADING`: the new heading.', resolve: (op) => op.newHeading ?? null }),
  }),
});

const ProposalCheckRef = builder.objectRef<{ reason: (typeof PROPOSAL_REASONS)[number]; message: string }>('ProposalCheck').implement({
  description: 'A check that would stop a staged proposal from applying now.',
  fields: (t) => ({
    reason: t.field({ type: ProposeUpdateReasonEnum, description: 'The code applying would answer.', resolve: (check) => check.reason }),
    message: t.exposeString('message', { description: 'What is in the way, for people.' }),
  }),
});

// One preview per proposal object and request: `diff` and `applyBlockedBy` share it.
const previews = new WeakMap<ProposalRecord, Promise<ProposalPreview>>();
function previewOf(proposal: ProposalRecord, ctx: AppContext): Promise<ProposalPreview> {
  let preview = previews.get(proposal);
  if (!preview) {
    preview = ctx.services.proposals.preview(proposal);
    previews.set(proposal, preview);
  }
  return preview;
}

const ProposalRef = builder.objectRef<ProposalRecord>('Proposal').implement({
  description: 'A staged proposal and how it ended.',
  fields: (t) => ({
    id: t.exposeID('_id', { description: 'The staging id.' }),
    stagingId: t.exposeID('_id', { description: 'The staging id (the same as `id`).' }),
    space: t.exposeString('space', { description: 'The space whose documents it changes.' }),
    status: t.field({ type: ProposalStatusEnum, description: 'Where it stands.', resolve: (proposal) => proposal.status }),
    intent: t.field({ type: ProposalIntentEnum, description: 'What it is for.', resolve: (proposal) => proposal.intent }),
    rationale: t.exposeString('rationale', { nullable: true, description: "The proposer's reason, if given." }),
    confidence: t.field({ type: ConfidenceEnum, description: 'How sure the proposer was.', resolve: (proposal) => proposal.confidence }),
    sources: t.field({ type: [ProposalSourceRef], description: 'The evidence given.', resolve: (proposal) => proposal.sources }),
    owner: t.field({ type: ProposalOwnerRef, nullable: true, description: 'The proposer as it described itself, if it did.', resolve: (proposal) => proposal.owner }),
    operations: t.field({ type: [ProposalOperationRef], description: 'The edits, replayed on the current documents when applied.', resolve: (proposal) => proposal.operations }),
    files: t.exposeStringList('files', { description: 'The documents it changes.' }),
    routing: t.field({ type: RoutingRef, description: 'Why it was staged.', resolve: (proposal) => proposal.routing }),
    affectedSections: t.field({ type: [AffectedSectionRef], description: 'The sections it changes (as applied, once applied).', resolve: (proposal) => proposal.affectedSections }),
    proposedBy: t.exposeID('proposedBy', { description: 'The principal who proposed it.' }),
    stagedAt: t.field({ type: 'DateTime', description: 'When it was staged.', resolve: (proposal) => proposal.stagedAt }),
    expiresAt: t.field({ type: 'DateTime', description: 'When it expires if nobody decides.', resolve: (proposal) => proposal.expiresAt }),
    decidedAt: t.field({ type: 'DateTime', nullable: true, description: 'When it was applied, rejected or expired; null while staged.', resolve: (proposal) => proposal.decidedAt }),
    decidedBy: t.exposeID('decidedBy', { nullable: true, description: 'The reviewer who decided ("system" for an expiry); null while staged.' }),
    decisionReason: t.field({ type: ProposeUpdateReasonEnum, nullable: true, description: '`USER_REJECTED` or `TTL_EXPIRED`; null otherwise.', resolve: (proposal) => proposal.decisionReason }),
    decisionNote: t.exposeString('decisionNote', { nullable: true, description: 'The reviewer’s words on a rejection.' }),
    reviewCommand: t.string({ description: 'The command a person runs to review it.', resolve: (proposal) => reviewCommandFor(proposal._id) }),
    diff: t.string({
      nullable: true,
      description: 'Staged only: a unified diff of what applying would write now, against the current documents.',
      resolve: async (proposal, _args, ctx) => (await previewOf(proposal, ctx)).diff,
    }),
    applyBlockedBy: t.field({
      type: ProposalCheckRef,
      nullable: true,
      description: 'Staged only: why applying now would not go through (TARGET_DRIFT…), or null.',
      resolve: async (proposal, _args, ctx) => (await previewOf(proposal, ctx)).blockedBy,
    }),
  }),
});

const ProposalConnectionRef = connectionType('Proposal', ProposalRef);

builder.queryField('proposal', (t) =>
  t.field({
    type: ProposalRef,
    nullable: true,
    description: 'A proposal by staging id, in a space you can read (admins: any personal space); null when there is none. A staged proposal past its expiry is marked `EXPIRED` on reading.',
    args: { id: t.arg.id({ required: true, description: 'The staging id (`ProposeUpdatePayload.stagingId`).' }) },
    resolve: (_root, args, ctx) => ctx.services.proposals.expireAndFindProposal(ctx.viewer, String(args.id)),
  }),
);

builder.queryField('proposals', (t) =>
  t.field({
    type: ProposalConnectionRef,
    description: 'Proposals in the spaces you can read, newest first. Codes: `BAD_USER_INPUT` (`first` out of range, a foreign cursor).',
    args: {
      status: t.arg({ type: ProposalStatusEnum, description: 'Only proposals in this status, e.g. `STAGED` for the review queue.' }),
      first: t.arg.int({ description: 'Page size (default 20, at most 200).' }),
      after: t.arg.string({ description: '`PageInfo.endCursor` of the previous page.' }),
    },
    resolve: (_root, args, ctx) => ctx.services.proposals.expireAndPageProposals(ctx.viewer, args),
  }),
);

builder.mutationField('proposeUpdate', (t) =>
  t.field({
    type: ProposeUpdatePayloadRef,
    description:
      'Propose structured edits to project-memory documents (conventions, decisions, pitfalls, modules, current state, session logs, archives): safe ones apply at once (`APPLIED`), the rest are staged for a reviewer (`STAGED`: tell the user, with `reviewCommand`). ' +
      'Everything is checked first: shape, paths, intent against document, the resulting markdown and section schema, secrets and personal data, provenance; a refusal is `REJECTED` with a `reason`, and nothing is written. Read the documents first with `memoryContext` to address sections by `sectionId`. ' +
      'Codes (GraphQL errors): `SPACE_READ_ONLY`, `SPACE_NOT_FOUND` (a space you cannot write).',
    args: { input: t.arg({ type: ProposeUpdateInput, required: true, description: 'The change.' }) },
    resolve: (_root, { input }, ctx) => ctx.services.proposals.proposeUpdate(ctx.viewer, input),
  }),
);

const ApplyProposalInput = builder.inputType('ApplyProposalInput', {
  description: 'The staged proposal to apply.',
  fields: (t) => ({ id: t.id({ required: true, description: 'The staging id (Proposal.id, ProposeUpdatePayload.stagingId).' }) }),
});

builder.mutationField('applyProposal', (t) =>
  t.field({
    type: ProposeUpdatePayloadRef,
    description:
      'For reviewers: replay a staged proposal on the current documents, in one transaction. Answers, as data: `APPLIED`; `STAGED` with a `reason` when it cannot apply now (`TARGET_DRIFT` with `drift`, `PLAN_FAILED`…: nothing written, it stays staged: review it again or reject it); ' +
      '`REJECTED` with `STAGING_NOT_FOUND` (no such proposal, or already decided) or `TTL_EXPIRED`. ' +
      'Codes (GraphQL errors): `FORBIDDEN` (not a reviewer, a space you cannot review, or, with authentication on, your own proposal).',
    args: { input: t.arg({ type: ApplyProposalInput, required: true, description: 'The proposal.' }) },
    resolve: (_root, { input }, ctx) => ctx.services.proposals.applyProposal(ctx.viewer, input.id),
  }),
);

const RejectProposalInput = builder.inputType('RejectProposalInput', {
  description: 'The staged proposal to reject, and why.',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The staging id (Proposal.id, ProposeUpdatePayload.stagingId).' }),
    reason: t.string({ required: true, description: 'Why, for the proposer; kept as the decision note (not empty, at most 2,000 characters, no secrets).' }),
  }),
});

builder.mutationField('rejectProposal', (t) =>
  t.field({
    type: ProposeUpdatePayloadRef,
    description:
      'For reviewers: reject a staged proposal, saying why; answers status `REJECTED` with reason `USER_REJECTED` (or `STAGING_NOT_FOUND` / `TTL_EXPIRED` when it is no longer staged), as data. ' +
      'Codes (GraphQL errors): `FORBIDDEN` (not a reviewer, or a space you cannot review), `BAD_USER_INPUT` (an empty reason, or one that looks like it holds a secret), `PAYLOAD_TOO_LARGE` (a reason over 2,000 characters).',
    args: { input: t.arg({ type: RejectProposalInput, required: true, description: 'The proposal and the reason.' }) },
    resolve: (_root, { input }, ctx) => ctx.services.proposals.rejectProposal(ctx.viewer, input.id, input.reason),
  }),
);

const ProposalEventTypeEnum = builder.enumType('ProposalEventType', {
  description: 'What happened to a proposal, as `proposalEvents` reports it.',
  values: {
    STAGED: { description: 'Staged for review.' },
    APPLIED: { description: 'Applied by a reviewer.' },
    REJECTED: { description: 'Rejected by a reviewer.' },
    EXPIRED: { description: 'Expired before anyone decided.' },
  } as const satisfies Record<(typeof PROPOSAL_STATUSES)[number], { description: string }>,
});

const ProposalEventRef = builder.objectRef<ProposalEvent>('ProposalEvent').implement({
  description: 'A proposal was staged or decided, sent after the change commits.',
  fields: (t) => ({
    type: t.field({ type: ProposalEventTypeEnum, description: 'What happened.', resolve: (event) => event.type }),
    stagingId: t.exposeID('stagingId', { description: 'The proposal: read it with `proposal(id)`.' }),
    space: t.exposeString('space', { description: 'Its space.' }),
    intent: t.field({ type: ProposalIntentEnum, description: 'What it is for.', resolve: (event) => event.intent }),
    files: t.exposeStringList('files', { description: 'The documents it changes.' }),
    reason: t.field({ type: ProposeUpdateReasonEnum, nullable: true, description: '`USER_REJECTED` or `TTL_EXPIRED`; null otherwise.', resolve: (event) => event.reason }),
    at: t.field({ type: 'DateTime', description: 'When it happened.', resolve: (event) => event.at }),
  }),
});

builder.subscriptionField('proposalEvents', (t) =>
  t.field({
    type: ProposalEventRef,
    description: 'Proposals staged, applied, rejected or expired in one space or, space omitted, every space you can read; live only. Answers `FORBIDDEN` for a space you cannot read.',
    args: { space: t.arg.string({ description: 'A space id, or "personal" for your own; omitted: every space you can read.' }) },
    subscribe: (_root, args, ctx) => ctx.services.proposals.watchProposalEvents(ctx.viewer, { space: args.space }, ctx.overflow),
    resolve: (event) => event,
  }),
);

const ContextSectionRef = builder.objectRef<ContextSection>('MemoryContextSection').implement({
  description: 'One section of a project-memory document. Address it in `proposeUpdate` by `path` and `sectionId`.',
  fields: (t) => ({
    path: t.exposeString('path', { description: 'The document path.' }),
    sectionId: t.exposeString('sectionId', { description: 'The section id, for `ProposalOperationInput.sectionId`.' }),
    uri: t.exposeString('uri', { description: 'The document’s memory URI.' }),
    heading: t.exposeString('heading', { description: 'The heading text.' }),
    category: t.field({ type: MemoryCategoryEnum, description: 'The kind of document.', resolve: (section) => section.category }),
    text: t.exposeString('text', { description: 'Heading and direct body; subsections come as sections of their own.' }),
    score: t.exposeFloat('score', { description: 'Relevance to the query (higher is better); ties keep document order.' }),
  }),
});

const OmittedSectionRef = builder.objectRef<OmittedSection>('MemoryContextOmission').implement({
  description: 'A relevant section left out of the answer.',
  fields: (t) => ({
    path: t.exposeString('path', { description: 'The document path.' }),
    sectionId: t.exposeString('sectionId', { description: 'The section id.' }),
    reason: t.exposeString('reason', { description: 'Why: "budget exhausted" (ask with a larger `budgetChars`) or "near-duplicate of a higher-ranked section".' }),
  }),
});

const MemoryContextRef = builder.objectRef<MemoryContextResult>('MemoryContext').implement({
  description: 'Project-memory sections for a task, best first, within a character budget.',
  fields: (t) => ({
    sections: t.field({ type: [ContextSectionRef], description: 'The sections returned, best first.', resolve: (context) => context.sections }),
    omitted: t.field({ type: [OmittedSectionRef], description: 'Relevant sections left out, and why.', resolve: (context) => context.omitted }),
    budgetChars: t.exposeInt('budgetChars', { description: 'The budget used for this answer.' }),
    budgetUsed: t.exposeInt('budgetUsed', { description: 'Characters of section text returned.' }),
  }),
});

builder.queryField('memoryContext', (t) =>
  t.field({
    type: MemoryContextRef,
    description:
      'The project-memory sections most relevant to a query, best first, within `budgetChars` (default 24000), from the spaces you can read. ' +
      'Without a query: the current state and conventions, in document order. Read it before a task, and before `proposeUpdate` to find the `sectionId` to change. ' +
      'Codes: `BAD_USER_INPUT` (`budgetChars` outside 1 to 200000, `include` naming no project-memory category).',
    args: {
      query: t.arg.string({ description: 'What you are about to work on, in words; omitted: the current state and conventions.' }),
      budgetChars: t.arg.int({ description: 'Most characters of section text to return (default 24000, at most 200000).' }),
      include: t.arg({ type: [MemoryCategoryEnum], description: 'Only these categories (default: every project-memory category).' }),
    },
    resolve: (_root, args, ctx) => ctx.services.memoryContext.memoryContext(ctx.viewer, args),
  }),
);
