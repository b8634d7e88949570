import { DAY_MS, fromDayNumber, optionalDay, requireDay, requireYear, toDayNumber } from '../../src/domain/days';

describe('days and years a client may ask about', () => {
  it('when a day is on the calendar within 2000-01-01..2099-12-31, then it is accepted as is', () => {
    expect(['2000-01-01', '2024-02-29', '2099-12-31'].map((d) => requireDay('date', d))).toEqual(['2000-01-01', '2024-02-29', '2099-12-31']);
    expect(optionalDay('date', null)).toBeNull();
    expect(optionalDay('date', undefined)).toBeNull();
  });

  it('when a day is outside the range (year 0 included, which Postgres has not), then the error names the argument and the range', () => {
    for (const d of ['0000-01-01', '0001-01-01', '1999-12-31', '2100-01-01', '9999-12-31']) {
      expect(() => requireDay('from', d)).toThrow(`from must be between 2000-01-01 and 2099-12-31; got "${d}"`);
    }
  });

  it('when a day is not YYYY-MM-DD of a real day, then the format error names the argument; a NUL is no exception', () => {
    for (const d of ['2024-02-30', '2023-02-29', '2024-13-01', '+010000-01-01', '2024-06-10\u0000', '', '2024-06-10T00:00:00Z']) {
      expect(() => requireDay('date', d)).toThrow(/^date must be a date YYYY-MM-DD; got /);
    }
    expect(() => requireDay('date', 'x'.repeat(500))).toThrow(`date must be a date YYYY-MM-DD; got "${'x'.repeat(100)}"`);
  });

  it('when a year is an integer in 2000..2099, then it is accepted; else the error names it', () => {
    expect([2000, 2024, 2099].map((y) => requireYear('year', y))).toEqual([2000, 2024, 2099]);
    for (const y of [0, 999, 1999, 2100, 9999, -2024, 2024.5]) expect(() => requireYear('year', y)).toThrow(`year must be a year between 2000 and 2099; got ${y}`);
  });
});

describe('day numbers', () => {
  const viaDate = {
    to: (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS),
    from: (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10),
  };

  // The edit loop sweeps 1899..2101 (three century years, one of them leap); TEST_ALL (CI) sweeps 0999..3001.
  const [fromYear, toYear] = process.env.TEST_ALL ? ['0999', '3001'] : ['1899', '2101'];
  it(`when any day of years ${fromYear}..${toYear} is numbered and printed back, then both agree with Date`, () => {
    const first = viaDate.to(`${fromYear}-01-01`);
    const last = viaDate.to(`${toYear}-12-31`);
    const wrong: string[] = [];
    for (let n = first; n <= last; n += 1) {
      const iso = viaDate.from(n);
      if (fromDayNumber(n) !== iso || toDayNumber(iso) !== n) wrong.push(`${n} ${iso} ${fromDayNumber(n)} ${toDayNumber(iso)}`);
    }
    expect([last - first > 365 * (Number(toYear) - Number(fromYear)), wrong.slice(0, 5)]).toEqual([true, []]);
  });

  it('when a string is not a day on the calendar, then its number is what Date.parse makes of it', () => {
    for (const s of ['2024-02-30', '2023-02-29', '2024-13-01', '2024-00-10', '2024-06-00', '2024-6-10', '20x4-06-10', '', '+010000-01-01', '0000-01-01']) {
      expect([s, toDayNumber(s)]).toEqual([s, viaDate.to(s)]);
    }
    expect(toDayNumber('2024-02-29')).toBe(viaDate.to('2024-02-29'));
  });

  it('when a day number is not whole or far out, then it is printed as Date prints it', () => {
    for (const n of [0.5, -719_529, 2_932_897, -1]) expect([n, fromDayNumber(n)]).toEqual([n, viaDate.from(n)]);
  });
});
