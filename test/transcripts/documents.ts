/** The transcript operations the tests send, typed by codegen. */
import { graphql } from '../../src/generated/index.js';

export const RunTranscriptDocument = graphql(`
  query RunTranscript($id: ID!) {
    run(id: $id) {
      id
      status
      transcript
    }
  }
`);

export const RunTranscriptsDocument = graphql(`
  query RunTranscripts($space: String, $since: DateTime, $first: Int, $after: String) {
    runTranscripts(space: $space, since: $since, first: $first, after: $after) {
      totalCount
      edges {
        cursor
        node {
          runId
          status
          signed
          transcript
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const SigningKeysDocument = graphql(`
  query SigningKeys {
    signingKeys {
      id
      algorithm
      publicKey
      jwk
      createdAt
      active
    }
  }
`);
