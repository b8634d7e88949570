// The 2xx example of each operation: a real answer on the demo data, recorded
// by `npm run openapi:examples` (scripts/openapi-examples.ts) in examples.json
// beside this file and kept true by test/system/openapi-examples.test.ts.
// Read when the document is built; an operation without a recorded answer
// has no example rather than a made-up one.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../project-root';
import type { RestRoute } from '../rest/rest-route.type';

export type OperationExamples = Record<string, unknown>;

export const EXAMPLES_FILE = path.join(projectRoot(), 'src', 'openapi', 'examples.json');

/** `GET /api/lens/profile/{id}`: the operation's key in the file. */
export const exampleKey = (route: Pick<RestRoute, 'method' | 'path'>) => `${route.method.toUpperCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`;

export function loadExamples(file = EXAMPLES_FILE): OperationExamples {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as OperationExamples) : {};
}
