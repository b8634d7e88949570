// Cashtag rule: `$SYMBOL`, 2..10 letters or digits, not all
// digits, any case, upper-cased; plus the decisions written in cashtags.ts.
import { cashtagsOf } from '../../src/content/cashtags';

describe('cashtagsOf', () => {
  it('when a symbol is written in any case, then it is one upper-case mention', () => {
    expect(cashtagsOf('$ETH')).toEqual(['ETH']);
    expect(cashtagsOf('$eth')).toEqual(['ETH']);
    expect(cashtagsOf('bought more $Degen today')).toEqual(['DEGEN']);
  });

  it('when punctuation follows the symbol, then the symbol ends there', () => {
    expect(cashtagsOf('$ETH.')).toEqual(['ETH']);
    expect(cashtagsOf('$ETH, $BTC! $SOL? ($PEPE) "$OP" $ETH\'s chart')).toEqual(['ETH', 'BTC', 'SOL', 'PEPE', 'OP']);
  });

  it('when the symbol is all digits, then it is a price, not a mention', () => {
    expect(cashtagsOf('paid $100 for this')).toEqual([]);
    expect(cashtagsOf('$2024 was wild')).toEqual([]);
  });

  it('when digits and letters mix, then it is a mention ($1INCH), unless it is an amount in shorthand', () => {
    expect(cashtagsOf('swapped on $1INCH')).toEqual(['1INCH']);
    expect(cashtagsOf('$5k in fees lol, $20M raise, $3b tvl')).toEqual([]);
  });

  it('when the symbol has 1 or more than 10 characters, then it is no mention, never truncated', () => {
    expect(cashtagsOf('$A')).toEqual([]);
    expect(cashtagsOf('$TOOLONGSYMBOL1')).toEqual([]);
    expect(cashtagsOf('$ABCDEFGHIJK')).toEqual([]);
    expect(cashtagsOf('$ABCDEFGHIJ')).toEqual(['ABCDEFGHIJ']);
    expect(cashtagsOf('$AB')).toEqual(['AB']);
  });

  it('when a `$` is inside a URL, then it is no mention', () => {
    expect(cashtagsOf('tip jar: https://tip.example.xyz/$vitalik')).toEqual([]);
    expect(cashtagsOf('see www.example.com/$ETH/chart and http://a.io?q=$BTC')).toEqual([]);
    expect(cashtagsOf('https://x.xyz/$vitalik then $ETH')).toEqual(['ETH']);
  });

  it('when the `$` does not start a word, then it is no mention (US$100, a$b)', () => {
    expect(cashtagsOf('US$100')).toEqual([]);
    expect(cashtagsOf('US$ETH a$bc 5$eth')).toEqual([]);
    expect(cashtagsOf('$$ETH')).toEqual([]);
  });

  it('when the symbol runs on into other word characters, then it is nothing', () => {
    expect(cashtagsOf('$ETH_X')).toEqual([]);
    expect(cashtagsOf('$OPé')).toEqual([]);
    expect(cashtagsOf('$ÉTH')).toEqual([]);
  });

  it('when two symbols are joined by a slash, then both count', () => {
    expect(cashtagsOf('$ETH/$BTC ratio')).toEqual(['ETH', 'BTC']);
  });

  it('when a symbol appears again, in any case, then it counts once, in order of first appearance', () => {
    expect(cashtagsOf('$BTC then $eth, $ETH and $Eth, $btc again')).toEqual(['BTC', 'ETH']);
  });

  it('when unicode surrounds the symbol, then punctuation and emoji delimit it, letters do not', () => {
    expect(cashtagsOf('🚀$DEGEN🚀')).toEqual(['DEGEN']);
    expect(cashtagsOf('¡$SOL! «$ARB» —$OP—')).toEqual(['SOL', 'ARB', 'OP']);
    expect(cashtagsOf('é$ARB')).toEqual([]);
    expect(cashtagsOf('買$ETH')).toEqual([]);
    expect(cashtagsOf('$ETH買')).toEqual([]);
    expect(cashtagsOf('line one\n$ETH\tand $BTC')).toEqual(['ETH', 'BTC']);
  });

  it('when there is no `$`, then nothing', () => {
    expect(cashtagsOf('')).toEqual([]);
    expect(cashtagsOf('ETH and BTC without tags, $ alone')).toEqual([]);
  });
});
