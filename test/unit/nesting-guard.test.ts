// Nesting of [ and { in query text and variables, measured without recursion.
import { textNesting, valueNesting } from '../../src/graphql/cost/nesting-guard';

describe('nesting guard', () => {
  it('when a query nests lists and selections, then its depth counts both', () => {
    expect(textNesting('{ a(x: [[1], [2, [3]]]) { b } }')).toBe(4);
    expect(textNesting('query { farcasterUser(fid: 1) { fid } }')).toBe(2);
    expect(textNesting('')).toBe(0);
  });

  it('when brackets are inside strings, block strings or comments, then they do not count', () => {
    expect(textNesting('{ a(s: "[[[{{{\\"[[[") }')).toBe(1);
    expect(textNesting('{ a(s: """ [[[ \\""" {{{ """) }')).toBe(1);
    expect(textNesting('# [[[[[[\n{ a }')).toBe(1);
    expect(textNesting('{"f": "[[[", "g": [[1]]}')).toBe(3);
  });

  it('when text nests 2,000 deep, then the count stops just past the bound', () => {
    expect(textNesting(`{ a(x: ${'['.repeat(2000)}${']'.repeat(2000)}) }`, 64)).toBe(65);
    expect(textNesting(`{ a(x: ${'['.repeat(2000)}${']'.repeat(2000)}) }`)).toBe(2001);
  });

  it('when a parsed value nests 100,000 deep, then it is measured without running out of stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(valueNesting({ f: deep }, 64)).toBe(65);
    expect(valueNesting({ f: deep })).toBe(100_001);
    expect(valueNesting({ fids: [1, 2, 3], input: { limit: 5 } })).toBe(2);
    expect(valueNesting(undefined)).toBe(0);
  });
});
