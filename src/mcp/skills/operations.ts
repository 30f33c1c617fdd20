/**
 * The GraphQL operations behind the protocols served as MCP skills: the caller's spaces with
 * their protocols (as the `spaces` tool reads them) and the skill-tree export (as the `export`
 * tool runs it), so tenancy, limits and the response budget are those of /graphql.
 */
import { graphql } from '../../generated/index.js';

export const McpSkillSpacesDocument = graphql(`
  query McpSkillSpaces {
    spaces {
      id
      kind
      protocols {
        chainId
        slug
      }
    }
  }
`);

export const McpSkillTreeDocument = graphql(`
  query McpSkillTree($input: ExportInput!) {
    export(input: $input) {
      content
    }
  }
`);
