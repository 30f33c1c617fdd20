/**
 * Every operation the live page sends, typed by codegen into src/generated/ui/ (string documents,
 * no graphql-js in the bundle). Its fragments are in ./fragments.graphql, the selections other
 * doors share in ../operations/*.graphql.
 */
import { graphql } from '../generated/ui/index.js';

export const ViewerQuery = graphql(`
  query LiveViewer {
    me {
      principalId
      role
      authenticated
      readableSpaces
      defaultWriteSpace
    }
  }
`);

export const RunsQuery = graphql(`
  query LiveRuns($first: Int) {
    runs(first: $first) {
      edges {
        node {
          ...LiveRunSummary
        }
      }
    }
  }
`);

export const RunQuery = graphql(`
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
`);

export const RunProgressSubscription = graphql(`
  subscription LiveRunProgress($runId: ID!, $afterSeq: Int) {
    runProgress(runId: $runId, afterSeq: $afterSeq) {
      ...RunProgressFields
    }
  }
`);

export const RunEventsSubscription = graphql(`
  subscription LiveRunEvents {
    runEvents {
      type
      runId
      seq
    }
  }
`);

export const PromptsSubscription = graphql(`
  subscription LivePrompts {
    challengePrompts {
      ...ChallengePromptFields
      space
      protocolLabel
      stepContent
      createdAt
    }
  }
`);

export const AnswerPromptMutation = graphql(`
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
`);

export const StagedProposalsQuery = graphql(`
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
`);

export const ProposalQuery = graphql(`
  query LiveProposalById($id: ID!) {
    proposal(id: $id) {
      ...LiveProposal
    }
  }
`);

export const ProposalEventsSubscription = graphql(`
  subscription LiveProposalEvents {
    proposalEvents {
      type
      stagingId
      space
      reason
      at
    }
  }
`);

export const ApplyProposalMutation = graphql(`
  mutation LiveApplyProposal($id: ID!) {
    applyProposal(input: { id: $id }) {
      ...LiveProposalDecision
    }
  }
`);

export const RejectProposalMutation = graphql(`
  mutation LiveRejectProposal($id: ID!, $reason: String!) {
    rejectProposal(input: { id: $id, reason: $reason }) {
      ...LiveProposalDecision
    }
  }
`);
