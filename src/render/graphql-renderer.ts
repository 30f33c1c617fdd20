/**
 * The GraphQL door's words: this API's mutation names and camelCase fields
 * (`call next with …`, `userInput.confirmation`). Used for every operation over /graphql and
 * WebSocket.
 */
import type { DoorRenderer } from './door-renderer.js';
import { kairosV3Renderer } from './kairos-v3-wording.js';

export const graphqlRenderer: DoorRenderer = kairosV3Renderer({
  door: 'GRAPHQL',
  operation: (name) => name,
  field: (path) => path,
  challengeType: (type) => type,
});
