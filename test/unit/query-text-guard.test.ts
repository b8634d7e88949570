// A query's text bounded before parsing: bytes, nesting and tokens, the tokens
// counted as graphql's parser counts them against its maxTokens.
import fc from 'fast-check';
import { getIntrospectionQuery, parse } from 'graphql';
import { queryTextProblem, tokenCount } from '../../src/graphql/cost/query-text-guard';

const LIMITS = { maxBytes: 2000, maxNesting: 8, maxTokens: 100 };

/** Whether graphql's parser accepts `text` under maxTokens = max (text that parses without a bound). */
const parsesWithin = (text: string, max: number) => { try { parse(text, { maxTokens: max }); return true; } catch { return false; } };

describe('token count', () => {
  it('when a query has names, punctuation, values, commas and comments, then commas and comments do not count', () => {
    // { a ( x : [ 1 2 ] y : "s" ) { b } }
    expect(tokenCount('{ a(x: [1, 2], y: "s") { b } } # a comment')).toBe(17);
    expect(tokenCount('')).toBe(0);
  });

  it('when texts of any size are counted, then a text is within the count exactly when graphql\'s parser accepts it with that maxTokens', () => {
    const field = fc.constantFrom('fid', 'username', 'a: fid', 'f(x: [1, 2, 3])', '# note\nfid', 'g(s: "x, y")');
    fc.assert(fc.property(fc.array(field, { minLength: 1, maxLength: 40 }), (fields) => {
      const text = `{ farcasterUser(fid: 1) { ${fields.join(' ')} } }`;
      const n = tokenCount(text);
      expect([parsesWithin(text, n), parsesWithin(text, n - 1)]).toEqual([true, false]);
    }));
  });

  it('when the count passes its bound, then it stops just past it', () => {
    expect(tokenCount(`{ ${'a '.repeat(100_000)} }`, 5000)).toBe(5001);
  });

  it('when the text does not lex, then the count ends at the fault and parsing reports it', () => {
    expect(tokenCount('{ a b \u0007 c }')).toBe(3);
  });
});

describe('query text problems', () => {
  it('when a query is within every bound, then none; the introspection query GraphiQL and Sandbox send is far within the defaults', () => {
    expect(queryTextProblem('{ farcasterUser(fid: 1) { fid } }', LIMITS)).toBeNull();
    const introspection = getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true });
    expect([Buffer.byteLength(introspection) < 32_768 / 10, tokenCount(introspection) < 5000 / 10]).toEqual([true, true]);
  });

  it('when a query is larger than the byte bound (in UTF-8), then the problem names its size and the limit', () => {
    expect(queryTextProblem(`{ a } # ${'x'.repeat(2000)}`, LIMITS)).toBe('Query of 2008 bytes exceeds the limit of 2000 bytes; ask for fewer fields, or send long lists as variables');
    // 700 characters of three bytes each.
    expect(queryTextProblem(`#${'€'.repeat(700)}`, LIMITS)).toMatch(/^Query of 2101 bytes exceeds/);
  });

  it('when a query nests too deep or has too many tokens, then the problem names that limit', () => {
    expect(queryTextProblem(`{ a(x: ${'['.repeat(9)}${']'.repeat(9)}) }`, LIMITS)).toBe('Query nests deeper than 8 levels of [ and {');
    expect(queryTextProblem(`{ ${'a '.repeat(99)} }`, LIMITS)).toBe('Query exceeds the limit of 100 tokens; ask for fewer fields, or send long lists as variables');
    expect(queryTextProblem(`{ ${'a '.repeat(98)} }`, LIMITS)).toBeNull();
  });
});
