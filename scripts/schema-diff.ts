// The GraphQL schema's breaking changes need a decision. GraphQL Inspector
// compares the committed schema (schema/schema.graphql) with the last released
// one (schema/baseline.graphql); every breaking change must be listed, with its
// reason, in schema/breaking-changes.json, and every listed change must still
// be one (so the list says exactly what clients of the baseline must change).
// On a release, copy schema.graphql over baseline.graphql and empty the list.
// `npm run schema:diff` prints every change; test/unit/schema-diff.test.ts fails CI on an unlisted one.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CriticalityLevel, diff, type Change } from '@graphql-inspector/core';
import { buildSchema } from 'graphql';

const ROOT = path.join(__dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

export interface Decision { reason: string; changes: string[] }

/** A change as the decisions file names it: `<TYPE> <path>`. */
export const changeKey = (c: Change) => `${c.type} ${c.path ?? ''}`.trim();

export async function schemaChanges(): Promise<Change[]> {
  return diff(buildSchema(read('schema/baseline.graphql')), buildSchema(read('schema/schema.graphql')));
}

export const decisions = (): Decision[] => (JSON.parse(read('schema/breaking-changes.json')) as { decisions: Decision[] }).decisions;

export async function review() {
  const changes = await schemaChanges();
  const breaking = changes.filter((c) => c.criticality.level === CriticalityLevel.Breaking);
  const approved = new Set(decisions().flatMap((d) => d.changes));
  const actual = new Set(breaking.map(changeKey));
  return {
    changes,
    unapproved: breaking.filter((c) => !approved.has(changeKey(c))),
    stale: [...approved].filter((k) => !actual.has(k)),
  };
}

if (require.main === module) {
  void review().then(({ changes, unapproved, stale }) => {
    for (const c of changes) console.log(`${c.criticality.level.padEnd(13)} ${changeKey(c)}  ${c.message}`);
    for (const c of unapproved) console.error(`not decided: ${changeKey(c)} (${c.message}); add it with a reason to schema/breaking-changes.json`);
    for (const k of stale) console.error(`listed but no longer a breaking change: ${k}`);
    process.exitCode = unapproved.length || stale.length ? 1 : 0;
  });
}
