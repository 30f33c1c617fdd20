/**
 * Writes the SDL printed from the Pothos schema to schema/schema.graphql (committed; CI fails
 * on drift). With --check it only compares and exits 1 when the file is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { printSchema } from 'graphql';
import { schema } from '../src/schema/index.js';

const target = new URL('../schema/schema.graphql', import.meta.url);
const printed = `${printSchema(schema)}\n`;

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // A missing file is stale too.
  }
  if (current !== printed) {
    console.error('schema/schema.graphql is stale: run `npm run schema` and commit the result.');
    process.exit(1);
  }
  console.log('schema/schema.graphql is up to date.');
} else {
  writeFileSync(target, printed);
  console.log('wrote schema/schema.graphql');
}
