import { validate } from 'class-validator';
import { isEnumType } from 'graphql';
import { appSchema } from '../../src/graphql/build-schema';
import { enumNameOf, spellingOf, spellingsOf } from '../../src/graphql/enums/rest-spellings';
import { TrendingInput } from '../../src/graphql/types/trending.type';

/** The messages class-validator gives, as the GraphQL error joins them. */
const messagesOf = async (o: object) => (await validate(o)).flatMap((e) => Object.values(e.constraints ?? {}));
const trending = (fields: Partial<TrendingInput>) => Object.assign(new TrendingInput(), { page: 1, limit: 20, ratio: 'week', protocol: 'lens', categories: [], ...fields });
const enumOf = (name: string) => { const t = appSchema().getType(name); if (!isEnumType(t)) throw new Error(name); return t; };

describe('input rules, each checked once on its input type', () => {
  it('when a trending input keeps every rule, then no message', async () => {
    expect(await messagesOf(trending({ protocol: 'farcaster', categories: [1, 15, 1] }))).toEqual([]);
  });

  it('when one rule is broken, then one message naming the field and the value', async () => {
    expect(await messagesOf(trending({ categories: [1, 16, 99] })))
      .toEqual(['categories: unknown category id 16 (ids are 1..15, see GET /api/llm/categories)']);
    expect(await messagesOf(trending({ limit: 101 }))).toEqual(['limit must not be greater than 100']);
  });
});

describe('REST spellings of the enums', () => {
  it('when a REST client sends a legacy spelling or alias in any case, then it is the enum value it stands for', () => {
    const window = enumOf('GainWindow');
    expect(['day', ' 30D ', '7d', 'Week', 'MONTH', '1d'].map((s) => enumNameOf(window, s))).toEqual(['DAY', 'MONTH', 'WEEK', 'WEEK', 'MONTH', 'DAY']);
    expect(enumNameOf(window, 'year')).toBeUndefined();
    expect(enumNameOf(enumOf('Protocol'), 'lens')).toBe('LENS');
    expect(enumNameOf(enumOf('HistoryInterval'), '7d')).toBeUndefined();
    expect(enumNameOf(enumOf('PercentileBand'), 'top 0.1%')).toBe('TOP_0_1');
  });

  it('when a 400 lists what a parameter accepts, then it lists the REST spellings and aliases', () => {
    expect(spellingsOf(enumOf('GainWindow'))).toBe('day, week, month (or 1d, 7d, 30d)');
    expect(spellingsOf(enumOf('VerificationChain'))).toBe('ethereum, solana');
  });

  it('when an answer holds enum names, then REST prints the spellings', () => {
    expect(['TOP_1', 'BOTTOM_50', null].map((v) => spellingOf(enumOf('PercentileBand'), v))).toEqual(['top 1%', 'bottom 50%', null]);
    expect(spellingOf(enumOf('Protocol'), 'FARCASTER')).toBe('farcaster');
  });
});
