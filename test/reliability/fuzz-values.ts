// Values the fuzz suite sends: the real ids of the fixture (so requests reach
// the database) mixed with text that has broken parsers, casts and Postgres.
import fc from 'fast-check';

/** Values that answer 200 on the analytics fixture, so a nasty value next to them reaches the SQL. */
export const GOOD = {
  fid: ['1', '2', '12', '40'],
  lensId: ['0x01', '0x1', '0x02', '0x0a'],
  day: ['2024-06-10', '2024-06-30', '2024-01-10'],
  word: ['gm', 'al', 'alice', 'defi', 'WETH', 'ETH', 'usdc', 'day', 'week', 'month', '7d', 'lens', 'farcaster', 'ethereum', 'polygon'],
};

/** Edges of every kind of input this service parses. */
export const SPECIAL = [
  '', ' ', '\u0000', 'a\u0000', '\u0000gm', '0x01\u0000', '2024-06-10\u0000', '%00', '%', '%%', '%FF', '%zz', '%E0%A4%A',
  '0000-01-01', '0001-01-01', '1899-12-31', '1999-12-31', '2000-01-01', '2099-12-31', '2100-01-01', '9999-12-31',
  '10000-01-01', '+010000-01-01', '-0001-01-01', '2024-02-30', '2024-13-01', '2024-00-10', '2024-6-1', '20240610',
  '2024-06-10T00:00:00Z', '2024-06-10 ', ' 2024-06-10', '1970-01-01', '275760-09-13',
  '0', '-0', '-1', '1', '1.5', '1e3', '1e308', '1e400', '-1e400', 'NaN', 'Infinity', '0x', '0x0', '0xg1', '\\x01', '0X01',
  `0x${'f'.repeat(80)}`, '2147483647', '2147483648', '-2147483649', '4294967296', '9007199254740993', '99999999999999999999999',
  'null', 'undefined', 'true', '[]', '{}', '[object Object]', '__proto__', 'constructor', 'toString', 'hasOwnProperty',
  '\uD800', '\uDFFF', 'a\uD83D', '💥', '👩‍👩‍👧', 'é', 'e\u0301', '\u202Egm', '\uFEFFgm', '\u00A0', '\u2028', 'ǅ', 'ﬀ', 'İ',
  "' OR 1=1 --", '"; DROP TABLE x; --', '$1', '%s%s%n', '\\', '\\\\', '_', '%_%', '*', '.*', '(?', '[a-', '#gm', '$ETH', '@alice',
  '\t', '\n', '\r\n', '\u0001\u0002\u001f\u007f', 'a'.repeat(65), 'a'.repeat(300), 'x'.repeat(5000),
];

const intText = fc.oneof(
  fc.integer().map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.double().map(String),
);

const dayLike = fc.tuple(fc.integer({ min: -10, max: 300_000 }), fc.integer({ min: -1, max: 14 }), fc.integer({ min: -1, max: 33 }))
  .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);

const good = fc.constantFrom(...GOOD.fid, ...GOOD.lensId, ...GOOD.day, ...GOOD.word);

/** Any text a client might send. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...SPECIAL) },
  { weight: 3, arbitrary: good },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }) },
  { weight: 2, arbitrary: intText },
  { weight: 2, arbitrary: dayLike },
  // A valid value with something glued on: passes a prefix check, then reaches the SQL.
  { weight: 2, arbitrary: fc.tuple(good, fc.constantFrom('\u0000', '%00', '\uFFFD', ' ', ',', '%', '\u0000\u0000')).map(([g, x]) => g + x) },
);

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** RFC 3986 percent-encoding of the UTF-8 bytes (lone surrogates become U+FFFD, as Node encodes them). */
export const percentEncode = (s: string) =>
  [...Buffer.from(s, 'utf8')].map((b) => (UNRESERVED.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

/** Escapes that are not UTF-8 or not escapes at all. */
export const BAD_ESCAPES = ['%', '%F', '%FF', '%zz', '%C0%80', '%ED%A0%80', '%E0%A4', '%F8%88%80%80%80', '%%', '%u0041', '%2', '%fe%ff', '%80'];

/** A value as it appears in a URL: well-encoded, raw (punctuation left as is) or with a broken escape in it. */
export const urlValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: nastyString.map(percentEncode) },
  { weight: 2, arbitrary: fc.tuple(nastyString, fc.constantFrom(...BAD_ESCAPES), nastyString).map(([a, bad, b]) => percentEncode(a) + bad + percentEncode(b)) },
  { weight: 1, arbitrary: fc.constantFrom('+', ',', ';', '=', '&', ':', '@', '!', "'", '(', ')', '*', '$', '1,2', '0x01,0x02', ',,,', '1,,2') },
);
