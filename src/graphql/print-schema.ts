import { lexicographicSortSchema, printSchema } from 'graphql';
import { appSchema } from './build-schema';

/** Sorted so the committed file changes only when the schema does. */
export function printSchemaFile(): string {
  return `# Generated from the resolvers by \`npm run schema:emit\`. Do not edit.\n\n${printSchema(lexicographicSortSchema(appSchema()))}\n`;
}
