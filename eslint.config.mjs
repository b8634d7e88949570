// ESLint over two kinds of file.
// - The TypeScript of src/, scripts/, test/ and client/: typescript-eslint's type-aware
//   recommended rules, plus the promise rules (a promise nobody awaits loses its error; an
//   async function where a callback's result is ignored loses its rejection) and type-only
//   imports written as such (they vanish from the emitted JavaScript).
// - The emitted GraphQL schema (schema/schema.graphql): graphql-eslint's schema-recommended
//   and Relay rules. Every option below that lets something pass is stated, with its reason,
//   in the schema's own description (src/graphql/schema-lint.ts); exceptions tied to one type
//   or field are eslint-disable comments beside it in the emitted file.
// `npm run lint` runs both (after tsc); `npm run lint:schema` the schema alone.
import { readFileSync } from 'node:fs';
import js from '@eslint/js';
import graphqlPlugin from '@graphql-eslint/eslint-plugin';
import { buildSchema, isObjectType } from 'graphql';
import tseslint from 'typescript-eslint';

const SCHEMA = 'schema/schema.graphql';
const EMBEDDED_MARKER = 'Embedded value object:';

// The embedded value objects are found by the marker their descriptions carry (one list, in src/graphql/schema-lint.ts).
const embedded = Object.values(buildSchema(readFileSync(SCHEMA, 'utf8')).getTypeMap())
  .filter((t) => isObjectType(t) && t.description?.includes(EMBEDDED_MARKER))
  .map((t) => t.name);

const typescript = ['**/*.ts'];

export default tseslint.config(
  { ignores: ['dist/**', 'client/dist/**', 'src/generated/**', 'client/src/generated/**', 'client/example-relay/__generated__/**', 'node_modules/**', 'coverage/**', 'data/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  { files: typescript, ...js.configs.recommended },
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ files: typescript, ...config })),
  {
    files: typescript,
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Off: hooks and loaders of interfaces that take async functions (Apollo's plugin hooks, Node loaders) are
      // written async even where a body has nothing to await, so that a throw reaches the caller as the
      // rejection it expects; the promise rules above catch the mistakes that lose an error.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read JSON answers whose shape the assertion itself checks (`expect(body).toEqual(…)`): typing
    // each answer first would restate every expectation, so the any-typed reads are allowed there alone.
    files: ['test/**/*.ts', 'scripts/browser/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
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
);
