/** The operations the search tests send, typed by codegen from schema/schema.graphql. */
import { graphql } from '../../src/generated/index.js';

export const SearchProtocolsDocument = graphql(`
  query SearchProtocols($query: String!, $maxChoices: Int, $space: String) {
    search(query: $query, maxChoices: $maxChoices, space: $space) {
      mustObey
      message
      nextAction
      choices {
        uri
        label
        chainLabel
        score
        role
        tags
        nextAction
        protocolVersion
      }
    }
  }
`);

export const SearchMintDocument = graphql(`
  mutation SearchMint($input: MintInput!) {
    mint(input: $input) {
      protocol {
        uri
        chainId
        slug
        label
        space
        stepUris
      }
    }
  }
`);

export const SearchBeginDocument = graphql(`
  mutation SearchBegin($input: BeginInput!) {
    begin(input: $input) {
      runId
      currentStep {
        uri
        stepIndex
      }
    }
  }
`);

export const SearchProtocolByKeyDocument = graphql(`
  query SearchProtocolByKey($key: String!) {
    protocol(key: $key) {
      uri
      slug
      space
      label
      stepCount
      protocolVersion
    }
  }
`);

export const SearchUpdateMemoriesDocument = graphql(`
  mutation SearchUpdateMemories($input: UpdateMemoriesInput!) {
    updateMemories(input: $input) {
      results {
        uri
        status
        message
      }
    }
  }
`);

export const LearnedTriggersDocument = graphql(`
  query LearnedTriggers($uri: String!, $includeRemoved: Boolean) {
    protocol(uri: $uri) {
      chainId
      learnedTriggers(includeRemoved: $includeRemoved) {
        id
        text
        weight
        successes
        principals
        learnedAt
        lastSucceededAt
        removedAt
        removedBy
      }
    }
  }
`);

export const ForgetLearnedTriggerDocument = graphql(`
  mutation ForgetLearnedTrigger($input: ForgetLearnedTriggerInput!) {
    forgetLearnedTrigger(input: $input) {
      id
      text
      chainId
      space
      removedAt
    }
  }
`);

export const LearningMoveProtocolDocument = graphql(`
  mutation LearningMoveProtocol($input: MoveProtocolInput!) {
    moveProtocol(input: $input) {
      moved
      protocol {
        space
      }
    }
  }
`);

export const LearningExportDocument = graphql(`
  query LearningExport($input: ExportInput!) {
    export(input: $input) {
      content
      itemCount
    }
  }
`);

export const LearnedSearchDocument = graphql(`
  query LearnedSearch($query: String!, $space: String) {
    search(query: $query, maxChoices: 50, space: $space) {
      choices {
        uri
        role
        score
        learnedTrigger
      }
    }
  }
`);

export const SpaceLearnedTriggersDocument = graphql(`
  query SpaceLearnedTriggers {
    spaces {
      id
      learnedTriggers {
        id
        chainId
        text
      }
    }
  }
`);
