/**
 * One rule for lone surrogates, on every text input of every door: refused. A lone UTF-16
 * surrogate (`"\ud800"` in JSON) is not a character; UTF-8 cannot hold it, so storing it would
 * store something other than what was sent (or fail later, somewhere else). A request whose
 * variables or document hold one is refused whole, before it runs, with INVALID_UNICODE and the
 * place (`variables.input.markdown`), never the text. Checked in envelop's execute and subscribe
 * hooks, which HTTP, graphql-ws and the MCP door all go through.
 */
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';

export const INVALID_UNICODE = 'INVALID_UNICODE';

/** With the `u` flag a paired surrogate is one code point: only a lone one matches. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** The path of the first string (or object key) holding a lone surrogate, or null. */
export function loneSurrogatePath(value: unknown, root = 'variables'): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (hasLoneSurrogate(item)) return path;
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index--) stack.push([item[index], `${path}[${index}]`]);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item as Record<string, unknown>)) {
        if (hasLoneSurrogate(key)) return `${path} (a key)`;
        stack.push([inner, `${path}.${key}`]);
      }
    }
  }
  return null;
}

function refusal(place: string): GraphQLError {
  return new GraphQLError(`The text at ${place} holds a lone UTF-16 surrogate, which is not a character: send well-formed Unicode`, {
    extensions: { code: INVALID_UNICODE, details: { field: place }, http: { status: 400 } },
  });
}

function placeOf(args: { document: { loc?: { source: { body: string } } }; variableValues?: unknown }): string | null {
  const body = args.document.loc?.source.body;
  if (body !== undefined && hasLoneSurrogate(body)) return 'the document';
  return args.variableValues ? loneSurrogatePath(args.variableValues) : null;
}

export function useWellFormedText(): Plugin {
  return {
    onExecute: ({ args, setResultAndStopExecution }) => {
      const place = placeOf(args);
      if (place) setResultAndStopExecution({ errors: [refusal(place)] });
    },
    onSubscribe: ({ args, setResultAndStopExecution }) => {
      const place = placeOf(args);
      if (place) setResultAndStopExecution({ errors: [refusal(place)] });
    },
  };
}
