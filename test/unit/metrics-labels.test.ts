// The label rules that keep /metrics' cardinality bounded, and the one error
// model's code behind an error status.
import type { Request, Response } from 'express';
import { codeOfStatus } from '../../src/errors/app-error';
import { apiRoutePatterns, routeLabeller, UNMATCHED } from '../../src/http/route-label';
import { REST_ROUTE_LOCAL } from '../../src/rest/route-table';
import { OperationNames } from '../../src/metrics/operation-names';
import { REST_ROUTES } from '../../src/rest/rest-routes';

const labeller = routeLabeller(apiRoutePatterns(REST_ROUTES));
const label = (request: Request, locals: Record<string, unknown> = {}) => labeller(request, { locals } as unknown as Response);
const req = (method: string, originalUrl: string, route?: string) => ({ method, originalUrl, url: originalUrl, route: route ? { path: route } : undefined }) as unknown as Request;

describe('route labels', () => {
  it('when a request was refused before routing, then it is labelled with the pattern of the route it would have reached', () => {
    for (const r of REST_ROUTES) {
      const concrete = r.path.replace(/:[a-zA-Z]+/g, 'x1');
      expect(label(req(r.method.toUpperCase(), `${concrete}?limit=3`))).toEqual({ route: r.path, surface: 'rest' });
    }
    expect(label(req('GET', '/api/farcaster/followers/top/123'))).toEqual({ route: '/api/farcaster/followers/top/:fid', surface: 'rest' });
    // As Express matches: case-insensitive, a trailing slash, HEAD as GET.
    expect(label(req('HEAD', '/API/Farcaster/User/Profile/1/')).route).toBe('/api/farcaster/user/profile/:fid');
    expect(label(req('POST', '/graphql'))).toEqual({ route: '/graphql', surface: 'graphql' });
    expect(label(req('GET', '/graphql?query=%7B__typename%7D'))).toEqual({ route: '/graphql', surface: 'graphql' });
  });

  it('when Express matched a route, then its pattern is the label', () => {
    expect(label(req('GET', '/readyz', '/readyz'))).toEqual({ route: '/readyz', surface: null });
    expect(label(req('GET', '/api/lens/profile/0x01', '/api/lens/profile/:id'))).toEqual({ route: '/api/lens/profile/:id', surface: 'rest' });
  });

  it('when the REST dispatcher matched a route, then its pattern is the label', () => {
    expect(label(req('GET', '/api/lens/profile/0x01'), { [REST_ROUTE_LOCAL]: '/api/lens/profile/:id' }))
      .toEqual({ route: '/api/lens/profile/:id', surface: 'rest' });
  });

  it('when no route serves the path or the method, then the label is `unmatched`, whatever the path', () => {
    expect(label(req('GET', '/wp-admin/setup.php'))).toEqual({ route: UNMATCHED, surface: 'rest' });
    expect(label(req('GET', '/api/farcaster/user/profile/1/extra'))).toEqual({ route: UNMATCHED, surface: 'rest' });
    expect(label(req('GET', '/api/trending/find'))).toEqual({ route: UNMATCHED, surface: 'rest' });
    expect(label(req('POST', '/graphql/extra'))).toEqual({ route: UNMATCHED, surface: 'graphql' });
  });
});

describe('operation names', () => {
  it('when clients send more distinct names than the bound, then the first ones are kept and the rest are `other`', () => {
    const names = new OperationNames(2);
    expect(['A', 'B', 'C', 'A', 'B', 'D'].map((n) => names.label(n))).toEqual(['A', 'B', 'other', 'A', 'B', 'other']);
  });

  it('when an operation has no name or an invalid one, then it is `anonymous` or `other`, and an invalid one uses none of the bound', () => {
    const names = new OperationNames(1);
    expect([null, undefined, '', 'has space', 'x'.repeat(101), '9lives'].map((n) => names.label(n)))
      .toEqual(['anonymous', 'anonymous', 'anonymous', 'other', 'other', 'other']);
    expect(names.label('Valid_1')).toBe('Valid_1');
  });
});

describe('the code of an error status', () => {
  it('when an error answer has a status, then its code is the one error model\'s code of that status', () => {
    expect([400, 401, 403, 404, 413, 415, 429, 500, 503].map(codeOfStatus)).toEqual([
      'BAD_USER_INPUT', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'BAD_USER_INPUT', 'BAD_USER_INPUT', 'RATE_LIMITED', 'INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE',
    ]);
    expect([405, 502].map(codeOfStatus)).toEqual(['BAD_USER_INPUT', 'INTERNAL_SERVER_ERROR']);
  });
});
