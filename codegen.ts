import type { CodegenConfig } from '@graphql-codegen/cli';

/** Typed documents (client preset) from the committed SDL for the operations tests and the CLI use. */
const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: ['test/**/*.ts', 'src/cli/**/*.ts', '!src/generated/**'],
  ignoreNoDocuments: true,
  // NodeNext resolution needs explicit .js extensions in the generated imports.
  emitLegacyCommonJSImports: false,
  generates: {
    'src/generated/': {
      preset: 'client',
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { DateTime: 'string', JSON: 'unknown' },
      },
      presetConfig: { fragmentMasking: false },
    },
  },
};

export default config;
