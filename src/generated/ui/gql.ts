/* eslint-disable */
import * as types from './graphql.js';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "fragment ProposalSummaryFields on Proposal {\n  id\n  status\n  intent\n  rationale\n  confidence\n  space\n  proposedBy\n  stagedAt\n  expiresAt\n  files\n}\n\nfragment ProposalReviewFields on Proposal {\n  routing {\n    mode\n    reason\n  }\n  sources {\n    type\n    ref\n  }\n  applyBlockedBy {\n    reason\n    message\n  }\n  diff\n}": typeof types.ProposalSummaryFieldsFragmentDoc,
    "fragment ProofSummaryFields on ProofRecord {\n  stepIndex\n  type\n  status\n  source\n  settled\n  executedAt\n  proofHash\n  previousProofHash\n  shell {\n    exitCode\n  }\n  mcp {\n    toolName\n    success\n  }\n  userInput {\n    confirmation\n  }\n  comment {\n    text\n  }\n}\n\nfragment ProofDetailFields on ProofRecord {\n  ...ProofSummaryFields\n  nonce\n  shell {\n    stdout\n    stderr\n    durationSeconds\n  }\n  userInput {\n    timestamp\n  }\n}\n\nfragment RunEventFields on RunEvent {\n  seq\n  type\n  stepIndex\n  errorCode\n  message\n  at\n}\n\nfragment RunProgressFields on RunEvent {\n  runId\n  seq\n  type\n  stepIndex\n  stepCount\n  errorCode\n  message\n  at\n}\n\nfragment ChallengePromptFields on ChallengePrompt {\n  promptId\n  runId\n  stepIndex\n  prompt\n  requireHuman\n  status\n  at\n}": typeof types.ProofSummaryFieldsFragmentDoc,
    "fragment LiveRunSummary on Run {\n  id\n  status\n  space\n  protocolLabel\n  stepCount\n  pendingStepIndex\n  outcome\n  createdAt\n  updatedAt\n}\n\nfragment LiveProposal on Proposal {\n  ...ProposalSummaryFields\n  owner {\n    id\n    kind\n  }\n  ...ProposalReviewFields\n}\n\nfragment LiveProposalDecision on ProposeUpdatePayload {\n  status\n  reason\n  message\n  drift {\n    file\n    sectionId\n    policy\n    expected\n    found\n  }\n}": typeof types.LiveRunSummaryFragmentDoc,
    "\n  query LiveViewer {\n    me {\n      principalId\n      role\n      authenticated\n      readableSpaces\n      defaultWriteSpace\n    }\n  }\n": typeof types.LiveViewerDocument,
    "\n  query LiveRuns($first: Int) {\n    runs(first: $first) {\n      edges {\n        node {\n          ...LiveRunSummary\n        }\n      }\n    }\n  }\n": typeof types.LiveRunsDocument,
    "\n  query LiveRun($id: ID!) {\n    run(id: $id) {\n      ...LiveRunSummary\n      stepUris\n      protocol {\n        steps {\n          uri\n          label\n          text\n          challenge {\n            type\n            required\n            shell {\n              invocationDisplay\n              timeoutSeconds\n            }\n            mcp {\n              toolName\n            }\n            userInput {\n              prompt\n              requireHuman\n            }\n            comment {\n              minLength\n            }\n          }\n        }\n      }\n      proofs {\n        ...ProofDetailFields\n      }\n    }\n  }\n": typeof types.LiveRunDocument,
    "\n  subscription LiveRunProgress($runId: ID!, $afterSeq: Int) {\n    runProgress(runId: $runId, afterSeq: $afterSeq) {\n      ...RunProgressFields\n    }\n  }\n": typeof types.LiveRunProgressDocument,
    "\n  subscription LiveRunEvents {\n    runEvents {\n      type\n      runId\n      seq\n    }\n  }\n": typeof types.LiveRunEventsDocument,
    "\n  subscription LivePrompts {\n    challengePrompts {\n      ...ChallengePromptFields\n      space\n      protocolLabel\n      stepContent\n      createdAt\n    }\n  }\n": typeof types.LivePromptsDocument,
    "\n  mutation LiveAnswerPrompt($input: AnswerPromptInput!) {\n    answerPrompt(input: $input) {\n      prompt {\n        promptId\n        status\n      }\n      result {\n        errorCode\n        message\n        nextAction\n      }\n    }\n  }\n": typeof types.LiveAnswerPromptDocument,
    "\n  query LiveStagedProposals($first: Int) {\n    proposals(status: STAGED, first: $first) {\n      totalCount\n      edges {\n        node {\n          ...LiveProposal\n        }\n      }\n    }\n  }\n": typeof types.LiveStagedProposalsDocument,
    "\n  query LiveProposalById($id: ID!) {\n    proposal(id: $id) {\n      ...LiveProposal\n    }\n  }\n": typeof types.LiveProposalByIdDocument,
    "\n  subscription LiveProposalEvents {\n    proposalEvents {\n      type\n      stagingId\n      space\n      reason\n      at\n    }\n  }\n": typeof types.LiveProposalEventsDocument,
    "\n  mutation LiveApplyProposal($id: ID!) {\n    applyProposal(input: { id: $id }) {\n      ...LiveProposalDecision\n    }\n  }\n": typeof types.LiveApplyProposalDocument,
    "\n  mutation LiveRejectProposal($id: ID!, $reason: String!) {\n    rejectProposal(input: { id: $id, reason: $reason }) {\n      ...LiveProposalDecision\n    }\n  }\n": typeof types.LiveRejectProposalDocument,
};
const documents: Documents = {
    "fragment ProposalSummaryFields on Proposal {\n  id\n  status\n  intent\n  rationale\n  confidence\n  space\n  proposedBy\n  stagedAt\n  expiresAt\n  files\n}\n\nfragment ProposalReviewFields on Proposal {\n  routing {\n    mode\n    reason\n  }\n  sources {\n    type\n    ref\n  }\n  applyBlockedBy {\n    reason\n    message\n  }\n  diff\n}": types.ProposalSummaryFieldsFragmentDoc,
    "fragment ProofSummaryFields on ProofRecord {\n  stepIndex\n  type\n  status\n  source\n  settled\n  executedAt\n  proofHash\n  previousProofHash\n  shell {\n    exitCode\n  }\n  mcp {\n    toolName\n    success\n  }\n  userInput {\n    confirmation\n  }\n  comment {\n    text\n  }\n}\n\nfragment ProofDetailFields on ProofRecord {\n  ...ProofSummaryFields\n  nonce\n  shell {\n    stdout\n    stderr\n    durationSeconds\n  }\n  userInput {\n    timestamp\n  }\n}\n\nfragment RunEventFields on RunEvent {\n  seq\n  type\n  stepIndex\n  errorCode\n  message\n  at\n}\n\nfragment RunProgressFields on RunEvent {\n  runId\n  seq\n  type\n  stepIndex\n  stepCount\n  errorCode\n  message\n  at\n}\n\nfragment ChallengePromptFields on ChallengePrompt {\n  promptId\n  runId\n  stepIndex\n  prompt\n  requireHuman\n  status\n  at\n}": types.ProofSummaryFieldsFragmentDoc,
    "fragment LiveRunSummary on Run {\n  id\n  status\n  space\n  protocolLabel\n  stepCount\n  pendingStepIndex\n  outcome\n  createdAt\n  updatedAt\n}\n\nfragment LiveProposal on Proposal {\n  ...ProposalSummaryFields\n  owner {\n    id\n    kind\n  }\n  ...ProposalReviewFields\n}\n\nfragment LiveProposalDecision on ProposeUpdatePayload {\n  status\n  reason\n  message\n  drift {\n    file\n    sectionId\n    policy\n    expected\n    found\n  }\n}": types.LiveRunSummaryFragmentDoc,
    "\n  query LiveViewer {\n    me {\n      principalId\n      role\n      authenticated\n      readableSpaces\n      defaultWriteSpace\n    }\n  }\n": types.LiveViewerDocument,
    "\n  query LiveRuns($first: Int) {\n    runs(first: $first) {\n      edges {\n        node {\n          ...LiveRunSummary\n        }\n      }\n    }\n  }\n": types.LiveRunsDocument,
    "\n  query LiveRun($id: ID!) {\n    run(id: $id) {\n      ...LiveRunSummary\n      stepUris\n      protocol {\n        steps {\n          uri\n          label\n          text\n          challenge {\n            type\n            required\n            shell {\n              invocationDisplay\n              timeoutSeconds\n            }\n            mcp {\n              toolName\n            }\n            userInput {\n              prompt\n              requireHuman\n            }\n            comment {\n              minLength\n            }\n          }\n        }\n      }\n      proofs {\n        ...ProofDetailFields\n      }\n    }\n  }\n": types.LiveRunDocument,
    "\n  subscription LiveRunProgress($runId: ID!, $afterSeq: Int) {\n    runProgress(runId: $runId, afterSeq: $afterSeq) {\n      ...RunProgressFields\n    }\n  }\n": types.LiveRunProgressDocument,
    "\n  subscription LiveRunEvents {\n    runEvents {\n      type\n      runId\n      seq\n    }\n  }\n": types.LiveRunEventsDocument,
    "\n  subscription LivePrompts {\n    challengePrompts {\n      ...ChallengePromptFields\n      space\n      protocolLabel\n      stepContent\n      createdAt\n    }\n  }\n": types.LivePromptsDocument,
    "\n  mutation LiveAnswerPrompt($input: AnswerPromptInput!) {\n    answerPrompt(input: $input) {\n      prompt {\n        promptId\n        status\n      }\n      result {\n        errorCode\n        message\n        nextAction\n      }\n    }\n  }\n": types.LiveAnswerPromptDocument,
    "\n  query LiveStagedProposals($first: Int) {\n    proposals(status: STAGED, first: $first) {\n      totalCount\n      edges {\n        node {\n          ...LiveProposal\n        }\n      }\n    }\n  }\n": types.LiveStagedProposalsDocument,
    "\n  query LiveProposalById($id: ID!) {\n    proposal(id: $id) {\n      ...LiveProposal\n    }\n  }\n": types.LiveProposalByIdDocument,
    "\n  subscription LiveProposalEvents {\n    proposalEvents {\n      type\n      stagingId\n      space\n      reason\n      at\n    }\n  }\n": types.LiveProposalEventsDocument,
    "\n  mutation LiveApplyProposal($id: ID!) {\n    applyProposal(input: { id: $id }) {\n      ...LiveProposalDecision\n    }\n  }\n": types.LiveApplyProposalDocument,
    "\n  mutation LiveRejectProposal($id: ID!, $reason: String!) {\n    rejectProposal(input: { id: $id, reason: $reason }) {\n      ...LiveProposalDecision\n    }\n  }\n": types.LiveRejectProposalDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ProposalSummaryFields on Proposal {\n  id\n  status\n  intent\n  rationale\n  confidence\n  space\n  proposedBy\n  stagedAt\n  expiresAt\n  files\n}\n\nfragment ProposalReviewFields on Proposal {\n  routing {\n    mode\n    reason\n  }\n  sources {\n    type\n    ref\n  }\n  applyBlockedBy {\n    reason\n    message\n  }\n  diff\n}"): typeof import('./graphql.js').ProposalSummaryFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ProofSummaryFields on ProofRecord {\n  stepIndex\n  type\n  status\n  source\n  settled\n  executedAt\n  proofHash\n  previousProofHash\n  shell {\n    exitCode\n  }\n  mcp {\n    toolName\n    success\n  }\n  userInput {\n    confirmation\n  }\n  comment {\n    text\n  }\n}\n\nfragment ProofDetailFields on ProofRecord {\n  ...ProofSummaryFields\n  nonce\n  shell {\n    stdout\n    stderr\n    durationSeconds\n  }\n  userInput {\n    timestamp\n  }\n}\n\nfragment RunEventFields on RunEvent {\n  seq\n  type\n  stepIndex\n  errorCode\n  message\n  at\n}\n\nfragment RunProgressFields on RunEvent {\n  runId\n  seq\n  type\n  stepIndex\n  stepCount\n  errorCode\n  message\n  at\n}\n\nfragment ChallengePromptFields on ChallengePrompt {\n  promptId\n  runId\n  stepIndex\n  prompt\n  requireHuman\n  status\n  at\n}"): typeof import('./graphql.js').ProofSummaryFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment LiveRunSummary on Run {\n  id\n  status\n  space\n  protocolLabel\n  stepCount\n  pendingStepIndex\n  outcome\n  createdAt\n  updatedAt\n}\n\nfragment LiveProposal on Proposal {\n  ...ProposalSummaryFields\n  owner {\n    id\n    kind\n  }\n  ...ProposalReviewFields\n}\n\nfragment LiveProposalDecision on ProposeUpdatePayload {\n  status\n  reason\n  message\n  drift {\n    file\n    sectionId\n    policy\n    expected\n    found\n  }\n}"): typeof import('./graphql.js').LiveRunSummaryFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LiveViewer {\n    me {\n      principalId\n      role\n      authenticated\n      readableSpaces\n      defaultWriteSpace\n    }\n  }\n"): typeof import('./graphql.js').LiveViewerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LiveRuns($first: Int) {\n    runs(first: $first) {\n      edges {\n        node {\n          ...LiveRunSummary\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.js').LiveRunsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LiveRun($id: ID!) {\n    run(id: $id) {\n      ...LiveRunSummary\n      stepUris\n      protocol {\n        steps {\n          uri\n          label\n          text\n          challenge {\n            type\n            required\n            shell {\n              invocationDisplay\n              timeoutSeconds\n            }\n            mcp {\n              toolName\n            }\n            userInput {\n              prompt\n              requireHuman\n            }\n            comment {\n              minLength\n            }\n          }\n        }\n      }\n      proofs {\n        ...ProofDetailFields\n      }\n    }\n  }\n"): typeof import('./graphql.js').LiveRunDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription LiveRunProgress($runId: ID!, $afterSeq: Int) {\n    runProgress(runId: $runId, afterSeq: $afterSeq) {\n      ...RunProgressFields\n    }\n  }\n"): typeof import('./graphql.js').LiveRunProgressDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription LiveRunEvents {\n    runEvents {\n      type\n      runId\n      seq\n    }\n  }\n"): typeof import('./graphql.js').LiveRunEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription LivePrompts {\n    challengePrompts {\n      ...ChallengePromptFields\n      space\n      protocolLabel\n      stepContent\n      createdAt\n    }\n  }\n"): typeof import('./graphql.js').LivePromptsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LiveAnswerPrompt($input: AnswerPromptInput!) {\n    answerPrompt(input: $input) {\n      prompt {\n        promptId\n        status\n      }\n      result {\n        errorCode\n        message\n        nextAction\n      }\n    }\n  }\n"): typeof import('./graphql.js').LiveAnswerPromptDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LiveStagedProposals($first: Int) {\n    proposals(status: STAGED, first: $first) {\n      totalCount\n      edges {\n        node {\n          ...LiveProposal\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.js').LiveStagedProposalsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LiveProposalById($id: ID!) {\n    proposal(id: $id) {\n      ...LiveProposal\n    }\n  }\n"): typeof import('./graphql.js').LiveProposalByIdDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription LiveProposalEvents {\n    proposalEvents {\n      type\n      stagingId\n      space\n      reason\n      at\n    }\n  }\n"): typeof import('./graphql.js').LiveProposalEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LiveApplyProposal($id: ID!) {\n    applyProposal(input: { id: $id }) {\n      ...LiveProposalDecision\n    }\n  }\n"): typeof import('./graphql.js').LiveApplyProposalDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LiveRejectProposal($id: ID!, $reason: String!) {\n    rejectProposal(input: { id: $id, reason: $reason }) {\n      ...LiveProposalDecision\n    }\n  }\n"): typeof import('./graphql.js').LiveRejectProposalDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
