// What tests that call every documented REST example share: the status a
// route documents for success, and a webhook of the test's key for the
// webhook routes, whose documented id (ids are random) names none.
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
