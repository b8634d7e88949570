import { validate } from 'class-validator';
import { RatioArgs } from '../../src/graphql/args/analytics.args';
import { periodOf } from '../../src/graphql/args/choice.validators';
import { TrendingInput } from '../../src/graphql/types/trending.type';
import { VerificationArgs } from '../../src/graphql/args/farcaster-graph.args';

/** The messages class-validator gives, as the GraphQL error joins them. */
const messagesOf = async (o: object) => (await validate(o)).flatMap((e) => Object.values(e.constraints ?? {}));
const trending = (fields: Partial<TrendingInput>) => Object.assign(new TrendingInput(), { page: 1, limit: 20, ratio: 'week', protocol: 'lens', categories: [], ...fields });

describe('input rules, each checked once on its input type', () => {
  it('when a trending input keeps every rule, then no message; a ratio alias is read as its period', async () => {
    expect(await messagesOf(trending({ ratio: ' 30D ', protocol: 'farcaster', categories: [1, 15, 1] }))).toEqual([]);
    expect(periodOf(' 30D ')).toBe('month');
  });

  it('when one rule is broken, then one message naming the field and the value', async () => {
    expect(await messagesOf(trending({ ratio: 'year' }))).toEqual(['ratio must be one of day, week, month (or 1d, 7d, 30d); got "year"']);
    expect(await messagesOf(trending({ protocol: 'myspace' as 'lens' }))).toEqual(['protocol must be lens or farcaster; got "myspace"']);
    expect(await messagesOf(trending({ categories: [1, 16, 99] })))
      .toEqual(['categories: unknown category id 16 (ids are 1..15, see GET /api/llm/categories)']);
    expect(await messagesOf(trending({ limit: 101 }))).toEqual(['limit must not be greater than 100']);
  });

  it('when a text value holds a NUL, then that is the one message, as for every text argument', async () => {
    expect(await messagesOf(trending({ ratio: 'week\u0000' }))).toEqual(['ratio must not contain a NUL character']);
    expect(await messagesOf(Object.assign(new RatioArgs(), { ratio: 'day\u0000' }))).toEqual(['ratio must not contain a NUL character']);
  });

  it('when a verification protocol is asked, then ethereum, solana or none pass and anything else is named', async () => {
    const args = (protocol: string | null) => Object.assign(new VerificationArgs(), { protocol });
    for (const ok of ['ethereum', 'solana', null]) expect(await messagesOf(args(ok))).toEqual([]);
    expect(await messagesOf(args('btc'))).toEqual(['protocol must be one of ethereum, solana; got "btc"']);
    expect(await messagesOf(args('solana\u0000'))).toEqual(['protocol must not contain a NUL character']);
  });
});
