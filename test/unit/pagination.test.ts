import {
  cutPage, decodeKeysetCursor, decodeOffset, encodeKeysetCursor, encodeOffset, keysetPage, offsetConnection, pageWindow, rowsToRead,
} from '../../src/queries/pagination';

const refused = 'after is not a cursor returned by this API';

describe('pagination', () => {
  it('when a page of n is read, then n + 1 rows are asked and the extra one only tells that a next page exists', () => {
    expect(rowsToRead(2)).toBe(3);
    expect(cutPage(['a', 'b', 'c'], 2)).toEqual({ rows: ['a', 'b'], hasNextPage: true });
    expect(cutPage(['a', 'b'], 2)).toEqual({ rows: ['a', 'b'], hasNextPage: false });
  });

  it('when cursors are written, then they are base64url text that clients already hold (same bytes as before)', () => {
    const at = new Date('2024-01-02T03:04:05.000Z');
    expect(encodeKeysetCursor({ at, id: '0x01' })).toBe(Buffer.from('["2024-01-02T03:04:05.000Z","0x01"]').toString('base64url'));
    expect(encodeOffset(20)).toBe(Buffer.from('o:20').toString('base64url'));
    expect(decodeKeysetCursor(encodeKeysetCursor({ at, id: 7 }))).toEqual({ at, id: 7 });
    expect(decodeOffset(encodeOffset(20))).toBe(20);
  });

  it('when a cursor was not written by this API, then both kinds refuse it with one message', () => {
    const keyset = encodeKeysetCursor({ at: new Date(0), id: 1 });
    expect(() => decodeKeysetCursor(encodeOffset(3))).toThrow(refused);
    expect(() => decodeKeysetCursor('not base64 json')).toThrow(refused);
    expect(() => decodeOffset(keyset)).toThrow(refused);
    expect(() => pageWindow({ first: 5, after: 'zzz' })).toThrow(refused);
    expect(decodeKeysetCursor('')).toBeNull();
  });

  it('when a keyset page is cut, then endCursor is the last row\'s cursor', () => {
    const rows = [1, 2, 3].map((n) => ({ at: new Date(n * 1000), id: n }));
    const { items, pageInfo } = keysetPage(rows, 2, (r) => r);
    expect(items.map((i) => i.row.id)).toEqual([1, 2]);
    expect(pageInfo).toEqual({ hasNextPage: true, endCursor: items[1].cursor });
    expect(keysetPage([], 2, (r: { at: Date; id: number }) => r).pageInfo).toEqual({ hasNextPage: false, endCursor: null });
  });

  it('when an offset page is asked by page or by cursor, then both address the same slice', () => {
    const byPage = pageWindow({ first: 10, page: 3 });
    expect(byPage).toEqual({ limit: 10, offset: 20, page: 3 });
    expect(pageWindow({ first: 10, after: encodeOffset(20) })).toEqual(byPage);
    expect(() => pageWindow({ first: 10, after: encodeOffset(20), page: 3 })).toThrow('give either after or page, not both');
    expect(() => pageWindow({ first: 100, page: 20_000_000 })).toThrow('page is out of range');
  });

  it('when an offset connection drops a row, then the cursors of the others keep their positions', () => {
    const c = offsetConnection({ limit: 2, offset: 4, page: 3 }, 7, ['a', 'b', 'c'], (r, cursor) => (r === 'a' ? null : { r, cursor }));
    expect(c).toEqual({
      totalCount: 7, page: 3, totalPages: 4, edges: [{ r: 'b', cursor: encodeOffset(6) }],
      pageInfo: { hasNextPage: true, endCursor: encodeOffset(6) },
    });
  });
});
