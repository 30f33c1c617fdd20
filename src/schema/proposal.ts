import { builder } from '../builder.js';
import type { ProposalEvent } from '../events/topics.js';
import { type Drift } from '../proposals/proposal-pipeline.js';
import { type AffectedSection, type PROPOSAL_REASONS, type PROPOSAL_STATUSES, type ProposalOperation, type ProposalOwner, type ProposalSource, type Routing, type SchemaViolation } from '../proposals/proposal-types.js';
import { type SecretFinding } from '../proposals/secret-scan.js';
import { type ProposalPreview, type ProposeUpdateResult, reviewCommandFor } from '../proposals/proposal-results.js';
import type { ProposalRecord } from '../store/proposal-store.js';
import type { AppContext } from '../context.js';
import { connectionType } from './connection.js';
import { ProposalIntentEnum, OperationKindEnum, ConfidenceEnum, SourceTypeEnum, IfExistsEnum, IfMissingEnum, ApprovalModeEnum, ProposeUpdateStatusEnum, ProposeUpdateReasonEnum, SecretFindingTypeEnum, ProposalStatusEnum, DriftPolicyEnum } from './proposal-enums.js';

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
