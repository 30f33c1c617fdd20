/** The operations the API tests send, typed by codegen from schema/schema.graphql. */
import { graphql } from '../../src/generated/index.js';

export const MintDocument = graphql(`
  mutation Mint($input: MintInput!) {
    mint(input: $input) {
      protocol {
        uri
        chainId
        label
        slug
        protocolVersion
        space
        stepCount
        stepUris
        triggers
        markdown
        steps {
          uri
          label
          text
          chain {
            chainId
            stepIndex
            stepCount
          }
          challenge {
            type
            required
            shell {
              cmd
              timeoutSeconds
            }
            mcp {
              toolName
            }
            userInput {
              prompt
            }
            comment {
              minLength
            }
          }
        }
      }
    }
  }
`);

export const ProtocolDocument = graphql(`
  query Protocol($uri: String, $key: String) {
    protocol(uri: $uri, key: $key) {
      uri
      label
      slug
      stepCount
      stepUris
      markdown
      steps {
        uri
        label
        text
        chain {
          stepIndex
          stepCount
        }
      }
    }
  }
`);

export const MemoryDocument = graphql(`
  query Memory($uri: String!) {
    memory(uri: $uri) {
      id
      uri
      space
      label
      text
      tags
      category
      version
      updatedBy
      chain {
        chainId
        label
        stepIndex
        stepCount
        slug
      }
      challenge {
        type
        required
        shell {
          cmd
          timeoutSeconds
        }
        userInput {
          prompt
        }
        comment {
          minLength
        }
      }
    }
  }
`);

export const MemoriesDocument = graphql(`
  query Memories($filter: MemoryFilter, $first: Int, $after: String) {
    memories(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          uri
          label
          protocol {
            label
            stepCount
          }
        }
      }
    }
  }
`);

export const UpdateMemoriesDocument = graphql(`
  mutation UpdateMemories($input: UpdateMemoriesInput!) {
    updateMemories(input: $input) {
      totalUpdated
      totalFailed
      results {
        uri
        status
        message
      }
    }
  }
`);

export const DeleteMemoriesDocument = graphql(`
  mutation DeleteMemories($input: DeleteMemoriesInput!) {
    deleteMemories(input: $input) {
      totalDeleted
      totalFailed
      results {
        uri
        status
        message
      }
    }
  }
`);

export const MemoryEventsDocument = graphql(`
  subscription MemoryEvents($space: String) {
    memoryEvents(space: $space) {
      type
      uri
      space
      version
      at
    }
  }
`);
