/**
 * `subscriptions/listen` on runs (2026-07-28): a client names runs as resources,
 * `kairos://run/<id>` (optionally `?after_seq=N` to replay what it missed), and receives each
 * run's progress and prompts as `notifications/resources/updated` on the listen stream, the
 * same events as the GraphQL `runProgress` and `challengePrompts(runId)` subscriptions. Both
 * run through the GraphQL pipeline in process, so authorization is GraphQL's and a revoked or
 * expired token ends the stream (with a JSON-RPC error for the listen request).
 * A principal holds at most `listens.limit` listens open (one more: QUOTA_EXCEEDED), and a listen
 * whose reader lets more than `maxBufferedBytes` of notifications queue unsent ends with
 * SLOW_CONSUMER: the client listens again with `?after_seq=` the last seq it saw.
 */
import type { ServerResponse } from 'node:http';
import { SERVER_INFO_META_KEY, SUBSCRIPTION_ID_META_KEY } from '@modelcontextprotocol/server';
import { type ExecutionResult, GraphQLError } from 'graphql';
import type { OpenStreamQuota } from '../http/open-stream-quota.js';
import type { Logger } from '../observability/logger.js';
import type { OperationCaller } from './graphql-door.js';
import type { SubscribeOperation } from './graphql-subscribe.js';
import { McpRunProgressDocument, McpRunPromptsDocument } from './operations.js';
import { isRunUri, parseRunUri, runUri } from '../model/kairos-uri.js';
import { SERVER_INFO } from './server-info.js';
import { SlowConsumerError } from '../events/event-feed.js';

type RunUri = NonNullable<ReturnType<typeof parseRunUri>>;

/** Runs one listen request may name. */
export const MAX_LISTENED_RUNS = 8;
const MAX_URI_LENGTH = 300;
const KEEP_ALIVE_MS = 15_000;
/** Where a notification carries the run event or the prompt (also as plain params for raw readers). */
export const RUN_EVENT_META_KEY = 'dev.kairos/runEvent';
export const RUN_PROMPT_META_KEY = 'dev.kairos/prompt';

type JsonRpcId = string | number;

export interface ListenRequest {
  id: JsonRpcId;
  params?: { notifications?: { resourceSubscriptions?: unknown } };
}

/** True when the listen names at least one run: this module serves it. */
export function namesRuns(request: ListenRequest): boolean {
  const uris = request.params?.notifications?.resourceSubscriptions;
  return Array.isArray(uris) && uris.some((uri) => typeof uri === 'string' && isRunUri(uri));
}

export interface ListenApp {
  subscribe: SubscribeOperation;
  log: Logger;
  listens: OpenStreamQuota;
  maxBufferedBytes: number;
}

export async function serveRunListen(app: ListenApp, request: ListenRequest, caller: OperationCaller, res: ServerResponse): Promise<void> {
  const uris = request.params?.notifications?.resourceSubscriptions as unknown[];
  const runs = uris.filter((uri): uri is string => typeof uri === 'string' && isRunUri(uri));
  if (runs.length > MAX_LISTENED_RUNS || runs.some((uri) => uri.length > MAX_URI_LENGTH)) {
    return answerError(
      res,
      request.id,
      -32602,
      `A listen names at most ${MAX_LISTENED_RUNS} runs, each URI at most ${MAX_URI_LENGTH} characters`,
      'PAYLOAD_TOO_LARGE',
    );
  }
  const parsed = runs.map((uri) => ({ uri, run: parseRunUri(uri) }));
  const named = parsed.flatMap(({ run }) => (run ? [run] : []));
  if (named.length < parsed.length)
    return answerError(res, request.id, -32602, 'A run URI is kairos://run/<runId>, optionally with ?after_seq=<n>', 'BAD_USER_INPUT');
  const release = app.listens.acquire(caller.authentication.viewer.principalId);
  if (!release) {
    const limit = app.listens.limit;
    return answerError(
      res,
      request.id,
      -32002,
      `At most ${limit} listens may be open at once for one principal: close one first`,
      'QUOTA_EXCEEDED',
      { limit },
    );
  }
  try {
    await streamRuns(app, request, caller, res, named, runs);
  } finally {
    release();
  }
}

async function streamRuns(
  app: ListenApp,
  request: ListenRequest,
  caller: OperationCaller,
  res: ServerResponse,
  named: RunUri[],
  runs: string[],
): Promise<void> {
  const feeds: { uri: string; kind: 'event' | 'prompt'; stream: AsyncIterableIterator<ExecutionResult> }[] = [];
  const closeFeeds = () => {
    for (const feed of feeds) void feed.stream.return?.().catch(() => {});
  };
  for (const run of named) {
    const uri = runUri(run.runId);
    const progress = await app.subscribe(McpRunProgressDocument, { runId: run.runId, afterSeq: run.afterSeq }, caller);
    const prompts = progress.ok ? await app.subscribe(McpRunPromptsDocument, { runId: run.runId }, caller) : progress;
    if (progress.ok) feeds.push({ uri, kind: 'event', stream: progress.data as AsyncIterableIterator<ExecutionResult> });
    if (prompts.ok) feeds.push({ uri, kind: 'prompt', stream: prompts.data as AsyncIterableIterator<ExecutionResult> });
    if (!progress.ok || !prompts.ok) {
      closeFeeds();
      const refusal = progress.ok ? (prompts as { refusal: { code: string; message: string } }).refusal : progress.refusal;
      return answerError(res, request.id, -32002, refusal.message, refusal.code);
    }
  }

  // The client may have gone while the feeds were set up: nothing would ever end them then.
  if (res.destroyed || res.socket?.destroyed !== false) {
    closeFeeds();
    return;
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let open = true;
  const write = (message: Record<string, unknown>) => {
    if (open) res.write(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', ...message })}\n\n`);
  };
  // What the reader has not taken yet stays in this process: past the budget the listen ends, as a
  // WebSocket is closed, and the client resumes with `?after_seq=`.
  const tooFarBehind = () => res.writableLength > app.maxBufferedBytes;
  const slowConsumer = () => ({
    id: request.id,
    error: { code: -32001, message: new SlowConsumerError().message, data: { code: 'SLOW_CONSUMER' } },
  });
  const end = (last?: Record<string, unknown>) => {
    if (!open) return;
    if (last) write(last);
    open = false;
    clearInterval(keepAlive);
    closeFeeds();
    res.end();
  };
  const keepAlive = setInterval(() => open && res.write(': keepalive\n\n'), KEEP_ALIVE_MS);
  keepAlive.unref();
  res.once('close', () => end());

  const subscriptionMeta = { [SUBSCRIPTION_ID_META_KEY]: request.id };
  write({
    method: 'notifications/subscriptions/acknowledged',
    params: { notifications: { resourceSubscriptions: runs }, _meta: subscriptionMeta },
  });

  await Promise.all(
    feeds.map(async (feed) => {
      try {
        for await (const result of feed.stream) {
          const error = result.errors?.[0];
          if (error) {
            // The guard's last word (token revoked or expired, or a reader too slow): the listen ends.
            const code = typeof error.extensions?.code === 'string' ? error.extensions.code : 'INTERNAL_SERVER_ERROR';
            return end({ id: request.id, error: { code: -32001, message: error.message, data: { code } } });
          }
          const data = result.data as Record<string, Record<string, unknown>>;
          const value = feed.kind === 'event' ? runEventJson(data.runProgress!) : promptJson(data.challengePrompts!);
          const key = feed.kind === 'event' ? RUN_EVENT_META_KEY : RUN_PROMPT_META_KEY;
          write({
            method: 'notifications/resources/updated',
            params: { uri: feed.uri, [feed.kind]: value, _meta: { ...subscriptionMeta, [key]: value } },
          });
          if (open && tooFarBehind()) {
            app.log.warn('cut off a listen whose reader does not keep up');
            return end(slowConsumer());
          }
        }
      } catch (error) {
        // A run outside the caller's spaces is refused on the feed's first read, as over graphql-ws
        // (the error already masked by the pipeline: its message is the client's to see).
        const code = error instanceof GraphQLError ? error.extensions.code : undefined;
        if (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR')
          return end({ id: request.id, error: { code: -32002, message: (error as GraphQLError).message, data: { code } } });
        app.log.warn({ err: error }, 'a run listen feed failed');
        end({ id: request.id, error: { code: -32603, message: 'Unexpected error.', data: { code: 'INTERNAL_SERVER_ERROR' } } });
      }
    }),
  );
  // Every feed ended on its own (the server stopping): the graceful end of a listen.
  end({ id: request.id, result: { resultType: 'complete', _meta: { ...subscriptionMeta, [SERVER_INFO_META_KEY]: SERVER_INFO } } });
}

function runEventJson(event: Record<string, unknown>): Record<string, unknown> {
  return {
    run_id: event.runId,
    seq: event.seq,
    type: event.type,
    step_uri: event.stepUri,
    step_index: event.stepIndex,
    step_count: event.stepCount,
    error_code: event.errorCode,
    message: event.message,
    at: event.at,
  };
}

function promptJson(prompt: Record<string, unknown>): Record<string, unknown> {
  return {
    prompt_id: prompt.promptId,
    run_id: prompt.runId,
    step_uri: prompt.stepUri,
    step_index: prompt.stepIndex,
    prompt: prompt.prompt,
    require_human: prompt.requireHuman,
    status: prompt.status,
    at: prompt.at,
  };
}

/** A listen refused before it starts: one JSON-RPC error, the code agents branch on in `data.code`. */
function answerError(
  res: ServerResponse,
  id: JsonRpcId,
  code: number,
  message: string,
  dataCode: string,
  details: Record<string, unknown> = {},
): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message, data: { code: dataCode, ...details } } }));
}
