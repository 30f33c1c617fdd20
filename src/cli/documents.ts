/** The operations the command-line tool sends, typed by codegen from schema/schema.graphql. */
import { graphql } from '../generated/index.js';

export const CliProposalsDocument = graphql(`
  query CliProposals($status: ProposalStatus, $first: Int) {
    proposals(status: $status, first: $first) {
      totalCount
      edges {
        node {
          id
          status
          intent
          rationale
          files
          stagedAt
          expiresAt
        }
      }
    }
  }
`);

export const CliProposalDocument = graphql(`
  query CliProposal($id: ID!) {
    proposal(id: $id) {
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
      decisionReason
      decisionNote
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
  }
`);

export const CliApplyProposalDocument = graphql(`
  mutation CliApplyProposal($id: ID!) {
    applyProposal(input: { id: $id }) {
      status
      reason
      message
      files
      drift {
        file
        sectionId
        expected
        found
      }
    }
  }
`);

export const CliRejectProposalDocument = graphql(`
  mutation CliRejectProposal($id: ID!, $reason: String!) {
    rejectProposal(input: { id: $id, reason: $reason }) {
      status
      reason
      message
    }
  }
`);

export const CliMintDocument = graphql(`
  mutation CliMint($input: MintInput!) {
    mint(input: $input) {
      protocol {
        uri
        slug
        label
        space
        chainId
        stepCount
        protocolVersion
      }
    }
  }
`);

export const CliRunsDocument = graphql(`
  query CliRuns($filter: RunFilter, $first: Int) {
    runs(filter: $filter, first: $first) {
      totalCount
      edges {
        node {
          id
          status
          protocolLabel
          space
          stepCount
          pendingStepIndex
          outcome
          updatedAt
        }
      }
    }
  }
`);

export const CliRunDocument = graphql(`
  query CliRun($id: ID!) {
    run(id: $id) {
      id
      status
      outcome
      space
      principalId
      protocolLabel
      protocolUri
      stepUris
      stepCount
      pendingStepIndex
      retryCount
      createdAt
      updatedAt
      expiresAt
      protocol {
        steps {
          uri
          label
        }
      }
      proofs {
        stepIndex
        stepUri
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
      events {
        seq
        type
        stepIndex
        errorCode
        message
        at
      }
      attestation {
        outcome
        message
        ratedAt
      }
    }
  }
`);
