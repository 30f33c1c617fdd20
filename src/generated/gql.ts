/* eslint-disable */
import * as types from './graphql.js';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation Mint($input: MintInput!) {\n    mint(input: $input) {\n      protocol {\n        uri\n        chainId\n        label\n        slug\n        protocolVersion\n        space\n        stepCount\n        stepUris\n        triggers\n        markdown\n        steps {\n          uri\n          label\n          text\n          chain {\n            chainId\n            stepIndex\n            stepCount\n          }\n          challenge {\n            type\n            required\n            shell {\n              cmd\n              timeoutSeconds\n            }\n            mcp {\n              toolName\n            }\n            userInput {\n              prompt\n            }\n            comment {\n              minLength\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.MintDocument,
    "\n  query Protocol($uri: String, $key: String) {\n    protocol(uri: $uri, key: $key) {\n      uri\n      label\n      slug\n      stepCount\n      stepUris\n      markdown\n      steps {\n        uri\n        label\n        text\n        chain {\n          stepIndex\n          stepCount\n        }\n      }\n    }\n  }\n": typeof types.ProtocolDocument,
    "\n  query Memory($uri: String!) {\n    memory(uri: $uri) {\n      id\n      uri\n      space\n      label\n      text\n      tags\n      category\n      version\n      updatedBy\n      chain {\n        chainId\n        label\n        stepIndex\n        stepCount\n        slug\n      }\n      challenge {\n        type\n        required\n        shell {\n          cmd\n          timeoutSeconds\n        }\n        userInput {\n          prompt\n        }\n        comment {\n          minLength\n        }\n      }\n    }\n  }\n": typeof types.MemoryDocument,
    "\n  query Memories($filter: MemoryFilter, $first: Int, $after: String) {\n    memories(filter: $filter, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        cursor\n        node {\n          uri\n          label\n          protocol {\n            label\n            stepCount\n          }\n        }\n      }\n    }\n  }\n": typeof types.MemoriesDocument,
    "\n  mutation UpdateMemories($input: UpdateMemoriesInput!) {\n    updateMemories(input: $input) {\n      totalUpdated\n      totalFailed\n      results {\n        uri\n        status\n        message\n      }\n    }\n  }\n": typeof types.UpdateMemoriesDocument,
    "\n  mutation DeleteMemories($input: DeleteMemoriesInput!) {\n    deleteMemories(input: $input) {\n      totalDeleted\n      totalFailed\n      results {\n        uri\n        status\n        message\n      }\n    }\n  }\n": typeof types.DeleteMemoriesDocument,
    "\n  subscription MemoryEvents($space: String!) {\n    memoryEvents(space: $space) {\n      type\n      uri\n      space\n      at\n    }\n  }\n": typeof types.MemoryEventsDocument,
    "\n  fragment StepFields on StepPayload {\n    mustObey\n    runId\n    currentStep {\n      uri\n      content\n      mimeType\n      stepIndex\n      stepCount\n    }\n    challenge {\n      type\n      description\n      required\n      nonce\n      proofHash\n      promptId\n      shell {\n        cmd\n        timeoutSeconds\n        invocationDisplay\n      }\n      mcp {\n        toolName\n      }\n      userInput {\n        prompt\n      }\n      comment {\n        minLength\n      }\n    }\n    message\n    nextAction\n    nextCall {\n      operation\n      uri\n      runId\n    }\n    proofHash\n    errorCode\n    retryCount\n  }\n": typeof types.StepFieldsFragmentDoc,
    "\n  mutation Begin($input: BeginInput!) {\n    begin(input: $input) {\n      ...StepFields\n    }\n  }\n": typeof types.BeginDocument,
    "\n  mutation Next($input: NextInput!) {\n    next(input: $input) {\n      ...StepFields\n    }\n  }\n": typeof types.NextDocument,
    "\n  mutation Attest($input: AttestInput!) {\n    attest(input: $input) {\n      runId\n      uri\n      outcome\n      message\n      qualityBonus\n      ratedAt\n      errorCode\n      nextAction\n    }\n  }\n": typeof types.AttestDocument,
    "\n  mutation AnswerPrompt($input: AnswerPromptInput!) {\n    answerPrompt(input: $input) {\n      prompt {\n        promptId\n        status\n      }\n      result {\n        ...StepFields\n      }\n    }\n  }\n": typeof types.AnswerPromptDocument,
    "\n  query Run($id: String!) {\n    run(id: $id) {\n      id\n      status\n      protocolLabel\n      stepCount\n      pendingStepIndex\n      retryCount\n      outcome\n      proofs {\n        stepIndex\n        status\n        source\n        settled\n        nonce\n        previousProofHash\n        proofHash\n        shell {\n          exitCode\n          stdout\n        }\n        userInput {\n          confirmation\n        }\n      }\n      events {\n        seq\n        type\n        stepIndex\n      }\n    }\n  }\n": typeof types.RunDocument,
    "\n  query Runs($filter: RunFilter, $first: Int) {\n    runs(filter: $filter, first: $first) {\n      totalCount\n      edges {\n        node {\n          id\n          status\n        }\n      }\n    }\n  }\n": typeof types.RunsDocument,
    "\n  subscription RunProgress($runId: String!, $afterSeq: Int) {\n    runProgress(runId: $runId, afterSeq: $afterSeq) {\n      runId\n      seq\n      type\n      stepIndex\n      stepCount\n      errorCode\n    }\n  }\n": typeof types.RunProgressDocument,
    "\n  subscription ChallengePrompts($runId: String, $space: String) {\n    challengePrompts(runId: $runId, space: $space) {\n      promptId\n      runId\n      stepUri\n      protocolLabel\n      prompt\n      status\n    }\n  }\n": typeof types.ChallengePromptsDocument,
};
const documents: Documents = {
    "\n  mutation Mint($input: MintInput!) {\n    mint(input: $input) {\n      protocol {\n        uri\n        chainId\n        label\n        slug\n        protocolVersion\n        space\n        stepCount\n        stepUris\n        triggers\n        markdown\n        steps {\n          uri\n          label\n          text\n          chain {\n            chainId\n            stepIndex\n            stepCount\n          }\n          challenge {\n            type\n            required\n            shell {\n              cmd\n              timeoutSeconds\n            }\n            mcp {\n              toolName\n            }\n            userInput {\n              prompt\n            }\n            comment {\n              minLength\n            }\n          }\n        }\n      }\n    }\n  }\n": types.MintDocument,
    "\n  query Protocol($uri: String, $key: String) {\n    protocol(uri: $uri, key: $key) {\n      uri\n      label\n      slug\n      stepCount\n      stepUris\n      markdown\n      steps {\n        uri\n        label\n        text\n        chain {\n          stepIndex\n          stepCount\n        }\n      }\n    }\n  }\n": types.ProtocolDocument,
    "\n  query Memory($uri: String!) {\n    memory(uri: $uri) {\n      id\n      uri\n      space\n      label\n      text\n      tags\n      category\n      version\n      updatedBy\n      chain {\n        chainId\n        label\n        stepIndex\n        stepCount\n        slug\n      }\n      challenge {\n        type\n        required\n        shell {\n          cmd\n          timeoutSeconds\n        }\n        userInput {\n          prompt\n        }\n        comment {\n          minLength\n        }\n      }\n    }\n  }\n": types.MemoryDocument,
    "\n  query Memories($filter: MemoryFilter, $first: Int, $after: String) {\n    memories(filter: $filter, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        cursor\n        node {\n          uri\n          label\n          protocol {\n            label\n            stepCount\n          }\n        }\n      }\n    }\n  }\n": types.MemoriesDocument,
    "\n  mutation UpdateMemories($input: UpdateMemoriesInput!) {\n    updateMemories(input: $input) {\n      totalUpdated\n      totalFailed\n      results {\n        uri\n        status\n        message\n      }\n    }\n  }\n": types.UpdateMemoriesDocument,
    "\n  mutation DeleteMemories($input: DeleteMemoriesInput!) {\n    deleteMemories(input: $input) {\n      totalDeleted\n      totalFailed\n      results {\n        uri\n        status\n        message\n      }\n    }\n  }\n": types.DeleteMemoriesDocument,
    "\n  subscription MemoryEvents($space: String!) {\n    memoryEvents(space: $space) {\n      type\n      uri\n      space\n      at\n    }\n  }\n": types.MemoryEventsDocument,
    "\n  fragment StepFields on StepPayload {\n    mustObey\n    runId\n    currentStep {\n      uri\n      content\n      mimeType\n      stepIndex\n      stepCount\n    }\n    challenge {\n      type\n      description\n      required\n      nonce\n      proofHash\n      promptId\n      shell {\n        cmd\n        timeoutSeconds\n        invocationDisplay\n      }\n      mcp {\n        toolName\n      }\n      userInput {\n        prompt\n      }\n      comment {\n        minLength\n      }\n    }\n    message\n    nextAction\n    nextCall {\n      operation\n      uri\n      runId\n    }\n    proofHash\n    errorCode\n    retryCount\n  }\n": types.StepFieldsFragmentDoc,
    "\n  mutation Begin($input: BeginInput!) {\n    begin(input: $input) {\n      ...StepFields\n    }\n  }\n": types.BeginDocument,
    "\n  mutation Next($input: NextInput!) {\n    next(input: $input) {\n      ...StepFields\n    }\n  }\n": types.NextDocument,
    "\n  mutation Attest($input: AttestInput!) {\n    attest(input: $input) {\n      runId\n      uri\n      outcome\n      message\n      qualityBonus\n      ratedAt\n      errorCode\n      nextAction\n    }\n  }\n": types.AttestDocument,
    "\n  mutation AnswerPrompt($input: AnswerPromptInput!) {\n    answerPrompt(input: $input) {\n      prompt {\n        promptId\n        status\n      }\n      result {\n        ...StepFields\n      }\n    }\n  }\n": types.AnswerPromptDocument,
    "\n  query Run($id: String!) {\n    run(id: $id) {\n      id\n      status\n      protocolLabel\n      stepCount\n      pendingStepIndex\n      retryCount\n      outcome\n      proofs {\n        stepIndex\n        status\n        source\n        settled\n        nonce\n        previousProofHash\n        proofHash\n        shell {\n          exitCode\n          stdout\n        }\n        userInput {\n          confirmation\n        }\n      }\n      events {\n        seq\n        type\n        stepIndex\n      }\n    }\n  }\n": types.RunDocument,
    "\n  query Runs($filter: RunFilter, $first: Int) {\n    runs(filter: $filter, first: $first) {\n      totalCount\n      edges {\n        node {\n          id\n          status\n        }\n      }\n    }\n  }\n": types.RunsDocument,
    "\n  subscription RunProgress($runId: String!, $afterSeq: Int) {\n    runProgress(runId: $runId, afterSeq: $afterSeq) {\n      runId\n      seq\n      type\n      stepIndex\n      stepCount\n      errorCode\n    }\n  }\n": types.RunProgressDocument,
    "\n  subscription ChallengePrompts($runId: String, $space: String) {\n    challengePrompts(runId: $runId, space: $space) {\n      promptId\n      runId\n      stepUri\n      protocolLabel\n      prompt\n      status\n    }\n  }\n": types.ChallengePromptsDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Mint($input: MintInput!) {\n    mint(input: $input) {\n      protocol {\n        uri\n        chainId\n        label\n        slug\n        protocolVersion\n        space\n        stepCount\n        stepUris\n        triggers\n        markdown\n        steps {\n          uri\n          label\n          text\n          chain {\n            chainId\n            stepIndex\n            stepCount\n          }\n          challenge {\n            type\n            required\n            shell {\n              cmd\n              timeoutSeconds\n            }\n            mcp {\n              toolName\n            }\n            userInput {\n              prompt\n            }\n            comment {\n              minLength\n            }\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Mint($input: MintInput!) {\n    mint(input: $input) {\n      protocol {\n        uri\n        chainId\n        label\n        slug\n        protocolVersion\n        space\n        stepCount\n        stepUris\n        triggers\n        markdown\n        steps {\n          uri\n          label\n          text\n          chain {\n            chainId\n            stepIndex\n            stepCount\n          }\n          challenge {\n            type\n            required\n            shell {\n              cmd\n              timeoutSeconds\n            }\n            mcp {\n              toolName\n            }\n            userInput {\n              prompt\n            }\n            comment {\n              minLength\n            }\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Protocol($uri: String, $key: String) {\n    protocol(uri: $uri, key: $key) {\n      uri\n      label\n      slug\n      stepCount\n      stepUris\n      markdown\n      steps {\n        uri\n        label\n        text\n        chain {\n          stepIndex\n          stepCount\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Protocol($uri: String, $key: String) {\n    protocol(uri: $uri, key: $key) {\n      uri\n      label\n      slug\n      stepCount\n      stepUris\n      markdown\n      steps {\n        uri\n        label\n        text\n        chain {\n          stepIndex\n          stepCount\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Memory($uri: String!) {\n    memory(uri: $uri) {\n      id\n      uri\n      space\n      label\n      text\n      tags\n      category\n      version\n      updatedBy\n      chain {\n        chainId\n        label\n        stepIndex\n        stepCount\n        slug\n      }\n      challenge {\n        type\n        required\n        shell {\n          cmd\n          timeoutSeconds\n        }\n        userInput {\n          prompt\n        }\n        comment {\n          minLength\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Memory($uri: String!) {\n    memory(uri: $uri) {\n      id\n      uri\n      space\n      label\n      text\n      tags\n      category\n      version\n      updatedBy\n      chain {\n        chainId\n        label\n        stepIndex\n        stepCount\n        slug\n      }\n      challenge {\n        type\n        required\n        shell {\n          cmd\n          timeoutSeconds\n        }\n        userInput {\n          prompt\n        }\n        comment {\n          minLength\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Memories($filter: MemoryFilter, $first: Int, $after: String) {\n    memories(filter: $filter, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        cursor\n        node {\n          uri\n          label\n          protocol {\n            label\n            stepCount\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Memories($filter: MemoryFilter, $first: Int, $after: String) {\n    memories(filter: $filter, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        cursor\n        node {\n          uri\n          label\n          protocol {\n            label\n            stepCount\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateMemories($input: UpdateMemoriesInput!) {\n    updateMemories(input: $input) {\n      totalUpdated\n      totalFailed\n      results {\n        uri\n        status\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateMemories($input: UpdateMemoriesInput!) {\n    updateMemories(input: $input) {\n      totalUpdated\n      totalFailed\n      results {\n        uri\n        status\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteMemories($input: DeleteMemoriesInput!) {\n    deleteMemories(input: $input) {\n      totalDeleted\n      totalFailed\n      results {\n        uri\n        status\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteMemories($input: DeleteMemoriesInput!) {\n    deleteMemories(input: $input) {\n      totalDeleted\n      totalFailed\n      results {\n        uri\n        status\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription MemoryEvents($space: String!) {\n    memoryEvents(space: $space) {\n      type\n      uri\n      space\n      at\n    }\n  }\n"): (typeof documents)["\n  subscription MemoryEvents($space: String!) {\n    memoryEvents(space: $space) {\n      type\n      uri\n      space\n      at\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment StepFields on StepPayload {\n    mustObey\n    runId\n    currentStep {\n      uri\n      content\n      mimeType\n      stepIndex\n      stepCount\n    }\n    challenge {\n      type\n      description\n      required\n      nonce\n      proofHash\n      promptId\n      shell {\n        cmd\n        timeoutSeconds\n        invocationDisplay\n      }\n      mcp {\n        toolName\n      }\n      userInput {\n        prompt\n      }\n      comment {\n        minLength\n      }\n    }\n    message\n    nextAction\n    nextCall {\n      operation\n      uri\n      runId\n    }\n    proofHash\n    errorCode\n    retryCount\n  }\n"): (typeof documents)["\n  fragment StepFields on StepPayload {\n    mustObey\n    runId\n    currentStep {\n      uri\n      content\n      mimeType\n      stepIndex\n      stepCount\n    }\n    challenge {\n      type\n      description\n      required\n      nonce\n      proofHash\n      promptId\n      shell {\n        cmd\n        timeoutSeconds\n        invocationDisplay\n      }\n      mcp {\n        toolName\n      }\n      userInput {\n        prompt\n      }\n      comment {\n        minLength\n      }\n    }\n    message\n    nextAction\n    nextCall {\n      operation\n      uri\n      runId\n    }\n    proofHash\n    errorCode\n    retryCount\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Begin($input: BeginInput!) {\n    begin(input: $input) {\n      ...StepFields\n    }\n  }\n"): (typeof documents)["\n  mutation Begin($input: BeginInput!) {\n    begin(input: $input) {\n      ...StepFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Next($input: NextInput!) {\n    next(input: $input) {\n      ...StepFields\n    }\n  }\n"): (typeof documents)["\n  mutation Next($input: NextInput!) {\n    next(input: $input) {\n      ...StepFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Attest($input: AttestInput!) {\n    attest(input: $input) {\n      runId\n      uri\n      outcome\n      message\n      qualityBonus\n      ratedAt\n      errorCode\n      nextAction\n    }\n  }\n"): (typeof documents)["\n  mutation Attest($input: AttestInput!) {\n    attest(input: $input) {\n      runId\n      uri\n      outcome\n      message\n      qualityBonus\n      ratedAt\n      errorCode\n      nextAction\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AnswerPrompt($input: AnswerPromptInput!) {\n    answerPrompt(input: $input) {\n      prompt {\n        promptId\n        status\n      }\n      result {\n        ...StepFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AnswerPrompt($input: AnswerPromptInput!) {\n    answerPrompt(input: $input) {\n      prompt {\n        promptId\n        status\n      }\n      result {\n        ...StepFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Run($id: String!) {\n    run(id: $id) {\n      id\n      status\n      protocolLabel\n      stepCount\n      pendingStepIndex\n      retryCount\n      outcome\n      proofs {\n        stepIndex\n        status\n        source\n        settled\n        nonce\n        previousProofHash\n        proofHash\n        shell {\n          exitCode\n          stdout\n        }\n        userInput {\n          confirmation\n        }\n      }\n      events {\n        seq\n        type\n        stepIndex\n      }\n    }\n  }\n"): (typeof documents)["\n  query Run($id: String!) {\n    run(id: $id) {\n      id\n      status\n      protocolLabel\n      stepCount\n      pendingStepIndex\n      retryCount\n      outcome\n      proofs {\n        stepIndex\n        status\n        source\n        settled\n        nonce\n        previousProofHash\n        proofHash\n        shell {\n          exitCode\n          stdout\n        }\n        userInput {\n          confirmation\n        }\n      }\n      events {\n        seq\n        type\n        stepIndex\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Runs($filter: RunFilter, $first: Int) {\n    runs(filter: $filter, first: $first) {\n      totalCount\n      edges {\n        node {\n          id\n          status\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Runs($filter: RunFilter, $first: Int) {\n    runs(filter: $filter, first: $first) {\n      totalCount\n      edges {\n        node {\n          id\n          status\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription RunProgress($runId: String!, $afterSeq: Int) {\n    runProgress(runId: $runId, afterSeq: $afterSeq) {\n      runId\n      seq\n      type\n      stepIndex\n      stepCount\n      errorCode\n    }\n  }\n"): (typeof documents)["\n  subscription RunProgress($runId: String!, $afterSeq: Int) {\n    runProgress(runId: $runId, afterSeq: $afterSeq) {\n      runId\n      seq\n      type\n      stepIndex\n      stepCount\n      errorCode\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ChallengePrompts($runId: String, $space: String) {\n    challengePrompts(runId: $runId, space: $space) {\n      promptId\n      runId\n      stepUri\n      protocolLabel\n      prompt\n      status\n    }\n  }\n"): (typeof documents)["\n  subscription ChallengePrompts($runId: String, $space: String) {\n    challengePrompts(runId: $runId, space: $space) {\n      promptId\n      runId\n      stepUri\n      protocolLabel\n      prompt\n      status\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;