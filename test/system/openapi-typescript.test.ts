// A client generated with openapi-typescript from the document compiles under
// strict tsc, and the shared answer shapes are types it names: a consumer
// imports `components['schemas']['FarcasterProfileSummary']` and a route's 200
// body is that named type, not an anonymous copy.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appSchema } from '../../src/graphql/build-schema';
import { buildOpenApi } from '../../src/openapi/build-openapi';
import { REST_ROUTES } from '../../src/rest/rest-routes';

const api = buildOpenApi(REST_ROUTES, appSchema());
let dir: string;
beforeAll(() => { dir = mkdtempSync(path.join(os.tmpdir(), 'sga-openapi-ts-')); });
afterAll(() => { rmSync(dir, { recursive: true, force: true }); });

const tsc = (files: string[]) => {
  try {
    execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '--noEmit', '--strict', '--skipLibCheck', '--target', 'ES2022', '--module', 'commonjs', ...files],
      { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
    return '';
  } catch (err) {
    return String((err as { stdout?: string }).stdout ?? err);
  }
};

describe('openapi-typescript on the OpenAPI document', () => {
  it('when the client types are generated and used, then they compile and the shared shapes have names', () => {
    // As a frontend team runs it: the CLI on the served JSON.
    writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(api));
    execFileSync(process.execPath, [path.join(path.dirname(require.resolve('openapi-typescript/package.json')), 'bin', 'cli.js'), 'openapi.json', '-o', 'api.ts'],
      { cwd: dir, stdio: 'pipe' });
    const names = ['FarcasterProfileSummary', 'LensProfileRecord', 'LensProfileSummary', 'PageInfo', 'Error'];
    expect(names.filter((n) => !(n in api.components.schemas))).toEqual([]);
    writeFileSync(path.join(dir, 'use.ts'), `import type { components, paths } from './api';
type S = components['schemas'];
${names.map((n) => `export type ${n} = S['${n}'];`).join('\n')}
type Json<R> = R extends { 200: { content: { 'application/json': infer B } } } ? B : never;
type Ok<P extends keyof paths> = paths[P] extends { get: { responses: infer R } } ? Json<R> : never;
// The route bodies are the named types themselves (each way round).
const profile: Ok<'/api/farcaster/user/profile/{fid}'> = {} as FarcasterProfileSummary;
const lens: LensProfileRecord = {} as Ok<'/api/lens/profile/{id}'>;
const page: PageInfo = ({} as Ok<'/api/v2/lens/profile/{id}/mutual-follows'>).pageInfo;
const body: Ok<'/api/lens/profile/{id}'> = lens;
const error: Error = { statusCode: 404, message: 'x', error: 'Not Found' };
export const used = [profile, lens, page, error, body];
`);
    expect(tsc(['use.ts'])).toBe('');
  }, 120_000);

  it('when a consumer misuses a named type, then tsc refuses it (the check can fail)', () => {
    writeFileSync(path.join(dir, 'misuse.ts'), `import type { components } from './api';
export const e: components['schemas']['Error'] = { statusCode: '404', message: 'x', error: 'Not Found' };
`);
    expect(tsc(['misuse.ts'])).toMatch(/error TS2322/);
  }, 120_000);
});
