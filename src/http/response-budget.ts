/**
 * The response budget: no answer may carry more than `budgetBytes` (KAIROS_RESPONSE_BUDGET_BYTES).
 * Three checks, so that one request can never make the server build a huge answer:
 * 1. before it runs: the big text fields it asks for (src/http/response-projection.ts), priced with
 *    the sizes stored on the documents (src/store/stored-size.ts); over the budget, it is refused
 *    whole with RESPONSE_TOO_LARGE naming the field;
 * 2. while it runs: every string a resolver returns is counted; past the budget every further
 *    field stops and the answer is replaced by the same refusal (no partial answer);
 * 3. each payload sent on its own (a subscription event, an MCP tool answer): `payloadOverBudget`.
 */
import { defaultFieldResolver, type GraphQLFieldResolver, GraphQLError, type GraphQLSchema, isObjectType } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { AppContext } from '../context.js';
import { projectSizedFields, type SizedKind, type SizedSelection } from './response-projection.js';
import type { Viewer } from '../auth/viewer.js';

export const RESPONSE_TOO_LARGE = 'RESPONSE_TOO_LARGE';

/** Upper bounds of stored sizes, asked before a query runs (src/services/response-sizes.ts). */
import type { StoredSizeOracle } from '../model/response-sizes.js';

export type { StoredSizeOracle };

/** Counts the bytes of one operation's answer while it runs. */
export interface ResponseMeter {
  bytes: number;
  readonly budget: number;
  /** The field that went over, once one did. */
  over: string | null;
}

const meters = new WeakMap<object, ResponseMeter>();

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

export function responseTooLarge(message: string, details: Record<string, unknown>): GraphQLError {
  return new GraphQLError(message, { extensions: { code: RESPONSE_TOO_LARGE, details, http: { status: 413 } } });
}

/**
 * The refusal of a single payload (an SSE/WebSocket event, an MCP tool answer) over the budget,
 * or null. Call it on what is about to be sent, before serialising it.
 */
export function payloadOverBudget(
  payload: unknown,
  budgetBytes: number,
): { code: typeof RESPONSE_TOO_LARGE; message: string; bytes: number } | null {
  // A UTF-16 unit is at most 3 UTF-8 bytes: a payload well under the budget is never serialised here.
  if (typeof payload !== 'string' && approximateJsonLength(payload, Math.ceil(budgetBytes / 3)) * 3 <= budgetBytes) return null;
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload ?? null);
  if (text.length * 3 <= budgetBytes) return null;
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes <= budgetBytes) return null;
  return {
    code: RESPONSE_TOO_LARGE,
    bytes,
    message: `The answer is ${formatBytes(bytes)}, over the response budget of ${formatBytes(budgetBytes)}: ask for fewer items or fields`,
  };
}

/** About the JSON length of a value (strings, keys, a few characters per value); stops counting past `stopAt`. */
export function approximateJsonLength(value: unknown, stopAt = Number.POSITIVE_INFINITY): number {
  let length = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && length <= stopAt) {
    const item = stack.pop();
    if (typeof item === 'string') length += item.length + 2;
    else if (item === null || typeof item !== 'object') length += 8;
    else if (Array.isArray(item)) {
      length += 2 + item.length;
      for (const inner of item) stack.push(inner);
    } else {
      for (const [key, inner] of Object.entries(item as Record<string, unknown>)) {
        length += key.length + 4;
        stack.push(inner);
      }
    }
  }
  return length;
}

/** The Yoga plugin: the projection before execution, the meter during it. */
export function useResponseBudget(settings: { budgetBytes: number; sizes: StoredSizeOracle }): Plugin<AppContext> {
  return {
    onExecute: async ({ args, setResultAndStopExecution }) => {
      const context = args.contextValue as AppContext;
      const selections = projectSizedFields(
        args.schema,
        args.document,
        args.operationName,
        args.variableValues as Record<string, unknown> | undefined,
      );
      const refusal = await projectedRefusal(selections, context.viewer, settings);
      if (refusal) {
        context.log.info(
          { code: RESPONSE_TOO_LARGE, projectedBytes: refusal.extensions.details },
          'refused before execution: projected answer over the response budget',
        );
        return setResultAndStopExecution({ errors: [refusal] });
      }
      const meter: ResponseMeter = { bytes: 0, budget: settings.budgetBytes, over: null };
      meters.set(context, meter);
      return {
        onExecuteDone: ({ setResult }) => {
          meters.delete(context);
          if (meter.over === null) return;
          context.log.info({ code: RESPONSE_TOO_LARGE, field: meter.over }, 'stopped while executing: answer over the response budget');
          setResult({
            errors: [
              responseTooLarge(
                `The answer grew past the response budget of ${formatBytes(meter.budget)} at ${meter.over}: ask for fewer items (a smaller first) or leave that field out`,
                {
                  field: meter.over,
                  budgetBytes: meter.budget,
                },
              ),
            ],
          });
        },
      };
    },
  };
}

async function projectedRefusal(
  selections: SizedSelection[],
  viewer: Viewer,
  settings: { budgetBytes: number; sizes: StoredSizeOracle },
): Promise<GraphQLError | null> {
  if (selections.length === 0) return null;
  const counts = new Map<SizedKind, number>();
  for (const selection of selections) counts.set(selection.kind, (counts.get(selection.kind) ?? 0) + selection.count);
  let total = 0;
  const byKind = new Map<SizedKind, number>();
  for (const [kind, count] of counts) {
    const bytes = await settings.sizes.largest(viewer, kind, count);
    byKind.set(kind, bytes);
    total += bytes;
  }
  if (total <= settings.budgetBytes) return null;
  // Name the field that weighs most: its share of its kind's bytes.
  const weighed = selections.map((selection) => ({
    selection,
    bytes: (byKind.get(selection.kind) ?? 0) * (selection.count / counts.get(selection.kind)!),
  }));
  const heaviest = weighed.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const { field, path, count } = heaviest.selection;
  return responseTooLarge(
    `The answer could be about ${formatBytes(total)}, over the response budget of ${formatBytes(settings.budgetBytes)}: ${field} (at ${path}) can come back ${count} times, about ${formatBytes(heaviest.bytes)}. Ask for fewer items (a smaller first) or leave that field out`,
    { field, path, projectedBytes: Math.round(total), budgetBytes: settings.budgetBytes },
  );
}

/**
 * Counts `bytes` a resolver is about to load against the operation's answer before it loads them
 * (a file read from storage): false when that brings the answer over the budget, and the resolver
 * must not read. Else the bytes stay counted until `release()`, called once the value is read
 * (the field's string is then counted as any other).
 */
export function reserveResponseBytes(context: object, field: string, bytes: number): { release(): void } | false {
  const meter = meters.get(context);
  if (!meter) return { release: () => {} };
  if (meter.over !== null) return false;
  meter.bytes += bytes;
  if (meter.bytes > meter.budget) {
    meter.over = field;
    return false;
  }
  let released = false;
  return {
    release: () => {
      if (released) return;
      released = true;
      meter.bytes -= bytes;
    },
  };
}

const metered = new WeakSet<GraphQLSchema>();

/**
 * Wraps every resolver once per schema: a field of an operation already over the budget does
 * not run, and every string (or list of strings) a field returns is counted.
 */
export function meterResolvers(schema: GraphQLSchema): void {
  if (metered.has(schema)) return;
  metered.add(schema);
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__') || type === schema.getSubscriptionType()) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve: GraphQLFieldResolver<unknown, unknown> = field.resolve ?? defaultFieldResolver;
      const name = `${type.name}.${field.name}`;
      field.resolve = (source, args, context, info) => {
        const meter = meters.get(context as object);
        if (!meter) return resolve(source, args, context, info);
        if (meter.over !== null) return null;
        const value = resolve(source, args, context, info);
        if (value instanceof Promise) return value.then((settled) => counted(meter, name, settled));
        return counted(meter, name, value);
      };
    }
  }
}

function counted(meter: ResponseMeter, field: string, value: unknown): unknown {
  let length = 0;
  if (typeof value === 'string') length = value.length;
  else if (Array.isArray(value)) for (const item of value) if (typeof item === 'string') length += item.length;
  if (length === 0) return value;
  // Fields and quotes around each value: a few bytes more than the text.
  meter.bytes += length + 8;
  if (meter.bytes > meter.budget && meter.over === null) meter.over = field;
  return meter.over === null ? value : null;
}
