import { createHash } from 'node:crypto';
import {
  createSourceEventStream,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  execute,
  GraphQLError,
  getOperationAST,
  print,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { AppContext } from '../context.js';
import type { Metrics } from '../observability/metrics.js';
import { payloadOverBudget, responseTooLarge } from './response-budget.js';

type MaybePromise<T> = T | Promise<T>;

/**
 * Subscribers with the same document, operation name, variables and visibility share one
 * execution per event, the way Hasura multiplexes live queries: the first subscriber to read an
 * event executes its selection set, the others reuse that result.
 *
 * Each subscriber keeps its own source stream (its replay by `afterSeq`, its own bounded feed and
 * slow-consumer cut-off), so a stalled reader never holds back another: only the execution is
 * shared, never a queue. Events are shared objects (the bus hands one payload to every feed), so
 * the cache is keyed by the event itself and goes with it.
 */
export class SharedExecutions {
  private readonly byEvent = new WeakMap<object, Map<string, MaybePromise<ExecutionResult>>>();

  constructor(
    private readonly counters?: Pick<Metrics, 'subscriptionExecutions' | 'subscriptionResultsShared'>,
    /** Bytes one event's result may carry (the response budget); over it the subscriber gets RESPONSE_TOO_LARGE for that event. */
    private readonly budgetBytes = Number.POSITIVE_INFINITY,
  ) {}

  /** The result of `run` for this event and group, computed once per (event, group). */
  resultFor(event: unknown, groupKey: string, run: () => MaybePromise<ExecutionResult>): MaybePromise<ExecutionResult> {
    if (typeof event !== 'object' || event === null) return this.executed(run);
    let results = this.byEvent.get(event);
    if (!results) {
      results = new Map();
      this.byEvent.set(event, results);
    }
    const known = results.get(groupKey);
    if (known !== undefined) {
      this.counters?.subscriptionResultsShared.inc();
      return known;
    }
    const result = this.executed(run);
    results.set(groupKey, result);
    return result;
  }

  private executed(run: () => MaybePromise<ExecutionResult>): MaybePromise<ExecutionResult> {
    this.counters?.subscriptionExecutions.inc();
    const result = run();
    // Measured once per execution, so subscribers that share it share the measure too.
    return result instanceof Promise ? result.then((settled) => this.withinBudget(settled)) : this.withinBudget(result);
  }

  private withinBudget(result: ExecutionResult): ExecutionResult {
    if (!Number.isFinite(this.budgetBytes)) return result;
    const over = payloadOverBudget(result.data, this.budgetBytes);
    return over
      ? {
          errors: [
            responseTooLarge(`This event ${over.message.slice('The answer '.length)}`, {
              budgetBytes: this.budgetBytes,
              bytes: over.bytes,
            }),
          ],
        }
      : result;
  }
}

/**
 * Everything that may change what an execution returns: the document, the operation, the
 * variables, and who is asking (the whole viewer: principal, role and spaces; the door's
 * renderer). Two viewers that differ in any of these never share a result.
 */
export function sharingKey(
  args: Pick<ExecutionArgs, 'document' | 'operationName' | 'variableValues'>,
  context: Pick<AppContext, 'viewer' | 'renderer' | 'answerAtHost'>,
): string {
  const { credentialExpiresAt: _expiry, ...viewer } = context.viewer;
  const visibility = { viewer, door: context.renderer.door, answerAtHost: context.answerAtHost };
  return createHash('sha256')
    .update(documentText(args.document))
    .update('\0')
    .update(args.operationName ?? '')
    .update('\0')
    .update(canonicalJson(args.variableValues ?? {}))
    .update('\0')
    .update(canonicalJson(visibility))
    .digest('base64url');
}

const printed = new WeakMap<DocumentNode, string>();

/** The text the client sent (Yoga's parser cache hands out one document object per text). */
function documentText(document: DocumentNode): string {
  const source = document.loc?.source.body;
  if (source !== undefined) return source;
  let text = printed.get(document);
  if (text === undefined) {
    text = print(document);
    printed.set(document, text);
  }
  return text;
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` give one key. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner) || inner instanceof Date) return inner;
    return Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}

/**
 * Yoga's subscribe, with the per-event execution shared through `SharedExecutions`. It must be
 * the only plugin that sets the subscribe function (the subscription guard wraps the stream it
 * returns, in onSubscribeResult).
 */
export function useSharedSubscriptionExecution(shared: SharedExecutions): Plugin<AppContext> {
  return {
    onSubscribe: ({ setSubscribeFn }) => {
      setSubscribeFn((args) => subscribeShared(args as ExecutionArgs, shared));
    },
  };
}

/** graphql-js's subscribe (source stream, then an execution per event), the execution shared. */
async function subscribeShared(
  args: ExecutionArgs,
  shared: SharedExecutions,
): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
  const source = await createSourceEventStream(args);
  if (!isAsyncIterable(source)) return withRequestErrorCodes(source);
  const key = sharingKey(args, args.contextValue as AppContext);
  const operation = getOperationAST(args.document, args.operationName);
  return mapEvents(
    source,
    (event) => shared.resultFor(event, key, () => execute({ ...args, rootValue: event })),
    (error) =>
      // As Yoga's executor does: a failing source reaches the client as a GraphQL error (its cause kept for masking).
      error instanceof GraphQLError
        ? error
        : new GraphQLError((error as Error).message, { originalError: error as Error, nodes: operation ? [operation] : undefined }),
  );
}

/**
 * As Yoga's executor answers them: an error about the request itself (a variable that does not
 * coerce, a missing operation) has no path and is BAD_USER_INPUT; a resolver's refusal keeps its own.
 */
function withRequestErrorCodes(result: ExecutionResult): ExecutionResult {
  if (!result.errors) return result;
  return {
    ...result,
    errors: result.errors.map((error) =>
      error.path || error.extensions?.code
        ? error
        : new GraphQLError(error.message, {
            nodes: error.nodes,
            source: error.source,
            positions: error.positions,
            originalError: error.originalError,
            extensions: { ...error.extensions, code: 'BAD_USER_INPUT', http: { status: 400 } },
          }),
    ),
  };
}

/**
 * A plain async iterator over the source, one result per event: no queue of its own, and no
 * promise of its own beyond the source's (it sits on every delivery to every subscriber).
 */
function mapEvents(
  source: AsyncIterable<unknown>,
  toResult: (event: unknown) => MaybePromise<ExecutionResult>,
  toError: (error: unknown) => Error,
): AsyncIterableIterator<ExecutionResult> {
  const iterator = source[Symbol.asyncIterator]();
  // A shallow copy: a plugin that sets a field on its subscriber's result must not touch the others'.
  const delivered = (result: ExecutionResult): IteratorResult<ExecutionResult> => ({ value: { ...result }, done: false });
  const close = async (): Promise<IteratorResult<ExecutionResult>> => {
    await iterator.return?.();
    return { value: undefined, done: true };
  };
  return {
    next() {
      return iterator.next().then(
        (step): MaybePromise<IteratorResult<ExecutionResult>> => {
          if (step.done) return { value: undefined, done: true };
          const result = toResult(step.value);
          return result instanceof Promise ? result.then(delivered) : delivered(result);
        },
        (error: unknown) => {
          throw toError(error);
        },
      );
    },
    return: close,
    async throw(error: unknown) {
      await close();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
