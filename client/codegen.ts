// Typed documents of client/operations against the committed schema, written
// into client/src/generated (committed: a frontend depends on the folder
// without running codegen). Paths are relative to the repository root:
// `npm run client:generate` runs there, and the stale-check test regenerates
// with the same config and compares.
import type { CodegenConfig } from '@graphql-codegen/cli';

export const CLIENT_GENERATED_DIR = 'client/src/generated/';

export const clientCodegenConfig = (outDir = CLIENT_GENERATED_DIR): CodegenConfig => ({
  schema: 'schema/schema.graphql',
  documents: ['client/operations/*.graphql'],
  // `./graphql.js` specifiers, so the compiled package loads as native ESM too.
  emitLegacyCommonJSImports: false,
  generates: {
    [outDir]: {
      preset: 'client',
      presetConfig: { fragmentMasking: false, gqlTagName: 'graphql' },
      config: {
        // Documents as strings: the package needs no GraphQL runtime, only fetch.
        documentMode: 'string',
        // Only the types the operations use: a small file, no schema-wide types to keep in step.
        onlyOperationTypes: true,
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { DateTimeISO: 'string', Date: 'string', UUID: 'string', LensProfileId: 'string' },
      },
    },
  },
});

export default clientCodegenConfig();
