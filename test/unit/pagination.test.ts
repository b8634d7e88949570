import {
  cutPage, decodeKeysetCursor, decodeOffset, encodeKeysetCursor, encodeOffset, keysetPage, keysetPageNumber, keysetRead, offsetPage, offsetPlan,
  pagesByOffset, pagingOf, rowsToRead, withKeysetCursors,
} from '../../src/queries/pagination';

const refused = 'after is not a cursor returned by this API';
const total = (n: number) => () => Promise.resolve(n);

describe('pagination', () => {
  it('when a page of n is read, then n + 1 rows are asked and the extra one only tells that more follow', () => {
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

  it('when a cursor was not written by this API, then both kinds refuse it with one message naming the argument', () => {
    const keyset = encodeKeysetCursor({ at: new Date(0), id: 1 });
    expect(() => decodeKeysetCursor(encodeOffset(3))).toThrow(refused);
    expect(() => decodeKeysetCursor('not base64 json')).toThrow(refused);
    expect(() => decodeOffset(keyset)).toThrow(refused);
    expect(() => offsetPlan({ first: 5, after: 'zzz' })).toThrow(refused);
    expect(() => offsetPlan({ last: 5, before: 'zzz' })).toThrow('before is not a cursor returned by this API');
    expect(() => keysetRead({ before: encodeOffset(2) })).toThrow('before is not a cursor returned by this API');
    expect(decodeKeysetCursor('')).toBeNull();
  });

  it('when the paging arguments mix directions, then each mix is refused with its own message', () => {
    expect(() => pagingOf({ first: 1, last: 1 })).toThrow('give either first or last, not both');
    expect(() => pagingOf({ after: 'a', before: 'b' })).toThrow('give either after or before, not both');
    expect(() => pagingOf({ first: 1, after: 'a', page: 2 })).toThrow('give either after or page, not both');
    expect(() => pagingOf({ last: 1, page: 2 })).toThrow('page counts from the start of the list: use it with first, not with last or before');
    expect(() => pagingOf({ before: 'b', page: 2 })).toThrow('page counts from the start of the list');
    expect(() => pagingOf({ first: 1, before: 'b' })).toThrow('before pages backward: use it with last, not first');
    expect(() => pagingOf({ last: 1, after: 'a' })).toThrow('after pages forward: use it with first, not last');
    expect(pagingOf({})).toEqual({ size: 20, backward: false, cursor: null });
    expect(pagingOf({ before: 'b' })).toEqual({ size: 20, backward: true, cursor: 'b' });
    expect(pagingOf({ last: 3, before: '' })).toEqual({ size: 3, backward: true, cursor: null });
  });

  it('when a keyset page is cut forward, then its cursors are its rows\' keys and hasPreviousPage is whether rows lie beyond the cursor', () => {
    const rows = [3, 2, 1].map((n) => ({ at: new Date(n * 1000), id: n }));
    const first = keysetPage(keysetRead({ first: 2 }), rows, false, (r) => r, total(3));
    expect(first.items.map((i) => i.row.id)).toEqual([3, 2]);
    expect(first.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false, startCursor: first.items[0].cursor, endCursor: first.items[1].cursor });
    const next = keysetPage(keysetRead({ first: 2, after: first.pageInfo.endCursor }), rows.slice(2), true, (r) => r, total(3));
    expect([next.items.map((i) => i.row.id), next.pageInfo.hasNextPage, next.pageInfo.hasPreviousPage]).toEqual([[1], false, true]);
    expect(keysetPage(keysetRead({}), [], false, (r: { at: Date; id: number }) => r, total(0)).pageInfo)
      .toEqual({ hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null });
  });

  it('when a keyset page is read backward, then rows (read oldest first) come out in list order and the flags swap sides', () => {
    // last: 2 from the end of [3, 2, 1]: read 1, 2, 3 (one extra), keep 1, 2.
    const read = keysetRead({ last: 2 });
    expect([read.backward, read.limit]).toEqual([true, 3]);
    const rows = [1, 2, 3].map((n) => ({ at: new Date(n * 1000), id: n }));
    const page = keysetPage(read, rows, false, (r) => r, total(3));
    expect(page.items.map((i) => i.row.id)).toEqual([2, 1]);
    expect([page.pageInfo.hasPreviousPage, page.pageInfo.hasNextPage]).toEqual([true, false]);
    const before = keysetPage(keysetRead({ last: 2, before: page.pageInfo.startCursor }), rows.slice(2), true, (r) => r, total(3));
    expect([before.items.map((i) => i.row.id), before.pageInfo.hasPreviousPage, before.pageInfo.hasNextPage]).toEqual([[3], false, true]);
  });

  it('when an offset page is asked by page or by cursor, then both address the same slice', () => {
    const byPage = offsetPlan({ first: 10, page: 3 });
    expect(byPage).toEqual({ size: 10, read: { limit: 11, offset: 20, fromEnd: false }, start: 20, end: null, backward: false });
    expect(offsetPlan({ first: 10, after: encodeOffset(20) })).toEqual(byPage);
    expect(() => offsetPlan({ first: 100, page: 20_000_000 })).toThrow('page is out of range');
  });

  it('when an offset page is read backward, then `last` alone reads from the end and `before` reads the positions before the cursor', () => {
    expect(offsetPlan({ last: 3 })).toEqual({ size: 3, read: { limit: 4, offset: 0, fromEnd: true }, start: null, end: null, backward: true });
    // Cursor 6 is the 6th item (position 5): the 3 before it are positions 2..4.
    expect(offsetPlan({ last: 3, before: encodeOffset(6) })).toEqual({ size: 3, read: { limit: 3, offset: 2, fromEnd: false }, start: 2, end: 5, backward: true });
    expect(offsetPlan({ last: 3, before: encodeOffset(2) })).toMatchObject({ read: { limit: 1, offset: 0 }, start: 0, end: 1 });
    expect(offsetPlan({ last: 3, before: encodeOffset(1) })).toMatchObject({ read: null, start: 0, end: 0 });
  });

  it('when offset pages are cut, then cursors are positions and both flags are exact', async () => {
    // A list of 7: page 3 of 2 is items 5, 6.
    const mid = await offsetPage(offsetPlan({ first: 2, page: 3 }), ['e', 'f', 'g'], total(7));
    expect(mid).toMatchObject({ page: 3, items: [{ row: 'e', cursor: encodeOffset(5) }, { row: 'f', cursor: encodeOffset(6) }] });
    expect(mid.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: true, startCursor: encodeOffset(5), endCursor: encodeOffset(6) });
    // Past the end: no rows, but rows lie before it; of an empty list, none do.
    expect((await offsetPage(offsetPlan({ first: 2, page: 9 }), [], total(7))).pageInfo.hasPreviousPage).toBe(true);
    expect((await offsetPage(offsetPlan({ first: 2, page: 9 }), [], total(0))).pageInfo.hasPreviousPage).toBe(false);
    // The last 3 of 7, read from the end (g, f, e, d): items 5..7.
    const end = await offsetPage(offsetPlan({ last: 3 }), ['g', 'f', 'e', 'd'], total(7));
    expect(end.items).toEqual([{ row: 'e', cursor: encodeOffset(5) }, { row: 'f', cursor: encodeOffset(6) }, { row: 'g', cursor: encodeOffset(7) }]);
    expect([end.page, end.pageInfo.hasPreviousPage, end.pageInfo.hasNextPage]).toEqual([2, true, false]);
    // The 3 before item 5: items 2..4; item 1 precedes, item 5 follows.
    const before = await offsetPage(offsetPlan({ last: 3, before: encodeOffset(5) }), ['b', 'c', 'd'], total(7));
    expect([before.items.map((i) => i.cursor), before.pageInfo.hasPreviousPage, before.pageInfo.hasNextPage])
      .toEqual([[encodeOffset(2), encodeOffset(3), encodeOffset(4)], true, true]);
    // Before a cursor past the end of a list that shrank to 3: nothing follows.
    expect((await offsetPage(offsetPlan({ last: 2, before: encodeOffset(9) }), [], total(3))).pageInfo.hasNextPage).toBe(false);
  });

  it('when a forward offset page has rows or starts at 0, then the total is not read', async () => {
    const count = jest.fn(total(7));
    await offsetPage(offsetPlan({ first: 2 }), ['a', 'b', 'c'], count);
    await offsetPage(offsetPlan({ first: 2, page: 2 }), ['c', 'd', 'e'], count);
    expect(count).not.toHaveBeenCalled();
  });

  it('when a keyset list is asked by page number or by an offset cursor of the earlier version, then it is read by position', () => {
    expect(pagesByOffset({ first: 2, page: 3 })).toBe(true);
    expect(pagesByOffset({ first: 2, after: encodeOffset(4) })).toBe(true);
    expect(pagesByOffset({ last: 2, before: encodeOffset(4) })).toBe(true);
    expect(pagesByOffset({ first: 2, after: encodeKeysetCursor({ at: new Date(0), id: 3 }) })).toBe(false);
    expect(pagesByOffset({ last: 2 })).toBe(false);
  });

  it('when a page read by position is given keyset cursors, then every edge and both ends carry its row\'s key', async () => {
    const key = (r: string) => ({ at: new Date(Date.UTC(2024, 0, r.charCodeAt(0) - 96)), id: r });
    const page = withKeysetCursors(await offsetPage(offsetPlan({ first: 2, page: 2 }), ['c', 'd', 'e'], total(5)), key);
    expect(page.items.map((i) => decodeKeysetCursor(i.cursor))).toEqual([key('c'), key('d')]);
    expect([page.pageInfo.startCursor, page.pageInfo.endCursor]).toEqual(page.items.map((i) => i.cursor));
    expect([page.pageInfo.hasPreviousPage, page.pageInfo.hasNextPage, page.page]).toEqual([true, true, 2]);
  });

  it('when a keyset page\'s number is asked, then it counts the rows ahead of its first edge, and an empty page after a cursor lies past the end', async () => {
    const key = (r: string) => ({ at: new Date(0), id: r });
    const ahead = jest.fn(async () => 7);
    const forward = keysetRead({ first: 3, after: encodeKeysetCursor(key('x')) });
    expect(await keysetPageNumber(forward, keysetPage(forward, ['a', 'b'], true, key, total(9)), key, ahead, total(9))()).toBe(3);
    expect(ahead).toHaveBeenCalledWith(key('a'));
    expect(await keysetPageNumber(forward, keysetPage(forward, [], true, key, total(9)), key, ahead, total(9))()).toBe(4);
    const start = keysetRead({ last: 3, before: encodeKeysetCursor(key('x')) });
    expect(await keysetPageNumber(start, keysetPage(start, [], false, key, total(9)), key, ahead, total(9))()).toBe(1);
  });
});
