import type { ChallengeType } from '../protocol/challenge.js';

/**
 * How the caller's door spells what an instruction names. The same rules write every
 * `message` and `nextAction`; only the words differ: GraphQL callers read mutation names and
 * camelCase fields (`call next with …`, `userInput.confirmation`), MCP callers read the
 * reference's tool names and snake_case fields (`call kairos_next with …`,
 * `user_input.confirmation`), exactly as the seed examples show.
 */
export interface Vocabulary {
  readonly door: 'GRAPHQL' | 'MCP';
  /** An operation an instruction tells the caller to call. */
  operation(name: InstructedOperation): string;
  /** A field path written in this API's camelCase, e.g. `userInput.confirmation`. */
  field(path: string): string;
  /** A challenge type as the caller sends it in `solution.type`. */
  challengeType(type: ChallengeType): string;
}

export type InstructedOperation = 'search' | 'begin' | 'next' | 'attest' | 'updateMemories' | 'answerPrompt';

const MCP_TOOL_NAMES: Readonly<Record<InstructedOperation, string>> = {
  search: 'kairos_search',
  begin: 'kairos_begin',
  next: 'kairos_next',
  attest: 'kairos_attest',
  updateMemories: 'kairos_update',
  answerPrompt: 'kairos_answer_prompt',
};

export const GRAPHQL_VOCABULARY: Vocabulary = {
  door: 'GRAPHQL',
  operation: (name) => name,
  field: (path) => path,
  challengeType: (type) => type,
};

export const MCP_VOCABULARY: Vocabulary = {
  door: 'MCP',
  operation: (name) => MCP_TOOL_NAMES[name],
  field: (path) => path.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
  challengeType: (type) => type.toLowerCase(),
};
