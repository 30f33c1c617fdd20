/**
 * The operations the command-line tool sends, typed by codegen from schema/schema.graphql. The
 * selections other doors share are fragments in ../operations/*.graphql.
 */
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
      ...ProposalSummaryFields
      decisionReason
      decisionNote
      ...ProposalReviewFields
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
        ...ProofSummaryFields
      }
      events {
        ...RunEventFields
      }
      attestation {
        outcome
        message
        ratedAt
      }
    }
  }
`);
