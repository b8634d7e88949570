// ESLint here lints the emitted GraphQL schema only (TypeScript is checked by tsc).
// `npm run lint:schema` runs graphql-eslint's schema-recommended and Relay rules over
// schema/schema.graphql. Every option below that lets something pass is stated, with
// its reason, in the schema's own description (src/graphql/schema-lint.ts); exceptions
// tied to one type or field are eslint-disable comments beside it in the emitted file.
import { readFileSync } from 'node:fs';
import { buildSchema, isObjectType } from 'graphql';
import graphqlPlugin from '@graphql-eslint/eslint-plugin';

const SCHEMA = 'schema/schema.graphql';
const EMBEDDED_MARKER = 'Embedded value object:';

// The embedded value objects are found by the marker their descriptions carry (one list, in src/graphql/schema-lint.ts).
const embedded = Object.values(buildSchema(readFileSync(SCHEMA, 'utf8')).getTypeMap())
  .filter((t) => isObjectType(t) && t.description?.includes(EMBEDDED_MARKER))
  .map((t) => t.name);

export default [
  {
    files: [SCHEMA],
    languageOptions: {
      parser: graphqlPlugin.parser,
      parserOptions: { graphQLConfig: { schema: SCHEMA } },
    },
    plugins: { '@graphql-eslint': graphqlPlugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      ...graphqlPlugin.configs['flat/schema-recommended'].rules,
      ...graphqlPlugin.configs['flat/schema-relay'].rules,
      '@graphql-eslint/strict-id-in-types': ['error', { exceptions: { types: ['PageInfo', ...embedded], suffixes: ['Connection', 'Edge'] } }],
      '@graphql-eslint/relay-edge-types': ['error', { listTypeCanWrapOnlyEdgeType: false }],
    },
  },
];
