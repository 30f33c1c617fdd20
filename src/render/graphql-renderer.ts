/**
 * The GraphQL door's words: this API's mutation names and camelCase fields
 * (`call next with …`, `userInput.confirmation`). Used for every operation over /graphql and
 * WebSocket.
 */
import type { DoorRenderer } from './door-renderer.js';
import { KAIROS_3_NOUNS, wordingTemplate } from './wording-template.js';

export const graphqlRenderer: DoorRenderer = wordingTemplate({
  door: 'GRAPHQL',
  nouns: KAIROS_3_NOUNS,
  // The rules name a step by its memory URI, as this door does.
  stepUri: (uri) => uri,
  operation: (name) => name,
  field: (path) => path,
  challengeType: (type) => type,
});
