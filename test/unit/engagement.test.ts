import { engagementLists, type EngagementEntry } from '../../src/queries/engagement';

describe('engagement lists', () => {
  it('when rows of all six lists come in one batch, then each list keeps the statement order and every counterpart is named once', () => {
    const entries: EngagementEntry<number>[] = [
      { direction: 'inbound', kind: 'likes', other: 3 },
      { direction: 'outbound', kind: 'quotes', other: 5 },
      { direction: 'inbound', kind: 'likes', other: 1 },
      { direction: 'inbound', kind: 'comments', other: 3 },
      { direction: 'outbound', kind: 'likes', other: 1 },
    ];
    expect(engagementLists(entries)).toEqual({
      others: [3, 5, 1],
      inbound: { likes: [3, 1], comments: [3], quotes: [] },
      outbound: { likes: [1], comments: [], quotes: [5] },
    });
    expect(engagementLists([])).toEqual({ others: [], inbound: { likes: [], comments: [], quotes: [] }, outbound: { likes: [], comments: [], quotes: [] } });
  });
});
