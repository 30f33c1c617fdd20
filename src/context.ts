import { randomUUID } from 'node:crypto';
import type { Viewer } from './auth/viewer.js';
import type { EventBus } from './events/event-bus.js';
import { DEFAULT_OVERFLOW_POLICY, type OverflowPolicy } from './events/overflow-policy.js';
import type { Logger } from './observability/logger.js';
import type { DoorRenderer } from './render/door-renderer.js';
import { graphqlRenderer } from './render/graphql-renderer.js';
import type { Authentication } from './services/auth-service.js';
import { MemoryReader } from './services/memory-reader.js';
import type { Services } from './compose.js';

/** What every resolver sees, over HTTP and WebSocket alike. */
export interface AppContext {
  requestId: string;
  viewer: Viewer;
  /** The credential behind the viewer: long-lived operations end when it is revoked or expires. */
  authentication: Authentication;
  services: Services;
  /** Batched, viewer-scoped reads for this operation only. */
  reader: MemoryReader;
  events: EventBus;
  log: Logger;
  /** The door's words for what the rules answer: GraphQL's, or the MCP door's (src/render/). */
  renderer: DoorRenderer;
  /**
   * Set only by the MCP door for an answer the person at the caller's own host gave through
   * elicitation; no request can set it.
   */
  answerAtHost: boolean;
  /**
   * What a subscription's event feeds do when its reader falls behind: the subscription guard
   * sets one per subscription (close the socket, end the stream); resolvers hand it to the feeds
   * their service opens. Otherwise feeds are only bounded.
   */
  overflow: OverflowPolicy;
}

/** What the transport knows when an operation starts. */
export interface OperationOrigin {
  requestId?: string;
  /** Subscriptions live long: their reads are not cached. */
  longLived: boolean;
  /** Who is asking, established by the transport (a header, or graphql-ws connectionParams). */
  authentication: Authentication;
  /** The MCP door runs operations in process with its own renderer (default GraphQL's). */
  renderer?: DoorRenderer;
  answerAtHost?: boolean;
}

export function createContext(app: { services: Services; events: EventBus; log: Logger }, origin: OperationOrigin): AppContext {
  const requestId = origin.requestId ?? randomUUID();
  const viewer = origin.authentication.viewer;
  return {
    requestId,
    viewer,
    authentication: origin.authentication,
    services: app.services,
    reader: new MemoryReader(app.services.memoryStore, viewer, { cache: !origin.longLived }),
    events: app.events,
    log: app.log.child({ requestId, principal: viewer.principalId }),
    renderer: origin.renderer ?? graphqlRenderer,
    answerAtHost: origin.answerAtHost ?? false,
    overflow: DEFAULT_OVERFLOW_POLICY,
  };
}
