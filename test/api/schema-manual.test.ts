/**
 * Introspection is the agent's manual. Every element of the public schema is
 * described, and every name a description puts in backticks exists (test/support/schema-manual.ts
 * says how a backticked span is read).
 */
import { readFileSync } from 'node:fs';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { REQUEST_REFUSALS } from '../../src/model/refusal-codes.js';
import { schema } from '../../src/schema/index.js';
import { type NameContext, undescribedElements, unknownNames } from '../support/schema-manual.js';

const configSource = readFileSync(new URL('../../src/config.ts', import.meta.url), 'utf8');

const serverContext: NameContext = {
  // Every whole-request refusal code, whichever layer raises it (src/model/refusal-codes.ts).
  errorCodes: Object.keys(REQUEST_REFUSALS),
  environmentVariables: [...new Set(configSource.match(/KAIROS_[A-Z0-9_]+/g) ?? [])],
};

function report(lines: string[]): string {
  return lines.length === 0 ? '' : `\n  ${lines.join('\n  ')}\n`;
}

describe('the schema is the manual', () => {
  it('describes every type, field, argument, input field, enum and enum value', () => {
    const missing = undescribedElements(schema);
    expect(missing.length, `undescribed elements:${report(missing)}`).toBe(0);
  });

  it('names only fields, arguments, types, operations, enum values and codes that exist', () => {
    const unknown = unknownNames(schema, serverContext).map((entry) => `${entry.coordinate}: \`${entry.name}\` (${entry.why})`);
    expect(unknown.length, `descriptions naming what does not exist:${report(unknown)}`).toBe(0);
  });
});

describe('the manual checker', () => {
  const tiny = buildSchema(`
    "A thing."
    type Thing {
      "Its name."
      name: String
      undescribed: Int
    }
    "Reads."
    type Query {
      "A thing by \`name\`; see \`Thing.name\`, \`Thing.colour\`, \`thing(id: 1)\`, \`NO_SUCH_CODE\`, \`Widget\`, \`KAIROS_NOPE\`, \`KAIROS_AUTH\`, \`kairos://mem/{id}\`, \`decisions.md\`, \`{ \\"a\\": 1 }\`."
      thing("Which one." name: String, "Filter." where: Where): Thing
    }
    "A filter."
    input Where {
      "Exact."
      equals: String
    }
    "Mutations."
    type Mutation {
      "Sends \`save(input: { equals })\`, \`save(input: { nope })\` and \`solution.nonce\`; \`BAD_USER_INPUT\` or \`LOST\`."
      save("The input." input: Where): Thing
    }
    "How."
    enum Mode {
      "Lost."
      LOST
      BARE
    }
  `);
  const context: NameContext = { errorCodes: ['BAD_USER_INPUT'], environmentVariables: ['KAIROS_AUTH'] };

  it('lists every undescribed element', () => {
    expect(undescribedElements(tiny).sort()).toEqual(['Mode.BARE', 'Thing.undescribed']);
  });

  it('flags backticked names that do not exist and lets literals through', () => {
    const unknown = unknownNames(tiny, context).map((entry) => `${entry.coordinate} ${entry.name}`);
    expect(unknown.sort()).toEqual(
      [
        'Query.thing Thing.colour',
        'Query.thing thing(id: 1)',
        'Query.thing NO_SUCH_CODE',
        'Query.thing Widget',
        'Query.thing KAIROS_NOPE',
        'Mutation.save save(input: { nope })',
        'Mutation.save solution.nonce',
      ].sort(),
    );
  });
});
