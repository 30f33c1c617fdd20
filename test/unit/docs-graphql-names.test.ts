/**
 * The docs name GraphQL fields as `Type.field`: each one whose type the schema has must be a field
 * of that type (a renamed or never-existing field in the docs sends a client author astray); and
 * docs/kairos-v4.md calls no setting "not done" that the README's settings table has.
 */
import { readFileSync } from 'node:fs';
import { buildSchema, isInputObjectType, isInterfaceType, isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const schema = buildSchema(readFileSync(new URL('schema/schema.graphql', root), 'utf8'));
const DOCS = ['docs/kairos-v4.md', 'docs/search.md'];

describe('GraphQL fields named in the docs', () => {
  it.each(DOCS)('%s names only fields the schema has', (doc) => {
    const text = readFileSync(new URL(doc, root), 'utf8');
    const named = [...text.matchAll(/`([A-Z][A-Za-z0-9]*)\.([a-z][A-Za-z0-9]*)/g)].map((match) => [match[1]!, match[2]!] as const);
    const checked = named.filter(([type]) => {
      const found = schema.getType(type);
      return isObjectType(found) || isInterfaceType(found) || isInputObjectType(found);
    });
    expect(checked.length).toBeGreaterThan(0);
    const missing = checked.filter(([type, field]) => {
      const found = schema.getType(type) as { getFields(): Record<string, unknown> };
      return !(field in found.getFields());
    });
    expect(missing.map(([type, field]) => `${type}.${field}`)).toEqual([]);
  });

  it('docs/kairos-v4.md lists no setting as not done that the README documents', () => {
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    const notDone = readFileSync(new URL('docs/kairos-v4.md', root), 'utf8')
      .split('\n')
      .filter((line) => /not done/i.test(line))
      .flatMap((line) => [...line.matchAll(/`(KAIROS_[A-Z0-9_]+)`/g)].map((match) => match[1]!));
    expect(notDone.filter((setting) => readme.includes(`| \`${setting}\` |`))).toEqual([]);
  });
});
