/**
 * The GraphQL operation the live run view's app-only tools run in process, as the wings' tools
 * do: same schema, rules, tenancy and limits as /graphql. The selection is a fragment in
 * ../../operations/mcp-runs.graphql.
 */
import { graphql } from '../../generated/index.js';

export const McpRunLiveDocument = graphql(`
  query McpRunLive($id: ID!) {
    me {
      principalId
    }
    run(id: $id) {
      ...McpRunLiveFields
    }
  }
`);
