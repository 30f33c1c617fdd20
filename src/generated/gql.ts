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
};
const documents: Documents = {
    "\n  mutation Mint($input: MintInput!) {\n    mint(input: $input) {\n      protocol {\n        uri\n        chainId\n        label\n        slug\n        protocolVersion\n        space\n        stepCount\n        stepUris\n        triggers\n        markdown\n        steps {\n          uri\n          label\n          text\n          chain {\n            chainId\n            stepIndex\n            stepCount\n          }\n          challenge {\n            type\n            required\n            shell {\n              cmd\n              timeoutSeconds\n            }\n            mcp {\n              toolName\n            }\n            userInput {\n              prompt\n            }\n            comment {\n              minLength\n            }\n          }\n        }\n      }\n    }\n  }\n": types.MintDocument,
    "\n  query Protocol($uri: String, $key: String) {\n    protocol(uri: $uri, key: $key) {\n      uri\n      label\n      slug\n      stepCount\n      stepUris\n      markdown\n      steps {\n        uri\n        label\n        text\n        chain {\n          stepIndex\n          stepCount\n        }\n      }\n    }\n  }\n": types.ProtocolDocument,
    "\n  query Memory($uri: String!) {\n    memory(uri: $uri) {\n      id\n      uri\n      space\n      label\n      text\n      tags\n      category\n      version\n      updatedBy\n      chain {\n        chainId\n        label\n        stepIndex\n        stepCount\n        slug\n      }\n      challenge {\n        type\n        required\n        shell {\n          cmd\n          timeoutSeconds\n        }\n        userInput {\n          prompt\n        }\n        comment {\n          minLength\n        }\n      }\n    }\n  }\n": types.MemoryDocument,
    "\n  query Memories($filter: MemoryFilter, $first: Int, $after: String) {\n    memories(filter: $filter, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        cursor\n        node {\n          uri\n          label\n          protocol {\n            label\n            stepCount\n          }\n        }\n      }\n    }\n  }\n": types.MemoriesDocument,
    "\n  mutation UpdateMemories($input: UpdateMemoriesInput!) {\n    updateMemories(input: $input) {\n      totalUpdated\n      totalFailed\n      results {\n        uri\n        status\n        message\n      }\n    }\n  }\n": types.UpdateMemoriesDocument,
    "\n  mutation DeleteMemories($input: DeleteMemoriesInput!) {\n    deleteMemories(input: $input) {\n      totalDeleted\n      totalFailed\n      results {\n        uri\n        status\n        message\n      }\n    }\n  }\n": types.DeleteMemoriesDocument,
    "\n  subscription MemoryEvents($space: String!) {\n    memoryEvents(space: $space) {\n      type\n      uri\n      space\n      at\n    }\n  }\n": types.MemoryEventsDocument,
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

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;