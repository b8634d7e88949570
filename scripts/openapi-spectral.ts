// Spectral's `spectral:oas` ruleset (its recommended rules) run on an OpenAPI
// document in process: what `npm run lint:openapi` prints and what the lint
// test counts. Spectral is a dev dependency, so this stays out of src/.
import { Document, Spectral, type ISpectralDiagnostic } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';

export type Severity = 'error' | 'warn' | 'info' | 'hint';

export interface Finding { rule: string; severity: Severity; path: string; message: string }

// Spectral's DiagnosticSeverity, by number.
const SEVERITIES: Severity[] = ['error', 'warn', 'info', 'hint'];

export async function lintOpenApi(document: unknown): Promise<Finding[]> {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [oas as never] });
  const results: ISpectralDiagnostic[] = await spectral.run(new Document(JSON.stringify(document, null, 2), Parsers.Json, 'openapi.json'));
  return results.map((r) => ({ rule: String(r.code), severity: SEVERITIES[r.severity] ?? 'hint', path: r.path.join('.'), message: r.message }));
}

export const formatFindings = (findings: Finding[]) => findings.map((f) => `${f.severity.padEnd(5)} ${f.rule}  ${f.path}\n      ${f.message}`).join('\n');
