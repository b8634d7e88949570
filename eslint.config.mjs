// ESLint is used for the emitted GraphQL schema only (TypeScript is checked by tsc).
// `npm run lint:schema` runs graphql-eslint's schema-recommended and Relay rules over
// schema/schema.graphql; each configured exception is stated, with its reason, in the
// schema's own description (src/graphql/schema-description.ts), where clients read it.
import graphqlPlugin from '@graphql-eslint/eslint-plugin';

export default [
  {
    files: ['schema/schema.graphql'],
    languageOptions: {
      parser: graphqlPlugin.parser,
      parserOptions: { graphQLConfig: { schema: 'schema/schema.graphql' } },
    },
    plugins: { '@graphql-eslint': graphqlPlugin },
    rules: {
      ...graphqlPlugin.configs['flat/schema-recommended'].rules,
      ...graphqlPlugin.configs['flat/schema-relay'].rules,
    },
  },
];
