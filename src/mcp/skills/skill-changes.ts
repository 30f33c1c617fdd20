/**
 * The skills change notice, `notifications/resources/list_changed`, sent when a memory of a
 * space the principal reads is written (a protocol may have been added, changed or removed), at
 * most once per second. The feed is the one behind the `memoryEvents` subscription, for the
 * principal, so no other tenant's writes reach it; it is not an operation of the principal's, so
 * it costs no rate-limit token. On 2025 sessions the session's server sends it; on 2026-07-28 it
 * goes on the principal's own `subscriptions/listen` streams (SkillNoticeBus).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerEventBus } from '@modelcontextprotocol/server';
import type { Viewer } from '../../auth/viewer.js';
import type { OpenStreamQuota } from '../../http/open-stream-quota.js';
import type { Logger } from '../../observability/logger.js';

const NOTICE_INTERVAL_MS = 1_000;

/** Follows the feed, calling `notice` at most once per interval; the returned function stops it. */
export function noticeSkillChanges(notice: () => Promise<void> | void, feed: AsyncIterableIterator<unknown>, log: Logger): () => void {
  let stopped = false;
  let pending: NodeJS.Timeout | null = null;
  const send = () => {
    pending = null;
    if (!stopped) Promise.resolve(notice()).catch((error: unknown) => log.debug({ err: error }, 'skills change notice not sent'));
  };
  void (async () => {
    for await (const _event of feed) {
      if (stopped) break;
      pending ??= setTimeout(send, NOTICE_INTERVAL_MS);
    }
  })().catch((error: unknown) => log.debug({ err: error }, 'skills change feed ended'));
  return () => {
    stopped = true;
    if (pending) clearTimeout(pending);
    void feed.return?.();
  };
}

type ServerEvent = Parameters<ServerEventBus['publish']>[0];

/**
 * The 2026-07-28 handler's change-event bus, per principal. The SDK's own bus hands every event
 * to every open listen stream, whoever opened it; here each stream that asks for resource list
 * changes is fed from its own principal's memory feed instead. A listen stream subscribes while
 * its request is served, so the request's principal is known then (`serving`). Each feed counts
 * against the principal's listens (KAIROS_MAX_LISTENS_PER_PRINCIPAL); a stream past the cap stays
 * open (the SDK cannot refuse it from here) but gets no skills notices.
 */
export class SkillNoticeBus implements ServerEventBus {
  private readonly principal = new AsyncLocalStorage<Viewer>();
  private readonly listeners = new Set<(event: ServerEvent) => void>();

  constructor(
    private readonly feedOf: (viewer: Viewer) => AsyncIterableIterator<unknown>,
    private readonly listens: OpenStreamQuota,
    private readonly log: Logger,
  ) {}

  /** Serves one request as this principal: a listen stream it opens gets this principal's notices. */
  serving<T>(viewer: Viewer, serve: () => T): T {
    return this.principal.run(viewer, serve);
  }

  /** Server-wide events (none are sent today) still reach every stream, as the SDK's bus does. */
  publish(event: ServerEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  subscribe(listener: (event: ServerEvent) => void): () => void {
    this.listeners.add(listener);
    const viewer = this.principal.getStore();
    const release = viewer ? this.listens.acquire(viewer.principalId) : null;
    if (viewer && !release) this.log.debug({ principal: viewer.principalId }, 'listen past the cap: no skills change notices on it');
    const stop =
      viewer && release ? noticeSkillChanges(() => listener({ kind: 'resources_list_changed' }), this.feedOf(viewer), this.log) : () => {};
    return () => {
      this.listeners.delete(listener);
      stop();
      release?.();
    };
  }
}
