/**
 * Every GraphQL operation the MCP door runs, in one place: a tool call is one (or a few) of
 * these executed in process against the same schema as /graphql, so rules, tenancy, limits,
 * events and subscriptions are the same whichever door an agent uses. Typed by codegen. The
 * selections other doors share are fragments in ../operations/*.graphql.
 */
import { graphql } from '../generated/index.js';

export const McpStepPayloadFragment = graphql(`
  fragment McpStepPayload on StepPayload {
    ...StepPayloadFields
    challenge {
      promptId
      shell {
        interpreter
        flags
        args
        workdir
        invocationDisplay
      }
      userInput {
        requireHuman
      }
    }
  }
`);

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
      runId
      uri
      outcome
      message
      qualityBonus
      ratedAt
      errorCode
      nextAction
    }
  }
`);

export const McpAnswerPromptDocument = graphql(`
  mutation McpAnswerPrompt($input: AnswerPromptInput!) {
    answerPrompt(input: $input) {
      prompt {
        promptId
        runId
        status
        prompt
        stepUri
        stepIndex
        requireHuman
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
      id
      status
      protocolLabel
      protocolUri
      space
      stepCount
      stepUris
      pendingStepIndex
      retryCount
      outcome
      createdAt
      updatedAt
      expiresAt
      proofs {
        ...ProofDetailFields
        stepUri
        mcp {
          arguments
          result
        }
      }
      events {
        ...RunEventFields
        stepUri
      }
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
        uri
        slug
        label
        space
        steps {
          id
          ...ProtocolStepFields
        }
      }
    }
  }
`);

export const McpProposeUpdateDocument = graphql(`
  mutation McpProposeUpdate($input: ProposeUpdateInput!) {
    proposeUpdate(input: $input) {
      status
      reason
      message
      routing {
        mode
        reason
      }
      stagingId
      files
      findings {
        type
        line
        location
      }
      violations {
        file
        sectionId
        field
        message
      }
      provenanceViolations
      appliedAt
      affectedSections {
        file
        sectionId
      }
      indexUpdated
      warnings
      stagingTtlSeconds
      humanApprovalRequired
      reviewCommand
    }
  }
`);

export const McpFetchContextDocument = graphql(`
  query McpFetchContext($query: String, $budgetChars: Int, $include: [MemoryCategory!]) {
    memoryContext(query: $query, budgetChars: $budgetChars, include: $include) {
      budgetChars
      budgetUsed
      sections {
        path
        sectionId
        heading
        category
        score
        text
        uri
      }
      omitted {
        path
        sectionId
        reason
      }
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
          id
          intent
          files
          stagedAt
          expiresAt
          applyBlockedBy {
            reason
          }
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

/** `subscriptions/listen` on a run: its progress, as the `runProgress` subscription streams it. */
export const McpRunProgressDocument = graphql(`
  subscription McpRunProgress($runId: ID!, $afterSeq: Int) {
    runProgress(runId: $runId, afterSeq: $afterSeq) {
      ...RunProgressFields
      stepUri
    }
  }
`);

/** …and its prompts, as `challengePrompts(runId)` streams them. */
export const McpRunPromptsDocument = graphql(`
  subscription McpRunPrompts($runId: ID!) {
    challengePrompts(runId: $runId) {
      ...ChallengePromptFields
      stepUri
    }
  }
`);
