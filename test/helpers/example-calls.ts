// What tests that call every documented REST example share: the calls the
// document lists and each one's example URL and body, the status a route
// documents for success, and a webhook of the test's key for the webhook
// routes, whose documented id (ids are random) names none.
import { EXAMPLE_WEBHOOK_ID } from '../../src/rest/routes/webhook.routes';
import type { TestServer } from './test-server';

/** The documented success status of an OpenAPI operation: 200, 201 (creates) or 204 (deletes, no body). */
export const successStatus = (op: { responses: Record<string, unknown> }): string => Object.keys(op.responses).find((s) => s.startsWith('2'))!;

/** Creates a webhook of the server's key and returns `url` with the documented webhook id replaced by it. */
export async function withOwnWebhook(s: TestServer): Promise<(url: string) => string> {
  const res = await s.rest('/api/v2/webhooks', { method: 'POST', body: { url: 'https://example.com/hook', filter: { types: ['NEW_FOLLOWER'], fids: [1] } } });
  if (res.status !== 201) throw new Error(`creating the test's webhook: ${res.status} ${JSON.stringify(res.body)}`);
  const id = String(res.body.id);
  return (url) => url.replace(EXAMPLE_WEBHOOK_ID, id);
}

/** Calls in an order where a DELETE comes after every other call (of its record too). */
export const deletesLast = <C extends { method: string }>(calls: C[]): C[] =>
  [...calls].sort((a, b) => Number(a.method.toLowerCase() === 'delete') - Number(b.method.toLowerCase() === 'delete'));

/** One documented operation: its method, its path template and the OpenAPI operation object. */
export interface Call { method: string; path: string; op: any }

/** Every operation of an OpenAPI document, deletes last. */
export const documentedCalls = (api: { paths: Record<string, Record<string, any>> }): Call[] => deletesLast(Object.entries(api.paths)
  .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method, path, op }))));

/** A parameter's value as the query string carries it: a list comma separated, as `style: form, explode: false` says. */
const queryValue = (v: unknown) => (Array.isArray(v) ? v.join(',') : String(v));

/** The documented example call's path and query, with `overrides` (null drops a parameter). */
export function exampleUrl({ path, op }: Call, overrides: Record<string, unknown> = {}): string {
  const values: Record<string, unknown> = {};
  for (const p of op.parameters) if (p.example !== undefined) values[p.name] = p.example;
  Object.assign(values, overrides);
  let url = path;
  const query = new URLSearchParams();
  for (const p of op.parameters) {
    const v = values[p.name];
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(queryValue(v)));
    else if (v !== undefined && v !== null) query.set(p.name, queryValue(v));
  }
  const q = query.toString();
  return q ? `${url}?${q}` : url;
}

/** The documented example body of an operation, if it takes one. */
export const exampleBody = (op: any): unknown => op.requestBody?.content['application/json'].example;
