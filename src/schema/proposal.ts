import { builder } from '../builder.js';
import type { ProposalEvent } from '../events/topics.js';
import type { ContextSection, OmittedSection } from '../proposals/context-ranking.js';
import { DRIFT_POLICIES, type Drift } from '../proposals/proposal-pipeline.js';
import {
  APPROVAL_MODES,
  type AffectedSection,
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
import { FINDING_TYPES, type SecretFinding } from '../proposals/secret-scan.js';
import type { MemoryContextResult } from '../services/memory-context-service.js';
import { type ProposalPreview, PROPOSE_UPDATE_STATUSES, type ProposeUpdateResult, reviewCommandFor } from '../proposals/proposal-results.js';
import type { ProposalRecord } from '../store/proposal-store.js';
import type { AppContext } from '../context.js';
import { connectionType } from './connection.js';
import { MemoryCategoryEnum } from './memory.js';

const ProposalIntentEnum = builder.enumType('ProposalIntent', {
  description: 'What a proposal is for; each intent may touch only its own categories of document.',
  values: PROPOSAL_INTENTS,
});
const OperationKindEnum = builder.enumType('ProposalOperationKind', { values: OPERATION_KINDS });
const ConfidenceEnum = builder.enumType('ProposalConfidence', { values: CONFIDENCE_LEVELS });
const SourceTypeEnum = builder.enumType('ProposalSourceType', { values: SOURCE_TYPES });
const IfExistsEnum = builder.enumType('ProposalIfExists', { description: 'CREATE_FILE on an existing document.', values: IF_EXISTS_VALUES });
const IfMissingEnum = builder.enumType('ProposalIfMissing', { description: 'REPLACE_SECTION when the section is missing.', values: IF_MISSING_VALUES });
const ApprovalModeEnum = builder.enumType('ApprovalMode', { values: APPROVAL_MODES });
const ProposeUpdateStatusEnum = builder.enumType('ProposeUpdateStatus', { values: PROPOSE_UPDATE_STATUSES });
const ProposeUpdateReasonEnum = builder.enumType('ProposeUpdateReason', {
  description: 'Why a proposal was not applied: a stable code, one to one with the upstream snake_case codes (README).',
  values: PROPOSAL_REASONS,
});
const SecretFindingTypeEnum = builder.enumType('SecretFindingType', { values: FINDING_TYPES });
const ProposalStatusEnum = builder.enumType('ProposalStatus', { values: PROPOSAL_STATUSES });
const DriftPolicyEnum = builder.enumType('DriftPolicy', {
  values: DRIFT_POLICIES,
});

const ProposalOperationInput = builder.inputType('ProposalOperationInput', {
  fields: (t) => ({
    kind: t.field({ type: OperationKindEnum, required: true }),
    file: t.string({ required: true, description: 'The document path, e.g. decisions.md or modules/auth.md.' }),
    sectionId: t.string({ description: 'The target section (preferred over heading).' }),
    heading: t.string({ description: 'The target section by heading text, or the new section of APPEND_SECTION.' }),
    headingLevel: t.int({ defaultValue: 2 }),
    parentSectionId: t.string({ description: 'APPEND_SECTION: insert as the first child of this section.' }),
    content: t.string(),
    ifExists: t.field({ type: IfExistsEnum }),
    ifMissing: t.field({ type: IfMissingEnum }),
    archivePath: t.string({ description: 'ARCHIVE_SECTION / REMOVE_SECTION: archive/<name>.md, created.' }),
    replacement: t.string({ description: 'ARCHIVE_SECTION: what stays in place of the section.' }),
    reason: t.string({ description: 'REMOVE_SECTION: noted in the archive document.' }),
    newHeading: t.string(),
    newHeadingLevel: t.int({ description: 'RENAME_HEADING: 0 or omitted keeps the level.' }),
  }),
});

const ProposalSourceInput = builder.inputType('ProposalSourceInput', {
  fields: (t) => ({
    type: t.field({ type: SourceTypeEnum, required: true }),
    ref: t.string({ description: 'A path, test name, URL…' }),
  }),
});

const ProposalOwnerInput = builder.inputType('ProposalOwnerInput', {
  fields: (t) => ({
    id: t.string(),
    kind: t.string(),
  }),
});

const ProposeUpdateInput = builder.inputType('ProposeUpdateInput', {
  fields: (t) => ({
    intent: t.field({ type: ProposalIntentEnum, required: true }),
    rationale: t.string(),
    operations: t.field({ type: [ProposalOperationInput], required: true }),
    sources: t.field({ type: [ProposalSourceInput] }),
    confidence: t.field({ type: ConfidenceEnum, defaultValue: 'INFERRED' }),
    owner: t.field({ type: ProposalOwnerInput }),
    space: t.string({ description: 'Target space; omitted or "personal" means your own.' }),
  }),
});

const RoutingRef = builder.objectRef<Routing>('ProposalRouting').implement({
  description: 'How the approval mode was resolved: every operation’s slot, strictest wins.',
  fields: (t) => ({
    mode: t.field({ type: ApprovalModeEnum, resolve: (routing) => routing.mode }),
    reason: t.exposeString('reason'),
  }),
});

const SecretFindingRef = builder.objectRef<SecretFinding>('SecretFinding').implement({
  description: 'What kind of secret or PII was found, and where. The matched text is never returned.',
  fields: (t) => ({
    type: t.field({ type: SecretFindingTypeEnum, resolve: (finding) => finding.type }),
    line: t.exposeInt('line', { description: '1-based, in the whole resulting document (or field).' }),
    location: t.exposeString('location', { description: 'A document path, or rationale, sources[i].ref, owner.id…' }),
  }),
});

const SchemaViolationRef = builder.objectRef<SchemaViolation>('SchemaViolation').implement({
  fields: (t) => ({
    file: t.exposeString('file'),
    sectionId: t.exposeString('sectionId', { nullable: true }),
    field: t.exposeString('field', { nullable: true }),
    message: t.exposeString('message'),
  }),
});

const AffectedSectionRef = builder.objectRef<AffectedSection>('AffectedSection').implement({
  fields: (t) => ({
    file: t.exposeString('file'),
    sectionId: t.exposeString('sectionId'),
  }),
});

const DriftRef = builder.objectRef<Drift>('ProposalDrift').implement({
  description: 'A target that changed since the proposal was staged.',
  fields: (t) => ({
    file: t.exposeString('file'),
    sectionId: t.exposeString('sectionId', { nullable: true }),
    policy: t.field({ type: DriftPolicyEnum, resolve: (drift) => drift.policy }),
    expected: t.exposeString('expected'),
    found: t.exposeString('found'),
  }),
});

const ProposeUpdatePayloadRef = builder.objectRef<ProposeUpdateResult>('ProposeUpdatePayload').implement({
  description: 'The outcome of proposeUpdate, applyProposal or rejectProposal. A rejection is data, never an error.',
  fields: (t) => ({
    status: t.field({ type: ProposeUpdateStatusEnum, resolve: (payload) => payload.status }),
    reason: t.field({ type: ProposeUpdateReasonEnum, nullable: true, resolve: (payload) => payload.reason }),
    message: t.exposeString('message'),
    routing: t.field({ type: RoutingRef, nullable: true, description: 'Null when the proposal was refused before routing.', resolve: (payload) => payload.routing }),
    stagingId: t.exposeID('stagingId', { nullable: true }),
    files: t.exposeStringList('files'),
    findings: t.field({ type: [SecretFindingRef], resolve: (payload) => payload.findings }),
    violations: t.field({ type: [SchemaViolationRef], resolve: (payload) => payload.violations }),
    provenanceViolations: t.exposeStringList('provenanceViolations'),
    drift: t.field({ type: [DriftRef], description: 'TARGET_DRIFT: what changed since staging.', resolve: (payload) => payload.drift }),
    appliedAt: t.field({ type: 'DateTime', nullable: true, resolve: (payload) => payload.appliedAt }),
    affectedSections: t.field({ type: [AffectedSectionRef], resolve: (payload) => payload.affectedSections }),
    indexUpdated: t.exposeBoolean('indexUpdated', { description: 'The search index covers the new content (MongoDB maintains it with the write).' }),
    warnings: t.exposeStringList('warnings'),
    stagingTtlSeconds: t.exposeInt('stagingTtlSeconds', { nullable: true }),
    humanApprovalRequired: t.exposeBoolean('humanApprovalRequired'),
    reviewCommand: t.exposeString('reviewCommand', { nullable: true }),
  }),
});

const ProposalSourceRef = builder.objectRef<ProposalSource>('ProposalSource').implement({
  fields: (t) => ({
    type: t.field({ type: SourceTypeEnum, resolve: (source) => source.type }),
    ref: t.string({ nullable: true, resolve: (source) => source.ref ?? null }),
  }),
});

const ProposalOwnerRef = builder.objectRef<ProposalOwner>('ProposalOwner').implement({
  fields: (t) => ({
    id: t.string({ nullable: true, resolve: (owner) => owner.id ?? null }),
    kind: t.string({ nullable: true, resolve: (owner) => owner.kind ?? null }),
  }),
});

const ProposalOperationRef = builder.objectRef<ProposalOperation>('ProposalOperation').implement({
  description: 'A staged operation, as it will be replayed (SESSION_LOG paths already resolved).',
  fields: (t) => ({
    kind: t.field({ type: OperationKindEnum, resolve: (op) => op.kind }),
    file: t.exposeString('file'),
    sectionId: t.string({ nullable: true, resolve: (op) => op.sectionId ?? null }),
    heading: t.string({ nullable: true, resolve: (op) => op.heading ?? null }),
    headingLevel: t.int({ nullable: true, resolve: (op) => op.headingLevel ?? null }),
    parentSectionId: t.string({ nullable: true, resolve: (op) => op.parentSectionId ?? null }),
    content: t.string({ nullable: true, resolve: (op) => op.content ?? null }),
    archivePath: t.string({ nullable: true, resolve: (op) => op.archivePath ?? null }),
    newHeading: t.string({ nullable: true, resolve: (op) => op.newHeading ?? null }),
  }),
});

const ProposalCheckRef = builder.objectRef<{ reason: (typeof PROPOSAL_REASONS)[number]; message: string }>('ProposalCheck').implement({
  fields: (t) => ({
    reason: t.field({ type: ProposeUpdateReasonEnum, resolve: (check) => check.reason }),
    message: t.exposeString('message'),
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
    stagingId: t.exposeID('_id'),
    space: t.exposeString('space'),
    status: t.field({ type: ProposalStatusEnum, resolve: (proposal) => proposal.status }),
    intent: t.field({ type: ProposalIntentEnum, resolve: (proposal) => proposal.intent }),
    rationale: t.exposeString('rationale', { nullable: true }),
    confidence: t.field({ type: ConfidenceEnum, resolve: (proposal) => proposal.confidence }),
    sources: t.field({ type: [ProposalSourceRef], resolve: (proposal) => proposal.sources }),
    owner: t.field({ type: ProposalOwnerRef, nullable: true, resolve: (proposal) => proposal.owner }),
    operations: t.field({ type: [ProposalOperationRef], resolve: (proposal) => proposal.operations }),
    files: t.exposeStringList('files'),
    routing: t.field({ type: RoutingRef, resolve: (proposal) => proposal.routing }),
    affectedSections: t.field({ type: [AffectedSectionRef], resolve: (proposal) => proposal.affectedSections }),
    proposedBy: t.exposeID('proposedBy'),
    stagedAt: t.field({ type: 'DateTime', resolve: (proposal) => proposal.stagedAt }),
    expiresAt: t.field({ type: 'DateTime', resolve: (proposal) => proposal.expiresAt }),
    decidedAt: t.field({ type: 'DateTime', nullable: true, resolve: (proposal) => proposal.decidedAt }),
    decidedBy: t.exposeID('decidedBy', { nullable: true }),
    decisionReason: t.field({ type: ProposeUpdateReasonEnum, nullable: true, resolve: (proposal) => proposal.decisionReason }),
    decisionNote: t.exposeString('decisionNote', { nullable: true, description: 'The reviewer’s words on a rejection.' }),
    reviewCommand: t.string({ resolve: (proposal) => reviewCommandFor(proposal._id) }),
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
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.proposals.expireAndFindProposal(ctx.viewer, String(args.id)),
  }),
);

builder.queryField('proposals', (t) =>
  t.field({
    type: ProposalConnectionRef,
    description: 'Proposals in the spaces you can read, newest first.',
    args: {
      status: t.arg({ type: ProposalStatusEnum }),
      first: t.arg.int({ description: 'Page size (default 20, at most 200).' }),
      after: t.arg.string(),
    },
    resolve: (_root, args, ctx) => ctx.services.proposals.expireAndPageProposals(ctx.viewer, args),
  }),
);

builder.mutationField('proposeUpdate', (t) =>
  t.field({
    type: ProposeUpdatePayloadRef,
    description: 'Propose structured edits to project memory: safe ones apply, the rest are staged for review.',
    args: { input: t.arg({ type: ProposeUpdateInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.proposals.proposeUpdate(ctx.viewer, input),
  }),
);

const ApplyProposalInput = builder.inputType('ApplyProposalInput', {
  fields: (t) => ({ id: t.id({ required: true, description: 'The staging id (Proposal.id, ProposeUpdatePayload.stagingId).' }) }),
});

builder.mutationField('applyProposal', (t) =>
  t.field({
    type: ProposeUpdatePayloadRef,
    description:
      'For reviewers: replay a staged proposal on the current documents. status APPLIED, or REJECTED with a reason (TARGET_DRIFT, TTL_EXPIRED…) as data. Errors: FORBIDDEN (not a reviewer, or your own proposal), NOT_FOUND.',
    args: { input: t.arg({ type: ApplyProposalInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.proposals.applyProposal(ctx.viewer, input.id),
  }),
);

const RejectProposalInput = builder.inputType('RejectProposalInput', {
  fields: (t) => ({
    id: t.id({ required: true, description: 'The staging id (Proposal.id, ProposeUpdatePayload.stagingId).' }),
    reason: t.string({ required: true, description: 'Why, for the proposer; kept as the decision note.' }),
  }),
});

builder.mutationField('rejectProposal', (t) =>
  t.field({
    type: ProposeUpdatePayloadRef,
    description: 'For reviewers: reject a staged proposal, saying why; answers status REJECTED with reason USER_REJECTED. Errors: FORBIDDEN, NOT_FOUND.',
    args: { input: t.arg({ type: RejectProposalInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.proposals.rejectProposal(ctx.viewer, input.id, input.reason),
  }),
);

const ProposalEventTypeEnum = builder.enumType('ProposalEventType', { values: PROPOSAL_STATUSES });

const ProposalEventRef = builder.objectRef<ProposalEvent>('ProposalEvent').implement({
  description: 'A proposal was staged or decided, sent after the change commits.',
  fields: (t) => ({
    type: t.field({ type: ProposalEventTypeEnum, resolve: (event) => event.type }),
    stagingId: t.exposeID('stagingId'),
    space: t.exposeString('space'),
    intent: t.field({ type: ProposalIntentEnum, resolve: (event) => event.intent }),
    files: t.exposeStringList('files'),
    reason: t.field({ type: ProposeUpdateReasonEnum, nullable: true, resolve: (event) => event.reason }),
    at: t.field({ type: 'DateTime', resolve: (event) => event.at }),
  }),
});

builder.subscriptionField('proposalEvents', (t) =>
  t.field({
    type: ProposalEventRef,
    description: 'Proposals staged, applied, rejected or expired in one space or, space omitted, every space you can read; live only. Answers FORBIDDEN for a space you cannot read.',
    args: { space: t.arg.string({ description: 'A space id, or "personal" for your own; omitted: every space you can read.' }) },
    subscribe: (_root, args, ctx) => ctx.services.proposals.watchProposalEvents(ctx.viewer, { space: args.space }),
    resolve: (event) => event,
  }),
);

const ContextSectionRef = builder.objectRef<ContextSection>('MemoryContextSection').implement({
  fields: (t) => ({
    path: t.exposeString('path', { description: 'The document path.' }),
    sectionId: t.exposeString('sectionId'),
    uri: t.exposeString('uri', { description: 'The document’s memory URI.' }),
    heading: t.exposeString('heading'),
    category: t.field({ type: MemoryCategoryEnum, resolve: (section) => section.category }),
    text: t.exposeString('text', { description: 'Heading and direct body; subsections come as sections of their own.' }),
    score: t.exposeFloat('score'),
  }),
});

const OmittedSectionRef = builder.objectRef<OmittedSection>('MemoryContextOmission').implement({
  fields: (t) => ({
    path: t.exposeString('path'),
    sectionId: t.exposeString('sectionId'),
    reason: t.exposeString('reason'),
  }),
});

const MemoryContextRef = builder.objectRef<MemoryContextResult>('MemoryContext').implement({
  fields: (t) => ({
    sections: t.field({ type: [ContextSectionRef], resolve: (context) => context.sections }),
    omitted: t.field({ type: [OmittedSectionRef], resolve: (context) => context.omitted }),
    budgetChars: t.exposeInt('budgetChars'),
    budgetUsed: t.exposeInt('budgetUsed', { description: 'Characters of section text returned.' }),
  }),
});

builder.queryField('memoryContext', (t) =>
  t.field({
    type: MemoryContextRef,
    description:
      'The project-memory sections most relevant to a query, best first, within budgetChars (default 24000). ' +
      'Without a query: the current state and conventions, in document order.',
    args: {
      query: t.arg.string(),
      budgetChars: t.arg.int(),
      include: t.arg({ type: [MemoryCategoryEnum], description: 'Only these categories (default: every project-memory category).' }),
    },
    resolve: (_root, args, ctx) => ctx.services.memoryContext.memoryContext(ctx.viewer, args),
  }),
);
