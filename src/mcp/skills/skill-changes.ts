/**
 * The change notice of the 2025 era: a session is told `notifications/resources/list_changed`
 * when a memory of a space its principal reads is written (a protocol may have been added,
 * changed or removed), at most once per second. The feed is the `memoryEvents` subscription run
 * as the session's principal, so no other tenant's writes reach it.
 */
import type { Server } from '@modelcontextprotocol/server';
import type { Logger } from '../../observability/logger.js';
import type { Authentication } from '../../services/auth-service.js';
import type { SubscribeOperation } from '../graphql-subscribe.js';
import { McpSkillChangesDocument } from './operations.js';

const NOTICE_INTERVAL_MS = 1_000;

/** Starts the feed; the returned function stops it (the session closed). */
export function noticeSkillChanges(server: Server, subscribe: SubscribeOperation, authentication: Authentication, log: Logger): () => void {
  let stopped = false;
  let feed: AsyncIterableIterator<unknown> | null = null;
  let pending: NodeJS.Timeout | null = null;
  const notice = () => {
    pending = null;
    if (!stopped) server.sendResourceListChanged().catch((error: unknown) => log.debug({ err: error }, 'skills change notice not sent'));
  };
  void (async () => {
    const outcome = await subscribe(McpSkillChangesDocument, {}, { authentication });
    if (!outcome.ok) {
      log.debug({ code: outcome.refusal.code }, 'no skills change notices for this session');
      return;
    }
    feed = outcome.data;
    if (stopped) {
      await feed.return?.();
      return;
    }
    for await (const result of outcome.data) {
      if ((result as { errors?: unknown[] }).errors) break;
      pending ??= setTimeout(notice, NOTICE_INTERVAL_MS);
    }
  })().catch((error: unknown) => log.debug({ err: error }, 'skills change feed ended'));
  return () => {
    stopped = true;
    if (pending) clearTimeout(pending);
    void feed?.return?.();
  };
}
