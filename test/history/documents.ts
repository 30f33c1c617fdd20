/** The history operations the tests send, typed by codegen from schema/schema.graphql. */
import { graphql } from '../../src/generated/index.js';

/** A memory as one of its versions held it: what the history tests compare. */
export const VersionedMemoryFields = graphql(`
  fragment VersionedMemoryFields on Memory {
    label
    text
    tags
    version
    chain {
      stepIndex
      stepCount
    }
  }
`);

export const MemoryVersionsDocument = graphql(`
  query MemoryVersions($uri: String!, $first: Int, $after: String) {
    memory(uri: $uri) {
      uri
      version
      versions(first: $first, after: $after) {
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
        edges {
          node {
            version
            reason
            proposalId
            changedFields
            principalId
            at
            deleted
            current
            diff
            memory {
              ...VersionedMemoryFields
            }
          }
        }
      }
    }
  }
`);

export const MemoryAtVersionDocument = graphql(`
  query MemoryAtVersion($uri: String!, $version: Int) {
    memory(uri: $uri, version: $version) {
      uri
      ...VersionedMemoryFields
    }
  }
`);

export const ProtocolAtDocument = graphql(`
  query ProtocolAt($uri: String!, $at: DateTime) {
    protocol(uri: $uri, at: $at) {
      uri
      label
      stepCount
      steps {
        uri
        ...VersionedMemoryFields
      }
    }
  }
`);

export const RestoreMemoryDocument = graphql(`
  mutation RestoreMemory($input: RestoreMemoryInput!) {
    restoreMemory(input: $input) {
      totalRestored
      totalFailed
      results {
        uri
        status
        code
        message
        version
      }
    }
  }
`);

export const DeletedMemoriesDocument = graphql(`
  query DeletedMemories($space: String, $first: Int, $after: String) {
    deletedMemories(space: $space, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          uri
          version
          reason
          deleted
          principalId
          memory {
            label
            chain {
              stepIndex
            }
          }
        }
      }
    }
  }
`);

export const ProvenRunDocument = graphql(`
  query ProvenRun($id: ID!) {
    run(id: $id) {
      proofs {
        stepUri
        settled
        stepVersionProven
        stepVersionNow
        changedSinceProven
      }
    }
  }
`);
