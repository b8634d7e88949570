// Typed documents for the REST routes' operations and the tests' queries,
// generated from the committed schema/schema.graphql (`npm run codegen`).
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: ['src/rest/operations/*.graphql', 'test/operations/*.graphql'],
  ignoreNoDocuments: true,
  generates: {
    'src/generated/graphql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false, gqlTagName: 'graphql' },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { DateTimeISO: 'string', Date: 'string', UUID: 'string', LensProfileId: 'string' },
      },
    },
  },
};

export default config;
