/** The proposal operations the tests send, typed by codegen from schema/schema.graphql. */
import { graphql } from '../../src/generated/index.js';

export const ProposeUpdatePayloadFields = graphql(`
  fragment ProposeUpdatePayloadFields on ProposeUpdatePayload {
    ...ProposeUpdateAnswerFields
    drift {
      file
      sectionId
      policy
      expected
      found
    }
  }
`);

export const ProposeUpdateDocument = graphql(`
  mutation ProposeUpdate($input: ProposeUpdateInput!) {
    proposeUpdate(input: $input) {
      ...ProposeUpdatePayloadFields
    }
  }
`);

export const ApplyProposalDocument = graphql(`
  mutation ApplyProposal($id: ID!) {
    applyProposal(input: { id: $id }) {
      ...ProposeUpdatePayloadFields
    }
  }
`);

export const RejectProposalDocument = graphql(`
  mutation RejectProposal($id: ID!, $reason: String!) {
    rejectProposal(input: { id: $id, reason: $reason }) {
      ...ProposeUpdatePayloadFields
    }
  }
`);

export const ProposalDocument = graphql(`
  query Proposal($id: ID!) {
    proposal(id: $id) {
      id
      stagingId
      space
      status
      intent
      rationale
      confidence
      files
      proposedBy
      decidedBy
      decisionReason
      decisionNote
      expiresAt
      reviewCommand
      diff
      applyBlockedBy {
        reason
        message
      }
      sources {
        type
        ref
      }
      operations {
        kind
        file
        sectionId
      }
    }
  }
`);

export const ProposalsDocument = graphql(`
  query Proposals($status: ProposalStatus, $first: Int, $after: String) {
    proposals(status: $status, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          id
          status
          intent
        }
      }
    }
  }
`);

export const ProposalEventsDocument = graphql(`
  subscription ProposalEvents($space: String) {
    proposalEvents(space: $space) {
      type
      stagingId
      space
      intent
      files
      reason
      at
    }
  }
`);

export const ProjectDocumentsDocument = graphql(`
  query ProjectDocuments($category: MemoryCategory!) {
    memories(filter: { category: $category }, first: 100) {
      edges {
        node {
          uri
          path
          label
          text
          version
          category
        }
      }
    }
  }
`);

export const MemoryContextDocument = graphql(`
  query MemoryContext($query: String, $budgetChars: Int, $include: [MemoryCategory!]) {
    memoryContext(query: $query, budgetChars: $budgetChars, include: $include) {
      budgetChars
      budgetUsed
      sections {
        path
        sectionId
        uri
        heading
        category
        text
        score
      }
      omitted {
        path
        sectionId
        reason
      }
    }
  }
`);
