import { lexicographicSortSchema, printSchema } from 'graphql';
import { appSchema } from './build-schema';
import { LINT_EXCEPTIONS, type LintException } from './schema-lint';

/** Sorted so the committed file changes only when the schema does. */
export function printSchemaFile(): string {
  return `# Generated from the resolvers by \`npm run schema:emit\`. Do not edit.\n\n${withLintExceptions(printSchema(lexicographicSortSchema(appSchema())))}\n`;
}

/**
 * Each exception tied to a type or a field becomes an eslint-disable comment
 * on the line before it (after its description), so the lint lets that one
 * definition pass and nothing else; its reason is in the description above.
 */
function withLintExceptions(sdl: string): string {
  const lines = sdl.split('\n');
  const disable = (e: LintException, indent: string) => `${indent}# eslint-disable-next-line @graphql-eslint/${e.rule} -- see the description`;
  for (const e of LINT_EXCEPTIONS) {
    const start = lines.findIndex((l) => l.startsWith(`type ${e.type} `));
    if (start < 0) throw new Error(`lint exception names type ${e.type}, which the schema does not print`);
    if (!e.field) { lines.splice(start, 0, disable(e, '')); continue; }
    const end = lines.indexOf('}', start);
    const at = lines.findIndex((l, i) => i > start && i < end && new RegExp(`^  ${e.field}[(:]`).test(l));
    if (at < 0) throw new Error(`lint exception names field ${e.type}.${e.field}, which the schema does not print`);
    lines.splice(at, 0, disable(e, '  '));
  }
  return lines.join('\n');
}
