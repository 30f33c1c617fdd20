/** The run operations the tests send, typed by codegen. */
import { graphql } from '../../src/generated/index.js';

export const StepFields = graphql(`
  fragment StepFields on StepPayload {
    mustObey
    runId
    currentStep {
      uri
      content
      mimeType
      stepIndex
      stepCount
    }
    challenge {
      type
      description
      required
      nonce
      proofHash
      promptId
      shell {
        cmd
        timeoutSeconds
        invocationDisplay
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
    message
    nextAction
    nextCall {
      operation
      uri
      runId
    }
    proofHash
    errorCode
    retryCount
  }
`);

export const BeginDocument = graphql(`
  mutation Begin($input: BeginInput!) {
    begin(input: $input) {
      ...StepFields
    }
  }
`);

export const NextDocument = graphql(`
  mutation Next($input: NextInput!) {
    next(input: $input) {
      ...StepFields
    }
  }
`);

export const AttestDocument = graphql(`
  mutation Attest($input: AttestInput!) {
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

export const AnswerPromptDocument = graphql(`
  mutation AnswerPrompt($input: AnswerPromptInput!) {
    answerPrompt(input: $input) {
      prompt {
        promptId
        status
      }
      result {
        ...StepFields
      }
    }
  }
`);

export const RunDocument = graphql(`
  query Run($id: ID!) {
    run(id: $id) {
      id
      status
      protocolLabel
      stepCount
      pendingStepIndex
      retryCount
      outcome
      proofs {
        stepIndex
        status
        source
        settled
        nonce
        previousProofHash
        proofHash
        shell {
          exitCode
          stdout
        }
        userInput {
          confirmation
        }
      }
      events {
        seq
        type
        stepIndex
      }
    }
  }
`);

export const RunsDocument = graphql(`
  query Runs($filter: RunFilter, $first: Int) {
    runs(filter: $filter, first: $first) {
      totalCount
      edges {
        node {
          id
          status
        }
      }
    }
  }
`);

export const RunProgressDocument = graphql(`
  subscription RunProgress($runId: ID!, $afterSeq: Int) {
    runProgress(runId: $runId, afterSeq: $afterSeq) {
      runId
      seq
      type
      stepIndex
      stepCount
      errorCode
    }
  }
`);

export const ChallengePromptsDocument = graphql(`
  subscription ChallengePrompts($runId: ID, $space: String) {
    challengePrompts(runId: $runId, space: $space) {
      promptId
      runId
      stepUri
      protocolLabel
      prompt
      status
    }
  }
`);

export const RunEventsDocument = graphql(`
  subscription RunEvents($space: String) {
    runEvents(space: $space) {
      type
      runId
      space
      principalId
      protocolLabel
      status
      stepCount
      seq
      at
    }
  }
`);
