import { changeKey, review } from '../../scripts/schema-diff';

describe('GraphQL schema changes against the released baseline', () => {
  it('when the schema breaks a client of the baseline, then the change is listed with a reason, and every listed change is real', async () => {
    const { unapproved, stale } = await review();
    expect(unapproved.map((c) => `${changeKey(c)}: ${c.message}`)).toEqual([]);
    expect(stale).toEqual([]);
  });
});
