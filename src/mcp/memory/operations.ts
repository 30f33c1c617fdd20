/** The GraphQL operations the agent-memory tools run in process, typed by codegen. */
import { graphql } from '../../generated/index.js';

export const McpProposeUpdateDocument = graphql(`
  mutation McpProposeUpdate($input: ProposeUpdateInput!) {
    proposeUpdate(input: $input) {
      ...ProposeUpdateAnswerFields
    }
  }
`);

export const McpFetchContextDocument = graphql(`
  query McpFetchContext($query: String, $budgetChars: Int, $include: [MemoryCategory!]) {
    memoryContext(query: $query, budgetChars: $budgetChars, include: $include) {
      ...MemoryContextFields
    }
  }
`);

export const McpStatusDocument = graphql(`
  query McpStatus {
    me {
      principalId
      defaultWriteSpace
    }
    staged: proposals(status: STAGED, first: 200) {
      totalCount
      edges {
        node {
          ...StagedProposalFields
        }
      }
    }
    archive: memories(filter: { category: ARCHIVE }, first: 1) {
      totalCount
    }
    sessions: memories(filter: { category: SESSION_LOG }, first: 1) {
      totalCount
    }
    current: memories(filter: { category: CURRENT }, first: 1) {
      totalCount
    }
    shared: memories(filter: { category: SHARED }, first: 1) {
      totalCount
    }
    conventions: memories(filter: { category: CONVENTION }, first: 1) {
      totalCount
    }
    decisions: memories(filter: { category: DECISION }, first: 1) {
      totalCount
    }
    pitfalls: memories(filter: { category: PITFALL }, first: 1) {
      totalCount
    }
    modules: memories(filter: { category: MODULE }, first: 1) {
      totalCount
    }
  }
`);
