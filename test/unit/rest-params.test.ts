import type { Request } from 'express';
import { intListParam, listParam, pathParam, queryParam } from '../../src/rest/params';

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
});
