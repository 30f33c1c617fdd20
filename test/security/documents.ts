/** Operations of the security tests, typed by codegen. */
import { graphql } from '../../src/generated/index.js';

export const MeDocument = graphql(`
  query Me {
    me {
      principalId
      role
      authenticated
      readableSpaces
      writableSpaces
      defaultWriteSpace
    }
  }
`);

export const SpacesDocument = graphql(`
  query Spaces {
    spaces {
      id
      name
      kind
      writable
      memoryCount
      protocolCount
      protocols {
        uri
        label
      }
    }
  }
`);

export const CreatePrincipalDocument = graphql(`
  mutation CreatePrincipal($input: CreatePrincipalInput!) {
    createPrincipal(input: $input) {
      principal {
        id
        name
        role
        groups
      }
    }
  }
`);

export const CreateTokenDocument = graphql(`
  mutation CreateToken($input: CreateTokenInput!) {
    createToken(input: $input) {
      token
      record {
        id
        principalId
        expiresAt
      }
    }
  }
`);

export const RevokeTokenDocument = graphql(`
  mutation RevokeToken($id: ID!) {
    revokeToken(input: { id: $id }) {
      token {
        id
        revokedAt
      }
    }
  }
`);
