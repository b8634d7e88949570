import type { Request } from 'express';
import { buildSchema, parse } from 'graphql';
import { operationVariables, type VariableSources } from '../../src/rest/operation-variables';
import { REST_ROUTES } from '../../src/rest/rest-routes';

const schema = buildSchema(`
  scalar LensProfileId
  input Filter { q: String, n: Int = 3 }
  type Query { f(a: Int, b: Boolean, c: Float, d: String, e: [Int!], g: [LensProfileId!], h: Filter, first: Int, id: LensProfileId): Int }
`);

const variablesOf = (route: Omit<VariableSources, 'document'> & { document: string }, req: { params?: object; query?: object; body?: unknown }) =>
  operationVariables({ ...route, document: parse(route.document) }, () => schema)({ params: {}, query: {}, ...req } as unknown as Request);

describe('REST variables from the operation', () => {
  const get = { method: 'get' as const, path: '/x/:id' };

  it('when query and path values arrive as text, then each is shaped by its variable\'s declared type', () => {
    const document = 'query($id: LensProfileId!, $a: Int, $b: Boolean, $c: Float, $d: String) { f(id: $id, a: $a, b: $b, c: $c, d: $d) }';
    expect(variablesOf({ ...get, document }, { params: { id: '0x1' }, query: { a: ' 12 ', b: 'true', c: '1.5', d: '7' } }))
      .toEqual({ id: '0x1', a: 12, b: true, c: 1.5, d: '7' });
    // What does not fit the type goes as sent, for GraphQL to refuse by name.
    expect(variablesOf({ ...get, document }, { params: { id: 'x' }, query: { a: 'one', b: 'yes', d: ['p', 'q'] } }))
      .toEqual({ id: 'x', a: 'one', b: 'yes', d: ['p', 'q'] });
  });

  it('when a parameter is absent or empty, then its variable is absent, so the argument default applies', () => {
    const document = 'query($id: LensProfileId!, $a: Int, $d: String) { f(id: $id, a: $a, d: $d) }';
    expect(variablesOf({ ...get, document }, { params: { id: '0x1' }, query: { d: '' } })).toEqual({ id: '0x1' });
  });

  it('when a list is sent comma separated or repeated, then one list; empty is [] only for a required list', () => {
    const required = 'query($e: [Int!]!) { f(e: $e) }';
    const optional = 'query($g: [LensProfileId!]) { f(g: $g) }';
    expect(variablesOf({ method: 'get', path: '/x', document: required }, { query: { e: ['1,2', ' 3 ', 'x'] } })).toEqual({ e: [1, 2, 3, 'x'] });
    expect(variablesOf({ method: 'get', path: '/x', document: required }, {})).toEqual({ e: [] });
    expect(variablesOf({ method: 'get', path: '/x', document: optional }, { query: { g: ',' } })).toEqual({});
    expect(variablesOf({ method: 'get', path: '/x', document: optional }, { query: { g: '0x1,0x2' } })).toEqual({ g: ['0x1', '0x2'] });
  });

  it('when a REST name differs, then only an explicit rename reads it', () => {
    const document = 'query($first: Int) { f(first: $first) }';
    expect(variablesOf({ method: 'get', path: '/x', document, renames: { first: 'limit' } }, { query: { limit: '5', first: '9' } })).toEqual({ first: 5 });
    expect(variablesOf({ method: 'get', path: '/x', document }, { query: { limit: '5' } })).toEqual({});
  });

  it('when a value holds a NUL, then 400 naming the parameter as the client sent it', () => {
    const document = 'query($first: Int, $d: String) { f(first: $first, d: $d) }';
    expect(() => variablesOf({ method: 'get', path: '/x', document, renames: { first: 'limit' } }, { query: { limit: '1\u0000' } }))
      .toThrow('limit must not contain a NUL character');
    expect(() => variablesOf({ method: 'get', path: '/x/:d', document }, { params: { d: 'a\u0000' } })).toThrow('d must not contain a NUL character');
  });

  it('when the body is an input variable, then its fields only, null as absent; a body that is not an object goes as sent', () => {
    const post = { method: 'post' as const, path: '/x', document: 'query($h: Filter!) { f(h: $h) }', bodyVariable: 'h' };
    expect(variablesOf(post, { body: { q: 'gm', n: null, other: 1 } })).toEqual({ h: { q: 'gm' } });
    expect(variablesOf(post, {})).toEqual({ h: {} });
    expect(variablesOf(post, { body: [1, 2] })).toEqual({ h: [1, 2] });
    const fields = { method: 'post' as const, path: '/x', document: 'query($a: Int, $d: String) { f(a: $a, d: $d) }' };
    expect(variablesOf(fields, { body: { a: 5, d: null }, query: { d: 'q' } })).toEqual({ a: 5 });
  });

  it('when a route cannot read a variable, then it fails on first use, naming it', () => {
    const document = 'query($h: Filter) { f(h: $h) }';
    expect(() => variablesOf({ method: 'get', path: '/x', document }, {})).toThrow('GET /x $h: an input object is read from the body only');
    expect(() => variablesOf({ method: 'get', path: '/x', document: 'query($a: Int) { f(a: $a) }', renames: { z: 'a' } }, {})).toThrow('/x: the operation has no $z');
    expect(() => variablesOf({ method: 'get', path: '/x/:e', document: 'query($e: [Int!]) { f(e: $e) }' }, {})).toThrow('a path parameter is one scalar');
  });

  it('when every REST route reads its variables, then none fails to plan', () => {
    for (const r of REST_ROUTES) expect(() => r.variables({ params: {}, query: {}, body: undefined } as unknown as Request)).not.toThrow();
  });
});
