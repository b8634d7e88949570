import type { Request } from 'express';
import { intListParam, listParam, pathParam, queryParam, undecodablePathParam } from '../../src/rest/params';

const req = (query: Record<string, unknown>, params: Record<string, string> = {}) => ({ query, params }) as unknown as Request;

describe('REST parameters', () => {
  it('when a path or query value holds a NUL, then BAD_USER_INPUT names the parameter as the client sent it', () => {
    expect(() => pathParam(req({}, { handle: 'al\u0000' }), 'handle')).toThrow('handle must not contain a NUL character');
    expect(() => queryParam(req({ topic: '\u0000' }), 'topic')).toThrow('topic must not contain a NUL character');
    expect(() => queryParam(req({ date: ['2024-06-10', 'x\u0000'] }), 'date')).toThrow('date must not contain a NUL character');
    expect(() => intListParam(req({ fids: '1,2\u0000' }), 'fids')).toThrow('fids must not contain a NUL character');
    expect(() => listParam(req({ ids: ['0x01', '\u0000'] }), 'ids')).toThrow('ids must not contain a NUL character');
  });

  it('when values are clean, then only their shape changes', () => {
    expect(pathParam(req({}, { handle: 'al' }), 'handle')).toBe('al');
    expect(queryParam(req({ date: '' }), 'date')).toBeUndefined();
    expect(queryParam(req({ date: ['a', 'b'] }), 'date')).toEqual(['a', 'b']);
    expect(intListParam(req({ fids: ['1,2', ' 3 ', 'x'] }), 'fids')).toEqual([1, 2, 3, 'x']);
  });

  it('when a raw path has an escape that is not UTF-8, then the route pattern it matches tells which parameter it is', () => {
    const patterns = ['/api/lens/profile/rank/:id', '/api/lens/profile/:id', '/api/farcaster/user/profiles/:handle', '/api/a/:x/b/:y'];
    expect(undecodablePathParam(patterns, '/api/lens/profile/%FF')).toEqual({ name: 'id', raw: '%FF' });
    expect(undecodablePathParam(patterns, '/api/lens/profile/rank/%C0%80')).toEqual({ name: 'id', raw: '%C0%80' });
    expect(undecodablePathParam(patterns, '/API/Lens/profile/%FF/')).toEqual({ name: 'id', raw: '%FF' });
    expect(undecodablePathParam(patterns, '/api/a/ok%20/b/%E0%A4')).toEqual({ name: 'y', raw: '%E0%A4' });
    expect(undecodablePathParam(patterns, `/api/farcaster/user/profiles/${'%FF'.repeat(50)}`)).toEqual({ name: 'handle', raw: '%FF'.repeat(50).slice(0, 100) });
    expect(undecodablePathParam(patterns, '/api/lens/profile/0x01')).toBeNull();
    expect(undecodablePathParam(patterns, '/api/other/%FF')).toBeNull();
  });
});
