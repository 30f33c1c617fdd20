/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
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

/** How a step is proven. */
export type ChallengeType =
  /** Write a genuine comment of at least `minLength` characters in `solution.comment`. */
  | 'COMMENT'
  /** Call an MCP tool and report its real result in `solution.mcp`; `success: true` proves the step. */
  | 'MCP'
  /** Run a command and report its exit code and output in `solution.shell`; exit code 0 proves the step. */
  | 'SHELL'
  /** Report a named value (of the type `TensorChallenge.output` declares, or numbers shaped as `TensorChallenge.shape` says) in `solution.tensor` (KAIROS 4 `tensor`). */
  | 'TENSOR'
  /** Ask the user and send their actual reply in `solution.userInput`, or let a person answer the prompt with `answerPrompt`; a decline fails a required step. */
  | 'USER_INPUT';

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

export type ProposalSummaryFieldsFragment = { id: string, status: ProposalStatus, intent: ProposalIntent, rationale: string | null, confidence: ProposalConfidence, space: string, proposedBy: string, stagedAt: string, expiresAt: string, files: Array<string> };

export type ProposalReviewFieldsFragment = { diff: string | null, routing: { mode: ApprovalMode, reason: string }, sources: Array<{ type: ProposalSourceType, ref: string | null }>, applyBlockedBy: { reason: ProposeUpdateReason, message: string } | null };

export type ProofSummaryFieldsFragment = { stepIndex: number, type: ChallengeType, status: ProofStatus, source: ProofSource, settled: boolean, executedAt: string, proofHash: string, previousProofHash: string, shell: { exitCode: number } | null, mcp: { toolName: string, success: boolean } | null, userInput: { confirmation: string } | null, comment: { text: string } | null };

export type ProofDetailFieldsFragment = { nonce: string, stepIndex: number, type: ChallengeType, status: ProofStatus, source: ProofSource, settled: boolean, executedAt: string, proofHash: string, previousProofHash: string, shell: { stdout: string, stderr: string, durationSeconds: number | null, exitCode: number } | null, userInput: { timestamp: string, confirmation: string } | null, mcp: { toolName: string, success: boolean } | null, comment: { text: string } | null };

export type RunEventFieldsFragment = { seq: number, type: RunEventType, stepIndex: number | null, errorCode: StepErrorCode | null, message: string | null, at: string };

export type RunProgressFieldsFragment = { runId: string, seq: number, type: RunEventType, stepIndex: number | null, stepCount: number, errorCode: StepErrorCode | null, message: string | null, at: string };

export type ChallengePromptFieldsFragment = { promptId: string, runId: string, stepIndex: number, prompt: string, requireHuman: boolean, status: PromptStatus, at: string };

export type LiveRunSummaryFragment = { id: string, status: RunStatus, space: string, protocolLabel: string, stepCount: number, pendingStepIndex: number | null, outcome: Outcome | null, createdAt: string, updatedAt: string };

export type LiveProposalFragment = { id: string, status: ProposalStatus, intent: ProposalIntent, rationale: string | null, confidence: ProposalConfidence, space: string, proposedBy: string, stagedAt: string, expiresAt: string, files: Array<string>, diff: string | null, owner: { id: string | null, kind: string | null } | null, routing: { mode: ApprovalMode, reason: string }, sources: Array<{ type: ProposalSourceType, ref: string | null }>, applyBlockedBy: { reason: ProposeUpdateReason, message: string } | null };

export type LiveProposalDecisionFragment = { status: ProposeUpdateStatus, reason: ProposeUpdateReason | null, message: string, drift: Array<{ file: string, sectionId: string | null, policy: DriftPolicy, expected: string, found: string }> };

export type LiveViewerQueryVariables = Exact<{ [key: string]: never; }>;


export type LiveViewerQuery = { me: { principalId: string, role: Role, authenticated: boolean, readableSpaces: Array<string>, defaultWriteSpace: string } };

export type LiveRunsQueryVariables = Exact<{
  first?: number | null | undefined;
}>;


export type LiveRunsQuery = { runs: { edges: Array<{ node: { id: string, status: RunStatus, space: string, protocolLabel: string, stepCount: number, pendingStepIndex: number | null, outcome: Outcome | null, createdAt: string, updatedAt: string } }> } };

export type LiveRunQueryVariables = Exact<{
  id: string | number;
}>;


export type LiveRunQuery = { run: { stepUris: Array<string>, id: string, status: RunStatus, space: string, protocolLabel: string, stepCount: number, pendingStepIndex: number | null, outcome: Outcome | null, createdAt: string, updatedAt: string, protocol: { steps: Array<{ uri: string, label: string, text: string, challenge: { type: ChallengeType, required: boolean, shell: { invocationDisplay: string, timeoutSeconds: number } | null, mcp: { toolName: string } | null, userInput: { prompt: string | null, requireHuman: boolean } | null, comment: { minLength: number | null } | null } | null }> } | null, proofs: Array<{ nonce: string, stepIndex: number, type: ChallengeType, status: ProofStatus, source: ProofSource, settled: boolean, executedAt: string, proofHash: string, previousProofHash: string, shell: { stdout: string, stderr: string, durationSeconds: number | null, exitCode: number } | null, userInput: { timestamp: string, confirmation: string } | null, mcp: { toolName: string, success: boolean } | null, comment: { text: string } | null }> } | null };

export type LiveRunProgressSubscriptionVariables = Exact<{
  runId: string | number;
  afterSeq?: number | null | undefined;
}>;


export type LiveRunProgressSubscription = { runProgress: { runId: string, seq: number, type: RunEventType, stepIndex: number | null, stepCount: number, errorCode: StepErrorCode | null, message: string | null, at: string } };

export type LiveRunEventsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type LiveRunEventsSubscription = { runEvents: { type: RunLifecycleEventType, runId: string, seq: number } };

export type LivePromptsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type LivePromptsSubscription = { challengePrompts: { space: string, protocolLabel: string, stepContent: string, createdAt: string, promptId: string, runId: string, stepIndex: number, prompt: string, requireHuman: boolean, status: PromptStatus, at: string } };

export type LiveAnswerPromptMutationVariables = Exact<{
  input: AnswerPromptInput;
}>;


export type LiveAnswerPromptMutation = { answerPrompt: { prompt: { promptId: string, status: PromptStatus }, result: { errorCode: StepErrorCode | null, message: string | null, nextAction: string } } };

export type LiveStagedProposalsQueryVariables = Exact<{
  first?: number | null | undefined;
}>;


export type LiveStagedProposalsQuery = { proposals: { totalCount: number, edges: Array<{ node: { id: string, status: ProposalStatus, intent: ProposalIntent, rationale: string | null, confidence: ProposalConfidence, space: string, proposedBy: string, stagedAt: string, expiresAt: string, files: Array<string>, diff: string | null, owner: { id: string | null, kind: string | null } | null, routing: { mode: ApprovalMode, reason: string }, sources: Array<{ type: ProposalSourceType, ref: string | null }>, applyBlockedBy: { reason: ProposeUpdateReason, message: string } | null } }> } };

export type LiveProposalByIdQueryVariables = Exact<{
  id: string | number;
}>;


export type LiveProposalByIdQuery = { proposal: { id: string, status: ProposalStatus, intent: ProposalIntent, rationale: string | null, confidence: ProposalConfidence, space: string, proposedBy: string, stagedAt: string, expiresAt: string, files: Array<string>, diff: string | null, owner: { id: string | null, kind: string | null } | null, routing: { mode: ApprovalMode, reason: string }, sources: Array<{ type: ProposalSourceType, ref: string | null }>, applyBlockedBy: { reason: ProposeUpdateReason, message: string } | null } | null };

export type LiveProposalEventsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type LiveProposalEventsSubscription = { proposalEvents: { type: ProposalEventType, stagingId: string, space: string, reason: ProposeUpdateReason | null, at: string } };

export type LiveApplyProposalMutationVariables = Exact<{
  id: string | number;
}>;


export type LiveApplyProposalMutation = { applyProposal: { status: ProposeUpdateStatus, reason: ProposeUpdateReason | null, message: string, drift: Array<{ file: string, sectionId: string | null, policy: DriftPolicy, expected: string, found: string }> } };

export type LiveRejectProposalMutationVariables = Exact<{
  id: string | number;
  reason: string;
}>;


export type LiveRejectProposalMutation = { rejectProposal: { status: ProposeUpdateStatus, reason: ProposeUpdateReason | null, message: string, drift: Array<{ file: string, sectionId: string | null, policy: DriftPolicy, expected: string, found: string }> } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const ProofSummaryFieldsFragmentDoc = new TypedDocumentString(`
    fragment ProofSummaryFields on ProofRecord {
  stepIndex
  type
  status
  source
  settled
  executedAt
  proofHash
  previousProofHash
  shell {
    exitCode
  }
  mcp {
    toolName
    success
  }
  userInput {
    confirmation
  }
  comment {
    text
  }
}
    `, {"fragmentName":"ProofSummaryFields"}) as unknown as TypedDocumentString<ProofSummaryFieldsFragment, unknown>;
export const ProofDetailFieldsFragmentDoc = new TypedDocumentString(`
    fragment ProofDetailFields on ProofRecord {
  ...ProofSummaryFields
  nonce
  shell {
    stdout
    stderr
    durationSeconds
  }
  userInput {
    timestamp
  }
}
    fragment ProofSummaryFields on ProofRecord {
  stepIndex
  type
  status
  source
  settled
  executedAt
  proofHash
  previousProofHash
  shell {
    exitCode
  }
  mcp {
    toolName
    success
  }
  userInput {
    confirmation
  }
  comment {
    text
  }
}`, {"fragmentName":"ProofDetailFields"}) as unknown as TypedDocumentString<ProofDetailFieldsFragment, unknown>;
export const RunEventFieldsFragmentDoc = new TypedDocumentString(`
    fragment RunEventFields on RunEvent {
  seq
  type
  stepIndex
  errorCode
  message
  at
}
    `, {"fragmentName":"RunEventFields"}) as unknown as TypedDocumentString<RunEventFieldsFragment, unknown>;
export const RunProgressFieldsFragmentDoc = new TypedDocumentString(`
    fragment RunProgressFields on RunEvent {
  runId
  seq
  type
  stepIndex
  stepCount
  errorCode
  message
  at
}
    `, {"fragmentName":"RunProgressFields"}) as unknown as TypedDocumentString<RunProgressFieldsFragment, unknown>;
export const ChallengePromptFieldsFragmentDoc = new TypedDocumentString(`
    fragment ChallengePromptFields on ChallengePrompt {
  promptId
  runId
  stepIndex
  prompt
  requireHuman
  status
  at
}
    `, {"fragmentName":"ChallengePromptFields"}) as unknown as TypedDocumentString<ChallengePromptFieldsFragment, unknown>;
export const LiveRunSummaryFragmentDoc = new TypedDocumentString(`
    fragment LiveRunSummary on Run {
  id
  status
  space
  protocolLabel
  stepCount
  pendingStepIndex
  outcome
  createdAt
  updatedAt
}
    `, {"fragmentName":"LiveRunSummary"}) as unknown as TypedDocumentString<LiveRunSummaryFragment, unknown>;
export const ProposalSummaryFieldsFragmentDoc = new TypedDocumentString(`
    fragment ProposalSummaryFields on Proposal {
  id
  status
  intent
  rationale
  confidence
  space
  proposedBy
  stagedAt
  expiresAt
  files
}
    `, {"fragmentName":"ProposalSummaryFields"}) as unknown as TypedDocumentString<ProposalSummaryFieldsFragment, unknown>;
export const ProposalReviewFieldsFragmentDoc = new TypedDocumentString(`
    fragment ProposalReviewFields on Proposal {
  routing {
    mode
    reason
  }
  sources {
    type
    ref
  }
  applyBlockedBy {
    reason
    message
  }
  diff
}
    `, {"fragmentName":"ProposalReviewFields"}) as unknown as TypedDocumentString<ProposalReviewFieldsFragment, unknown>;
export const LiveProposalFragmentDoc = new TypedDocumentString(`
    fragment LiveProposal on Proposal {
  ...ProposalSummaryFields
  owner {
    id
    kind
  }
  ...ProposalReviewFields
}
    fragment ProposalSummaryFields on Proposal {
  id
  status
  intent
  rationale
  confidence
  space
  proposedBy
  stagedAt
  expiresAt
  files
}
fragment ProposalReviewFields on Proposal {
  routing {
    mode
    reason
  }
  sources {
    type
    ref
  }
  applyBlockedBy {
    reason
    message
  }
  diff
}`, {"fragmentName":"LiveProposal"}) as unknown as TypedDocumentString<LiveProposalFragment, unknown>;
export const LiveProposalDecisionFragmentDoc = new TypedDocumentString(`
    fragment LiveProposalDecision on ProposeUpdatePayload {
  status
  reason
  message
  drift {
    file
    sectionId
    policy
    expected
    found
  }
}
    `, {"fragmentName":"LiveProposalDecision"}) as unknown as TypedDocumentString<LiveProposalDecisionFragment, unknown>;
export const LiveViewerDocument = new TypedDocumentString(`
    query LiveViewer {
  me {
    principalId
    role
    authenticated
    readableSpaces
    defaultWriteSpace
  }
}
    `) as unknown as TypedDocumentString<LiveViewerQuery, LiveViewerQueryVariables>;
export const LiveRunsDocument = new TypedDocumentString(`
    query LiveRuns($first: Int) {
  runs(first: $first) {
    edges {
      node {
        ...LiveRunSummary
      }
    }
  }
}
    fragment LiveRunSummary on Run {
  id
  status
  space
  protocolLabel
  stepCount
  pendingStepIndex
  outcome
  createdAt
  updatedAt
}`) as unknown as TypedDocumentString<LiveRunsQuery, LiveRunsQueryVariables>;
export const LiveRunDocument = new TypedDocumentString(`
    query LiveRun($id: ID!) {
  run(id: $id) {
    ...LiveRunSummary
    stepUris
    protocol {
      steps {
        uri
        label
        text
        challenge {
          type
          required
          shell {
            invocationDisplay
            timeoutSeconds
          }
          mcp {
            toolName
          }
          userInput {
            prompt
            requireHuman
          }
          comment {
            minLength
          }
        }
      }
    }
    proofs {
      ...ProofDetailFields
    }
  }
}
    fragment ProofSummaryFields on ProofRecord {
  stepIndex
  type
  status
  source
  settled
  executedAt
  proofHash
  previousProofHash
  shell {
    exitCode
  }
  mcp {
    toolName
    success
  }
  userInput {
    confirmation
  }
  comment {
    text
  }
}
fragment ProofDetailFields on ProofRecord {
  ...ProofSummaryFields
  nonce
  shell {
    stdout
    stderr
    durationSeconds
  }
  userInput {
    timestamp
  }
}
fragment LiveRunSummary on Run {
  id
  status
  space
  protocolLabel
  stepCount
  pendingStepIndex
  outcome
  createdAt
  updatedAt
}`) as unknown as TypedDocumentString<LiveRunQuery, LiveRunQueryVariables>;
export const LiveRunProgressDocument = new TypedDocumentString(`
    subscription LiveRunProgress($runId: ID!, $afterSeq: Int) {
  runProgress(runId: $runId, afterSeq: $afterSeq) {
    ...RunProgressFields
  }
}
    fragment RunProgressFields on RunEvent {
  runId
  seq
  type
  stepIndex
  stepCount
  errorCode
  message
  at
}`) as unknown as TypedDocumentString<LiveRunProgressSubscription, LiveRunProgressSubscriptionVariables>;
export const LiveRunEventsDocument = new TypedDocumentString(`
    subscription LiveRunEvents {
  runEvents {
    type
    runId
    seq
  }
}
    `) as unknown as TypedDocumentString<LiveRunEventsSubscription, LiveRunEventsSubscriptionVariables>;
export const LivePromptsDocument = new TypedDocumentString(`
    subscription LivePrompts {
  challengePrompts {
    ...ChallengePromptFields
    space
    protocolLabel
    stepContent
    createdAt
  }
}
    fragment ChallengePromptFields on ChallengePrompt {
  promptId
  runId
  stepIndex
  prompt
  requireHuman
  status
  at
}`) as unknown as TypedDocumentString<LivePromptsSubscription, LivePromptsSubscriptionVariables>;
export const LiveAnswerPromptDocument = new TypedDocumentString(`
    mutation LiveAnswerPrompt($input: AnswerPromptInput!) {
  answerPrompt(input: $input) {
    prompt {
      promptId
      status
    }
    result {
      errorCode
      message
      nextAction
    }
  }
}
    `) as unknown as TypedDocumentString<LiveAnswerPromptMutation, LiveAnswerPromptMutationVariables>;
export const LiveStagedProposalsDocument = new TypedDocumentString(`
    query LiveStagedProposals($first: Int) {
  proposals(status: STAGED, first: $first) {
    totalCount
    edges {
      node {
        ...LiveProposal
      }
    }
  }
}
    fragment ProposalSummaryFields on Proposal {
  id
  status
  intent
  rationale
  confidence
  space
  proposedBy
  stagedAt
  expiresAt
  files
}
fragment ProposalReviewFields on Proposal {
  routing {
    mode
    reason
  }
  sources {
    type
    ref
  }
  applyBlockedBy {
    reason
    message
  }
  diff
}
fragment LiveProposal on Proposal {
  ...ProposalSummaryFields
  owner {
    id
    kind
  }
  ...ProposalReviewFields
}`) as unknown as TypedDocumentString<LiveStagedProposalsQuery, LiveStagedProposalsQueryVariables>;
export const LiveProposalByIdDocument = new TypedDocumentString(`
    query LiveProposalById($id: ID!) {
  proposal(id: $id) {
    ...LiveProposal
  }
}
    fragment ProposalSummaryFields on Proposal {
  id
  status
  intent
  rationale
  confidence
  space
  proposedBy
  stagedAt
  expiresAt
  files
}
fragment ProposalReviewFields on Proposal {
  routing {
    mode
    reason
  }
  sources {
    type
    ref
  }
  applyBlockedBy {
    reason
    message
  }
  diff
}
fragment LiveProposal on Proposal {
  ...ProposalSummaryFields
  owner {
    id
    kind
  }
  ...ProposalReviewFields
}`) as unknown as TypedDocumentString<LiveProposalByIdQuery, LiveProposalByIdQueryVariables>;
export const LiveProposalEventsDocument = new TypedDocumentString(`
    subscription LiveProposalEvents {
  proposalEvents {
    type
    stagingId
    space
    reason
    at
  }
}
    `) as unknown as TypedDocumentString<LiveProposalEventsSubscription, LiveProposalEventsSubscriptionVariables>;
export const LiveApplyProposalDocument = new TypedDocumentString(`
    mutation LiveApplyProposal($id: ID!) {
  applyProposal(input: {id: $id}) {
    ...LiveProposalDecision
  }
}
    fragment LiveProposalDecision on ProposeUpdatePayload {
  status
  reason
  message
  drift {
    file
    sectionId
    policy
    expected
    found
  }
}`) as unknown as TypedDocumentString<LiveApplyProposalMutation, LiveApplyProposalMutationVariables>;
export const LiveRejectProposalDocument = new TypedDocumentString(`
    mutation LiveRejectProposal($id: ID!, $reason: String!) {
  rejectProposal(input: {id: $id, reason: $reason}) {
    ...LiveProposalDecision
  }
}
    fragment LiveProposalDecision on ProposeUpdatePayload {
  status
  reason
  message
  drift {
    file
    sectionId
    policy
    expected
    found
  }
}`) as unknown as TypedDocumentString<LiveRejectProposalMutation, LiveRejectProposalMutationVariables>;