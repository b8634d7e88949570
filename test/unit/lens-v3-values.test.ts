import { lensAccountAddress, parseLensProfileId } from '../../src/domain/ids';
import { tagList } from '../../src/importer/parse-values';
import { legacyProfileId, postTypes, v2ScaleScore } from '../../src/importer/specs/lens-v3-values';

const ADDRESS = `0x${'00'.repeat(19)}a1`;

describe('Lens Chain identifiers and cells', () => {
  it('when an id has 40 hex digits, then it is an account address kept whole, lowercase 0x', () => {
    expect([ADDRESS, ADDRESS.toUpperCase().replace('0X', '0x'), `\\x${ADDRESS.slice(2)}`, ` ${ADDRESS} `].map(lensAccountAddress))
      .toEqual(Array(4).fill(ADDRESS));
    expect(parseLensProfileId(ADDRESS)).toBe(ADDRESS);
  });

  it('when an id has another length or is not hex, then it is no address; the v2 rule reads the shorter ones by value', () => {
    expect([`0x${'0'.repeat(39)}`, `0x${'0'.repeat(41)}`, `0x${'g'.repeat(40)}`, ''].map(lensAccountAddress)).toEqual([null, null, null, null]);
    expect(['0x0005', '0x5', `0x${'0'.repeat(37)}5`].map(parseLensProfileId)).toEqual(['0x05', '0x05', '0x05']);
    expect(parseLensProfileId('alice')).toBeNull();
  });

  it('when a legacy profile id is hex with 0x, then it is the canonical v2 id; a bare number is refused (decimal or hex?)', () => {
    expect([legacyProfileId('0x05'), legacyProfileId('0X5'), legacyProfileId('5'), legacyProfileId('0xzz')]).toEqual(['0x05', '0x05', null, null]);
  });

  it('when post_types is a JSON array or a Postgres array, then its lowercase items', () => {
    expect([postTypes('["root"]'), postTypes('{comment,QUOTE}'), postTypes('[]'), postTypes('root')]).toEqual([['root'], ['comment', 'quote'], [], null]);
  });

  it('when tags_vector is a tsvector or a JSON array, then its tags', () => {
    expect([tagList("'gm' 'lens':2"), tagList('["a","b"]'), tagList("'it''s'"), tagList('no quotes')]).toEqual([['gm', 'lens'], ['a', 'b'], ["it's"], null]);
  });

  it('when a v3 score (0..100) is read, then it is on the v2 scale (0..10000)', () => {
    expect([v2ScaleScore('90.5'), v2ScaleScore('87.25'), v2ScaleScore('0'), v2ScaleScore('x')]).toEqual(['9050', '8725', '0', null]);
  });
});
