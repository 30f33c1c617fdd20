import type { CodegenConfig } from '@graphql-codegen/cli';

const scalars = { DateTime: 'string', JSON: 'unknown' };

/** The selections the doors share (MCP, CLI, the live page), written once in src/operations/. */
const sharedFragments = 'src/operations/*.graphql';
/** …of which the live page spreads these two files (the others would only grow its bundle). */
const pageFragments = ['src/operations/run-history.graphql', 'src/operations/proposals.graphql'];

/** Typed documents (client preset) from the committed SDL for the operations tests, the CLI, the MCP door and the live page use. */
const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  ignoreNoDocuments: true,
  // NodeNext resolution needs explicit .js extensions in the generated imports.
  emitLegacyCommonJSImports: false,
  generates: {
    'src/generated/': {
      documents: ['test/**/*.ts', 'src/cli/**/*.ts', 'src/mcp/**/*.ts', sharedFragments, '!src/generated/**'],
      preset: 'client',
      config: { useTypeImports: true, enumsAsTypes: true, scalars },
      presetConfig: { fragmentMasking: false },
    },
    // The live page gets its own output: the preset's document map is not tree-shakeable, so a
    // shared one would ship every test operation to browsers. String documents need no graphql-js.
    'src/generated/ui/': {
      documents: ['src/ui/**/*.ts', 'src/ui/*.graphql', ...pageFragments],
      preset: 'client',
      config: { useTypeImports: true, enumsAsTypes: true, scalars, documentMode: 'string' },
      presetConfig: { fragmentMasking: false },
    },
  },
};

export default config;
