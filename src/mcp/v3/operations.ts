/**
 * The GraphQL operations the KAIROS 3 tools run: a tool call is one (or a few) of these executed
 * in process against the same schema as /graphql, so rules, tenancy, limits, events and
 * subscriptions are the same whichever door an agent uses. Typed by codegen. The selections
 * other doors share are fragments in ../../operations/*.graphql.
 */
import { graphql } from '../../generated/index.js';

export const McpSearchDocument = graphql(`
  query McpSearch($query: String!, $maxChoices: Int, $space: String) {
    search(query: $query, maxChoices: $maxChoices, space: $space) {
      mustObey
      message
      nextAction
      choices {
        ...SearchChoiceFields
        nextAction
      }
    }
  }
`);

export const McpBeginDocument = graphql(`
  mutation McpBegin($input: BeginInput!) {
    begin(input: $input) {
      ...McpStepPayload
    }
  }
`);

export const McpNextDocument = graphql(`
  mutation McpNext($input: NextInput!) {
    next(input: $input) {
      ...McpStepPayload
    }
  }
`);

export const McpAttestDocument = graphql(`
  mutation McpAttest($input: AttestInput!) {
    attest(input: $input) {
      ...McpAttestFields
    }
  }
`);

export const McpAnswerPromptDocument = graphql(`
  mutation McpAnswerPrompt($input: AnswerPromptInput!) {
    answerPrompt(input: $input) {
      prompt {
        ...AnsweredPromptFields
      }
      result {
        ...McpStepPayload
      }
    }
  }
`);

export const McpRunDocument = graphql(`
  query McpRun($id: ID!) {
    run(id: $id) {
      ...McpRunFields
    }
  }
`);

export const McpUpdateDocument = graphql(`
  mutation McpUpdate($input: UpdateMemoriesInput!) {
    updateMemories(input: $input) {
      results {
        ...BatchItemFields
      }
      totalUpdated
      totalFailed
      notices {
        ...WriteNoticeFields
      }
    }
  }
`);

export const McpDeleteDocument = graphql(`
  mutation McpDelete($input: DeleteMemoriesInput!) {
    deleteMemories(input: $input) {
      results {
        ...BatchItemFields
      }
      totalDeleted
      totalFailed
    }
  }
`);

export const McpMintDocument = graphql(`
  mutation McpMint($input: MintInput!) {
    mint(input: $input) {
      protocol {
        ...MintedProtocolFields
      }
      notices {
        ...WriteNoticeFields
      }
    }
  }
`);
