/**
 * The MCP door's KAIROS v3 words: the reference's tool names and snake_case fields
 * (`call kairos_next with …`, `user_input.confirmation`, challenge types in lower case), exactly
 * as the seed examples show. The MCP door runs its operations with this renderer in the context.
 */
import type { DoorRenderer } from './door-renderer.js';
import { type InstructedOperation, KAIROS_3_NOUNS, wordingTemplate } from './wording-template.js';

const MCP_TOOL_NAMES: Readonly<Record<InstructedOperation, string>> = {
  search: 'kairos_search',
  begin: 'kairos_begin',
  next: 'kairos_next',
  attest: 'kairos_attest',
  updateMemories: 'kairos_update',
  answerPrompt: 'kairos_answer_prompt',
};

export const mcpV3Renderer: DoorRenderer = wordingTemplate({
  door: 'MCP',
  nouns: KAIROS_3_NOUNS,
  // The rules name a step by its memory URI, as this door does.
  stepUri: (uri) => uri,
  operation: (name) => MCP_TOOL_NAMES[name],
  field: (path) => path.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
  challengeType: (type) => type.toLowerCase(),
});
