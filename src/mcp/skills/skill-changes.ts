/**
 * The change notice of the 2025 era: a session is told `notifications/resources/list_changed`
 * when a memory of a space its principal reads is written (a protocol may have been added,
 * changed or removed), at most once per second. The feed is the one behind the `memoryEvents`
 * subscription, for the session's principal, so no other tenant's writes reach it; it is not an
 * operation of the principal's, so it costs no rate-limit token.
 */
import type { Server } from '@modelcontextprotocol/server';
import type { Logger } from '../../observability/logger.js';

const NOTICE_INTERVAL_MS = 1_000;

/** Follows the feed; the returned function stops it (the session closed). */
export function noticeSkillChanges(server: Server, feed: AsyncIterableIterator<unknown>, log: Logger): () => void {
  let stopped = false;
  let pending: NodeJS.Timeout | null = null;
  const notice = () => {
    pending = null;
    if (!stopped) server.sendResourceListChanged().catch((error: unknown) => log.debug({ err: error }, 'skills change notice not sent'));
  };
  void (async () => {
    for await (const _event of feed) {
      if (stopped) break;
      pending ??= setTimeout(notice, NOTICE_INTERVAL_MS);
    }
  })().catch((error: unknown) => log.debug({ err: error }, 'skills change feed ended'));
  return () => {
    stopped = true;
    if (pending) clearTimeout(pending);
    void feed.return?.();
  };
}
