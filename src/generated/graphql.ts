/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** A person's reply to one prompt. */
export type AnswerPromptInput = {
  /** The reply: "approve", "yes", or a decline such as "rejected" (which fails a required step with `USER_DECLINED`). Not empty; at most 10,000 characters. */
  confirmation: string;
  /** `ChallengePrompt.promptId` or `StepChallenge.promptId`. */
  promptId: string | number;
};

/** How a proposal is routed: the strictest mode of its operations wins. */
export type ApprovalMode =
  /** Written at once. */
  | 'APPLY'
  /** Reserved to the server: the proposal is refused with `SERVER_ONLY_CATEGORY`. */
  | 'SERVER_ONLY'
  /** Staged for a reviewer (`applyProposal` / `rejectProposal`). */
  | 'STAGE';

/** How the run ended, and a word on it. */
export type AttestInput = {
  /** Grading: the grader's words (at most 10,000 characters). */
  feedback?: string | null | undefined;
  /** The model that ran the protocol, recorded as the rater (default "kairos-attest"; at most 200 characters). */
  llmModelId?: string | null | undefined;
  /** A short summary of what was done, kept with the rating (at most 10,000 characters). */
  message: string;
  /** `SUCCESS` when the protocol was carried out, `FAILURE` to abandon it. */
  outcome: Outcome;
  /** Added to the quality rating of the step and the protocol (default 0; must be finite). */
  qualityBonus?: number | null | undefined;
  /** Grading: the person who graded (at most 200 characters). A rater or an `llmModelId` is needed for the SFT and preference datasets. */
  rater?: string | null | undefined;
  /** Grading: the rubric or policy version the score follows (at most 64 characters); needed for the SFT and preference datasets. */
  rubricVersion?: string | null | undefined;
  /** `StepPayload.runId`. Omitted: your most recent open run containing `uri`. */
  runId?: string | number | null | undefined;
  /** Grading: how well the run went, 0 to 1 (else `BAD_USER_INPUT`). Feeds the ranking within ±0.04; a `FAILURE` counts 0 whatever its score. */
  score?: number | null | undefined;
  /** A step of the run, normally the one `nextCall.uri` names (the last step). A URI outside the run answers `NOT_FOUND`. */
  uri: string;
};

/** What happened to one URI of `updateMemories` or `deleteMemories`. */
export type BatchItemStatus =
  /** Deleted (restorable with `restoreMemory`). */
  | 'DELETED'
  /** Nothing written for this URI; `message` says why (not found, read-only space, project memory, an invalid field, a concurrent write). */
  | 'ERROR'
  /** Written as a new version. */
  | 'UPDATED';

/** Which protocol to run: exactly one of `uri` or `key` (both or neither answers `BAD_USER_INPUT`). */
export type BeginInput = {
  /** The protocol's slug (`Protocol.slug`), case-insensitive, looked up in every space you can read. */
  key?: string | null | undefined;
  /** Any step of the protocol (kairos://mem/{id}), e.g. `SearchChoice.uri`; a later step redirects to step 1. */
  uri?: string | null | undefined;
};

/** How a step is proven. */
export type ChallengeType =
  /** Write a genuine comment of at least `minLength` characters in `solution.comment`. */
  | 'COMMENT'
  /** Call an MCP tool and report its real result in `solution.mcp`; `success: true` proves the step. */
  | 'MCP'
  /** Run a command and report its exit code and output in `solution.shell`; exit code 0 proves the step. */
  | 'SHELL'
  /** Report a named value (a number or an array of numbers, shaped as `TensorChallenge.shape` says) in `solution.tensor` (KAIROS 4 `tensor`). */
  | 'TENSOR'
  /** Ask the user and send their actual reply in `solution.userInput`, or let a person answer the prompt with `answerPrompt`; a decline fails a required step. */
  | 'USER_INPUT';

/** The proof of a `COMMENT` challenge: a genuine summary of what was done; do not paste unrelated text. */
export type CommentSolutionInput = {
  /** Required: at least `CommentChallenge.minLength` characters (default 10; shorter answers `COMMENT_TOO_SHORT`). */
  text?: string | null | undefined;
};

/** How `ExportPayload.content` is encoded when it is not plain text. */
export type ContentEncoding =
  /** Standard base64 of the bytes. */
  | 'BASE64';

/** A new principal. */
export type CreatePrincipalInput = {
  /** Group names (same rules as `name`); each is the space group:<name>. */
  groups?: Array<string> | null | undefined;
  /** 1 to 64 lowercase letters, digits, dots, dashes or underscores; unique. */
  name: string;
  /** What it may do. */
  role: Role;
};

/** Whose token, its name, and how long it lives. */
export type CreateTokenInput = {
  /** Lifetime in seconds (positive); omitted: no expiry. Unless you are an admin, never later than the token you call with. */
  expiresInSeconds?: number | null | undefined;
  /** A name to recognise it by (at most 100 characters, no control characters). */
  name: string;
  /** Omitted: yourself. Admins may name anyone. */
  principalId?: string | number | null | undefined;
};

/** The steps to delete. */
export type DeleteMemoriesInput = {
  /** Protocol steps (kairos://mem/{id}), 1 to 1000, each at most once. */
  uris: Array<string>;
};

/** What a staged operation expects of its target when it is applied. */
export type DriftPolicy =
  /** The document still does not exist. */
  | 'FILE_ABSENT'
  /** The whole document is unchanged. */
  | 'FILE_CONTENT_MATCH'
  /** The document still exists. */
  | 'FILE_PRESENT'
  /** The section still exists with the same content as when staged. */
  | 'SECTION_CONTENT_MATCH'
  /** The section still exists. */
  | 'SECTION_RESOLVABLE';

/** The grade band of a run: GOLD (success, score ≥ 0.85), SILVER (≥ 0.65), BRONZE (other successes), REJECTED (failure). An unscored success scores 1. */
export type EvaluationLabel =
  /** A success scored below 0.65. */
  | 'BRONZE'
  /** A success scored at least 0.85 (or not scored). */
  | 'GOLD'
  /** A failure. */
  | 'REJECTED'
  /** A success scored at least 0.65. */
  | 'SILVER';

/** Why a graded run is left out of a training dataset (docs/kairos-v4.md, Datasets). */
export type ExportBlocker =
  /** Neither `rater` nor `llmModelId` was sent. */
  | 'MISSING_EVALUATOR_IDENTITY'
  /** No `rubricVersion` was sent. */
  | 'MISSING_RUBRIC_VERSION'
  /** No longer given: an unscored run takes its outcome's default score. */
  | 'MISSING_SCORE'
  /** The run failed (SFT only). */
  | 'OUTCOME_NOT_SUCCESS'
  /** The score is below 0.7 (preference only). */
  | 'SCORE_BELOW_PREFERENCE_THRESHOLD'
  /** The score is below 0.65 (SFT only). */
  | 'SCORE_BELOW_SFT_THRESHOLD';

/** How a SKILL_ZIP comes (KAIROS 4 `delivery`, in lower case there). Omitted: inline when it fits the inline limit (4 MB), else `download`. */
export type ExportDelivery =
  /** Always as a short-lived `download` link, however small; `content` is empty. */
  | 'DOWNLOAD_REF'
  /** Always inline in `content` (base64); over the inline limit the export is refused with `RESPONSE_TOO_LARGE`. */
  | 'INLINE_BASE64';

/** What `export` produces (KAIROS 4 spells them in lower case). MARKDOWN: the flat adapter document, which mints back to the same steps. SKILL_TREE: every skill file as JSON. SKILL_ZIP: a zip of `<slug>/SKILL.md`, `<slug>/artifacts/`, `<slug>/SHA256SUMS`. TRACE_JSONL, REWARD_JSONL, SFT_JSONL, PREFERENCE_JSONL: the runs of one adapter as dataset rows (docs/kairos-v4.md, Datasets). */
export type ExportFormat =
  /** One adapter as its flat markdown document (text/markdown). */
  | 'MARKDOWN'
  /** Chosen and rejected answers per layer (`kairos.preference/1` rows). */
  | 'PREFERENCE_JSONL'
  /** Every rated run of one adapter with its grading (`kairos.reward/1` rows). */
  | 'REWARD_JSONL'
  /** Prompt and completion per layer of SFT-eligible runs (`kairos.sft/1` rows). */
  | 'SFT_JSONL'
  /** Every skill file as JSON: `{ skills: [{ slug, adapter_uri, files: [{ path, content_type, sha256, content }] }] }`. */
  | 'SKILL_TREE'
  /** A zip of `<slug>/SKILL.md`, `<slug>/artifacts/`, `<slug>/SHA256SUMS` per adapter: inline base64, or `download` when large. */
  | 'SKILL_ZIP'
  /** Every proof of one adapter's runs (`kairos.trace/1` rows). */
  | 'TRACE_JSONL';

/** Exactly one of `uri`, `adapters` or `allAdapters` (with `spaceName`), and a format. */
export type ExportInput = {
  /** Several adapters, as `uri` takes them (at most 256; skill formats only). */
  adapters?: Array<string> | null | undefined;
  /** Every protocol of `spaceName` (skill formats only). */
  allAdapters?: boolean | null | undefined;
  /** SKILL_ZIP only (else `BAD_USER_INPUT`): inline or a download link; omitted: by size. */
  delivery?: ExportDelivery | null | undefined;
  /** What to produce. */
  format: ExportFormat;
  /** SFT_JSONL: true (the default) keeps only runs graded eligible for SFT; false takes every run's settled layers, graded or not (KAIROS 4 `include_reward`). */
  includeReward?: boolean | null | undefined;
  /** With `allAdapters`: a space id, "personal", or its name as `spaces` shows it. */
  spaceName?: string | null | undefined;
  /** One adapter: kairos://adapter/<slug|id>, kairos://layer/<id>, kairos://mem/<id> of any step, or a slug. */
  uri?: string | null | undefined;
};

/** The learned trigger to remove. */
export type ForgetLearnedTriggerInput = {
  /** `LearnedTrigger.id`. */
  id: string | number;
};

/** Who graded a run: a model (`llmModelId`), else a named person (`rater`), else nobody named. */
export type GraderKind =
  /** A person named in `rater` (no model). */
  | 'HUMAN'
  /** A model named in `llmModelId`, whether or not a rater is named too. */
  | 'MODEL'
  /** Neither was named. */
  | 'UNKNOWN';

/** The proof of an `MCP` challenge: call the tool the challenge names and report its real result; do not fabricate. */
export type McpSolutionInput = {
  /** The arguments it was called with. */
  arguments?: unknown;
  /** What the tool returned. */
  result?: unknown;
  /** Required: whether the call succeeded. false fails a required step with `COMMAND_FAILED`. */
  success?: boolean | null | undefined;
  /** Required: the tool called; must be `McpChallenge.toolName` when the challenge names one (else `TOOL_MISMATCH`). */
  toolName?: string | null | undefined;
};

/** What a memory is: a protocol step (minted with `mint`, edited with `updateMemories`), or a project-memory document (changed through `proposeUpdate`, read with `memoryContext`). */
export type MemoryCategory =
  /** Project memory: archive/<name>.md, written once. */
  | 'ARCHIVE'
  /** Project memory: conventions.md (and config/memory-schema.json). */
  | 'CONVENTION'
  /** Project memory: current/<name>.md, the state of a branch or line of work. */
  | 'CURRENT'
  /** Project memory: decisions.md. */
  | 'DECISION'
  /** Project memory: modules/<name>.md. */
  | 'MODULE'
  /** Project memory: pitfalls.md. */
  | 'PITFALL'
  /** One step of a minted protocol. */
  | 'PROTOCOL_STEP'
  /** Project memory: sessions/<YYYY-MM-DD>.md (UTC). */
  | 'SESSION_LOG'
  /** Project memory: shared.md, current state shared by every line of work. */
  | 'SHARED';

/** What a memory write did, as `memoryEvents` reports it. */
export type MemoryEventType =
  /** Deleted; restorable with `restoreMemory` (see `deletedMemories`). Also sent to the space a protocol left with `moveProtocol` (its space is the one left; the target space gets UPDATED). */
  | 'DELETED'
  /** Created (a minted step or a new project document). */
  | 'MINTED'
  /** A past version written back by `restoreMemory` (a deleted memory brought back, or old content). */
  | 'RESTORED'
  /** Changed: content, or its position after a step of its protocol was deleted or restored. */
  | 'UPDATED';

/** Narrows `memories`; every field is optional and they combine. */
export type MemoryFilter = {
  /** Only this category. */
  category?: MemoryCategory | null | undefined;
  /** Only the steps of this protocol (`Protocol.chainId`). */
  chainId?: string | number | null | undefined;
  /** One space you can read ("personal" is your own); omitted: all of them. */
  space?: string | null | undefined;
  /** Only memories with this tag. */
  tag?: string | null | undefined;
};

/** A part of a memory a write can change. */
export type MemoryVersionField =
  /** The step index or step count (a step of its protocol was deleted or restored). */
  | 'CHAIN_POSITION'
  /** The challenge (added, changed or removed). */
  | 'CHALLENGE'
  /** The step label or document title. */
  | 'LABEL'
  /** The space (the protocol was moved by `moveProtocol`). */
  | 'SPACE'
  /** The tags. */
  | 'TAGS'
  /** The markdown body. */
  | 'TEXT';

/** Why a version of a memory was written. */
export type MemoryVersionReason =
  /** Version 1: minted with its protocol, or a seeded project document. */
  | 'CREATED'
  /** Deleted by `deleteMemories`, or renumbered because a step of its protocol was. */
  | 'DELETE_MEMORIES'
  /** Deleted because `mint` with `force` true replaced its protocol. */
  | 'MINT_FORCE'
  /** Written by an applied project-memory proposal (`proposalId` says which, when it was staged). */
  | 'PROPOSAL_APPLIED'
  /** Written by `restoreMemory`, or renumbered because a step was restored into its protocol. */
  | 'RESTORE'
  /** Moved with its whole protocol to another space by `moveProtocol` (KAIROS 4 tune with space); its earlier versions moved with it. */
  | 'SPACE_MOVE'
  /** Written by `updateMemories`. */
  | 'UPDATE_MEMORIES';

/** A protocol document and where to store it. */
export type MintInput = {
  /** Replace a protocol with the same title in the space, in one transaction (the old steps stay restorable). Without it, a same title answers `DUPLICATE_CHAIN`. */
  force?: boolean | null | undefined;
  /** A KAIROS protocol document (at most 1 MB, at most 500 steps): optional frontmatter (slug, version), an H1 title, a "Natural Language Triggers" H2 first, one H2 per step each ending in a fenced json challenge block, and a "Completion Rule" H2 last. Or a KAIROS 4 adapter (read as one when it has a ```json block holding {"contract": {…}}, or frontmatter with an "Activation Patterns" or "Reward Signal" H2): each contract block ends a layer; see docs/kairos-v4.md. */
  markdown: string;
  /** Overrides the frontmatter version (at most 64 characters). */
  protocolVersion?: string | null | undefined;
  /** Target space; omitted or "personal" means your own. The app space is read-only. */
  space?: string | null | undefined;
};

/** A protocol and the space to move it to. */
export type MoveProtocolInput = {
  /** Check everything the move checks (access to both spaces, title and slug free in the target), answer the same refusals, and write nothing; `moved` then says whether it would move. */
  dryRun?: boolean | null | undefined;
  /** "personal" (your own), a space id (group:<name>), or a name as `spaces` shows it ("Group: <name>"). You must be able to write it. */
  space: string;
  /** The protocol, as `protocol(uri)` takes it: kairos://adapter/{slug|chainId}, or any of its steps (kairos://layer/{id}, kairos://mem/{id}). At most 300 characters. */
  uri: string;
};

/** A proof of the pending step (or, without `solution`, a request to move past a step that needs none). */
export type NextInput = {
  /** `StepPayload.runId`. Omitted: your most recent open run containing `uri`. */
  runId?: string | number | null | undefined;
  /** The proof of the pending step. Omit it only when the pending step requires no proof, or after a person answered its prompt with `answerPrompt`. */
  solution?: SolutionInput | null | undefined;
  /** The step `nextAction` names (`NextCall.uri`): the step right after the pending one, or the pending step itself. A step further ahead answers `MISSING_PROOF`; an earlier one shows the pending step again. */
  uri: string;
};

/** The mutation `nextAction` tells the agent to call, in `NextCall.operation`. */
export type NextOperation =
  /** Every step is settled: call `attest` with `NextCall.uri`, `NextCall.runId`, an `outcome` and a `message`. */
  | 'ATTEST'
  /** The run is gone or closed: call `begin` with `NextCall.uri` to start a new run. */
  | 'BEGIN'
  /** Call `next` with `NextCall.uri` and `NextCall.runId`, with a solution for the challenge (or, after a person answered the prompt, without one). */
  | 'NEXT'
  /** No call is prescribed: the run is attested (report the outcome to the user), or retries are exhausted (`MAX_RETRIES_EXCEEDED`, `mustObey` false) and `nextAction` lists the options to choose from. */
  | 'NONE'
  /** Call `updateMemories` on `NextCall.uri` to fix the step. Not sent today: after `MAX_RETRIES_EXCEEDED` the operation is `NONE` and `nextAction` lists `updateMemories` among the options. */
  | 'UPDATE_MEMORIES';

/** How a run ended, as the agent attests it. */
export type Outcome =
  /** The run is abandoned or failed. Always accepted while the run is open. */
  | 'FAILURE'
  /** The protocol was carried out. Accepted only when every required step is proven (else `INCOMPLETE_RUN`). */
  | 'SUCCESS';

/** Where a user_input prompt stands. */
export type PromptStatus =
  /** Answered by a person (`answerPrompt`), or its step was proven otherwise (the agent sent the confirmation with `next`). */
  | 'ANSWERED'
  /** Its run was attested or expired before anyone answered. */
  | 'EXPIRED'
  /** Waiting for an answer: send one with `answerPrompt`. */
  | 'OPEN';

/** Who supplied a proof. */
export type ProofSource =
  /** The runner, through `next`. */
  | 'AGENT'
  /** A person, through `answerPrompt` (or the MCP host asking its user). */
  | 'HUMAN';

/** What a proof showed. */
export type ProofStatus =
  /** The proof reported failure (non-zero exit code, a failed MCP call, a declined confirmation). It settles an optional step; a required step stays pending. */
  | 'FAILED'
  /** The proof passed (exit code 0, `success: true`, an accepted confirmation, a long enough comment). */
  | 'SUCCESS';

/** How sure the proposer is of what it proposes. */
export type ProposalConfidence =
  /** Backed by tests or by the user directly. */
  | 'CONFIRMED'
  /** Reasoned from the code (the default). */
  | 'INFERRED'
  /** Was confirmed, but the code has changed since. */
  | 'STALE'
  /** Not known. */
  | 'UNKNOWN'
  /** The user said so; not checked against the code. */
  | 'USER_PROVIDED';

/** What happened to a proposal, as `proposalEvents` reports it. */
export type ProposalEventType =
  /** Applied by a reviewer. */
  | 'APPLIED'
  /** Expired before anyone decided. */
  | 'EXPIRED'
  /** Rejected by a reviewer. */
  | 'REJECTED'
  /** Staged for review. */
  | 'STAGED';

/** `CREATE_FILE` on an existing document. */
export type ProposalIfExists =
  /** Add `content` at the end of the existing document. */
  | 'APPEND'
  /** Refuse (`PLAN_FAILED`) when the document exists and is not empty (the default). */
  | 'REJECT'
  /** Replace the whole document (staged for review on durable documents). */
  | 'REPLACE';

/** `REPLACE_SECTION` when the section is missing. */
export type ProposalIfMissing =
  /** Add `content` at the end of the document instead (creating the document if it does not exist). */
  | 'APPEND'
  /** Create the document with `content` when the document does not exist; a missing section in an existing document is still `PLAN_FAILED`. */
  | 'CREATE_FILE'
  /** Refuse (`PLAN_FAILED`) when the section is not found (the default). */
  | 'REJECT';

/** What a proposal is for; each intent may touch only its own category of document (else `INTENT_TARGET_MISMATCH`) and decides whether the change applies at once or is staged. */
export type ProposalIntent =
  /** A pitfall in pitfalls.md. `APPEND_TO_SECTION` (one bullet) is applied at once by default; other operations are staged. */
  | 'ADD_PITFALL'
  /** Moves stale sections of a durable document (conventions, decisions, pitfalls, modules) into archive/<name>.md with `ARCHIVE_SECTION` or `REMOVE_SECTION`. Always staged. */
  | 'ARCHIVE_STALE'
  /** A decision in decisions.md (a new section; needs sources of type `FILE`, `TEST` or `USER`). Staged by default. */
  | 'RECORD_DECISION'
  /** What a module does: modules/<name>.md (needs at least one source). Staged by default. */
  | 'REFRESH_MODULE'
  /** A note in today's session log: every operation goes to sessions/<YYYY-MM-DD>.md (UTC), whatever `file` says. Applied at once by default. */
  | 'SESSION_LOG'
  /** A convention in conventions.md (or the schema configuration config/memory-schema.json, always staged). Staged by default. */
  | 'UPDATE_CONVENTIONS'
  /** The state of a branch or line of work: current/<name>.md. Applied at once by default. */
  | 'UPDATE_CURRENT'
  /** The state shared by every line of work: shared.md. Applied at once by default. */
  | 'UPDATE_SHARED';

/** One edit of one document; `kind` says which fields it needs. Operations on one document apply in order, each on the result of the one before; if any fails, nothing is written. */
export type ProposalOperationInput = {
  /** `ARCHIVE_SECTION` / `REMOVE_SECTION`: archive/<name>.md, created (must not exist). */
  archivePath?: string | null | undefined;
  /** The markdown to write (what it replaces or extends depends on `kind`). */
  content?: string | null | undefined;
  /** The document path, e.g. decisions.md or modules/auth.md (ignored for `SESSION_LOG`). */
  file: string;
  /** The target section by heading text, or the new section of `APPEND_SECTION`. */
  heading?: string | null | undefined;
  /** The level (1 to 6) of `heading`. */
  headingLevel?: number | null | undefined;
  /** `CREATE_FILE`: when the document exists (default `REJECT`). */
  ifExists?: ProposalIfExists | null | undefined;
  /** `REPLACE_SECTION`: when the section is missing (default `REJECT`). */
  ifMissing?: ProposalIfMissing | null | undefined;
  /** What to do. */
  kind: ProposalOperationKind;
  /** `RENAME_HEADING`: the new heading text (one line). */
  newHeading?: string | null | undefined;
  /** `RENAME_HEADING`: 0 or omitted keeps the level. */
  newHeadingLevel?: number | null | undefined;
  /** `APPEND_SECTION`: insert as the first child of this section. */
  parentSectionId?: string | null | undefined;
  /** `REMOVE_SECTION`: noted in the archive document. */
  reason?: string | null | undefined;
  /** `ARCHIVE_SECTION`: what stays in place of the section. */
  replacement?: string | null | undefined;
  /** The target section by its id (`MemoryContextSection.sectionId`); preferred over `heading`. */
  sectionId?: string | null | undefined;
};

/** One edit of a project-memory document. Sections are addressed by `sectionId` (preferred) or `heading`. */
export type ProposalOperationKind =
  /** Add a new section `heading` at `headingLevel` with `content`: at the end of the document, or as the first child of `parentSectionId`. */
  | 'APPEND_SECTION'
  /** Add `content` (e.g. one bullet) at the end of a section's body. */
  | 'APPEND_TO_SECTION'
  /** Copy a section into a new `archivePath` under archive/ and leave `replacement` in its place. Always staged. */
  | 'ARCHIVE_SECTION'
  /** Create a document from `content`; `ifExists` says what to do when it exists (default `REJECT`). */
  | 'CREATE_FILE'
  /** Move a section into a new `archivePath` under archive/ (with `reason` noted there) and cut it from the document. Always staged. */
  | 'REMOVE_SECTION'
  /** Change a section's heading to `newHeading` (and level to `newHeadingLevel`, at most one level up or down); the body is untouched. */
  | 'RENAME_HEADING'
  /** Replace a section (heading, body and subsections) by `content`, which starts with the section heading; `ifMissing` says what to do when it is not found. */
  | 'REPLACE_SECTION'
  /** Replace a section's body (subsections included), keeping its heading; `content` must not start with a heading. */
  | 'REPLACE_SECTION_CONTENT';

/** Who is proposing, for the record (e.g. an agent id). */
export type ProposalOwnerInput = {
  /** An identifier of the proposer. */
  id?: string | null | undefined;
  /** What the proposer is, e.g. "agent" or "cli". */
  kind?: string | null | undefined;
};

/** Evidence for a proposal. Decisions need a `FILE`, `TEST` or `USER` source; modules need one of any type. */
export type ProposalSourceInput = {
  /** A path, test name, URL… (scanned for secrets). */
  ref?: string | null | undefined;
  /** What kind of evidence. */
  type: ProposalSourceType;
};

/** Where a claim comes from. */
export type ProposalSourceType =
  /** Outside documentation, an issue or a web page (`ref`: its URL). */
  | 'EXTERNAL'
  /** A file of the repository (`ref`: its path). */
  | 'FILE'
  /** The agent's own reasoning. */
  | 'INFERENCE'
  /** An earlier session note. */
  | 'SESSION'
  /** A test (`ref`: its name or path). */
  | 'TEST'
  /** An explicit statement of the user. */
  | 'USER';

/** Where a staged proposal stands. */
export type ProposalStatus =
  /** A reviewer applied it. */
  | 'APPLIED'
  /** Nobody decided before `Proposal.expiresAt` (`TTL_EXPIRED`). */
  | 'EXPIRED'
  /** A reviewer rejected it. */
  | 'REJECTED'
  /** Waiting for a reviewer (`applyProposal` or `rejectProposal`) until `Proposal.expiresAt`. */
  | 'STAGED';

/** A structured change to project memory: an intent, the operations, and the evidence. */
export type ProposeUpdateInput = {
  /** How sure you are. */
  confidence?: ProposalConfidence | null | undefined;
  /** What the change is for; it decides which documents may change and whether the change is staged. */
  intent: ProposalIntent;
  /** The edits, at least one, applied in order. */
  operations: Array<ProposalOperationInput>;
  /** Who proposes, for the record. */
  owner?: ProposalOwnerInput | null | undefined;
  /** Why, for the reviewer (scanned for secrets). */
  rationale?: string | null | undefined;
  /** The evidence (required for some categories, see `PROVENANCE_VIOLATION`). */
  sources?: Array<ProposalSourceInput> | null | undefined;
  /** Target space; omitted or "personal" means your own. */
  space?: string | null | undefined;
};

/** Why a proposal was not applied: a stable code, one to one with the upstream snake_case codes (README). Branch on it, never on `message`. */
export type ProposeUpdateReason =
  /** Too many or too large secret-scan allow regions. */
  | 'ALLOWLIST_LIMIT_EXCEEDED'
  /** Malformed secret-scan allow markers (unpaired, nested, or without a reason). */
  | 'ALLOWLIST_PARSE_ERROR'
  /** The `archivePath` already exists, or is used twice in the proposal. */
  | 'ARCHIVE_EXISTS'
  /** The intent may not touch that document (e.g. `UPDATE_CURRENT` on decisions.md): use the intent of its category. */
  | 'INTENT_TARGET_MISMATCH'
  /** `intent` is not one of `ProposalIntent`. */
  | 'INVALID_INTENT'
  /** The resulting document is broken markdown (e.g. an unclosed code fence). */
  | 'INVALID_MARKDOWN'
  /** An operation has an unknown `kind`. */
  | 'INVALID_OPERATION'
  /** A `file` or `archivePath` is empty, absolute, escapes with .., has odd characters, or `archivePath` is not archive/<name>.md. */
  | 'INVALID_PATH'
  /** `operations` is empty. */
  | 'NO_OPERATIONS'
  /** Personal data only (SSN, card number, e-mail): `findings` says where. Remove it and propose again. */
  | 'PII_DETECTED'
  /** An operation does not fit the current document: section or parent not found, the document already exists, a heading level jump of more than one. */
  | 'PLAN_FAILED'
  /** The sources do not meet the category's rules (`provenanceViolations` lists them), e.g. a decision without a `FILE`, `TEST` or `USER` source. */
  | 'PROVENANCE_VIOLATION'
  /** Something that looks like a secret (`findings` says what and where; the text is never echoed). Remove it and propose again. */
  | 'SECRET_DETECTED'
  /** The routing is `SERVER_ONLY`: the server alone writes this. */
  | 'SERVER_ONLY_CATEGORY'
  /** No staged proposal with that id (never staged, or already decided). */
  | 'STAGING_NOT_FOUND'
  /** A target changed since the proposal was staged (`drift` says how); nothing was written and the proposal stays staged. */
  | 'TARGET_DRIFT'
  /** The proposal sat staged past its expiry; propose it again. */
  | 'TTL_EXPIRED'
  /** A path is not a project-memory document path (conventions.md, decisions.md, pitfalls.md, shared.md, current/, modules/, sessions/, archive/). */
  | 'UNKNOWN_CATEGORY'
  /** A reviewer rejected it (`Proposal.decisionNote` says why). */
  | 'USER_REJECTED'
  /** An operation is malformed (a required field missing, a bad heading level, content of the wrong shape), the confidence is unknown, or the resulting document breaks its section schema (`violations`). */
  | 'VALIDATION_FAILED'
  /** The operation would change an existing archive document; archives are written once. */
  | 'WRITE_ONCE_VIOLATION';

/** What a proposal call did. */
export type ProposeUpdateStatus =
  /** Written: the documents changed (`files`, `affectedSections`). */
  | 'APPLIED'
  /** Nothing written: `reason` and `message` say why. Fix the proposal and send it again. */
  | 'REJECTED'
  /** Nothing written yet: staged for a reviewer (`stagingId`, `reviewCommand`); from `applyProposal`, not applied and still staged (`reason` says why). */
  | 'STAGED';

/** How the document was read when minted (docs/kairos-v4.md says how a document is recognised). */
export type ProtocolFormat =
  /** A v3 protocol: H2 steps, each ending in a fenced json challenge block. */
  | 'KAIROS_V3'
  /** A KAIROS 4 adapter: layers cut at fenced json contract blocks, with activation patterns and a reward signal. */
  | 'KAIROS_V4';

/** The sequence an activate belongs to. */
export type RecordActivationInput = {
  /** From a previous activate of the same request (at most 64 characters); omitted: a new sequence. */
  executionId?: string | null | undefined;
};

/** Why a restore wrote nothing. */
export type RestoreErrorCode =
  /** The step was deleted alone and the rest of its protocol later: restore the protocol (its head) first. */
  | 'CHAIN_GONE'
  /** No such memory in your spaces, or that version is not kept (never written, or expired). */
  | 'NOT_FOUND'
  /** Restoring a deleted protocol: another protocol now has its slug in the space. */
  | 'SLUG_TAKEN'
  /** You can read the space but not write it. */
  | 'SPACE_READ_ONLY'
  /** Restoring a deleted protocol: another protocol now has its title in the space. */
  | 'TITLE_TAKEN'
  /** The memory changed since you read it (or already is at that version, or was restored meanwhile): read it again and retry. */
  | 'VERSION_CONFLICT';

/** Which memory to restore, and to which of its versions (see `Memory.versions` or `deletedMemories`). */
export type RestoreMemoryInput = {
  /** The version you believe is current (for a deleted memory: its deletion, as `deletedMemories` lists it): if the memory moved on, VERSION_CONFLICT and nothing is written. */
  expectedVersion?: number | null | undefined;
  /** kairos://mem/{id} or kairos://layer/{id}, live or deleted; or kairos://adapter/{slug} or kairos://adapter/{chainId}: the protocol's step 1 (a protocol deleted whole comes back whole). */
  uri: string;
  /** The version whose content to write back. */
  version: number;
};

/** What a restore did for one memory. */
export type RestoreStatus =
  /** Nothing written; see code. */
  | 'ERROR'
  /** Written back as a new version. */
  | 'RESTORED';

/** What a principal may do. HUMAN, REVIEWER and ADMIN stand for a person; AGENT never does. */
export type Role =
  /** A person who also manages principals and tokens, and may answer prompts and review proposals in every personal space. */
  | 'ADMIN'
  /** A program: runs protocols and edits memories in its spaces. Never answers a prompt that requires a human. */
  | 'AGENT'
  /** A person: what an agent can do, and answers prompts that require a human (not on runs it started itself). */
  | 'HUMAN'
  /** A person who also applies and rejects proposals (never its own). */
  | 'REVIEWER';

/** What happened in a run, as `runProgress` and `Run.events` report it. */
export type RunEventType =
  /** `attest` closed the run (`message` holds the outcome). */
  | 'ATTESTED'
  /** Every step is settled; the run waits for `attest`. */
  | 'COMPLETED'
  /** The run sat idle past `Run.expiresAt` and was closed. */
  | 'EXPIRED'
  /** The pending step failed three times in a row (`MAX_RETRIES_EXCEEDED`); the agent must choose how to recover. */
  | 'MAX_RETRIES'
  /** A person answered the prompt with `answerPrompt`. */
  | 'PROMPT_ANSWERED'
  /** The pending step is a user_input challenge: a prompt is open for `answerPrompt` (see `challengePrompts`). */
  | 'PROMPT_ISSUED'
  /** `next` skipped the pending step without its required proof (`MISSING_PROOF`). */
  | 'PROOF_MISSING'
  /** `begin` created the run. */
  | 'STARTED'
  /** An attempt at the pending step was refused (`errorCode` says why), or an optional step was settled with a failed proof. */
  | 'STEP_FAILED'
  /** A step was settled: its proof passed, or it needed none (message "no proof required"). */
  | 'STEP_PROVEN';

/** Narrows `runs`; every field is optional and they combine. */
export type RunFilter = {
  /** Only runs of this protocol (`Protocol.chainId`). */
  chainId?: string | number | null | undefined;
  /** One space you can read ("personal" is your own); omitted: all of them. Another space answers `FORBIDDEN`. */
  space?: string | null | undefined;
  /** Only runs in this status. */
  status?: RunStatus | null | undefined;
};

/** What happened to a run, as the `runEvents` feed reports it. */
export type RunLifecycleEventType =
  /** `attest` closed it. */
  | 'ATTESTED'
  /** Every step is settled; it waits for `attest`. */
  | 'COMPLETED'
  /** It sat idle past `Run.expiresAt` and was closed. */
  | 'EXPIRED'
  /** `begin` created it. */
  | 'STARTED';

/** Where a run stands: `ACTIVE` → `COMPLETED` → `ATTESTED`, or `EXPIRED` when left idle. */
export type RunStatus =
  /** A step waits for proof: call `next` (see `Run.pendingStepIndex`). */
  | 'ACTIVE'
  /** Closed by `attest` (`SUCCESS` or `FAILURE`, see `Run.outcome`). Further `next` or `attest` calls answer `RUN_CLOSED`. */
  | 'ATTESTED'
  /** Every step is settled; only `attest` remains. */
  | 'COMPLETED'
  /** Closed after sitting idle past `Run.expiresAt` (default 7 days, `KAIROS_RUN_IDLE_DAYS`); its open prompts expire with it. Further calls answer `RUN_CLOSED`. */
  | 'EXPIRED';

/** What a search choice offers. */
export type SearchChoiceRole =
  /** The built-in protocol that guides creating a new protocol. */
  | 'CREATE'
  /** A protocol that matched the query. */
  | 'MATCH'
  /** The built-in protocol that helps turn a vague request into a better query. */
  | 'REFINE';

/** What kind of secret or personal data was found. */
export type SecretFindingType =
  /** An Anthropic API key. */
  | 'ANTHROPIC_API_KEY'
  /** An AWS access key id. */
  | 'AWS_ACCESS_KEY'
  /** A GitHub token. */
  | 'GITHUB_TOKEN'
  /** A GitLab token. */
  | 'GITLAB_TOKEN'
  /** A long random-looking string, likely a credential. */
  | 'HIGH_ENTROPY'
  /** A JSON Web Token. */
  | 'JWT'
  /** An OpenAI API key. */
  | 'OPENAI_API_KEY'
  /** A payment card number. */
  | 'PII_CREDIT_CARD'
  /** An e-mail address (when the space scans for it). */
  | 'PII_EMAIL'
  /** A US social security number. */
  | 'PII_SSN'
  /** A PEM private key block. */
  | 'PRIVATE_KEY_BLOCK'
  /** A live Stripe key. */
  | 'STRIPE_LIVE_KEY';

/** The proof of a `SHELL` challenge: run the command (`ShellChallenge.invocationDisplay`) and report what really happened; never invent output. */
export type ShellSolutionInput = {
  /** How long it ran, 0 or more (else `INVALID_FIELD`). */
  durationSeconds?: number | null | undefined;
  /** Required: the exit code. Non-zero fails a required step with `COMMAND_FAILED`; missing answers `MISSING_FIELD`. */
  exitCode?: number | null | undefined;
  /** Standard error (stored up to 4 KB, then cut with a marker). */
  stderr?: string | null | undefined;
  /** Standard output (stored up to 4 KB, then cut with a marker). */
  stdout?: string | null | undefined;
};

/** The proof of the run's pending step: the challenge's `type`, its `nonce` and `proofHash` echoed, and the object of that type filled. Missing values answer `MISSING_FIELD` as data (not a GraphQL error), so the run can say what to add. */
export type SolutionInput = {
  /** For `COMMENT`. */
  comment?: CommentSolutionInput | null | undefined;
  /** For `MCP`. */
  mcp?: McpSolutionInput | null | undefined;
  /** `StepChallenge.nonce` from the latest response (another value: `NONCE_MISMATCH`; a nonce that already settled a step with a different solution: `NONCE_REUSED`). */
  nonce?: string | null | undefined;
  /** `StepChallenge.proofHash` from the latest response (another value: `PROOF_HASH_MISMATCH`). */
  proofHash?: string | null | undefined;
  /** For `SHELL`. */
  shell?: ShellSolutionInput | null | undefined;
  /** For `TENSOR`. */
  tensor?: TensorSolutionInput | null | undefined;
  /** Your reasoning for this step (KAIROS 4 `solution.trace`): kept with the proof and exported in `TRACE_JSONL`, not checked and not part of the proof hash or of the resubmission check. At most 65,536 characters; 4 KiB are stored. */
  trace?: string | null | undefined;
  /** `StepChallenge.type` (another type answers `TYPE_MISMATCH`). */
  type: ChallengeType;
  /** For `USER_INPUT`. */
  userInput?: UserInputSolutionInput | null | undefined;
};

/** Whose a space is. Memories, protocols, runs and proposals each live in one space. */
export type SpaceKind =
  /** The built-in protocols, readable by everyone and writable by no one. */
  | 'APP'
  /** A group's space (group:<name>), shared by its members. */
  | 'GROUP'
  /** One principal's own space ("personal" in `space` arguments). */
  | 'PERSONAL';

/** Why a run call (`begin`, `next`, `attest`, `answerPrompt`) did not advance the run, returned as data in `errorCode` (`StepPayload.errorCode`, `AttestPayload.errorCode`, `RunEvent.errorCode`), never as a GraphQL error. Branch on the code, never on `message`. After a code, follow `nextAction` / `nextCall`: while `mustObey` is true they say exactly how to retry. */
export type StepErrorCode =
  /** A required shell proof exited non-zero, or a required MCP call reported `success` false. The failed attempt is kept; fix the cause, run it again and retry `next` with the real result. */
  | 'COMMAND_FAILED'
  /** The comment is shorter than the challenge's `minLength`. Write a genuine, longer summary and retry `next`. */
  | 'COMMENT_TOO_SHORT'
  /** Only a person can answer this challenge (`requireHuman`): ask the user to answer the prompt (`promptId`) through `answerPrompt`, then call `next` with the same uri and no solution. */
  | 'HUMAN_CONFIRMATION_REQUIRED'
  /** `attest` with `SUCCESS` was asked while a required step is unproven; nothing was written. Prove the pending step with `next`, or `attest` with `FAILURE`. */
  | 'INCOMPLETE_RUN'
  /** A field is present but malformed: an unknown `solution.type`, a bad timestamp or duration, `mcp.success` not a boolean, or an oversized or non-JSON value. Fix it and retry `next`. */
  | 'INVALID_FIELD'
  /** The same pending step failed three times in a row; `mustObey` turns false and the run stays open. Choose: fix the step with `updateMemories` if it is wrong (future runs use the fix; `begin` again to use it now), retry `next` with a corrected solution, `attest` with `FAILURE`, or ask the user for help. */
  | 'MAX_RETRIES_EXCEEDED'
  /** A field the challenge needs is absent or empty (`solution.nonce`, `solution.proofHash`, the object of the type, or its required value). Add it and retry `next`. */
  | 'MISSING_FIELD'
  /** `next` skipped the pending step: no solution where one is required, or a uri further ahead. The answer shows the pending step: prove it first, as `nextAction` says. */
  | 'MISSING_PROOF'
  /** The solution's nonce is not the pending challenge's nonce. Retry `next` with `challenge.nonce` from THIS response. */
  | 'NONCE_MISMATCH'
  /** The nonce already settled its step with a different solution: nothing was stored. Resubmit the same solution (it returns the first answer), or prove the pending step with its own nonce. */
  | 'NONCE_REUSED'
  /** The uri is not a step of the run's protocol; nothing was recorded. Use the uri `nextAction` names. */
  | 'NOT_FOUND'
  /** The solution's proofHash is not the challenge's proofHash. Retry `next` with `challenge.proofHash` from THIS response. */
  | 'PROOF_HASH_MISMATCH'
  /** The run is closed (attested or expired); nothing was written. Start a new run with `begin`. */
  | 'RUN_CLOSED'
  /** No run of yours with that id, or (without `runId`) no open run of yours contains the uri. Start one with `begin`. */
  | 'RUN_NOT_FOUND'
  /** The MCP solution names a different tool from the challenge's `toolName`. Call that tool and report its result. */
  | 'TOOL_MISMATCH'
  /** The solution type differs from the challenge type. Prove the step the way `challenge.type` says. */
  | 'TYPE_MISMATCH'
  /** The user's reply declined a required confirmation ("no", "rejected", "deny"…). Do not proceed as if approved: ask the user what to change, or `attest` with `FAILURE`. */
  | 'USER_DECLINED';

/** The proof of a `TENSOR` challenge: the named value, computed for real. */
export type TensorSolutionInput = {
  /** Required: `TensorChallenge.name`. */
  name?: string | null | undefined;
  /** Required: a number, or an array of numbers in `TensorChallenge.shape` (at most 10,000 numbers). */
  value?: unknown;
};

/** Which steps to change, and how: exactly one of `markdownDoc` (one document per URI) or `updates` (the same fields for every URI). */
export type UpdateMemoriesInput = {
  /** One markdown document per URI, in the same order: the new step body; a challenge block in it (a fenced json block, as in `mint`) replaces the stored challenge (at most one block, at most 1 MB each). */
  markdownDoc?: Array<string> | null | undefined;
  /** An object of fields to set on every URI, some of: `text` (markdown), `label` (the heading), `tags` (a list of strings), `challenge` (the JSON of a challenge block, or null to remove it). Other keys fail each URI. */
  updates?: unknown;
  /** Protocol steps (kairos://mem/{id}), 1 to 1000, each at most once. */
  uris: Array<string>;
};

/** The proof of a `USER_INPUT` challenge: the user's actual reply to the prompt. Ask them; never infer or invent it. For a challenge with `requireHuman`, an agent cannot send it (`HUMAN_CONFIRMATION_REQUIRED`): a person answers with `answerPrompt`. */
export type UserInputSolutionInput = {
  /** Required: their reply, e.g. "approve" or "yes". A decline ("no", "rejected", "deny"…) fails a required step with `USER_DECLINED`. */
  confirmation?: string | null | undefined;
  /** When they replied (ISO 8601; else `INVALID_FIELD`); omitted: when the server receives it. */
  timestamp?: string | null | undefined;
};

export type CliProposalsQueryVariables = Exact<{
  status?: ProposalStatus | null | undefined;
  first?: number | null | undefined;
}>;


export type CliProposalsQuery = { proposals: { totalCount: number, edges: Array<{ node: { id: string, status: ProposalStatus, intent: ProposalIntent, rationale: string | null, files: Array<string>, stagedAt: string, expiresAt: string } }> } };

export type CliProposalQueryVariables = Exact<{
  id: string | number;
}>;


export type CliProposalQuery = { proposal: { decisionReason: ProposeUpdateReason | null, decisionNote: string | null, id: string, status: ProposalStatus, intent: ProposalIntent, rationale: string | null, confidence: ProposalConfidence, space: string, proposedBy: string, stagedAt: string, expiresAt: string, files: Array<string>, diff: string | null, routing: { mode: ApprovalMode, reason: string }, sources: Array<{ type: ProposalSourceType, ref: string | null }>, applyBlockedBy: { reason: ProposeUpdateReason, message: string } | null } | null };

export type CliApplyProposalMutationVariables = Exact<{
  id: string | number;
}>;


export type CliApplyProposalMutation = { applyProposal: { status: ProposeUpdateStatus, reason: ProposeUpdateReason | null, message: string, files: Array<string>, drift: Array<{ file: string, sectionId: string | null, expected: string, found: string }> } };

export type CliRejectProposalMutationVariables = Exact<{
  id: string | number;
  reason: string;
}>;


export type CliRejectProposalMutation = { rejectProposal: { status: ProposeUpdateStatus, reason: ProposeUpdateReason | null, message: string } };

export type CliMintMutationVariables = Exact<{
  input: MintInput;
}>;


export type CliMintMutation = { mint: { protocol: { uri: string, slug: string, label: string, space: string, chainId: string, stepCount: number, protocolVersion: string | null } } };

export type CliRunsQueryVariables = Exact<{
  filter?: RunFilter | null | undefined;
  first?: number | null | undefined;
}>;


export type CliRunsQuery = { runs: { totalCount: number, edges: Array<{ node: { id: string, status: RunStatus, protocolLabel: string, space: string, stepCount: number, pendingStepIndex: number | null, outcome: Outcome | null, updatedAt: string } }> } };

export type CliRunQueryVariables = Exact<{
  id: string | number;
}>;


export type CliRunQuery = { run: { id: string, status: RunStatus, outcome: Outcome | null, space: string, principalId: string, protocolLabel: string, protocolUri: string, stepUris: Array<string>, stepCount: number, pendingStepIndex: number | null, retryCount: number, createdAt: string, updatedAt: string, expiresAt: string, protocol: { steps: Array<{ uri: string, label: string }> } | null, proofs: Array<{ stepIndex: number, stepUri: string, type: ChallengeType, status: ProofStatus, source: ProofSource, settled: boolean, executedAt: string, proofHash: string, previousProofHash: string, shell: { exitCode: number } | null, mcp: { toolName: string, success: boolean } | null, userInput: { confirmation: string } | null, comment: { text: string } | null }>, events: Array<{ seq: number, type: RunEventType, stepIndex: number | null, errorCode: StepErrorCode | null, message: string | null, at: string }>, attestation: { outcome: Outcome, message: string, ratedAt: string | null } | null } | null };

export type CliMemoryHistoryQueryVariables = Exact<{
  uri: string;
  first?: number | null | undefined;
}>;


export type CliMemoryHistoryQuery = { memory: { uri: string, version: number, versions: { totalCount: number, edges: Array<{ node: { version: number, reason: MemoryVersionReason, proposalId: string | null, changedFields: Array<MemoryVersionField>, principalId: string, at: string, current: boolean, diff: string | null } }> } } | null };

export type CliDeletedMemoryQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type CliDeletedMemoryQuery = { deletedMemories: { pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { uri: string, version: number, principalId: string, at: string, reason: MemoryVersionReason } }> } };

export type CliRestoreMemoryMutationVariables = Exact<{
  input: RestoreMemoryInput;
}>;


export type CliRestoreMemoryMutation = { restoreMemory: { results: Array<{ uri: string, status: RestoreStatus, code: RestoreErrorCode | null, message: string, version: number | null }> } };

export type CliRunTranscriptQueryVariables = Exact<{
  id: string | number;
}>;


export type CliRunTranscriptQuery = { run: { id: string, transcript: string } | null };

export type CliRunTranscriptsQueryVariables = Exact<{
  space?: string | null | undefined;
  since?: string | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type CliRunTranscriptsQuery = { runTranscripts: { totalCount: number, edges: Array<{ node: { runId: string, transcript: string } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type McpProposeUpdateMutationVariables = Exact<{
  input: ProposeUpdateInput;
}>;


export type McpProposeUpdateMutation = { proposeUpdate: { status: ProposeUpdateStatus, reason: ProposeUpdateReason | null, message: string, stagingId: string | null, files: Array<string>, provenanceViolations: Array<string>, appliedAt: string | null, indexUpdated: boolean, warnings: Array<string>, stagingTtlSeconds: number | null, humanApprovalRequired: boolean, reviewCommand: string | null, routing: { mode: ApprovalMode, reason: string } | null, findings: Array<{ type: SecretFindingType, line: number, location: string }>, violations: Array<{ file: string, sectionId: string | null, field: string | null, message: string }>, affectedSections: Array<{ file: string, sectionId: string }> } };

export type McpFetchContextQueryVariables = Exact<{
  query?: string | null | undefined;
  budgetChars?: number | null | undefined;
  include?: Array<MemoryCategory> | MemoryCategory | null | undefined;
}>;


export type McpFetchContextQuery = { memoryContext: { budgetChars: number, budgetUsed: number, sections: Array<{ path: string, sectionId: string, heading: string, category: MemoryCategory, score: number, text: string, uri: string }>, omitted: Array<{ path: string, sectionId: string, reason: string }> } };

export type McpStatusQueryVariables = Exact<{ [key: string]: never; }>;


export type McpStatusQuery = { me: { principalId: string, defaultWriteSpace: string }, staged: { totalCount: number, edges: Array<{ node: { id: string, intent: ProposalIntent, files: Array<string>, stagedAt: string, expiresAt: string, applyBlockedBy: { reason: ProposeUpdateReason } | null } }> }, archive: { totalCount: number }, sessions: { totalCount: number }, current: { totalCount: number }, shared: { totalCount: number }, conventions: { totalCount: number }, decisions: { totalCount: number }, pitfalls: { totalCount: number }, modules: { totalCount: number } };

export type McpRunProgressSubscriptionVariables = Exact<{
  runId: string | number;
  afterSeq?: number | null | undefined;
}>;


export type McpRunProgressSubscription = { runProgress: { stepUri: string | null, runId: string, seq: number, type: RunEventType, stepIndex: number | null, stepCount: number, errorCode: StepErrorCode | null, message: string | null, at: string } };

export type McpRunPromptsSubscriptionVariables = Exact<{
  runId: string | number;
}>;


export type McpRunPromptsSubscription = { challengePrompts: { stepUri: string, promptId: string, runId: string, stepIndex: number, prompt: string, requireHuman: boolean, status: PromptStatus, at: string } };

export type McpSkillSpacesQueryVariables = Exact<{ [key: string]: never; }>;


export type McpSkillSpacesQuery = { spaces: Array<{ id: string, kind: SpaceKind, protocols: Array<{ chainId: string, slug: string }> }> };

export type McpSkillTreeQueryVariables = Exact<{
  input: ExportInput;
}>;


export type McpSkillTreeQuery = { export: { content: string } };

export type McpSearchQueryVariables = Exact<{
  query: string;
  maxChoices?: number | null | undefined;
  space?: string | null | undefined;
}>;


export type McpSearchQuery = { search: { mustObey: boolean, message: string, nextAction: string, choices: Array<{ nextAction: string, uri: string, label: string, chainLabel: string, score: number | null, role: SearchChoiceRole, tags: Array<string>, protocolVersion: string | null }> } };

export type McpBeginMutationVariables = Exact<{
  input: BeginInput;
}>;


export type McpBeginMutation = { begin: { mustObey: boolean, runId: string, message: string | null, nextAction: string, proofHash: string | null, errorCode: StepErrorCode | null, retryCount: number, challenge: { promptId: string | null, type: ChallengeType, description: string, required: boolean, nonce: string | null, proofHash: string, shell: { interpreter: string | null, flags: Array<string> | null, args: Array<string> | null, workdir: string | null, invocationDisplay: string, cmd: string, timeoutSeconds: number } | null, userInput: { requireHuman: boolean, prompt: string | null } | null, mcp: { toolName: string, expectedResult: unknown } | null, comment: { minLength: number | null } | null, tensor: { name: string, shape: Array<number> | null } | null } | null, currentStep: { uri: string, content: string, mimeType: string, stepIndex: number, stepCount: number } | null } };

export type McpNextMutationVariables = Exact<{
  input: NextInput;
}>;


export type McpNextMutation = { next: { mustObey: boolean, runId: string, message: string | null, nextAction: string, proofHash: string | null, errorCode: StepErrorCode | null, retryCount: number, challenge: { promptId: string | null, type: ChallengeType, description: string, required: boolean, nonce: string | null, proofHash: string, shell: { interpreter: string | null, flags: Array<string> | null, args: Array<string> | null, workdir: string | null, invocationDisplay: string, cmd: string, timeoutSeconds: number } | null, userInput: { requireHuman: boolean, prompt: string | null } | null, mcp: { toolName: string, expectedResult: unknown } | null, comment: { minLength: number | null } | null, tensor: { name: string, shape: Array<number> | null } | null } | null, currentStep: { uri: string, content: string, mimeType: string, stepIndex: number, stepCount: number } | null } };

export type McpAttestMutationVariables = Exact<{
  input: AttestInput;
}>;


export type McpAttestMutation = { attest: { runId: string, uri: string, outcome: Outcome, message: string, qualityBonus: number, ratedAt: string | null, errorCode: StepErrorCode | null, nextAction: string } };

export type McpAnswerPromptMutationVariables = Exact<{
  input: AnswerPromptInput;
}>;


export type McpAnswerPromptMutation = { answerPrompt: { prompt: { promptId: string, runId: string, status: PromptStatus, prompt: string, stepUri: string, stepIndex: number, requireHuman: boolean }, result: { mustObey: boolean, runId: string, message: string | null, nextAction: string, proofHash: string | null, errorCode: StepErrorCode | null, retryCount: number, challenge: { promptId: string | null, type: ChallengeType, description: string, required: boolean, nonce: string | null, proofHash: string, shell: { interpreter: string | null, flags: Array<string> | null, args: Array<string> | null, workdir: string | null, invocationDisplay: string, cmd: string, timeoutSeconds: number } | null, userInput: { requireHuman: boolean, prompt: string | null } | null, mcp: { toolName: string, expectedResult: unknown } | null, comment: { minLength: number | null } | null, tensor: { name: string, shape: Array<number> | null } | null } | null, currentStep: { uri: string, content: string, mimeType: string, stepIndex: number, stepCount: number } | null } } };

export type McpRunQueryVariables = Exact<{
  id: string | number;
}>;


export type McpRunQuery = { run: { id: string, status: RunStatus, protocolLabel: string, protocolUri: string, space: string, stepCount: number, stepUris: Array<string>, pendingStepIndex: number | null, retryCount: number, outcome: Outcome | null, createdAt: string, updatedAt: string, expiresAt: string, proofs: Array<{ stepUri: string, nonce: string, stepIndex: number, type: ChallengeType, status: ProofStatus, source: ProofSource, settled: boolean, executedAt: string, proofHash: string, previousProofHash: string, mcp: { arguments: unknown, result: unknown, toolName: string, success: boolean } | null, shell: { stdout: string, stderr: string, durationSeconds: number | null, exitCode: number } | null, userInput: { timestamp: string, confirmation: string } | null, comment: { text: string } | null }>, events: Array<{ stepUri: string | null, seq: number, type: RunEventType, stepIndex: number | null, errorCode: StepErrorCode | null, message: string | null, at: string }> } | null };

export type McpUpdateMutationVariables = Exact<{
  input: UpdateMemoriesInput;
}>;


export type McpUpdateMutation = { updateMemories: { totalUpdated: number, totalFailed: number, results: Array<{ uri: string, status: BatchItemStatus, message: string }> } };

export type McpDeleteMutationVariables = Exact<{
  input: DeleteMemoriesInput;
}>;


export type McpDeleteMutation = { deleteMemories: { totalDeleted: number, totalFailed: number, results: Array<{ uri: string, status: BatchItemStatus, message: string }> } };

export type McpMintMutationVariables = Exact<{
  input: MintInput;
}>;


export type McpMintMutation = { mint: { protocol: { uri: string, slug: string, label: string, space: string, steps: Array<{ id: string, uri: string, label: string, tags: Array<string> }> } } };

export type V4BeginMutationVariables = Exact<{
  input: BeginInput;
}>;


export type V4BeginMutation = { begin: { mustObey: boolean, runId: string, message: string | null, nextAction: string, proofHash: string | null, errorCode: StepErrorCode | null, retryCount: number, currentStep: { label: string | null, protocolLabel: string | null, space: string | null, uri: string, content: string, mimeType: string, stepIndex: number, stepCount: number } | null, challenge: { promptId: string | null, type: ChallengeType, description: string, required: boolean, nonce: string | null, proofHash: string, userInput: { requireHuman: boolean, prompt: string | null } | null, mcp: { arguments: unknown, toolName: string, expectedResult: unknown } | null, shell: { cmd: string, timeoutSeconds: number } | null, comment: { minLength: number | null } | null, tensor: { name: string, shape: Array<number> | null } | null } | null, nextCall: { operation: NextOperation, uri: string | null, runId: string | null } } };

export type V4NextMutationVariables = Exact<{
  input: NextInput;
}>;


export type V4NextMutation = { next: { mustObey: boolean, runId: string, message: string | null, nextAction: string, proofHash: string | null, errorCode: StepErrorCode | null, retryCount: number, currentStep: { label: string | null, protocolLabel: string | null, space: string | null, uri: string, content: string, mimeType: string, stepIndex: number, stepCount: number } | null, challenge: { promptId: string | null, type: ChallengeType, description: string, required: boolean, nonce: string | null, proofHash: string, userInput: { requireHuman: boolean, prompt: string | null } | null, mcp: { arguments: unknown, toolName: string, expectedResult: unknown } | null, shell: { cmd: string, timeoutSeconds: number } | null, comment: { minLength: number | null } | null, tensor: { name: string, shape: Array<number> | null } | null } | null, nextCall: { operation: NextOperation, uri: string | null, runId: string | null } } };

export type V4AttestMutationVariables = Exact<{
  input: AttestInput;
}>;


export type V4AttestMutation = { attest: { runId: string, uri: string, outcome: Outcome, message: string, ratedAt: string | null, errorCode: StepErrorCode | null, nextAction: string, grading: { score: number | null, feedback: string | null, rater: string | null, rubricVersion: string | null, llmModelId: string | null, graderKind: GraderKind, evaluationLabel: EvaluationLabel, exportableForSft: boolean, exportableForPreference: boolean, sftBlockers: Array<ExportBlocker>, preferenceBlockers: Array<ExportBlocker> } | null } };

export type V4RunLayersQueryVariables = Exact<{
  id: string | number;
}>;


export type V4RunLayersQuery = { run: { id: string, stepUris: Array<string> } | null };

export type V4AdapterQueryVariables = Exact<{
  uri?: string | null | undefined;
  key?: string | null | undefined;
}>;


export type V4AdapterQuery = { protocol: { uri: string, chainId: string, label: string, slug: string, protocolVersion: string | null, space: string, triggers: string | null, stepUris: Array<string>, steps: Array<{ uri: string, label: string, tags: Array<string> }> } | null };

export type V4ActivateContextQueryVariables = Exact<{
  query: string;
  maxChoices?: number | null | undefined;
  space?: string | null | undefined;
}>;


export type V4ActivateContextQuery = { me: { principalId: string, defaultWriteSpace: string }, search: { message: string, choices: Array<{ learnedTrigger: string | null, uri: string, label: string, chainLabel: string, score: number | null, role: SearchChoiceRole, tags: Array<string>, protocolVersion: string | null }> } };

export type V4RecordActivationMutationVariables = Exact<{
  input: RecordActivationInput;
}>;


export type V4RecordActivationMutation = { recordActivation: { executionId: string, refinements: number, refineOffered: boolean } };

export type V4MintMutationVariables = Exact<{
  input: MintInput;
}>;


export type V4MintMutation = { mint: { protocol: { uri: string, slug: string, space: string, chainId: string, steps: Array<{ uri: string, label: string, tags: Array<string> }> } } };

export type V4UpdateMutationVariables = Exact<{
  input: UpdateMemoriesInput;
}>;


export type V4UpdateMutation = { updateMemories: { results: Array<{ uri: string, status: BatchItemStatus, message: string }> } };

export type V4MoveMutationVariables = Exact<{
  input: MoveProtocolInput;
}>;


export type V4MoveMutation = { moveProtocol: { fromSpace: string, moved: boolean, protocol: { space: string, slug: string, stepCount: number } } };

export type V4DeleteMutationVariables = Exact<{
  input: DeleteMemoriesInput;
}>;


export type V4DeleteMutation = { deleteMemories: { results: Array<{ uri: string, status: BatchItemStatus, message: string }> } };

export type V4SpacesQueryVariables = Exact<{ [key: string]: never; }>;


export type V4SpacesQuery = { spaces: Array<{ id: string, name: string, kind: SpaceKind, protocols: Array<{ uri: string, chainId: string, label: string, slug: string, stepCount: number }> }> };

export type V4ExportQueryVariables = Exact<{
  input: ExportInput;
}>;


export type V4ExportQuery = { export: { format: ExportFormat, contentType: string, content: string, contentEncoding: ContentEncoding | null, adapterCount: number, itemCount: number, bundleSha256: string | null, download: { url: string, capabilityUrl: string, expiresAt: string, filename: string } | null } };

export type MintedProtocolFieldsFragment = { uri: string, slug: string, label: string, space: string, steps: Array<{ id: string, uri: string, label: string, tags: Array<string> }> };

export type MintedAdapterFieldsFragment = { uri: string, slug: string, space: string, chainId: string, steps: Array<{ uri: string, label: string, tags: Array<string> }> };

export type AdapterFieldsFragment = { uri: string, chainId: string, label: string, slug: string, protocolVersion: string | null, space: string, triggers: string | null, stepUris: Array<string>, steps: Array<{ uri: string, label: string, tags: Array<string> }> };

export type AdapterMoveFieldsFragment = { fromSpace: string, moved: boolean, protocol: { space: string, slug: string, stepCount: number } };

export type SpaceAdaptersFieldsFragment = { id: string, name: string, kind: SpaceKind, protocols: Array<{ uri: string, chainId: string, label: string, slug: string, stepCount: number }> };

export type ExportFieldsFragment = { format: ExportFormat, contentType: string, content: string, contentEncoding: ContentEncoding | null, adapterCount: number, itemCount: number, bundleSha256: string | null, download: { url: string, capabilityUrl: string, expiresAt: string, filename: string } | null };

export type ProposeUpdateAnswerFieldsFragment = { status: ProposeUpdateStatus, reason: ProposeUpdateReason | null, message: string, stagingId: string | null, files: Array<string>, provenanceViolations: Array<string>, appliedAt: string | null, indexUpdated: boolean, warnings: Array<string>, stagingTtlSeconds: number | null, humanApprovalRequired: boolean, reviewCommand: string | null, routing: { mode: ApprovalMode, reason: string } | null, findings: Array<{ type: SecretFindingType, line: number, location: string }>, violations: Array<{ file: string, sectionId: string | null, field: string | null, message: string }>, affectedSections: Array<{ file: string, sectionId: string }> };

export type MemoryContextFieldsFragment = { budgetChars: number, budgetUsed: number, sections: Array<{ path: string, sectionId: string, heading: string, category: MemoryCategory, score: number, text: string, uri: string }>, omitted: Array<{ path: string, sectionId: string, reason: string }> };

export type StagedProposalFieldsFragment = { id: string, intent: ProposalIntent, files: Array<string>, stagedAt: string, expiresAt: string, applyBlockedBy: { reason: ProposeUpdateReason } | null };

export type McpStepPayloadFragment = { mustObey: boolean, runId: string, message: string | null, nextAction: string, proofHash: string | null, errorCode: StepErrorCode | null, retryCount: number, challenge: { promptId: string | null, type: ChallengeType, description: string, required: boolean, nonce: string | null, proofHash: string, shell: { interpreter: string | null, flags: Array<string> | null, args: Array<string> | null, workdir: string | null, invocationDisplay: string, cmd: string, timeoutSeconds: number } | null, userInput: { requireHuman: boolean, prompt: string | null } | null, mcp: { toolName: string, expectedResult: unknown } | null, comment: { minLength: number | null } | null, tensor: { name: string, shape: Array<number> | null } | null } | null, currentStep: { uri: string, content: string, mimeType: string, stepIndex: number, stepCount: number } | null };

export type V4LayerPayloadFragment = { mustObey: boolean, runId: string, message: string | null, nextAction: string, proofHash: string | null, errorCode: StepErrorCode | null, retryCount: number, currentStep: { label: string | null, protocolLabel: string | null, space: string | null, uri: string, content: string, mimeType: string, stepIndex: number, stepCount: number } | null, challenge: { promptId: string | null, type: ChallengeType, description: string, required: boolean, nonce: string | null, proofHash: string, userInput: { requireHuman: boolean, prompt: string | null } | null, mcp: { arguments: unknown, toolName: string, expectedResult: unknown } | null, shell: { cmd: string, timeoutSeconds: number } | null, comment: { minLength: number | null } | null, tensor: { name: string, shape: Array<number> | null } | null } | null, nextCall: { operation: NextOperation, uri: string | null, runId: string | null } };

export type McpAttestFieldsFragment = { runId: string, uri: string, outcome: Outcome, message: string, qualityBonus: number, ratedAt: string | null, errorCode: StepErrorCode | null, nextAction: string };

export type GradingFieldsFragment = { score: number | null, feedback: string | null, rater: string | null, rubricVersion: string | null, llmModelId: string | null, graderKind: GraderKind, evaluationLabel: EvaluationLabel, exportableForSft: boolean, exportableForPreference: boolean, sftBlockers: Array<ExportBlocker>, preferenceBlockers: Array<ExportBlocker> };

export type RewardFieldsFragment = { runId: string, uri: string, outcome: Outcome, message: string, ratedAt: string | null, errorCode: StepErrorCode | null, nextAction: string, grading: { score: number | null, feedback: string | null, rater: string | null, rubricVersion: string | null, llmModelId: string | null, graderKind: GraderKind, evaluationLabel: EvaluationLabel, exportableForSft: boolean, exportableForPreference: boolean, sftBlockers: Array<ExportBlocker>, preferenceBlockers: Array<ExportBlocker> } | null };

export type AnsweredPromptFieldsFragment = { promptId: string, runId: string, status: PromptStatus, prompt: string, stepUri: string, stepIndex: number, requireHuman: boolean };

export type McpRunFieldsFragment = { id: string, status: RunStatus, protocolLabel: string, protocolUri: string, space: string, stepCount: number, stepUris: Array<string>, pendingStepIndex: number | null, retryCount: number, outcome: Outcome | null, createdAt: string, updatedAt: string, expiresAt: string, proofs: Array<{ stepUri: string, nonce: string, stepIndex: number, type: ChallengeType, status: ProofStatus, source: ProofSource, settled: boolean, executedAt: string, proofHash: string, previousProofHash: string, mcp: { arguments: unknown, result: unknown, toolName: string, success: boolean } | null, shell: { stdout: string, stderr: string, durationSeconds: number | null, exitCode: number } | null, userInput: { timestamp: string, confirmation: string } | null, comment: { text: string } | null }>, events: Array<{ stepUri: string | null, seq: number, type: RunEventType, stepIndex: number | null, errorCode: StepErrorCode | null, message: string | null, at: string }> };

export type SearchChoiceFieldsFragment = { uri: string, label: string, chainLabel: string, score: number | null, role: SearchChoiceRole, tags: Array<string>, protocolVersion: string | null };

export type BatchItemFieldsFragment = { uri: string, status: BatchItemStatus, message: string };

export type ProtocolStepFieldsFragment = { uri: string, label: string, tags: Array<string> };

export type ProposalSummaryFieldsFragment = { id: string, status: ProposalStatus, intent: ProposalIntent, rationale: string | null, confidence: ProposalConfidence, space: string, proposedBy: string, stagedAt: string, expiresAt: string, files: Array<string> };

export type ProposalReviewFieldsFragment = { diff: string | null, routing: { mode: ApprovalMode, reason: string }, sources: Array<{ type: ProposalSourceType, ref: string | null }>, applyBlockedBy: { reason: ProposeUpdateReason, message: string } | null };

export type ProofSummaryFieldsFragment = { stepIndex: number, type: ChallengeType, status: ProofStatus, source: ProofSource, settled: boolean, executedAt: string, proofHash: string, previousProofHash: string, shell: { exitCode: number } | null, mcp: { toolName: string, success: boolean } | null, userInput: { confirmation: string } | null, comment: { text: string } | null };

export type ProofDetailFieldsFragment = { nonce: string, stepIndex: number, type: ChallengeType, status: ProofStatus, source: ProofSource, settled: boolean, executedAt: string, proofHash: string, previousProofHash: string, shell: { stdout: string, stderr: string, durationSeconds: number | null, exitCode: number } | null, userInput: { timestamp: string, confirmation: string } | null, mcp: { toolName: string, success: boolean } | null, comment: { text: string } | null };

export type RunEventFieldsFragment = { seq: number, type: RunEventType, stepIndex: number | null, errorCode: StepErrorCode | null, message: string | null, at: string };

export type RunProgressFieldsFragment = { runId: string, seq: number, type: RunEventType, stepIndex: number | null, stepCount: number, errorCode: StepErrorCode | null, message: string | null, at: string };

export type ChallengePromptFieldsFragment = { promptId: string, runId: string, stepIndex: number, prompt: string, requireHuman: boolean, status: PromptStatus, at: string };

export type StepPayloadFieldsFragment = { mustObey: boolean, runId: string, message: string | null, nextAction: string, proofHash: string | null, errorCode: StepErrorCode | null, retryCount: number, currentStep: { uri: string, content: string, mimeType: string, stepIndex: number, stepCount: number } | null, challenge: { type: ChallengeType, description: string, required: boolean, nonce: string | null, proofHash: string, shell: { cmd: string, timeoutSeconds: number } | null, mcp: { toolName: string, expectedResult: unknown } | null, userInput: { prompt: string | null } | null, comment: { minLength: number | null } | null, tensor: { name: string, shape: Array<number> | null } | null } | null };

export type MintAdapterMutationVariables = Exact<{
  input: MintInput;
}>;


export type MintAdapterMutation = { mint: { protocol: { uri: string, chainId: string, label: string, slug: string, protocolVersion: string | null, adapterUri: string, format: ProtocolFormat, activationPatterns: Array<string>, rewardSignal: string | null, frontmatter: unknown, triggers: string | null, markdown: string, steps: Array<{ uri: string, layerUri: string | null, label: string, text: string, challenge: { type: ChallengeType, required: boolean, mcp: { toolName: string, arguments: unknown } | null, comment: { minLength: number | null } | null, tensor: { name: string, shape: Array<number> | null } | null } | null }> } } };

export type AdapterByUriQueryVariables = Exact<{
  uri: string;
}>;


export type AdapterByUriQuery = { protocol: { chainId: string, slug: string, format: ProtocolFormat } | null };

export type AdapterStepMutationVariables = Exact<{
  input: NextInput;
}>;


export type AdapterStepMutation = { next: { runId: string, errorCode: StepErrorCode | null, message: string | null, currentStep: { uri: string, stepIndex: number } | null, challenge: { type: ChallengeType, nonce: string | null, proofHash: string, tensor: { name: string, shape: Array<number> | null } | null } | null } };

export type AdapterBeginMutationVariables = Exact<{
  input: BeginInput;
}>;


export type AdapterBeginMutation = { begin: { runId: string, errorCode: StepErrorCode | null, currentStep: { uri: string, stepIndex: number } | null, challenge: { type: ChallengeType, nonce: string | null, proofHash: string } | null } };

export type MintMutationVariables = Exact<{
  input: MintInput;
}>;


export type MintMutation = { mint: { protocol: { uri: string, chainId: string, label: string, slug: string, protocolVersion: string | null, space: string, stepCount: number, stepUris: Array<string>, triggers: string | null, markdown: string, steps: Array<{ uri: string, label: string, text: string, chain: { chainId: string, stepIndex: number, stepCount: number } | null, challenge: { type: ChallengeType, required: boolean, shell: { cmd: string, timeoutSeconds: number } | null, mcp: { toolName: string } | null, userInput: { prompt: string | null } | null, comment: { minLength: number | null } | null } | null }> } } };

export type ProtocolQueryVariables = Exact<{
  uri?: string | null | undefined;
  key?: string | null | undefined;
}>;


export type ProtocolQuery = { protocol: { uri: string, label: string, slug: string, stepCount: number, stepUris: Array<string>, markdown: string, steps: Array<{ uri: string, label: string, text: string, chain: { stepIndex: number, stepCount: number } | null }> } | null };

export type MemoryQueryVariables = Exact<{
  uri: string;
}>;


export type MemoryQuery = { memory: { id: string, uri: string, space: string, label: string, text: string, tags: Array<string>, category: MemoryCategory, version: number, updatedBy: string, chain: { chainId: string, label: string, stepIndex: number, stepCount: number, slug: string } | null, challenge: { type: ChallengeType, required: boolean, shell: { cmd: string, timeoutSeconds: number } | null, userInput: { prompt: string | null } | null, comment: { minLength: number | null } | null } | null } | null };

export type MemoriesQueryVariables = Exact<{
  filter?: MemoryFilter | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type MemoriesQuery = { memories: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ cursor: string, node: { uri: string, label: string, protocol: { label: string, stepCount: number } | null } }> } };

export type UpdateMemoriesMutationVariables = Exact<{
  input: UpdateMemoriesInput;
}>;


export type UpdateMemoriesMutation = { updateMemories: { totalUpdated: number, totalFailed: number, results: Array<{ uri: string, status: BatchItemStatus, message: string }> } };

export type DeleteMemoriesMutationVariables = Exact<{
  input: DeleteMemoriesInput;
}>;


export type DeleteMemoriesMutation = { deleteMemories: { totalDeleted: number, totalFailed: number, results: Array<{ uri: string, status: BatchItemStatus, message: string }> } };

export type MemoryEventsSubscriptionVariables = Exact<{
  space?: string | null | undefined;
}>;


export type MemoryEventsSubscription = { memoryEvents: { type: MemoryEventType, uri: string, space: string, version: number, at: string } };

export type StepFieldsFragment = { mustObey: boolean, runId: string, message: string | null, nextAction: string, proofHash: string | null, errorCode: StepErrorCode | null, retryCount: number, currentStep: { uri: string, content: string, mimeType: string, stepIndex: number, stepCount: number } | null, challenge: { type: ChallengeType, description: string, required: boolean, nonce: string | null, proofHash: string, promptId: string | null, shell: { cmd: string, timeoutSeconds: number, invocationDisplay: string } | null, mcp: { toolName: string } | null, userInput: { prompt: string | null } | null, comment: { minLength: number | null } | null } | null, nextCall: { operation: NextOperation, uri: string | null, runId: string | null } };

export type BeginMutationVariables = Exact<{
  input: BeginInput;
}>;


export type BeginMutation = { begin: { mustObey: boolean, runId: string, message: string | null, nextAction: string, proofHash: string | null, errorCode: StepErrorCode | null, retryCount: number, currentStep: { uri: string, content: string, mimeType: string, stepIndex: number, stepCount: number } | null, challenge: { type: ChallengeType, description: string, required: boolean, nonce: string | null, proofHash: string, promptId: string | null, shell: { cmd: string, timeoutSeconds: number, invocationDisplay: string } | null, mcp: { toolName: string } | null, userInput: { prompt: string | null } | null, comment: { minLength: number | null } | null } | null, nextCall: { operation: NextOperation, uri: string | null, runId: string | null } } };

export type NextMutationVariables = Exact<{
  input: NextInput;
}>;


export type NextMutation = { next: { mustObey: boolean, runId: string, message: string | null, nextAction: string, proofHash: string | null, errorCode: StepErrorCode | null, retryCount: number, currentStep: { uri: string, content: string, mimeType: string, stepIndex: number, stepCount: number } | null, challenge: { type: ChallengeType, description: string, required: boolean, nonce: string | null, proofHash: string, promptId: string | null, shell: { cmd: string, timeoutSeconds: number, invocationDisplay: string } | null, mcp: { toolName: string } | null, userInput: { prompt: string | null } | null, comment: { minLength: number | null } | null } | null, nextCall: { operation: NextOperation, uri: string | null, runId: string | null } } };

export type AttestMutationVariables = Exact<{
  input: AttestInput;
}>;


export type AttestMutation = { attest: { runId: string, uri: string, outcome: Outcome, message: string, qualityBonus: number, ratedAt: string | null, errorCode: StepErrorCode | null, nextAction: string } };

export type AnswerPromptMutationVariables = Exact<{
  input: AnswerPromptInput;
}>;


export type AnswerPromptMutation = { answerPrompt: { prompt: { promptId: string, status: PromptStatus }, result: { mustObey: boolean, runId: string, message: string | null, nextAction: string, proofHash: string | null, errorCode: StepErrorCode | null, retryCount: number, currentStep: { uri: string, content: string, mimeType: string, stepIndex: number, stepCount: number } | null, challenge: { type: ChallengeType, description: string, required: boolean, nonce: string | null, proofHash: string, promptId: string | null, shell: { cmd: string, timeoutSeconds: number, invocationDisplay: string } | null, mcp: { toolName: string } | null, userInput: { prompt: string | null } | null, comment: { minLength: number | null } | null } | null, nextCall: { operation: NextOperation, uri: string | null, runId: string | null } } } };

export type RunQueryVariables = Exact<{
  id: string | number;
}>;


export type RunQuery = { run: { id: string, status: RunStatus, protocolLabel: string, stepCount: number, pendingStepIndex: number | null, retryCount: number, outcome: Outcome | null, proofs: Array<{ stepIndex: number, status: ProofStatus, source: ProofSource, settled: boolean, nonce: string, previousProofHash: string, proofHash: string, shell: { exitCode: number, stdout: string } | null, userInput: { confirmation: string } | null }>, events: Array<{ seq: number, type: RunEventType, stepIndex: number | null }> } | null };

export type RunsQueryVariables = Exact<{
  filter?: RunFilter | null | undefined;
  first?: number | null | undefined;
}>;


export type RunsQuery = { runs: { totalCount: number, edges: Array<{ node: { id: string, status: RunStatus } }> } };

export type RunProgressSubscriptionVariables = Exact<{
  runId: string | number;
  afterSeq?: number | null | undefined;
}>;


export type RunProgressSubscription = { runProgress: { runId: string, seq: number, type: RunEventType, stepIndex: number | null, stepCount: number, errorCode: StepErrorCode | null } };

export type ChallengePromptsSubscriptionVariables = Exact<{
  runId?: string | number | null | undefined;
  space?: string | null | undefined;
}>;


export type ChallengePromptsSubscription = { challengePrompts: { promptId: string, runId: string, stepUri: string, protocolLabel: string, prompt: string, status: PromptStatus } };

export type RunEventsSubscriptionVariables = Exact<{
  space?: string | null | undefined;
}>;


export type RunEventsSubscription = { runEvents: { type: RunLifecycleEventType, runId: string, space: string, principalId: string, protocolLabel: string, status: RunStatus, stepCount: number, seq: number, at: string } };

export type StoredRunRecordQueryVariables = Exact<{
  id: string | number;
}>;


export type StoredRunRecordQuery = { run: { attestation: { outcome: Outcome, message: string, ratedAt: string | null, errorCode: StepErrorCode | null, nextAction: string } | null, events: Array<{ seq: number, type: RunEventType, errorCode: StepErrorCode | null, message: string | null }> } | null };

export type VersionedMemoryFieldsFragment = { label: string, text: string, tags: Array<string>, version: number, chain: { stepIndex: number, stepCount: number } | null };

export type MemoryVersionsQueryVariables = Exact<{
  uri: string;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type MemoryVersionsQuery = { memory: { uri: string, version: number, versions: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { version: number, reason: MemoryVersionReason, proposalId: string | null, changedFields: Array<MemoryVersionField>, principalId: string, at: string, deleted: boolean, current: boolean, diff: string | null, memory: { label: string, text: string, tags: Array<string>, version: number, chain: { stepIndex: number, stepCount: number } | null } } }> } } | null };

export type MemoryAtVersionQueryVariables = Exact<{
  uri: string;
  version?: number | null | undefined;
}>;


export type MemoryAtVersionQuery = { memory: { uri: string, label: string, text: string, tags: Array<string>, version: number, chain: { stepIndex: number, stepCount: number } | null } | null };

export type ProtocolAtQueryVariables = Exact<{
  uri: string;
  at?: string | null | undefined;
}>;


export type ProtocolAtQuery = { protocol: { uri: string, label: string, stepCount: number, steps: Array<{ uri: string, label: string, text: string, tags: Array<string>, version: number, chain: { stepIndex: number, stepCount: number } | null }> } | null };

export type RestoreMemoryMutationVariables = Exact<{
  input: RestoreMemoryInput;
}>;


export type RestoreMemoryMutation = { restoreMemory: { totalRestored: number, totalFailed: number, results: Array<{ uri: string, status: RestoreStatus, code: RestoreErrorCode | null, message: string, version: number | null }> } };

export type DeletedMemoriesQueryVariables = Exact<{
  space?: string | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type DeletedMemoriesQuery = { deletedMemories: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { uri: string, version: number, reason: MemoryVersionReason, deleted: boolean, principalId: string, memory: { label: string, chain: { stepIndex: number } | null } } }> } };

export type ProvenRunQueryVariables = Exact<{
  id: string | number;
}>;


export type ProvenRunQuery = { run: { proofs: Array<{ stepUri: string, settled: boolean, stepVersionProven: number | null, stepVersionNow: number | null, changedSinceProven: boolean }> } | null };

export type ProposeUpdatePayloadFieldsFragment = { status: ProposeUpdateStatus, reason: ProposeUpdateReason | null, message: string, stagingId: string | null, files: Array<string>, provenanceViolations: Array<string>, appliedAt: string | null, indexUpdated: boolean, warnings: Array<string>, stagingTtlSeconds: number | null, humanApprovalRequired: boolean, reviewCommand: string | null, drift: Array<{ file: string, sectionId: string | null, policy: DriftPolicy, expected: string, found: string }>, routing: { mode: ApprovalMode, reason: string } | null, findings: Array<{ type: SecretFindingType, line: number, location: string }>, violations: Array<{ file: string, sectionId: string | null, field: string | null, message: string }>, affectedSections: Array<{ file: string, sectionId: string }> };

export type ProposeUpdateMutationVariables = Exact<{
  input: ProposeUpdateInput;
}>;


export type ProposeUpdateMutation = { proposeUpdate: { status: ProposeUpdateStatus, reason: ProposeUpdateReason | null, message: string, stagingId: string | null, files: Array<string>, provenanceViolations: Array<string>, appliedAt: string | null, indexUpdated: boolean, warnings: Array<string>, stagingTtlSeconds: number | null, humanApprovalRequired: boolean, reviewCommand: string | null, drift: Array<{ file: string, sectionId: string | null, policy: DriftPolicy, expected: string, found: string }>, routing: { mode: ApprovalMode, reason: string } | null, findings: Array<{ type: SecretFindingType, line: number, location: string }>, violations: Array<{ file: string, sectionId: string | null, field: string | null, message: string }>, affectedSections: Array<{ file: string, sectionId: string }> } };

export type ApplyProposalMutationVariables = Exact<{
  id: string | number;
}>;


export type ApplyProposalMutation = { applyProposal: { status: ProposeUpdateStatus, reason: ProposeUpdateReason | null, message: string, stagingId: string | null, files: Array<string>, provenanceViolations: Array<string>, appliedAt: string | null, indexUpdated: boolean, warnings: Array<string>, stagingTtlSeconds: number | null, humanApprovalRequired: boolean, reviewCommand: string | null, drift: Array<{ file: string, sectionId: string | null, policy: DriftPolicy, expected: string, found: string }>, routing: { mode: ApprovalMode, reason: string } | null, findings: Array<{ type: SecretFindingType, line: number, location: string }>, violations: Array<{ file: string, sectionId: string | null, field: string | null, message: string }>, affectedSections: Array<{ file: string, sectionId: string }> } };

export type RejectProposalMutationVariables = Exact<{
  id: string | number;
  reason: string;
}>;


export type RejectProposalMutation = { rejectProposal: { status: ProposeUpdateStatus, reason: ProposeUpdateReason | null, message: string, stagingId: string | null, files: Array<string>, provenanceViolations: Array<string>, appliedAt: string | null, indexUpdated: boolean, warnings: Array<string>, stagingTtlSeconds: number | null, humanApprovalRequired: boolean, reviewCommand: string | null, drift: Array<{ file: string, sectionId: string | null, policy: DriftPolicy, expected: string, found: string }>, routing: { mode: ApprovalMode, reason: string } | null, findings: Array<{ type: SecretFindingType, line: number, location: string }>, violations: Array<{ file: string, sectionId: string | null, field: string | null, message: string }>, affectedSections: Array<{ file: string, sectionId: string }> } };

export type ProposalQueryVariables = Exact<{
  id: string | number;
}>;


export type ProposalQuery = { proposal: { id: string, stagingId: string, space: string, status: ProposalStatus, intent: ProposalIntent, rationale: string | null, confidence: ProposalConfidence, files: Array<string>, proposedBy: string, decidedBy: string | null, decisionReason: ProposeUpdateReason | null, decisionNote: string | null, expiresAt: string, reviewCommand: string, diff: string | null, applyBlockedBy: { reason: ProposeUpdateReason, message: string } | null, sources: Array<{ type: ProposalSourceType, ref: string | null }>, operations: Array<{ kind: ProposalOperationKind, file: string, sectionId: string | null }> } | null };

export type ProposalsQueryVariables = Exact<{
  status?: ProposalStatus | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ProposalsQuery = { proposals: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ cursor: string, node: { id: string, status: ProposalStatus, intent: ProposalIntent } }> } };

export type ProposalEventsSubscriptionVariables = Exact<{
  space?: string | null | undefined;
}>;


export type ProposalEventsSubscription = { proposalEvents: { type: ProposalEventType, stagingId: string, space: string, intent: ProposalIntent, files: Array<string>, reason: ProposeUpdateReason | null, at: string } };

export type ProjectDocumentsQueryVariables = Exact<{
  category: MemoryCategory;
}>;


export type ProjectDocumentsQuery = { memories: { edges: Array<{ node: { uri: string, path: string | null, label: string, text: string, version: number, category: MemoryCategory } }> } };

export type MemoryContextQueryVariables = Exact<{
  query?: string | null | undefined;
  budgetChars?: number | null | undefined;
  include?: Array<MemoryCategory> | MemoryCategory | null | undefined;
}>;


export type MemoryContextQuery = { memoryContext: { budgetChars: number, budgetUsed: number, sections: Array<{ path: string, sectionId: string, uri: string, heading: string, category: MemoryCategory, text: string, score: number }>, omitted: Array<{ path: string, sectionId: string, reason: string }> } };

export type SearchProtocolsQueryVariables = Exact<{
  query: string;
  maxChoices?: number | null | undefined;
  space?: string | null | undefined;
}>;


export type SearchProtocolsQuery = { search: { mustObey: boolean, message: string, nextAction: string, choices: Array<{ uri: string, label: string, chainLabel: string, score: number | null, role: SearchChoiceRole, tags: Array<string>, nextAction: string, protocolVersion: string | null }> } };

export type SearchMintMutationVariables = Exact<{
  input: MintInput;
}>;


export type SearchMintMutation = { mint: { protocol: { uri: string, chainId: string, slug: string, label: string, space: string, stepUris: Array<string> } } };

export type SearchBeginMutationVariables = Exact<{
  input: BeginInput;
}>;


export type SearchBeginMutation = { begin: { runId: string, currentStep: { uri: string, stepIndex: number } | null } };

export type SearchProtocolByKeyQueryVariables = Exact<{
  key: string;
}>;


export type SearchProtocolByKeyQuery = { protocol: { uri: string, slug: string, space: string, label: string, stepCount: number, protocolVersion: string | null } | null };

export type SearchUpdateMemoriesMutationVariables = Exact<{
  input: UpdateMemoriesInput;
}>;


export type SearchUpdateMemoriesMutation = { updateMemories: { results: Array<{ uri: string, status: BatchItemStatus, message: string }> } };

export type LearnedTriggersQueryVariables = Exact<{
  uri: string;
  includeRemoved?: boolean | null | undefined;
}>;


export type LearnedTriggersQuery = { protocol: { chainId: string, learnedTriggers: Array<{ id: string, text: string, weight: number, successes: number, principals: number, learnedAt: string, lastSucceededAt: string | null, removedAt: string | null, removedBy: string | null }> } | null };

export type ForgetLearnedTriggerMutationVariables = Exact<{
  input: ForgetLearnedTriggerInput;
}>;


export type ForgetLearnedTriggerMutation = { forgetLearnedTrigger: { id: string, text: string, chainId: string, space: string, removedAt: string } };

export type LearningMoveProtocolMutationVariables = Exact<{
  input: MoveProtocolInput;
}>;


export type LearningMoveProtocolMutation = { moveProtocol: { moved: boolean, protocol: { space: string } } };

export type LearningExportQueryVariables = Exact<{
  input: ExportInput;
}>;


export type LearningExportQuery = { export: { content: string, itemCount: number } };

export type LearnedSearchQueryVariables = Exact<{
  query: string;
  space?: string | null | undefined;
}>;


export type LearnedSearchQuery = { search: { choices: Array<{ uri: string, role: SearchChoiceRole, score: number | null, learnedTrigger: string | null }> } };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { principalId: string, role: Role, authenticated: boolean, readableSpaces: Array<string>, writableSpaces: Array<string>, defaultWriteSpace: string } };

export type SpacesQueryVariables = Exact<{ [key: string]: never; }>;


export type SpacesQuery = { spaces: Array<{ id: string, name: string, kind: SpaceKind, writable: boolean, memoryCount: number, protocolCount: number, protocols: Array<{ uri: string, label: string }> }> };

export type CreatePrincipalMutationVariables = Exact<{
  input: CreatePrincipalInput;
}>;


export type CreatePrincipalMutation = { createPrincipal: { principal: { id: string, name: string, role: Role, groups: Array<string> } } };

export type CreateTokenMutationVariables = Exact<{
  input: CreateTokenInput;
}>;


export type CreateTokenMutation = { createToken: { token: string, record: { id: string, principalId: string, expiresAt: string | null } } };

export type RevokeTokenMutationVariables = Exact<{
  id: string | number;
}>;


export type RevokeTokenMutation = { revokeToken: { token: { id: string, revokedAt: string | null } } };

export type RunTranscriptQueryVariables = Exact<{
  id: string | number;
}>;


export type RunTranscriptQuery = { run: { id: string, status: RunStatus, transcript: string } | null };

export type RunTranscriptsQueryVariables = Exact<{
  space?: string | null | undefined;
  since?: string | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type RunTranscriptsQuery = { runTranscripts: { totalCount: number, edges: Array<{ cursor: string, node: { runId: string, status: RunStatus, signed: boolean, transcript: string } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type SigningKeysQueryVariables = Exact<{ [key: string]: never; }>;


export type SigningKeysQuery = { signingKeys: Array<{ id: string, algorithm: string, publicKey: string, jwk: unknown, createdAt: string, active: boolean }> };

export type GradedAttestMutationVariables = Exact<{
  input: AttestInput;
}>;


export type GradedAttestMutation = { attest: { errorCode: StepErrorCode | null, outcome: Outcome, grading: { score: number | null, feedback: string | null, rater: string | null, rubricVersion: string | null, llmModelId: string | null, graderKind: GraderKind, evaluationLabel: EvaluationLabel, exportableForSft: boolean, exportableForPreference: boolean, sftBlockers: Array<ExportBlocker>, preferenceBlockers: Array<ExportBlocker> } | null } };

export type ExportAnswerQueryVariables = Exact<{
  input: ExportInput;
}>;


export type ExportAnswerQuery = { export: { format: ExportFormat, contentType: string, content: string, contentEncoding: ContentEncoding | null, adapterCount: number, itemCount: number, bundleSha256: string | null, download: { url: string, capabilityUrl: string, expiresAt: string, filename: string } | null } };

export const ProtocolStepFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProtocolStepFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Memory"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}}]}}]} as unknown as DocumentNode<ProtocolStepFieldsFragment, unknown>;
export const MintedProtocolFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MintedProtocolFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Protocol"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProtocolStepFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProtocolStepFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Memory"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}}]}}]} as unknown as DocumentNode<MintedProtocolFieldsFragment, unknown>;
export const MintedAdapterFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MintedAdapterFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Protocol"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProtocolStepFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProtocolStepFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Memory"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}}]}}]} as unknown as DocumentNode<MintedAdapterFieldsFragment, unknown>;
export const AdapterFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdapterFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Protocol"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"protocolVersion"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"triggers"}},{"kind":"Field","name":{"kind":"Name","value":"stepUris"}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProtocolStepFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProtocolStepFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Memory"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}}]}}]} as unknown as DocumentNode<AdapterFieldsFragment, unknown>;
export const AdapterMoveFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdapterMoveFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MoveProtocolPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fromSpace"}},{"kind":"Field","name":{"kind":"Name","value":"moved"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}}]}}]}}]} as unknown as DocumentNode<AdapterMoveFieldsFragment, unknown>;
export const SpaceAdaptersFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SpaceAdaptersFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Space"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"protocols"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}}]}}]}}]} as unknown as DocumentNode<SpaceAdaptersFieldsFragment, unknown>;
export const ExportFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExportFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ExportPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"contentType"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"contentEncoding"}},{"kind":"Field","name":{"kind":"Name","value":"adapterCount"}},{"kind":"Field","name":{"kind":"Name","value":"itemCount"}},{"kind":"Field","name":{"kind":"Name","value":"bundleSha256"}},{"kind":"Field","name":{"kind":"Name","value":"download"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"capabilityUrl"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"filename"}}]}}]}}]} as unknown as DocumentNode<ExportFieldsFragment, unknown>;
export const MemoryContextFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MemoryContextFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MemoryContext"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"budgetChars"}},{"kind":"Field","name":{"kind":"Name","value":"budgetUsed"}},{"kind":"Field","name":{"kind":"Name","value":"sections"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}},{"kind":"Field","name":{"kind":"Name","value":"heading"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"score"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"uri"}}]}},{"kind":"Field","name":{"kind":"Name","value":"omitted"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}}]}}]} as unknown as DocumentNode<MemoryContextFieldsFragment, unknown>;
export const StagedProposalFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StagedProposalFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Proposal"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"intent"}},{"kind":"Field","name":{"kind":"Name","value":"files"}},{"kind":"Field","name":{"kind":"Name","value":"stagedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"applyBlockedBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}}]}}]} as unknown as DocumentNode<StagedProposalFieldsFragment, unknown>;
export const StepPayloadFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StepPayloadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StepPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mustObey"}},{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"currentStep"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"mimeType"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"challenge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"required"}},{"kind":"Field","name":{"kind":"Name","value":"nonce"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cmd"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}}]}},{"kind":"Field","name":{"kind":"Name","value":"mcp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"toolName"}},{"kind":"Field","name":{"kind":"Name","value":"expectedResult"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"prompt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minLength"}}]}},{"kind":"Field","name":{"kind":"Name","value":"tensor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"shape"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"nextAction"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"retryCount"}}]}}]} as unknown as DocumentNode<StepPayloadFieldsFragment, unknown>;
export const McpStepPayloadFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"McpStepPayload"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StepPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StepPayloadFields"}},{"kind":"Field","name":{"kind":"Name","value":"challenge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"promptId"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"interpreter"}},{"kind":"Field","name":{"kind":"Name","value":"flags"}},{"kind":"Field","name":{"kind":"Name","value":"args"}},{"kind":"Field","name":{"kind":"Name","value":"workdir"}},{"kind":"Field","name":{"kind":"Name","value":"invocationDisplay"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requireHuman"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StepPayloadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StepPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mustObey"}},{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"currentStep"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"mimeType"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"challenge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"required"}},{"kind":"Field","name":{"kind":"Name","value":"nonce"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cmd"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}}]}},{"kind":"Field","name":{"kind":"Name","value":"mcp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"toolName"}},{"kind":"Field","name":{"kind":"Name","value":"expectedResult"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"prompt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minLength"}}]}},{"kind":"Field","name":{"kind":"Name","value":"tensor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"shape"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"nextAction"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"retryCount"}}]}}]} as unknown as DocumentNode<McpStepPayloadFragment, unknown>;
export const V4LayerPayloadFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"V4LayerPayload"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StepPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StepPayloadFields"}},{"kind":"Field","name":{"kind":"Name","value":"currentStep"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"protocolLabel"}},{"kind":"Field","name":{"kind":"Name","value":"space"}}]}},{"kind":"Field","name":{"kind":"Name","value":"challenge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"promptId"}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requireHuman"}}]}},{"kind":"Field","name":{"kind":"Name","value":"mcp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"arguments"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCall"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"operation"}},{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"runId"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StepPayloadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StepPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mustObey"}},{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"currentStep"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"mimeType"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"challenge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"required"}},{"kind":"Field","name":{"kind":"Name","value":"nonce"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cmd"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}}]}},{"kind":"Field","name":{"kind":"Name","value":"mcp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"toolName"}},{"kind":"Field","name":{"kind":"Name","value":"expectedResult"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"prompt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minLength"}}]}},{"kind":"Field","name":{"kind":"Name","value":"tensor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"shape"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"nextAction"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"retryCount"}}]}}]} as unknown as DocumentNode<V4LayerPayloadFragment, unknown>;
export const McpAttestFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"McpAttestFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AttestPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"qualityBonus"}},{"kind":"Field","name":{"kind":"Name","value":"ratedAt"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"nextAction"}}]}}]} as unknown as DocumentNode<McpAttestFieldsFragment, unknown>;
export const GradingFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"GradingFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Grading"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"score"}},{"kind":"Field","name":{"kind":"Name","value":"feedback"}},{"kind":"Field","name":{"kind":"Name","value":"rater"}},{"kind":"Field","name":{"kind":"Name","value":"rubricVersion"}},{"kind":"Field","name":{"kind":"Name","value":"llmModelId"}},{"kind":"Field","name":{"kind":"Name","value":"graderKind"}},{"kind":"Field","name":{"kind":"Name","value":"evaluationLabel"}},{"kind":"Field","name":{"kind":"Name","value":"exportableForSft"}},{"kind":"Field","name":{"kind":"Name","value":"exportableForPreference"}},{"kind":"Field","name":{"kind":"Name","value":"sftBlockers"}},{"kind":"Field","name":{"kind":"Name","value":"preferenceBlockers"}}]}}]} as unknown as DocumentNode<GradingFieldsFragment, unknown>;
export const RewardFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RewardFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AttestPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"ratedAt"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"nextAction"}},{"kind":"Field","name":{"kind":"Name","value":"grading"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"GradingFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"GradingFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Grading"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"score"}},{"kind":"Field","name":{"kind":"Name","value":"feedback"}},{"kind":"Field","name":{"kind":"Name","value":"rater"}},{"kind":"Field","name":{"kind":"Name","value":"rubricVersion"}},{"kind":"Field","name":{"kind":"Name","value":"llmModelId"}},{"kind":"Field","name":{"kind":"Name","value":"graderKind"}},{"kind":"Field","name":{"kind":"Name","value":"evaluationLabel"}},{"kind":"Field","name":{"kind":"Name","value":"exportableForSft"}},{"kind":"Field","name":{"kind":"Name","value":"exportableForPreference"}},{"kind":"Field","name":{"kind":"Name","value":"sftBlockers"}},{"kind":"Field","name":{"kind":"Name","value":"preferenceBlockers"}}]}}]} as unknown as DocumentNode<RewardFieldsFragment, unknown>;
export const AnsweredPromptFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AnsweredPromptFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ChallengePrompt"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"promptId"}},{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"prompt"}},{"kind":"Field","name":{"kind":"Name","value":"stepUri"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"requireHuman"}}]}}]} as unknown as DocumentNode<AnsweredPromptFieldsFragment, unknown>;
export const ProofSummaryFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProofSummaryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProofRecord"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"settled"}},{"kind":"Field","name":{"kind":"Name","value":"executedAt"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"previousProofHash"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exitCode"}}]}},{"kind":"Field","name":{"kind":"Name","value":"mcp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"toolName"}},{"kind":"Field","name":{"kind":"Name","value":"success"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"confirmation"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}}]}}]}}]} as unknown as DocumentNode<ProofSummaryFieldsFragment, unknown>;
export const ProofDetailFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProofDetailFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProofRecord"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProofSummaryFields"}},{"kind":"Field","name":{"kind":"Name","value":"nonce"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stdout"}},{"kind":"Field","name":{"kind":"Name","value":"stderr"}},{"kind":"Field","name":{"kind":"Name","value":"durationSeconds"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"timestamp"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProofSummaryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProofRecord"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"settled"}},{"kind":"Field","name":{"kind":"Name","value":"executedAt"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"previousProofHash"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exitCode"}}]}},{"kind":"Field","name":{"kind":"Name","value":"mcp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"toolName"}},{"kind":"Field","name":{"kind":"Name","value":"success"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"confirmation"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}}]}}]}}]} as unknown as DocumentNode<ProofDetailFieldsFragment, unknown>;
export const RunEventFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RunEventFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RunEvent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"at"}}]}}]} as unknown as DocumentNode<RunEventFieldsFragment, unknown>;
export const McpRunFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"McpRunFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Run"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"protocolLabel"}},{"kind":"Field","name":{"kind":"Name","value":"protocolUri"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}},{"kind":"Field","name":{"kind":"Name","value":"stepUris"}},{"kind":"Field","name":{"kind":"Name","value":"pendingStepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"retryCount"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"proofs"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProofDetailFields"}},{"kind":"Field","name":{"kind":"Name","value":"stepUri"}},{"kind":"Field","name":{"kind":"Name","value":"mcp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"arguments"}},{"kind":"Field","name":{"kind":"Name","value":"result"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"events"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RunEventFields"}},{"kind":"Field","name":{"kind":"Name","value":"stepUri"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProofSummaryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProofRecord"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"settled"}},{"kind":"Field","name":{"kind":"Name","value":"executedAt"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"previousProofHash"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exitCode"}}]}},{"kind":"Field","name":{"kind":"Name","value":"mcp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"toolName"}},{"kind":"Field","name":{"kind":"Name","value":"success"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"confirmation"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProofDetailFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProofRecord"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProofSummaryFields"}},{"kind":"Field","name":{"kind":"Name","value":"nonce"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stdout"}},{"kind":"Field","name":{"kind":"Name","value":"stderr"}},{"kind":"Field","name":{"kind":"Name","value":"durationSeconds"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"timestamp"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RunEventFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RunEvent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"at"}}]}}]} as unknown as DocumentNode<McpRunFieldsFragment, unknown>;
export const SearchChoiceFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SearchChoiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SearchChoice"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"chainLabel"}},{"kind":"Field","name":{"kind":"Name","value":"score"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"protocolVersion"}}]}}]} as unknown as DocumentNode<SearchChoiceFieldsFragment, unknown>;
export const BatchItemFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BatchItemFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BatchItemResult"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<BatchItemFieldsFragment, unknown>;
export const ProposalSummaryFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProposalSummaryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Proposal"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"intent"}},{"kind":"Field","name":{"kind":"Name","value":"rationale"}},{"kind":"Field","name":{"kind":"Name","value":"confidence"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"proposedBy"}},{"kind":"Field","name":{"kind":"Name","value":"stagedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"files"}}]}}]} as unknown as DocumentNode<ProposalSummaryFieldsFragment, unknown>;
export const ProposalReviewFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProposalReviewFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Proposal"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"routing"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}}]}},{"kind":"Field","name":{"kind":"Name","value":"applyBlockedBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"diff"}}]}}]} as unknown as DocumentNode<ProposalReviewFieldsFragment, unknown>;
export const RunProgressFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RunProgressFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RunEvent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"at"}}]}}]} as unknown as DocumentNode<RunProgressFieldsFragment, unknown>;
export const ChallengePromptFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ChallengePromptFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ChallengePrompt"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"promptId"}},{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"prompt"}},{"kind":"Field","name":{"kind":"Name","value":"requireHuman"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"at"}}]}}]} as unknown as DocumentNode<ChallengePromptFieldsFragment, unknown>;
export const StepFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StepFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StepPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mustObey"}},{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"currentStep"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"mimeType"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"challenge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"required"}},{"kind":"Field","name":{"kind":"Name","value":"nonce"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"promptId"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cmd"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"invocationDisplay"}}]}},{"kind":"Field","name":{"kind":"Name","value":"mcp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"toolName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"prompt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minLength"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"nextAction"}},{"kind":"Field","name":{"kind":"Name","value":"nextCall"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"operation"}},{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"runId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"retryCount"}}]}}]} as unknown as DocumentNode<StepFieldsFragment, unknown>;
export const VersionedMemoryFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VersionedMemoryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Memory"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"chain"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}}]}}]}}]} as unknown as DocumentNode<VersionedMemoryFieldsFragment, unknown>;
export const ProposeUpdateAnswerFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProposeUpdateAnswerFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProposeUpdatePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"routing"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stagingId"}},{"kind":"Field","name":{"kind":"Name","value":"files"}},{"kind":"Field","name":{"kind":"Name","value":"findings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"line"}},{"kind":"Field","name":{"kind":"Name","value":"location"}}]}},{"kind":"Field","name":{"kind":"Name","value":"violations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"file"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"provenanceViolations"}},{"kind":"Field","name":{"kind":"Name","value":"appliedAt"}},{"kind":"Field","name":{"kind":"Name","value":"affectedSections"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"file"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"indexUpdated"}},{"kind":"Field","name":{"kind":"Name","value":"warnings"}},{"kind":"Field","name":{"kind":"Name","value":"stagingTtlSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"humanApprovalRequired"}},{"kind":"Field","name":{"kind":"Name","value":"reviewCommand"}}]}}]} as unknown as DocumentNode<ProposeUpdateAnswerFieldsFragment, unknown>;
export const ProposeUpdatePayloadFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProposeUpdatePayloadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProposeUpdatePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProposeUpdateAnswerFields"}},{"kind":"Field","name":{"kind":"Name","value":"drift"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"file"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}},{"kind":"Field","name":{"kind":"Name","value":"policy"}},{"kind":"Field","name":{"kind":"Name","value":"expected"}},{"kind":"Field","name":{"kind":"Name","value":"found"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProposeUpdateAnswerFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProposeUpdatePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"routing"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stagingId"}},{"kind":"Field","name":{"kind":"Name","value":"files"}},{"kind":"Field","name":{"kind":"Name","value":"findings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"line"}},{"kind":"Field","name":{"kind":"Name","value":"location"}}]}},{"kind":"Field","name":{"kind":"Name","value":"violations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"file"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"provenanceViolations"}},{"kind":"Field","name":{"kind":"Name","value":"appliedAt"}},{"kind":"Field","name":{"kind":"Name","value":"affectedSections"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"file"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"indexUpdated"}},{"kind":"Field","name":{"kind":"Name","value":"warnings"}},{"kind":"Field","name":{"kind":"Name","value":"stagingTtlSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"humanApprovalRequired"}},{"kind":"Field","name":{"kind":"Name","value":"reviewCommand"}}]}}]} as unknown as DocumentNode<ProposeUpdatePayloadFieldsFragment, unknown>;
export const CliProposalsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CliProposals"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ProposalStatus"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposals"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"intent"}},{"kind":"Field","name":{"kind":"Name","value":"rationale"}},{"kind":"Field","name":{"kind":"Name","value":"files"}},{"kind":"Field","name":{"kind":"Name","value":"stagedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}}]}}]}}]}}]} as unknown as DocumentNode<CliProposalsQuery, CliProposalsQueryVariables>;
export const CliProposalDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CliProposal"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProposalSummaryFields"}},{"kind":"Field","name":{"kind":"Name","value":"decisionReason"}},{"kind":"Field","name":{"kind":"Name","value":"decisionNote"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProposalReviewFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProposalSummaryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Proposal"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"intent"}},{"kind":"Field","name":{"kind":"Name","value":"rationale"}},{"kind":"Field","name":{"kind":"Name","value":"confidence"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"proposedBy"}},{"kind":"Field","name":{"kind":"Name","value":"stagedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"files"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProposalReviewFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Proposal"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"routing"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}}]}},{"kind":"Field","name":{"kind":"Name","value":"applyBlockedBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"diff"}}]}}]} as unknown as DocumentNode<CliProposalQuery, CliProposalQueryVariables>;
export const CliApplyProposalDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CliApplyProposal"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"applyProposal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"files"}},{"kind":"Field","name":{"kind":"Name","value":"drift"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"file"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}},{"kind":"Field","name":{"kind":"Name","value":"expected"}},{"kind":"Field","name":{"kind":"Name","value":"found"}}]}}]}}]}}]} as unknown as DocumentNode<CliApplyProposalMutation, CliApplyProposalMutationVariables>;
export const CliRejectProposalDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CliRejectProposal"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"reason"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rejectProposal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"ObjectField","name":{"kind":"Name","value":"reason"},"value":{"kind":"Variable","name":{"kind":"Name","value":"reason"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<CliRejectProposalMutation, CliRejectProposalMutationVariables>;
export const CliMintDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CliMint"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MintInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mint"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"protocol"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}},{"kind":"Field","name":{"kind":"Name","value":"protocolVersion"}}]}}]}}]}}]} as unknown as DocumentNode<CliMintMutation, CliMintMutationVariables>;
export const CliRunsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CliRuns"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"RunFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"runs"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"protocolLabel"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}},{"kind":"Field","name":{"kind":"Name","value":"pendingStepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]}}]}}]} as unknown as DocumentNode<CliRunsQuery, CliRunsQueryVariables>;
export const CliRunDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CliRun"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"run"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"principalId"}},{"kind":"Field","name":{"kind":"Name","value":"protocolLabel"}},{"kind":"Field","name":{"kind":"Name","value":"protocolUri"}},{"kind":"Field","name":{"kind":"Name","value":"stepUris"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}},{"kind":"Field","name":{"kind":"Name","value":"pendingStepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"retryCount"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"proofs"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"stepUri"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProofSummaryFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"events"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RunEventFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"attestation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"outcome"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"ratedAt"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProofSummaryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProofRecord"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"settled"}},{"kind":"Field","name":{"kind":"Name","value":"executedAt"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"previousProofHash"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exitCode"}}]}},{"kind":"Field","name":{"kind":"Name","value":"mcp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"toolName"}},{"kind":"Field","name":{"kind":"Name","value":"success"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"confirmation"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RunEventFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RunEvent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"at"}}]}}]} as unknown as DocumentNode<CliRunQuery, CliRunQueryVariables>;
export const CliMemoryHistoryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CliMemoryHistory"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"uri"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"memory"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"uri"},"value":{"kind":"Variable","name":{"kind":"Name","value":"uri"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"versions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"proposalId"}},{"kind":"Field","name":{"kind":"Name","value":"changedFields"}},{"kind":"Field","name":{"kind":"Name","value":"principalId"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"current"}},{"kind":"Field","name":{"kind":"Name","value":"diff"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<CliMemoryHistoryQuery, CliMemoryHistoryQueryVariables>;
export const CliDeletedMemoryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CliDeletedMemory"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deletedMemories"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"principalId"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}}]}}]}}]}}]} as unknown as DocumentNode<CliDeletedMemoryQuery, CliDeletedMemoryQueryVariables>;
export const CliRestoreMemoryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CliRestoreMemory"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RestoreMemoryInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restoreMemory"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"results"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]}}]} as unknown as DocumentNode<CliRestoreMemoryMutation, CliRestoreMemoryMutationVariables>;
export const CliRunTranscriptDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CliRunTranscript"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"run"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"transcript"}}]}}]}}]} as unknown as DocumentNode<CliRunTranscriptQuery, CliRunTranscriptQueryVariables>;
export const CliRunTranscriptsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CliRunTranscripts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"space"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"since"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTime"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"runTranscripts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"space"},"value":{"kind":"Variable","name":{"kind":"Name","value":"space"}}},{"kind":"Argument","name":{"kind":"Name","value":"since"},"value":{"kind":"Variable","name":{"kind":"Name","value":"since"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"transcript"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<CliRunTranscriptsQuery, CliRunTranscriptsQueryVariables>;
export const McpProposeUpdateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"McpProposeUpdate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ProposeUpdateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposeUpdate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProposeUpdateAnswerFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProposeUpdateAnswerFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProposeUpdatePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"routing"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stagingId"}},{"kind":"Field","name":{"kind":"Name","value":"files"}},{"kind":"Field","name":{"kind":"Name","value":"findings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"line"}},{"kind":"Field","name":{"kind":"Name","value":"location"}}]}},{"kind":"Field","name":{"kind":"Name","value":"violations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"file"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"provenanceViolations"}},{"kind":"Field","name":{"kind":"Name","value":"appliedAt"}},{"kind":"Field","name":{"kind":"Name","value":"affectedSections"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"file"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"indexUpdated"}},{"kind":"Field","name":{"kind":"Name","value":"warnings"}},{"kind":"Field","name":{"kind":"Name","value":"stagingTtlSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"humanApprovalRequired"}},{"kind":"Field","name":{"kind":"Name","value":"reviewCommand"}}]}}]} as unknown as DocumentNode<McpProposeUpdateMutation, McpProposeUpdateMutationVariables>;
export const McpFetchContextDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"McpFetchContext"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"query"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"budgetChars"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"include"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MemoryCategory"}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"memoryContext"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"query"}}},{"kind":"Argument","name":{"kind":"Name","value":"budgetChars"},"value":{"kind":"Variable","name":{"kind":"Name","value":"budgetChars"}}},{"kind":"Argument","name":{"kind":"Name","value":"include"},"value":{"kind":"Variable","name":{"kind":"Name","value":"include"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MemoryContextFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MemoryContextFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MemoryContext"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"budgetChars"}},{"kind":"Field","name":{"kind":"Name","value":"budgetUsed"}},{"kind":"Field","name":{"kind":"Name","value":"sections"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}},{"kind":"Field","name":{"kind":"Name","value":"heading"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"score"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"uri"}}]}},{"kind":"Field","name":{"kind":"Name","value":"omitted"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}}]}}]} as unknown as DocumentNode<McpFetchContextQuery, McpFetchContextQueryVariables>;
export const McpStatusDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"McpStatus"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"principalId"}},{"kind":"Field","name":{"kind":"Name","value":"defaultWriteSpace"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"staged"},"name":{"kind":"Name","value":"proposals"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"EnumValue","value":"STAGED"}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"200"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StagedProposalFields"}}]}}]}}]}},{"kind":"Field","alias":{"kind":"Name","value":"archive"},"name":{"kind":"Name","value":"memories"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"category"},"value":{"kind":"EnumValue","value":"ARCHIVE"}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"sessions"},"name":{"kind":"Name","value":"memories"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"category"},"value":{"kind":"EnumValue","value":"SESSION_LOG"}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"current"},"name":{"kind":"Name","value":"memories"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"category"},"value":{"kind":"EnumValue","value":"CURRENT"}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"shared"},"name":{"kind":"Name","value":"memories"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"category"},"value":{"kind":"EnumValue","value":"SHARED"}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"conventions"},"name":{"kind":"Name","value":"memories"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"category"},"value":{"kind":"EnumValue","value":"CONVENTION"}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"decisions"},"name":{"kind":"Name","value":"memories"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"category"},"value":{"kind":"EnumValue","value":"DECISION"}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"pitfalls"},"name":{"kind":"Name","value":"memories"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"category"},"value":{"kind":"EnumValue","value":"PITFALL"}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"modules"},"name":{"kind":"Name","value":"memories"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"category"},"value":{"kind":"EnumValue","value":"MODULE"}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StagedProposalFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Proposal"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"intent"}},{"kind":"Field","name":{"kind":"Name","value":"files"}},{"kind":"Field","name":{"kind":"Name","value":"stagedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"applyBlockedBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}}]}}]} as unknown as DocumentNode<McpStatusQuery, McpStatusQueryVariables>;
export const McpRunProgressDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"McpRunProgress"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"runId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"afterSeq"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"runProgress"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"runId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"runId"}}},{"kind":"Argument","name":{"kind":"Name","value":"afterSeq"},"value":{"kind":"Variable","name":{"kind":"Name","value":"afterSeq"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RunProgressFields"}},{"kind":"Field","name":{"kind":"Name","value":"stepUri"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RunProgressFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RunEvent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"at"}}]}}]} as unknown as DocumentNode<McpRunProgressSubscription, McpRunProgressSubscriptionVariables>;
export const McpRunPromptsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"McpRunPrompts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"runId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"challengePrompts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"runId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"runId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ChallengePromptFields"}},{"kind":"Field","name":{"kind":"Name","value":"stepUri"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ChallengePromptFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ChallengePrompt"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"promptId"}},{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"prompt"}},{"kind":"Field","name":{"kind":"Name","value":"requireHuman"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"at"}}]}}]} as unknown as DocumentNode<McpRunPromptsSubscription, McpRunPromptsSubscriptionVariables>;
export const McpSkillSpacesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"McpSkillSpaces"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"spaces"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"protocols"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}}]}}]}}]}}]} as unknown as DocumentNode<McpSkillSpacesQuery, McpSkillSpacesQueryVariables>;
export const McpSkillTreeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"McpSkillTree"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ExportInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"export"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"content"}}]}}]}}]} as unknown as DocumentNode<McpSkillTreeQuery, McpSkillTreeQueryVariables>;
export const McpSearchDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"McpSearch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"query"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"maxChoices"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"space"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"search"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"query"}}},{"kind":"Argument","name":{"kind":"Name","value":"maxChoices"},"value":{"kind":"Variable","name":{"kind":"Name","value":"maxChoices"}}},{"kind":"Argument","name":{"kind":"Name","value":"space"},"value":{"kind":"Variable","name":{"kind":"Name","value":"space"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mustObey"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"nextAction"}},{"kind":"Field","name":{"kind":"Name","value":"choices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SearchChoiceFields"}},{"kind":"Field","name":{"kind":"Name","value":"nextAction"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SearchChoiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SearchChoice"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"chainLabel"}},{"kind":"Field","name":{"kind":"Name","value":"score"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"protocolVersion"}}]}}]} as unknown as DocumentNode<McpSearchQuery, McpSearchQueryVariables>;
export const McpBeginDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"McpBegin"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"BeginInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"begin"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"McpStepPayload"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StepPayloadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StepPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mustObey"}},{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"currentStep"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"mimeType"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"challenge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"required"}},{"kind":"Field","name":{"kind":"Name","value":"nonce"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cmd"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}}]}},{"kind":"Field","name":{"kind":"Name","value":"mcp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"toolName"}},{"kind":"Field","name":{"kind":"Name","value":"expectedResult"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"prompt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minLength"}}]}},{"kind":"Field","name":{"kind":"Name","value":"tensor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"shape"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"nextAction"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"retryCount"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"McpStepPayload"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StepPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StepPayloadFields"}},{"kind":"Field","name":{"kind":"Name","value":"challenge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"promptId"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"interpreter"}},{"kind":"Field","name":{"kind":"Name","value":"flags"}},{"kind":"Field","name":{"kind":"Name","value":"args"}},{"kind":"Field","name":{"kind":"Name","value":"workdir"}},{"kind":"Field","name":{"kind":"Name","value":"invocationDisplay"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requireHuman"}}]}}]}}]}}]} as unknown as DocumentNode<McpBeginMutation, McpBeginMutationVariables>;
export const McpNextDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"McpNext"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"NextInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"next"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"McpStepPayload"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StepPayloadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StepPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mustObey"}},{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"currentStep"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"mimeType"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"challenge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"required"}},{"kind":"Field","name":{"kind":"Name","value":"nonce"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cmd"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}}]}},{"kind":"Field","name":{"kind":"Name","value":"mcp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"toolName"}},{"kind":"Field","name":{"kind":"Name","value":"expectedResult"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"prompt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minLength"}}]}},{"kind":"Field","name":{"kind":"Name","value":"tensor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"shape"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"nextAction"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"retryCount"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"McpStepPayload"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StepPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StepPayloadFields"}},{"kind":"Field","name":{"kind":"Name","value":"challenge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"promptId"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"interpreter"}},{"kind":"Field","name":{"kind":"Name","value":"flags"}},{"kind":"Field","name":{"kind":"Name","value":"args"}},{"kind":"Field","name":{"kind":"Name","value":"workdir"}},{"kind":"Field","name":{"kind":"Name","value":"invocationDisplay"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requireHuman"}}]}}]}}]}}]} as unknown as DocumentNode<McpNextMutation, McpNextMutationVariables>;
export const McpAttestDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"McpAttest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AttestInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"attest"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"McpAttestFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"McpAttestFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AttestPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"qualityBonus"}},{"kind":"Field","name":{"kind":"Name","value":"ratedAt"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"nextAction"}}]}}]} as unknown as DocumentNode<McpAttestMutation, McpAttestMutationVariables>;
export const McpAnswerPromptDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"McpAnswerPrompt"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AnswerPromptInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"answerPrompt"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"prompt"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AnsweredPromptFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"result"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"McpStepPayload"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StepPayloadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StepPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mustObey"}},{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"currentStep"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"mimeType"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"challenge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"required"}},{"kind":"Field","name":{"kind":"Name","value":"nonce"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cmd"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}}]}},{"kind":"Field","name":{"kind":"Name","value":"mcp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"toolName"}},{"kind":"Field","name":{"kind":"Name","value":"expectedResult"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"prompt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minLength"}}]}},{"kind":"Field","name":{"kind":"Name","value":"tensor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"shape"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"nextAction"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"retryCount"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AnsweredPromptFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ChallengePrompt"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"promptId"}},{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"prompt"}},{"kind":"Field","name":{"kind":"Name","value":"stepUri"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"requireHuman"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"McpStepPayload"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StepPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StepPayloadFields"}},{"kind":"Field","name":{"kind":"Name","value":"challenge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"promptId"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"interpreter"}},{"kind":"Field","name":{"kind":"Name","value":"flags"}},{"kind":"Field","name":{"kind":"Name","value":"args"}},{"kind":"Field","name":{"kind":"Name","value":"workdir"}},{"kind":"Field","name":{"kind":"Name","value":"invocationDisplay"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requireHuman"}}]}}]}}]}}]} as unknown as DocumentNode<McpAnswerPromptMutation, McpAnswerPromptMutationVariables>;
export const McpRunDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"McpRun"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"run"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"McpRunFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProofSummaryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProofRecord"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"settled"}},{"kind":"Field","name":{"kind":"Name","value":"executedAt"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"previousProofHash"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exitCode"}}]}},{"kind":"Field","name":{"kind":"Name","value":"mcp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"toolName"}},{"kind":"Field","name":{"kind":"Name","value":"success"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"confirmation"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProofDetailFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProofRecord"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProofSummaryFields"}},{"kind":"Field","name":{"kind":"Name","value":"nonce"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stdout"}},{"kind":"Field","name":{"kind":"Name","value":"stderr"}},{"kind":"Field","name":{"kind":"Name","value":"durationSeconds"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"timestamp"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RunEventFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RunEvent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"at"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"McpRunFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Run"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"protocolLabel"}},{"kind":"Field","name":{"kind":"Name","value":"protocolUri"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}},{"kind":"Field","name":{"kind":"Name","value":"stepUris"}},{"kind":"Field","name":{"kind":"Name","value":"pendingStepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"retryCount"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"proofs"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProofDetailFields"}},{"kind":"Field","name":{"kind":"Name","value":"stepUri"}},{"kind":"Field","name":{"kind":"Name","value":"mcp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"arguments"}},{"kind":"Field","name":{"kind":"Name","value":"result"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"events"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RunEventFields"}},{"kind":"Field","name":{"kind":"Name","value":"stepUri"}}]}}]}}]} as unknown as DocumentNode<McpRunQuery, McpRunQueryVariables>;
export const McpUpdateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"McpUpdate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateMemoriesInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateMemories"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"results"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BatchItemFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"totalUpdated"}},{"kind":"Field","name":{"kind":"Name","value":"totalFailed"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BatchItemFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BatchItemResult"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<McpUpdateMutation, McpUpdateMutationVariables>;
export const McpDeleteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"McpDelete"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteMemoriesInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteMemories"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"results"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BatchItemFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"totalDeleted"}},{"kind":"Field","name":{"kind":"Name","value":"totalFailed"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BatchItemFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BatchItemResult"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<McpDeleteMutation, McpDeleteMutationVariables>;
export const McpMintDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"McpMint"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MintInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mint"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"protocol"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MintedProtocolFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProtocolStepFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Memory"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MintedProtocolFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Protocol"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProtocolStepFields"}}]}}]}}]} as unknown as DocumentNode<McpMintMutation, McpMintMutationVariables>;
export const V4BeginDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"V4Begin"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"BeginInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"begin"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"V4LayerPayload"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StepPayloadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StepPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mustObey"}},{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"currentStep"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"mimeType"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"challenge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"required"}},{"kind":"Field","name":{"kind":"Name","value":"nonce"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cmd"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}}]}},{"kind":"Field","name":{"kind":"Name","value":"mcp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"toolName"}},{"kind":"Field","name":{"kind":"Name","value":"expectedResult"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"prompt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minLength"}}]}},{"kind":"Field","name":{"kind":"Name","value":"tensor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"shape"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"nextAction"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"retryCount"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"V4LayerPayload"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StepPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StepPayloadFields"}},{"kind":"Field","name":{"kind":"Name","value":"currentStep"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"protocolLabel"}},{"kind":"Field","name":{"kind":"Name","value":"space"}}]}},{"kind":"Field","name":{"kind":"Name","value":"challenge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"promptId"}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requireHuman"}}]}},{"kind":"Field","name":{"kind":"Name","value":"mcp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"arguments"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCall"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"operation"}},{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"runId"}}]}}]}}]} as unknown as DocumentNode<V4BeginMutation, V4BeginMutationVariables>;
export const V4NextDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"V4Next"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"NextInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"next"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"V4LayerPayload"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StepPayloadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StepPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mustObey"}},{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"currentStep"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"mimeType"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"challenge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"required"}},{"kind":"Field","name":{"kind":"Name","value":"nonce"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cmd"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}}]}},{"kind":"Field","name":{"kind":"Name","value":"mcp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"toolName"}},{"kind":"Field","name":{"kind":"Name","value":"expectedResult"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"prompt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minLength"}}]}},{"kind":"Field","name":{"kind":"Name","value":"tensor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"shape"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"nextAction"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"retryCount"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"V4LayerPayload"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StepPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StepPayloadFields"}},{"kind":"Field","name":{"kind":"Name","value":"currentStep"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"protocolLabel"}},{"kind":"Field","name":{"kind":"Name","value":"space"}}]}},{"kind":"Field","name":{"kind":"Name","value":"challenge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"promptId"}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requireHuman"}}]}},{"kind":"Field","name":{"kind":"Name","value":"mcp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"arguments"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCall"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"operation"}},{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"runId"}}]}}]}}]} as unknown as DocumentNode<V4NextMutation, V4NextMutationVariables>;
export const V4AttestDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"V4Attest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AttestInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"attest"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RewardFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"GradingFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Grading"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"score"}},{"kind":"Field","name":{"kind":"Name","value":"feedback"}},{"kind":"Field","name":{"kind":"Name","value":"rater"}},{"kind":"Field","name":{"kind":"Name","value":"rubricVersion"}},{"kind":"Field","name":{"kind":"Name","value":"llmModelId"}},{"kind":"Field","name":{"kind":"Name","value":"graderKind"}},{"kind":"Field","name":{"kind":"Name","value":"evaluationLabel"}},{"kind":"Field","name":{"kind":"Name","value":"exportableForSft"}},{"kind":"Field","name":{"kind":"Name","value":"exportableForPreference"}},{"kind":"Field","name":{"kind":"Name","value":"sftBlockers"}},{"kind":"Field","name":{"kind":"Name","value":"preferenceBlockers"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RewardFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AttestPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"ratedAt"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"nextAction"}},{"kind":"Field","name":{"kind":"Name","value":"grading"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"GradingFields"}}]}}]}}]} as unknown as DocumentNode<V4AttestMutation, V4AttestMutationVariables>;
export const V4RunLayersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"V4RunLayers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"run"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"stepUris"}}]}}]}}]} as unknown as DocumentNode<V4RunLayersQuery, V4RunLayersQueryVariables>;
export const V4AdapterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"V4Adapter"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"uri"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"key"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"protocol"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"uri"},"value":{"kind":"Variable","name":{"kind":"Name","value":"uri"}}},{"kind":"Argument","name":{"kind":"Name","value":"key"},"value":{"kind":"Variable","name":{"kind":"Name","value":"key"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdapterFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProtocolStepFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Memory"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdapterFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Protocol"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"protocolVersion"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"triggers"}},{"kind":"Field","name":{"kind":"Name","value":"stepUris"}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProtocolStepFields"}}]}}]}}]} as unknown as DocumentNode<V4AdapterQuery, V4AdapterQueryVariables>;
export const V4ActivateContextDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"V4ActivateContext"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"query"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"maxChoices"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"space"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"principalId"}},{"kind":"Field","name":{"kind":"Name","value":"defaultWriteSpace"}}]}},{"kind":"Field","name":{"kind":"Name","value":"search"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"query"}}},{"kind":"Argument","name":{"kind":"Name","value":"maxChoices"},"value":{"kind":"Variable","name":{"kind":"Name","value":"maxChoices"}}},{"kind":"Argument","name":{"kind":"Name","value":"space"},"value":{"kind":"Variable","name":{"kind":"Name","value":"space"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"choices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SearchChoiceFields"}},{"kind":"Field","name":{"kind":"Name","value":"learnedTrigger"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SearchChoiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SearchChoice"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"chainLabel"}},{"kind":"Field","name":{"kind":"Name","value":"score"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"protocolVersion"}}]}}]} as unknown as DocumentNode<V4ActivateContextQuery, V4ActivateContextQueryVariables>;
export const V4RecordActivationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"V4RecordActivation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RecordActivationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recordActivation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"executionId"}},{"kind":"Field","name":{"kind":"Name","value":"refinements"}},{"kind":"Field","name":{"kind":"Name","value":"refineOffered"}}]}}]}}]} as unknown as DocumentNode<V4RecordActivationMutation, V4RecordActivationMutationVariables>;
export const V4MintDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"V4Mint"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MintInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mint"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"protocol"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MintedAdapterFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProtocolStepFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Memory"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MintedAdapterFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Protocol"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProtocolStepFields"}}]}}]}}]} as unknown as DocumentNode<V4MintMutation, V4MintMutationVariables>;
export const V4UpdateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"V4Update"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateMemoriesInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateMemories"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"results"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BatchItemFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BatchItemFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BatchItemResult"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<V4UpdateMutation, V4UpdateMutationVariables>;
export const V4MoveDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"V4Move"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MoveProtocolInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"moveProtocol"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdapterMoveFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdapterMoveFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MoveProtocolPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fromSpace"}},{"kind":"Field","name":{"kind":"Name","value":"moved"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}}]}}]}}]} as unknown as DocumentNode<V4MoveMutation, V4MoveMutationVariables>;
export const V4DeleteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"V4Delete"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteMemoriesInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteMemories"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"results"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BatchItemFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BatchItemFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BatchItemResult"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<V4DeleteMutation, V4DeleteMutationVariables>;
export const V4SpacesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"V4Spaces"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"spaces"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SpaceAdaptersFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SpaceAdaptersFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Space"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"protocols"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}}]}}]}}]} as unknown as DocumentNode<V4SpacesQuery, V4SpacesQueryVariables>;
export const V4ExportDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"V4Export"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ExportInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"export"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExportFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExportFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ExportPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"contentType"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"contentEncoding"}},{"kind":"Field","name":{"kind":"Name","value":"adapterCount"}},{"kind":"Field","name":{"kind":"Name","value":"itemCount"}},{"kind":"Field","name":{"kind":"Name","value":"bundleSha256"}},{"kind":"Field","name":{"kind":"Name","value":"download"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"capabilityUrl"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"filename"}}]}}]}}]} as unknown as DocumentNode<V4ExportQuery, V4ExportQueryVariables>;
export const MintAdapterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"MintAdapter"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MintInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mint"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"protocol"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"protocolVersion"}},{"kind":"Field","name":{"kind":"Name","value":"adapterUri"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"activationPatterns"}},{"kind":"Field","name":{"kind":"Name","value":"rewardSignal"}},{"kind":"Field","name":{"kind":"Name","value":"frontmatter"}},{"kind":"Field","name":{"kind":"Name","value":"triggers"}},{"kind":"Field","name":{"kind":"Name","value":"markdown"}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"layerUri"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"challenge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"required"}},{"kind":"Field","name":{"kind":"Name","value":"mcp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"toolName"}},{"kind":"Field","name":{"kind":"Name","value":"arguments"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minLength"}}]}},{"kind":"Field","name":{"kind":"Name","value":"tensor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"shape"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<MintAdapterMutation, MintAdapterMutationVariables>;
export const AdapterByUriDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdapterByUri"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"uri"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"protocol"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"uri"},"value":{"kind":"Variable","name":{"kind":"Name","value":"uri"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"format"}}]}}]}}]} as unknown as DocumentNode<AdapterByUriQuery, AdapterByUriQueryVariables>;
export const AdapterStepDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdapterStep"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"NextInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"next"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"currentStep"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}}]}},{"kind":"Field","name":{"kind":"Name","value":"challenge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"nonce"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"tensor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"shape"}}]}}]}}]}}]}}]} as unknown as DocumentNode<AdapterStepMutation, AdapterStepMutationVariables>;
export const AdapterBeginDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdapterBegin"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"BeginInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"begin"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"currentStep"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}}]}},{"kind":"Field","name":{"kind":"Name","value":"challenge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"nonce"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}}]}}]}}]}}]} as unknown as DocumentNode<AdapterBeginMutation, AdapterBeginMutationVariables>;
export const MintDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Mint"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MintInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mint"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"protocol"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"protocolVersion"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}},{"kind":"Field","name":{"kind":"Name","value":"stepUris"}},{"kind":"Field","name":{"kind":"Name","value":"triggers"}},{"kind":"Field","name":{"kind":"Name","value":"markdown"}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"chain"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"challenge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"required"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cmd"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}}]}},{"kind":"Field","name":{"kind":"Name","value":"mcp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"toolName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"prompt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minLength"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<MintMutation, MintMutationVariables>;
export const ProtocolDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Protocol"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"uri"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"key"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"protocol"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"uri"},"value":{"kind":"Variable","name":{"kind":"Name","value":"uri"}}},{"kind":"Argument","name":{"kind":"Name","value":"key"},"value":{"kind":"Variable","name":{"kind":"Name","value":"key"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}},{"kind":"Field","name":{"kind":"Name","value":"stepUris"}},{"kind":"Field","name":{"kind":"Name","value":"markdown"}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"chain"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ProtocolQuery, ProtocolQueryVariables>;
export const MemoryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Memory"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"uri"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"memory"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"uri"},"value":{"kind":"Variable","name":{"kind":"Name","value":"uri"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"updatedBy"}},{"kind":"Field","name":{"kind":"Name","value":"chain"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}}]}},{"kind":"Field","name":{"kind":"Name","value":"challenge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"required"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cmd"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"prompt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minLength"}}]}}]}}]}}]}}]} as unknown as DocumentNode<MemoryQuery, MemoryQueryVariables>;
export const MemoriesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Memories"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"MemoryFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"memories"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<MemoriesQuery, MemoriesQueryVariables>;
export const UpdateMemoriesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateMemories"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateMemoriesInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateMemories"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalUpdated"}},{"kind":"Field","name":{"kind":"Name","value":"totalFailed"}},{"kind":"Field","name":{"kind":"Name","value":"results"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<UpdateMemoriesMutation, UpdateMemoriesMutationVariables>;
export const DeleteMemoriesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteMemories"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteMemoriesInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteMemories"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalDeleted"}},{"kind":"Field","name":{"kind":"Name","value":"totalFailed"}},{"kind":"Field","name":{"kind":"Name","value":"results"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<DeleteMemoriesMutation, DeleteMemoriesMutationVariables>;
export const MemoryEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"MemoryEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"space"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"memoryEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"space"},"value":{"kind":"Variable","name":{"kind":"Name","value":"space"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"at"}}]}}]}}]} as unknown as DocumentNode<MemoryEventsSubscription, MemoryEventsSubscriptionVariables>;
export const BeginDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Begin"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"BeginInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"begin"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StepFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StepFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StepPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mustObey"}},{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"currentStep"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"mimeType"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"challenge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"required"}},{"kind":"Field","name":{"kind":"Name","value":"nonce"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"promptId"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cmd"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"invocationDisplay"}}]}},{"kind":"Field","name":{"kind":"Name","value":"mcp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"toolName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"prompt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minLength"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"nextAction"}},{"kind":"Field","name":{"kind":"Name","value":"nextCall"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"operation"}},{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"runId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"retryCount"}}]}}]} as unknown as DocumentNode<BeginMutation, BeginMutationVariables>;
export const NextDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Next"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"NextInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"next"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StepFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StepFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StepPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mustObey"}},{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"currentStep"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"mimeType"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"challenge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"required"}},{"kind":"Field","name":{"kind":"Name","value":"nonce"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"promptId"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cmd"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"invocationDisplay"}}]}},{"kind":"Field","name":{"kind":"Name","value":"mcp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"toolName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"prompt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minLength"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"nextAction"}},{"kind":"Field","name":{"kind":"Name","value":"nextCall"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"operation"}},{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"runId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"retryCount"}}]}}]} as unknown as DocumentNode<NextMutation, NextMutationVariables>;
export const AttestDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Attest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AttestInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"attest"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"qualityBonus"}},{"kind":"Field","name":{"kind":"Name","value":"ratedAt"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"nextAction"}}]}}]}}]} as unknown as DocumentNode<AttestMutation, AttestMutationVariables>;
export const AnswerPromptDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AnswerPrompt"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AnswerPromptInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"answerPrompt"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"prompt"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"promptId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"result"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StepFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StepFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StepPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mustObey"}},{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"currentStep"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"mimeType"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"challenge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"required"}},{"kind":"Field","name":{"kind":"Name","value":"nonce"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"promptId"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cmd"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"invocationDisplay"}}]}},{"kind":"Field","name":{"kind":"Name","value":"mcp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"toolName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"prompt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minLength"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"nextAction"}},{"kind":"Field","name":{"kind":"Name","value":"nextCall"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"operation"}},{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"runId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"retryCount"}}]}}]} as unknown as DocumentNode<AnswerPromptMutation, AnswerPromptMutationVariables>;
export const RunDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Run"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"run"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"protocolLabel"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}},{"kind":"Field","name":{"kind":"Name","value":"pendingStepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"retryCount"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}},{"kind":"Field","name":{"kind":"Name","value":"proofs"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"settled"}},{"kind":"Field","name":{"kind":"Name","value":"nonce"}},{"kind":"Field","name":{"kind":"Name","value":"previousProofHash"}},{"kind":"Field","name":{"kind":"Name","value":"proofHash"}},{"kind":"Field","name":{"kind":"Name","value":"shell"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exitCode"}},{"kind":"Field","name":{"kind":"Name","value":"stdout"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"confirmation"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"events"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}}]}}]}}]}}]} as unknown as DocumentNode<RunQuery, RunQueryVariables>;
export const RunsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Runs"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"RunFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"runs"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]}}]} as unknown as DocumentNode<RunsQuery, RunsQueryVariables>;
export const RunProgressDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"RunProgress"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"runId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"afterSeq"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"runProgress"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"runId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"runId"}}},{"kind":"Argument","name":{"kind":"Name","value":"afterSeq"},"value":{"kind":"Variable","name":{"kind":"Name","value":"afterSeq"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}}]}}]}}]} as unknown as DocumentNode<RunProgressSubscription, RunProgressSubscriptionVariables>;
export const ChallengePromptsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"ChallengePrompts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"runId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"space"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"challengePrompts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"runId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"runId"}}},{"kind":"Argument","name":{"kind":"Name","value":"space"},"value":{"kind":"Variable","name":{"kind":"Name","value":"space"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"promptId"}},{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"stepUri"}},{"kind":"Field","name":{"kind":"Name","value":"protocolLabel"}},{"kind":"Field","name":{"kind":"Name","value":"prompt"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<ChallengePromptsSubscription, ChallengePromptsSubscriptionVariables>;
export const RunEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"RunEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"space"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"runEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"space"},"value":{"kind":"Variable","name":{"kind":"Name","value":"space"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"principalId"}},{"kind":"Field","name":{"kind":"Name","value":"protocolLabel"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}},{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"at"}}]}}]}}]} as unknown as DocumentNode<RunEventsSubscription, RunEventsSubscriptionVariables>;
export const StoredRunRecordDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"StoredRunRecord"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"run"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"attestation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"outcome"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"ratedAt"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"nextAction"}}]}},{"kind":"Field","name":{"kind":"Name","value":"events"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<StoredRunRecordQuery, StoredRunRecordQueryVariables>;
export const MemoryVersionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MemoryVersions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"uri"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"memory"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"uri"},"value":{"kind":"Variable","name":{"kind":"Name","value":"uri"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"versions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"proposalId"}},{"kind":"Field","name":{"kind":"Name","value":"changedFields"}},{"kind":"Field","name":{"kind":"Name","value":"principalId"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"current"}},{"kind":"Field","name":{"kind":"Name","value":"diff"}},{"kind":"Field","name":{"kind":"Name","value":"memory"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"VersionedMemoryFields"}}]}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VersionedMemoryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Memory"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"chain"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}}]}}]}}]} as unknown as DocumentNode<MemoryVersionsQuery, MemoryVersionsQueryVariables>;
export const MemoryAtVersionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MemoryAtVersion"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"uri"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"version"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"memory"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"uri"},"value":{"kind":"Variable","name":{"kind":"Name","value":"uri"}}},{"kind":"Argument","name":{"kind":"Name","value":"version"},"value":{"kind":"Variable","name":{"kind":"Name","value":"version"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"VersionedMemoryFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VersionedMemoryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Memory"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"chain"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}}]}}]}}]} as unknown as DocumentNode<MemoryAtVersionQuery, MemoryAtVersionQueryVariables>;
export const ProtocolAtDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProtocolAt"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"uri"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"at"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTime"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"protocol"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"uri"},"value":{"kind":"Variable","name":{"kind":"Name","value":"uri"}}},{"kind":"Argument","name":{"kind":"Name","value":"at"},"value":{"kind":"Variable","name":{"kind":"Name","value":"at"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"VersionedMemoryFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VersionedMemoryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Memory"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"chain"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}}]}}]}}]} as unknown as DocumentNode<ProtocolAtQuery, ProtocolAtQueryVariables>;
export const RestoreMemoryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestoreMemory"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RestoreMemoryInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restoreMemory"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalRestored"}},{"kind":"Field","name":{"kind":"Name","value":"totalFailed"}},{"kind":"Field","name":{"kind":"Name","value":"results"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]}}]} as unknown as DocumentNode<RestoreMemoryMutation, RestoreMemoryMutationVariables>;
export const DeletedMemoriesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DeletedMemories"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"space"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deletedMemories"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"space"},"value":{"kind":"Variable","name":{"kind":"Name","value":"space"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"principalId"}},{"kind":"Field","name":{"kind":"Name","value":"memory"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"chain"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<DeletedMemoriesQuery, DeletedMemoriesQueryVariables>;
export const ProvenRunDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProvenRun"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"run"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proofs"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stepUri"}},{"kind":"Field","name":{"kind":"Name","value":"settled"}},{"kind":"Field","name":{"kind":"Name","value":"stepVersionProven"}},{"kind":"Field","name":{"kind":"Name","value":"stepVersionNow"}},{"kind":"Field","name":{"kind":"Name","value":"changedSinceProven"}}]}}]}}]}}]} as unknown as DocumentNode<ProvenRunQuery, ProvenRunQueryVariables>;
export const ProposeUpdateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ProposeUpdate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ProposeUpdateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposeUpdate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProposeUpdatePayloadFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProposeUpdateAnswerFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProposeUpdatePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"routing"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stagingId"}},{"kind":"Field","name":{"kind":"Name","value":"files"}},{"kind":"Field","name":{"kind":"Name","value":"findings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"line"}},{"kind":"Field","name":{"kind":"Name","value":"location"}}]}},{"kind":"Field","name":{"kind":"Name","value":"violations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"file"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"provenanceViolations"}},{"kind":"Field","name":{"kind":"Name","value":"appliedAt"}},{"kind":"Field","name":{"kind":"Name","value":"affectedSections"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"file"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"indexUpdated"}},{"kind":"Field","name":{"kind":"Name","value":"warnings"}},{"kind":"Field","name":{"kind":"Name","value":"stagingTtlSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"humanApprovalRequired"}},{"kind":"Field","name":{"kind":"Name","value":"reviewCommand"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProposeUpdatePayloadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProposeUpdatePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProposeUpdateAnswerFields"}},{"kind":"Field","name":{"kind":"Name","value":"drift"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"file"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}},{"kind":"Field","name":{"kind":"Name","value":"policy"}},{"kind":"Field","name":{"kind":"Name","value":"expected"}},{"kind":"Field","name":{"kind":"Name","value":"found"}}]}}]}}]} as unknown as DocumentNode<ProposeUpdateMutation, ProposeUpdateMutationVariables>;
export const ApplyProposalDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ApplyProposal"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"applyProposal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProposeUpdatePayloadFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProposeUpdateAnswerFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProposeUpdatePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"routing"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stagingId"}},{"kind":"Field","name":{"kind":"Name","value":"files"}},{"kind":"Field","name":{"kind":"Name","value":"findings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"line"}},{"kind":"Field","name":{"kind":"Name","value":"location"}}]}},{"kind":"Field","name":{"kind":"Name","value":"violations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"file"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"provenanceViolations"}},{"kind":"Field","name":{"kind":"Name","value":"appliedAt"}},{"kind":"Field","name":{"kind":"Name","value":"affectedSections"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"file"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"indexUpdated"}},{"kind":"Field","name":{"kind":"Name","value":"warnings"}},{"kind":"Field","name":{"kind":"Name","value":"stagingTtlSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"humanApprovalRequired"}},{"kind":"Field","name":{"kind":"Name","value":"reviewCommand"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProposeUpdatePayloadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProposeUpdatePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProposeUpdateAnswerFields"}},{"kind":"Field","name":{"kind":"Name","value":"drift"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"file"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}},{"kind":"Field","name":{"kind":"Name","value":"policy"}},{"kind":"Field","name":{"kind":"Name","value":"expected"}},{"kind":"Field","name":{"kind":"Name","value":"found"}}]}}]}}]} as unknown as DocumentNode<ApplyProposalMutation, ApplyProposalMutationVariables>;
export const RejectProposalDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RejectProposal"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"reason"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rejectProposal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"ObjectField","name":{"kind":"Name","value":"reason"},"value":{"kind":"Variable","name":{"kind":"Name","value":"reason"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProposeUpdatePayloadFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProposeUpdateAnswerFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProposeUpdatePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"routing"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stagingId"}},{"kind":"Field","name":{"kind":"Name","value":"files"}},{"kind":"Field","name":{"kind":"Name","value":"findings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"line"}},{"kind":"Field","name":{"kind":"Name","value":"location"}}]}},{"kind":"Field","name":{"kind":"Name","value":"violations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"file"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"provenanceViolations"}},{"kind":"Field","name":{"kind":"Name","value":"appliedAt"}},{"kind":"Field","name":{"kind":"Name","value":"affectedSections"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"file"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"indexUpdated"}},{"kind":"Field","name":{"kind":"Name","value":"warnings"}},{"kind":"Field","name":{"kind":"Name","value":"stagingTtlSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"humanApprovalRequired"}},{"kind":"Field","name":{"kind":"Name","value":"reviewCommand"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProposeUpdatePayloadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProposeUpdatePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProposeUpdateAnswerFields"}},{"kind":"Field","name":{"kind":"Name","value":"drift"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"file"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}},{"kind":"Field","name":{"kind":"Name","value":"policy"}},{"kind":"Field","name":{"kind":"Name","value":"expected"}},{"kind":"Field","name":{"kind":"Name","value":"found"}}]}}]}}]} as unknown as DocumentNode<RejectProposalMutation, RejectProposalMutationVariables>;
export const ProposalDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Proposal"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"stagingId"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"intent"}},{"kind":"Field","name":{"kind":"Name","value":"rationale"}},{"kind":"Field","name":{"kind":"Name","value":"confidence"}},{"kind":"Field","name":{"kind":"Name","value":"files"}},{"kind":"Field","name":{"kind":"Name","value":"proposedBy"}},{"kind":"Field","name":{"kind":"Name","value":"decidedBy"}},{"kind":"Field","name":{"kind":"Name","value":"decisionReason"}},{"kind":"Field","name":{"kind":"Name","value":"decisionNote"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"reviewCommand"}},{"kind":"Field","name":{"kind":"Name","value":"diff"}},{"kind":"Field","name":{"kind":"Name","value":"applyBlockedBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"file"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}}]}}]}}]}}]} as unknown as DocumentNode<ProposalQuery, ProposalQueryVariables>;
export const ProposalsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Proposals"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ProposalStatus"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposals"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"intent"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ProposalsQuery, ProposalsQueryVariables>;
export const ProposalEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"ProposalEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"space"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposalEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"space"},"value":{"kind":"Variable","name":{"kind":"Name","value":"space"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"stagingId"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"intent"}},{"kind":"Field","name":{"kind":"Name","value":"files"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"at"}}]}}]}}]} as unknown as DocumentNode<ProposalEventsSubscription, ProposalEventsSubscriptionVariables>;
export const ProjectDocumentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProjectDocuments"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"category"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MemoryCategory"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"memories"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"category"},"value":{"kind":"Variable","name":{"kind":"Name","value":"category"}}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"category"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ProjectDocumentsQuery, ProjectDocumentsQueryVariables>;
export const MemoryContextDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MemoryContext"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"query"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"budgetChars"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"include"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MemoryCategory"}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"memoryContext"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"query"}}},{"kind":"Argument","name":{"kind":"Name","value":"budgetChars"},"value":{"kind":"Variable","name":{"kind":"Name","value":"budgetChars"}}},{"kind":"Argument","name":{"kind":"Name","value":"include"},"value":{"kind":"Variable","name":{"kind":"Name","value":"include"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"budgetChars"}},{"kind":"Field","name":{"kind":"Name","value":"budgetUsed"}},{"kind":"Field","name":{"kind":"Name","value":"sections"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}},{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"heading"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"score"}}]}},{"kind":"Field","name":{"kind":"Name","value":"omitted"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}}]}}]}}]} as unknown as DocumentNode<MemoryContextQuery, MemoryContextQueryVariables>;
export const SearchProtocolsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SearchProtocols"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"query"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"maxChoices"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"space"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"search"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"query"}}},{"kind":"Argument","name":{"kind":"Name","value":"maxChoices"},"value":{"kind":"Variable","name":{"kind":"Name","value":"maxChoices"}}},{"kind":"Argument","name":{"kind":"Name","value":"space"},"value":{"kind":"Variable","name":{"kind":"Name","value":"space"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mustObey"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"nextAction"}},{"kind":"Field","name":{"kind":"Name","value":"choices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"chainLabel"}},{"kind":"Field","name":{"kind":"Name","value":"score"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"nextAction"}},{"kind":"Field","name":{"kind":"Name","value":"protocolVersion"}}]}}]}}]}}]} as unknown as DocumentNode<SearchProtocolsQuery, SearchProtocolsQueryVariables>;
export const SearchMintDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SearchMint"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MintInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mint"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"protocol"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"stepUris"}}]}}]}}]}}]} as unknown as DocumentNode<SearchMintMutation, SearchMintMutationVariables>;
export const SearchBeginDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SearchBegin"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"BeginInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"begin"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"currentStep"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}}]}}]}}]}}]} as unknown as DocumentNode<SearchBeginMutation, SearchBeginMutationVariables>;
export const SearchProtocolByKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SearchProtocolByKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"key"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"protocol"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"key"},"value":{"kind":"Variable","name":{"kind":"Name","value":"key"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"stepCount"}},{"kind":"Field","name":{"kind":"Name","value":"protocolVersion"}}]}}]}}]} as unknown as DocumentNode<SearchProtocolByKeyQuery, SearchProtocolByKeyQueryVariables>;
export const SearchUpdateMemoriesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SearchUpdateMemories"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateMemoriesInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateMemories"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"results"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<SearchUpdateMemoriesMutation, SearchUpdateMemoriesMutationVariables>;
export const LearnedTriggersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LearnedTriggers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"uri"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"includeRemoved"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"protocol"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"uri"},"value":{"kind":"Variable","name":{"kind":"Name","value":"uri"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"learnedTriggers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"includeRemoved"},"value":{"kind":"Variable","name":{"kind":"Name","value":"includeRemoved"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}},{"kind":"Field","name":{"kind":"Name","value":"successes"}},{"kind":"Field","name":{"kind":"Name","value":"principals"}},{"kind":"Field","name":{"kind":"Name","value":"learnedAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSucceededAt"}},{"kind":"Field","name":{"kind":"Name","value":"removedAt"}},{"kind":"Field","name":{"kind":"Name","value":"removedBy"}}]}}]}}]}}]} as unknown as DocumentNode<LearnedTriggersQuery, LearnedTriggersQueryVariables>;
export const ForgetLearnedTriggerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ForgetLearnedTrigger"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ForgetLearnedTriggerInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"forgetLearnedTrigger"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"removedAt"}}]}}]}}]} as unknown as DocumentNode<ForgetLearnedTriggerMutation, ForgetLearnedTriggerMutationVariables>;
export const LearningMoveProtocolDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"LearningMoveProtocol"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MoveProtocolInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"moveProtocol"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"moved"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"}}]}}]}}]}}]} as unknown as DocumentNode<LearningMoveProtocolMutation, LearningMoveProtocolMutationVariables>;
export const LearningExportDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LearningExport"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ExportInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"export"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"itemCount"}}]}}]}}]} as unknown as DocumentNode<LearningExportQuery, LearningExportQueryVariables>;
export const LearnedSearchDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LearnedSearch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"query"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"space"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"search"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"query"}}},{"kind":"Argument","name":{"kind":"Name","value":"maxChoices"},"value":{"kind":"IntValue","value":"50"}},{"kind":"Argument","name":{"kind":"Name","value":"space"},"value":{"kind":"Variable","name":{"kind":"Name","value":"space"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"choices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"score"}},{"kind":"Field","name":{"kind":"Name","value":"learnedTrigger"}}]}}]}}]}}]} as unknown as DocumentNode<LearnedSearchQuery, LearnedSearchQueryVariables>;
export const MeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"principalId"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"authenticated"}},{"kind":"Field","name":{"kind":"Name","value":"readableSpaces"}},{"kind":"Field","name":{"kind":"Name","value":"writableSpaces"}},{"kind":"Field","name":{"kind":"Name","value":"defaultWriteSpace"}}]}}]}}]} as unknown as DocumentNode<MeQuery, MeQueryVariables>;
export const SpacesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Spaces"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"spaces"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"writable"}},{"kind":"Field","name":{"kind":"Name","value":"memoryCount"}},{"kind":"Field","name":{"kind":"Name","value":"protocolCount"}},{"kind":"Field","name":{"kind":"Name","value":"protocols"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}}]}}]}}]} as unknown as DocumentNode<SpacesQuery, SpacesQueryVariables>;
export const CreatePrincipalDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreatePrincipal"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreatePrincipalInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createPrincipal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"principal"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}}]}}]}}]}}]} as unknown as DocumentNode<CreatePrincipalMutation, CreatePrincipalMutationVariables>;
export const CreateTokenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateToken"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTokenInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"record"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"principalId"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}}]}}]}}]} as unknown as DocumentNode<CreateTokenMutation, CreateTokenMutationVariables>;
export const RevokeTokenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeToken"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"token"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}}]}}]}}]} as unknown as DocumentNode<RevokeTokenMutation, RevokeTokenMutationVariables>;
export const RunTranscriptDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RunTranscript"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"run"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"transcript"}}]}}]}}]} as unknown as DocumentNode<RunTranscriptQuery, RunTranscriptQueryVariables>;
export const RunTranscriptsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RunTranscripts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"space"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"since"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTime"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"runTranscripts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"space"},"value":{"kind":"Variable","name":{"kind":"Name","value":"space"}}},{"kind":"Argument","name":{"kind":"Name","value":"since"},"value":{"kind":"Variable","name":{"kind":"Name","value":"since"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"runId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"signed"}},{"kind":"Field","name":{"kind":"Name","value":"transcript"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<RunTranscriptsQuery, RunTranscriptsQueryVariables>;
export const SigningKeysDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SigningKeys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"signingKeys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"algorithm"}},{"kind":"Field","name":{"kind":"Name","value":"publicKey"}},{"kind":"Field","name":{"kind":"Name","value":"jwk"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}}]}}]} as unknown as DocumentNode<SigningKeysQuery, SigningKeysQueryVariables>;
export const GradedAttestDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"GradedAttest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AttestInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"attest"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}},{"kind":"Field","name":{"kind":"Name","value":"grading"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"GradingFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"GradingFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Grading"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"score"}},{"kind":"Field","name":{"kind":"Name","value":"feedback"}},{"kind":"Field","name":{"kind":"Name","value":"rater"}},{"kind":"Field","name":{"kind":"Name","value":"rubricVersion"}},{"kind":"Field","name":{"kind":"Name","value":"llmModelId"}},{"kind":"Field","name":{"kind":"Name","value":"graderKind"}},{"kind":"Field","name":{"kind":"Name","value":"evaluationLabel"}},{"kind":"Field","name":{"kind":"Name","value":"exportableForSft"}},{"kind":"Field","name":{"kind":"Name","value":"exportableForPreference"}},{"kind":"Field","name":{"kind":"Name","value":"sftBlockers"}},{"kind":"Field","name":{"kind":"Name","value":"preferenceBlockers"}}]}}]} as unknown as DocumentNode<GradedAttestMutation, GradedAttestMutationVariables>;
export const ExportAnswerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ExportAnswer"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ExportInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"export"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExportFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExportFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ExportPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"contentType"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"contentEncoding"}},{"kind":"Field","name":{"kind":"Name","value":"adapterCount"}},{"kind":"Field","name":{"kind":"Name","value":"itemCount"}},{"kind":"Field","name":{"kind":"Name","value":"bundleSha256"}},{"kind":"Field","name":{"kind":"Name","value":"download"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"capabilityUrl"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"filename"}}]}}]}}]} as unknown as DocumentNode<ExportAnswerQuery, ExportAnswerQueryVariables>;