import { LENS_ID } from '../../src/domain/protocols';
import { fidIds, textIds } from '../../src/queries/rank-graph-ids';

describe('a rank graph\'s node ids', () => {
  it('when Lens ids are packed, then every node gives its id back and every id its node; an id not held is -1', () => {
    // Canonical ids in numeric order (length, then text), as the graph loader numbers them.
    const ids = Array.from({ length: 3000 }, (_, i) => { const h = (i * 37 + 1).toString(16); return `0x${h.length % 2 ? '0' : ''}${h}`; })
      .sort(LENS_ID.compare);
    const t = textIds(ids, LENS_ID.compare);
    expect(t.length).toBe(3000);
    ids.forEach((id, node) => { expect(t.at(node)).toBe(id); expect(t.indexOf(id)).toBe(node); });
    for (const absent of ['0x00', '0x03', '0xffffff', '', '0x']) expect(t.indexOf(absent)).toBe(-1);
    // The text and a 4-byte end per id, nothing per id on the JS heap.
    expect(t.bytes).toBe(ids.reduce((n, id) => n + id.length, 0) + 4 * ids.length);
  });

  it('when an id is not ASCII, then it is packed as UTF-8 and read back whole', () => {
    const ids = ['a', 'é', 'zz', '€uro'].sort(LENS_ID.compare);
    const t = textIds(ids, LENS_ID.compare);
    expect(ids.map((_, i) => t.at(i))).toEqual(ids);
    expect(ids.map((id) => t.indexOf(id))).toEqual([0, 1, 2, 3]);
  });

  it('when there are no nodes, then nothing is found', () => {
    expect(textIds([], LENS_ID.compare).indexOf('0x01')).toBe(-1);
    expect(fidIds([]).indexOf(1)).toBe(-1);
  });

  it('when fids are held, then the lookup is by value in ascending order', () => {
    const f = fidIds([2, 3, 5, 8, 13]);
    expect([f.indexOf(2), f.indexOf(13), f.indexOf(4), f.indexOf(14)]).toEqual([0, 4, -1, -1]);
    expect([f.at(3), f.bytes]).toEqual([8, 20]);
  });
});
