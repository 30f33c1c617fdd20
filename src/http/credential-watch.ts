import type { EventBus } from '../events/event-bus.js';
import type { Logger } from '../observability/logger.js';
import type { Authentication } from '../services/auth-service.js';

export type CredentialEnd = 'revoked' | 'expired';

/** setTimeout's ceiling (~24.8 days); longer waits re-arm. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Ends long-lived connections (WebSocket sockets, SSE streams) when their token is revoked or
 * expires. Revocations arrive on the event bus, so a token revoked through one server process
 * ends its streams in every process (with REDIS_URL) within the bus's latency.
 */
export class CredentialWatch {
  private readonly holders = new Map<string, Set<(reason: CredentialEnd) => void>>();
  private readonly feed: { return(): Promise<unknown> };

  constructor(
    events: EventBus,
    private readonly onRevoked: (tokenId: string) => void,
    log: Logger,
  ) {
    const feed = events.subscribe('credential', 'revoked');
    this.feed = feed;
    void (async () => {
      for await (const event of feed) {
        this.onRevoked(event.tokenId);
        for (const end of [...(this.holders.get(event.tokenId) ?? [])]) end('revoked');
      }
    })().catch((error: unknown) => log.error({ err: error }, 'credential watch stopped'));
  }

  /**
   * Calls `end` once, when the connection's token is revoked or expires; returns the release
   * to call when the connection ends first. Without a token (auth off) nothing ever ends it.
   */
  watch(authentication: Pick<Authentication, 'tokenId' | 'expiresAt'>, end: (reason: CredentialEnd) => void): () => void {
    const { tokenId, expiresAt } = authentication;
    let timer: NodeJS.Timeout | null = null;
    let done = false;
    const release = () => {
      if (done) return;
      done = true;
      if (timer) clearTimeout(timer);
      if (!tokenId) return;
      const set = this.holders.get(tokenId);
      set?.delete(finish);
      if (set?.size === 0) this.holders.delete(tokenId);
    };
    const finish = (reason: CredentialEnd) => {
      if (done) return;
      release();
      end(reason);
    };
    if (tokenId) {
      let set = this.holders.get(tokenId);
      if (!set) this.holders.set(tokenId, (set = new Set()));
      set.add(finish);
    }
    if (expiresAt) {
      const arm = () => {
        const wait = expiresAt.getTime() - Date.now();
        timer = setTimeout(() => (wait > MAX_TIMER_MS ? arm() : finish('expired')), Math.min(Math.max(wait, 0), MAX_TIMER_MS));
        timer.unref();
      };
      arm();
    }
    return release;
  }

  /** Connections watched now (a gauge for tests: it returns to 0 when clients leave). */
  watching(): number {
    let count = 0;
    for (const set of this.holders.values()) count += set.size;
    return count;
  }

  async close(): Promise<void> {
    await this.feed.return();
    this.holders.clear();
  }
}
