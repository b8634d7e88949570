// Every limit and enum the OpenAPI document states is the one the service
// enforces: each documented bound crossed by one is a 400 naming the
// parameter, and each value at the bound (each enum value) is not.
import { startTestServer, type TestServer } from '../helpers/test-server';
import { documentedCalls, exampleBody, exampleUrl, withOwnWebhook, type Call } from '../helpers/example-calls';

let s: TestServer;
let api: any;
let own: (url: string) => string;
beforeAll(async () => {
  s = await startTestServer({ fixture: 'api-basic' });
  api = await (await fetch(`${s.baseUrl}/openapi.json`)).json();
  own = await withOwnWebhook(s);
});
afterAll(async () => { await s.close(); });

describe('documented limits', () => {
  it('when a documented limit is crossed by one, then 400 naming the parameter; at the limit, no 400', async () => {
    const failures: string[] = [];
    let checked = 0;
    const expectStatus = async (call: Call, name: string, value: unknown, refused: boolean) => {
      const url = own(exampleUrl(call, { [name]: value }));
      const res = await s.rest(url, { method: call.method.toUpperCase(), body: exampleBody(call.op) });
      checked += 1;
      if (refused ? res.status !== 400 || !String(res.body.message).includes(name) : res.status === 400) {
        failures.push(`${url} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      }
    };
    for (const call of documentedCalls(api)) {
      for (const p of call.op.parameters) {
        const sc = p.schema;
        // GraphQL's own Int range is the scalar's, not a rule of the route.
        if (sc.type === 'integer' && sc.maximum !== undefined && sc.maximum < 2147483647) {
          await expectStatus(call, p.name, sc.maximum + 1, true);
          await expectStatus(call, p.name, sc.maximum, false);
        }
        if (sc.type === 'integer' && sc.minimum !== undefined && sc.minimum > -2147483648) {
          await expectStatus(call, p.name, sc.minimum - 1, true);
          await expectStatus(call, p.name, sc.minimum, false);
        }
        if (sc.type === 'array' && sc.maxItems !== undefined && p.example !== undefined) {
          const item = p.example[0];
          await expectStatus(call, p.name, Array(sc.maxItems + 1).fill(item), true);
          await expectStatus(call, p.name, Array(sc.maxItems).fill(item), false);
        }
        if (sc.type === 'array' && sc.items?.minimum !== undefined) await expectStatus(call, p.name, [sc.items.minimum - 1], true);
        if (sc.type === 'string' && sc.maxLength !== undefined) {
          await expectStatus(call, p.name, 'a'.repeat(sc.maxLength + 1), true);
          await expectStatus(call, p.name, 'a'.repeat(sc.maxLength), false);
        }
        for (const v of sc.enum ?? sc.items?.enum ?? []) await expectStatus(call, p.name, v, false);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(60);
  });
});
