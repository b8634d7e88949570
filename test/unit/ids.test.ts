import { canonicalLensId, canonicalPublicationId, normalizeHex, parseFid, profileOfPublication } from '../../src/domain/ids';

describe('identifier forms', () => {
  it('when a Lens id is written in any hex form, then it canonicalises by numeric value', () => {
    expect(['0x1', '0x01', '0x0001', '0X1', '1'].map(canonicalLensId)).toEqual(Array(5).fill('0x01'));
    expect(canonicalLensId('0x2A1F')).toBe('0x2a1f');
    expect(canonicalLensId('0xabc')).toBe('0x0abc');
    expect(canonicalLensId('0x0')).toBe('0x00');
  });

  it('when a Lens id is not hex, then it is rejected', () => {
    expect(['', '0x', 'zz', '0x1g', '-1', '0x 1'].map(canonicalLensId)).toEqual(Array(6).fill(null));
  });

  it('when a publication id has two hex halves, then both are canonical', () => {
    expect(canonicalPublicationId('0x1-0xA')).toBe('0x01-0x0a');
    expect(canonicalPublicationId('0x01')).toBeNull();
    expect(canonicalPublicationId('0x01-zz')).toBeNull();
  });

  it('when a publication id is a Momoka id (profile, pub seq, DA, hex), then it is kept whole with the profile half canonical', () => {
    expect(canonicalPublicationId('0x18-0x3a-DA-951a2a24')).toBe('0x18-0x3a-DA-951a2a24');
    expect(canonicalPublicationId(' 0x0018-0x3A-da-951A2A24 ')).toBe('0x18-0x3a-DA-951a2a24');
    // The first two parts repeat across Momoka publications: the suffix tells them apart.
    expect(canonicalPublicationId('0x18-0x3a-DA-aaaa')).not.toBe(canonicalPublicationId('0x18-0x3a-DA-bbbb'));
    expect(profileOfPublication('0x18-0x3a-DA-951a2a24')).toBe('0x18');
  });

  it('when a publication id has three parts or a wrong Momoka marker, then it is rejected', () => {
    expect(['0x18-0x3a-DA', '0x18-0x3a-XX-951a', '0x18-0x3a-DA-zz', '0x18-0x3a-DA-951a-1', 'DA-0x18-0x3a-951a'].map(canonicalPublicationId))
      .toEqual(Array(5).fill(null));
  });

  it('when a hash uses \\x or upper case, then it is stored as lowercase 0x', () => {
    expect(normalizeHex('\\xABCD')).toBe('0xabcd');
    expect(normalizeHex('0XAbC')).toBe('0xabc');
    expect(normalizeHex('nothex')).toBeNull();
  });

  it('when a fid is parsed, then only positive int4 integers pass', () => {
    expect([parseFid('1'), parseFid(' 42 '), parseFid(2147483647)]).toEqual([1, 42, 2147483647]);
    expect([parseFid('0'), parseFid('-1'), parseFid('1.5'), parseFid('2147483648'), parseFid('abc')]).toEqual([null, null, null, null, null]);
  });
});
