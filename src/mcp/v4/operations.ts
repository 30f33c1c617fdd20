/**
 * The GraphQL operations the KAIROS 4 tools run in process (as the v3 tools do with
 * ../v3/operations.ts): same schema, rules, tenancy and limits as /graphql. Typed by codegen; the
 * selections are fragments in ../../operations/*.graphql.
 */
import { graphql } from '../../generated/index.js';

export const V4BeginDocument = graphql(`
  mutation V4Begin($input: BeginInput!) {
    begin(input: $input) {
      ...V4LayerPayload
    }
  }
`);

export const V4NextDocument = graphql(`
  mutation V4Next($input: NextInput!) {
    next(input: $input) {
      ...V4LayerPayload
    }
  }
`);

export const V4AttestDocument = graphql(`
  mutation V4Attest($input: AttestInput!) {
    attest(input: $input) {
      ...RewardFields
    }
  }
`);

export const V4RunLayersDocument = graphql(`
  query V4RunLayers($id: ID!) {
    run(id: $id) {
      id
      stepUris
    }
  }
`);

export const V4AdapterDocument = graphql(`
  query V4Adapter($uri: String, $key: String, $withArtifacts: Boolean = false) {
    protocol(uri: $uri, key: $key) {
      ...AdapterFields
      artifacts @include(if: $withArtifacts) {
        slug
        name
        relativePath
        sha256
        contentType
        downloadUrl
      }
    }
  }
`);

export const V4ActivateContextDocument = graphql(`
  query V4ActivateContext($query: String!, $maxChoices: Int, $space: String, $executionId: String) {
    me {
      principalId
      defaultWriteSpace
    }
    search(query: $query, maxChoices: $maxChoices, space: $space, executionId: $executionId) {
      message
      choices {
        ...SearchChoiceFields
        learnedTrigger
      }
    }
  }
`);

export const V4RecordActivationDocument = graphql(`
  mutation V4RecordActivation($input: RecordActivationInput!) {
    recordActivation(input: $input) {
      executionId
      refinements
      refineOffered
    }
  }
`);

export const V4MintDocument = graphql(`
  mutation V4Mint($input: MintInput!) {
    mint(input: $input) {
      protocol {
        ...MintedAdapterFields
      }
      notices {
        ...WriteNoticeFields
      }
    }
  }
`);

export const V4UpdateDocument = graphql(`
  mutation V4Update($input: UpdateMemoriesInput!) {
    updateMemories(input: $input) {
      results {
        ...BatchItemFields
      }
      notices {
        ...WriteNoticeFields
      }
    }
  }
`);

export const V4MoveDocument = graphql(`
  mutation V4Move($input: MoveProtocolInput!) {
    moveProtocol(input: $input) {
      ...AdapterMoveFields
    }
  }
`);

export const V4DeleteDocument = graphql(`
  mutation V4Delete($input: DeleteMemoriesInput!) {
    deleteMemories(input: $input) {
      results {
        ...BatchItemFields
      }
    }
  }
`);

export const V4SpacesDocument = graphql(`
  query V4Spaces($withLearned: Boolean!, $withArtifacts: Boolean!) {
    spaces {
      ...SpaceAdaptersFields
      artifacts @include(if: $withArtifacts) {
        chainId
        ...ArtifactListingFields
      }
    }
  }
`);

export const V4AttachArtifactDocument = graphql(`
  mutation V4AttachArtifact($input: AttachArtifactInput!) {
    attachArtifact(input: $input) {
      artifact {
        ...ArtifactListingFields
      }
      protocol {
        slug
      }
    }
  }
`);

export const V4ExportDocument = graphql(`
  query V4Export($input: ExportInput!) {
    export(input: $input) {
      ...ExportFields
    }
  }
`);
