/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type AnswerPromptInput = {
  /** The reply: "approve", "yes", or a decline such as "rejected". */
  confirmation: string;
  promptId: string | number;
};

export type ApprovalMode =
  | 'APPLY'
  | 'SERVER_ONLY'
  | 'STAGE';

/** How a step is proven. */
export type ChallengeType =
  /** A written comment of a minimum length. */
  | 'COMMENT'
  /** Call an MCP tool; its result proves the step. */
  | 'MCP'
  /** Run a command; the exit code proves the step. */
  | 'SHELL'
  /** A person confirms. */
  | 'USER_INPUT';

export type DriftPolicy =
  | 'FILE_ABSENT'
  | 'FILE_CONTENT_MATCH'
  | 'FILE_PRESENT'
  | 'SECTION_CONTENT_MATCH'
  | 'SECTION_RESOLVABLE';

export type Outcome =
  | 'FAILURE'
  | 'SUCCESS';

export type PromptStatus =
  | 'ANSWERED'
  | 'EXPIRED'
  | 'OPEN';

export type ProofSource =
  | 'AGENT'
  | 'HUMAN';

export type ProofStatus =
  | 'FAILED'
  | 'SUCCESS';

export type ProposalConfidence =
  | 'CONFIRMED'
  | 'INFERRED'
  | 'STALE'
  | 'UNKNOWN'
  | 'USER_PROVIDED';

export type ProposalEventType =
  | 'APPLIED'
  | 'EXPIRED'
  | 'REJECTED'
  | 'STAGED';

/** What a proposal is for; each intent may touch only its own categories of document. */
export type ProposalIntent =
  | 'ADD_PITFALL'
  | 'ARCHIVE_STALE'
  | 'RECORD_DECISION'
  | 'REFRESH_MODULE'
  | 'SESSION_LOG'
  | 'UPDATE_CONVENTIONS'
  | 'UPDATE_CURRENT'
  | 'UPDATE_SHARED';

export type ProposalSourceType =
  | 'EXTERNAL'
  | 'FILE'
  | 'INFERENCE'
  | 'SESSION'
  | 'TEST'
  | 'USER';

export type ProposalStatus =
  | 'APPLIED'
  | 'EXPIRED'
  | 'REJECTED'
  | 'STAGED';

/** Why a proposal was not applied: a stable code, one to one with the upstream snake_case codes (README). */
export type ProposeUpdateReason =
  | 'ALLOWLIST_LIMIT_EXCEEDED'
  | 'ALLOWLIST_PARSE_ERROR'
  | 'ARCHIVE_EXISTS'
  | 'INTENT_TARGET_MISMATCH'
  | 'INVALID_INTENT'
  | 'INVALID_MARKDOWN'
  | 'INVALID_OPERATION'
  | 'INVALID_PATH'
  | 'NO_OPERATIONS'
  | 'PII_DETECTED'
  | 'PLAN_FAILED'
  | 'PROVENANCE_VIOLATION'
  | 'SECRET_DETECTED'
  | 'SERVER_ONLY_CATEGORY'
  | 'STAGING_NOT_FOUND'
  | 'TARGET_DRIFT'
  | 'TTL_EXPIRED'
  | 'UNKNOWN_CATEGORY'
  | 'USER_REJECTED'
  | 'VALIDATION_FAILED'
  | 'WRITE_ONCE_VIOLATION';

export type ProposeUpdateStatus =
  | 'APPLIED'
  | 'REJECTED'
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

export type RunEventType =
  | 'ATTESTED'
  | 'COMPLETED'
  | 'EXPIRED'
  | 'MAX_RETRIES'
  | 'PROMPT_ANSWERED'
  | 'PROMPT_ISSUED'
  | 'PROOF_MISSING'
  | 'STARTED'
  | 'STEP_FAILED'
  | 'STEP_PROVEN';

/** What happened to a run, as the runEvents feed reports it. */
export type RunLifecycleEventType =
  | 'ATTESTED'
  | 'COMPLETED'
  | 'EXPIRED'
  | 'STARTED';

export type RunStatus =
  /** A step waits for proof. */
  | 'ACTIVE'
  /** Closed by attest (SUCCESS or FAILURE). */
  | 'ATTESTED'
  /** Every step is settled; only attest remains. */
  | 'COMPLETED'
  /** Closed after sitting idle past expiresAt. */
  | 'EXPIRED';

/** Why a run call did not advance the run. Agents branch on these, never on messages. */
export type StepErrorCode =
  /** A required shell proof exited non-zero or a required MCP call failed. */
  | 'COMMAND_FAILED'
  /** The comment is shorter than the challenge's minimum length. */
  | 'COMMENT_TOO_SHORT'
  /** Only a person can answer this challenge, through answerPrompt. */
  | 'HUMAN_CONFIRMATION_REQUIRED'
  /** Attest SUCCESS was asked while a required step is unproven. */
  | 'INCOMPLETE_RUN'
  /** A field is present but malformed, oversized, or not JSON. */
  | 'INVALID_FIELD'
  /** The same pending step failed three times in a row. */
  | 'MAX_RETRIES_EXCEEDED'
  /** A field the challenge needs is absent or empty. */
  | 'MISSING_FIELD'
  /** The pending step was skipped without its required proof. */
  | 'MISSING_PROOF'
  /** The solution's nonce is not the pending challenge's nonce. */
  | 'NONCE_MISMATCH'
  /** The nonce already settled its step with a different solution: nothing was stored. Resubmit the same solution, or prove the pending step with its own nonce. */
  | 'NONCE_REUSED'
  /** The uri is not a step of the run's protocol. */
  | 'NOT_FOUND'
  /** The solution's proofHash is not the challenge's proofHash. */
  | 'PROOF_HASH_MISMATCH'
  /** The run has already been attested. */
  | 'RUN_CLOSED'
  /** No such run. */
  | 'RUN_NOT_FOUND'
  /** The MCP solution names a different tool from the challenge's. */
  | 'TOOL_MISMATCH'
  /** The solution type differs from the challenge type. */
  | 'TYPE_MISMATCH'
  /** The user's reply declined a required confirmation. */
  | 'USER_DECLINED';

export type LiveViewerQueryVariables = Exact<{ [key: string]: never; }>;


export type LiveViewerQuery = { me: { principalId: string, role: Role, authenticated: boolean, readableSpaces: Array<string>, defaultWriteSpace: string } };

export type LiveRunSummaryFragment = { id: string, status: RunStatus, space: string, protocolLabel: string, stepCount: number, pendingStepIndex: number | null, outcome: Outcome | null, createdAt: string, updatedAt: string };

export type LiveRunsQueryVariables = Exact<{
  first?: number | null | undefined;
}>;


export type LiveRunsQuery = { runs: { edges: Array<{ node: { id: string, status: RunStatus, space: string, protocolLabel: string, stepCount: number, pendingStepIndex: number | null, outcome: Outcome | null, createdAt: string, updatedAt: string } }> } };

export type LiveRunQueryVariables = Exact<{
  id: string | number;
}>;


export type LiveRunQuery = { run: { stepUris: Array<string>, id: string, status: RunStatus, space: string, protocolLabel: string, stepCount: number, pendingStepIndex: number | null, outcome: Outcome | null, createdAt: string, updatedAt: string, protocol: { steps: Array<{ uri: string, label: string, text: string, challenge: { type: ChallengeType, required: boolean, shell: { invocationDisplay: string, timeoutSeconds: number } | null, mcp: { toolName: string } | null, userInput: { prompt: string | null, requireHuman: boolean } | null, comment: { minLength: number | null } | null } | null }> } | null, proofs: Array<{ stepIndex: number, type: ChallengeType, status: ProofStatus, source: ProofSource, settled: boolean, executedAt: string, nonce: string, previousProofHash: string, proofHash: string, shell: { exitCode: number, stdout: string, stderr: string, durationSeconds: number | null } | null, mcp: { toolName: string, success: boolean } | null, userInput: { confirmation: string, timestamp: string } | null, comment: { text: string } | null }> } | null };

export type LiveRunProgressSubscriptionVariables = Exact<{
  runId: string | number;
  afterSeq?: number | null | undefined;
}>;


export type LiveRunProgressSubscription = { runProgress: { runId: string, seq: number, type: RunEventType, stepIndex: number | null, stepCount: number, errorCode: StepErrorCode | null, message: string | null, at: string } };

export type LiveRunEventsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type LiveRunEventsSubscription = { runEvents: { type: RunLifecycleEventType, runId: string, seq: number } };

export type LivePromptsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type LivePromptsSubscription = { challengePrompts: { promptId: string, runId: string, space: string, stepIndex: number, protocolLabel: string, prompt: string, stepContent: string, requireHuman: boolean, status: PromptStatus, createdAt: string, at: string } };

export type LiveAnswerPromptMutationVariables = Exact<{
  input: AnswerPromptInput;
}>;


export type LiveAnswerPromptMutation = { answerPrompt: { prompt: { promptId: string, status: PromptStatus }, result: { errorCode: StepErrorCode | null, message: string | null, nextAction: string } } };

export type LiveProposalFragment = { id: string, space: string, status: ProposalStatus, intent: ProposalIntent, rationale: string | null, confidence: ProposalConfidence, files: Array<string>, proposedBy: string, stagedAt: string, expiresAt: string, diff: string | null, sources: Array<{ type: ProposalSourceType, ref: string | null }>, owner: { id: string | null, kind: string | null } | null, routing: { mode: ApprovalMode, reason: string }, applyBlockedBy: { reason: ProposeUpdateReason, message: string } | null };

export type LiveStagedProposalsQueryVariables = Exact<{
  first?: number | null | undefined;
}>;


export type LiveStagedProposalsQuery = { proposals: { totalCount: number, edges: Array<{ node: { id: string, space: string, status: ProposalStatus, intent: ProposalIntent, rationale: string | null, confidence: ProposalConfidence, files: Array<string>, proposedBy: string, stagedAt: string, expiresAt: string, diff: string | null, sources: Array<{ type: ProposalSourceType, ref: string | null }>, owner: { id: string | null, kind: string | null } | null, routing: { mode: ApprovalMode, reason: string }, applyBlockedBy: { reason: ProposeUpdateReason, message: string } | null } }> } };

export type LiveProposalByIdQueryVariables = Exact<{
  id: string | number;
}>;


export type LiveProposalByIdQuery = { proposal: { id: string, space: string, status: ProposalStatus, intent: ProposalIntent, rationale: string | null, confidence: ProposalConfidence, files: Array<string>, proposedBy: string, stagedAt: string, expiresAt: string, diff: string | null, sources: Array<{ type: ProposalSourceType, ref: string | null }>, owner: { id: string | null, kind: string | null } | null, routing: { mode: ApprovalMode, reason: string }, applyBlockedBy: { reason: ProposeUpdateReason, message: string } | null } | null };

export type LiveProposalEventsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type LiveProposalEventsSubscription = { proposalEvents: { type: ProposalEventType, stagingId: string, space: string, reason: ProposeUpdateReason | null, at: string } };

export type LiveProposalDecisionFragment = { status: ProposeUpdateStatus, reason: ProposeUpdateReason | null, message: string, drift: Array<{ file: string, sectionId: string | null, policy: DriftPolicy, expected: string, found: string }> };

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
export const LiveProposalFragmentDoc = new TypedDocumentString(`
    fragment LiveProposal on Proposal {
  id
  space
  status
  intent
  rationale
  confidence
  sources {
    type
    ref
  }
  owner {
    id
    kind
  }
  files
  proposedBy
  stagedAt
  expiresAt
  routing {
    mode
    reason
  }
  diff
  applyBlockedBy {
    reason
    message
  }
}
    `, {"fragmentName":"LiveProposal"}) as unknown as TypedDocumentString<LiveProposalFragment, unknown>;
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
      stepIndex
      type
      status
      source
      settled
      executedAt
      nonce
      previousProofHash
      proofHash
      shell {
        exitCode
        stdout
        stderr
        durationSeconds
      }
      mcp {
        toolName
        success
      }
      userInput {
        confirmation
        timestamp
      }
      comment {
        text
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
}`) as unknown as TypedDocumentString<LiveRunQuery, LiveRunQueryVariables>;
export const LiveRunProgressDocument = new TypedDocumentString(`
    subscription LiveRunProgress($runId: ID!, $afterSeq: Int) {
  runProgress(runId: $runId, afterSeq: $afterSeq) {
    runId
    seq
    type
    stepIndex
    stepCount
    errorCode
    message
    at
  }
}
    `) as unknown as TypedDocumentString<LiveRunProgressSubscription, LiveRunProgressSubscriptionVariables>;
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
    promptId
    runId
    space
    stepIndex
    protocolLabel
    prompt
    stepContent
    requireHuman
    status
    createdAt
    at
  }
}
    `) as unknown as TypedDocumentString<LivePromptsSubscription, LivePromptsSubscriptionVariables>;
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
    fragment LiveProposal on Proposal {
  id
  space
  status
  intent
  rationale
  confidence
  sources {
    type
    ref
  }
  owner {
    id
    kind
  }
  files
  proposedBy
  stagedAt
  expiresAt
  routing {
    mode
    reason
  }
  diff
  applyBlockedBy {
    reason
    message
  }
}`) as unknown as TypedDocumentString<LiveStagedProposalsQuery, LiveStagedProposalsQueryVariables>;
export const LiveProposalByIdDocument = new TypedDocumentString(`
    query LiveProposalById($id: ID!) {
  proposal(id: $id) {
    ...LiveProposal
  }
}
    fragment LiveProposal on Proposal {
  id
  space
  status
  intent
  rationale
  confidence
  sources {
    type
    ref
  }
  owner {
    id
    kind
  }
  files
  proposedBy
  stagedAt
  expiresAt
  routing {
    mode
    reason
  }
  diff
  applyBlockedBy {
    reason
    message
  }
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