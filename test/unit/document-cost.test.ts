/** The list-aware cost rule (src/http/document-cost.ts): what it prices, and that every operation our clients send fits. */
import { type DocumentNode, Kind, parse, print, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { documentCostRule } from '../../src/http/document-cost.js';
import * as testDocuments from '../../src/generated/graphql.js';
import * as uiOperations from '../../src/ui/operations.js';
import { DOCUMENT_LIMITS, MAX_PROTOCOL_STEPS } from '../../src/limits.js';
import { schema } from '../../src/schema/index.js';

function costOf(query: string): number {
  const errors = validate(schema, parse(query), [documentCostRule(0)]);
  return Number(errors[0]?.extensions?.cost ?? 0);
}

describe('document cost', () => {
  it("multiplies a list by its size: steps by the step cap, a connection's edges by first", () => {
    expect(costOf('{ protocol(key: "x") { steps { uri } } }')).toBe(1 + (1 + MAX_PROTOCOL_STEPS));
    expect(costOf('{ protocol(key: "x") { steps { protocol { steps { uri } } } } }')).toBeGreaterThan(DOCUMENT_LIMITS.maxCost);
    // memories + edges + first × (node + uri)
    expect(costOf('{ memories(first: 10) { edges { node { uri } } } }')).toBe(1 + 1 + 10 * 2);
    expect(costOf('query($n: Int) { memories(first: $n) { edges { node { uri } } } }')).toBe(1 + 1 + 500 * 2);
    expect(costOf('fragment F on Memory { uri } { memories(first: 2) { edges { node { ...F } } } }')).toBe(1 + 1 + 2 * 2);
    // A count is one number, whatever the page: every step's history count stays cheap.
    expect(costOf('{ memories(first: 10) { totalCount } }')).toBe(1 + 1);
    expect(costOf('{ protocol(key: "x") { steps { versions { totalCount } } } }')).toBe(1 + (1 + MAX_PROTOCOL_STEPS * (1 + 1)));
  });

  it('lets through every operation the tests, the CLI and the live page send', () => {
    const documents: [string, string][] = [];
    for (const [name, value] of [...Object.entries(testDocuments), ...Object.entries(uiOperations)]) {
      if (value && typeof value === 'object' && (value as DocumentNode).kind === Kind.DOCUMENT)
        documents.push([name, print(value as DocumentNode)]);
      else if (/^\s*(query|mutation|subscription)\b/.test(String(value))) documents.push([name, String(value)]);
    }
    expect(documents.length).toBeGreaterThan(30);
    const over = documents.map(([name, text]) => [name, costOf(text)] as const).filter(([, cost]) => cost > DOCUMENT_LIMITS.maxCost);
    expect(over).toEqual([]);
  });
});
