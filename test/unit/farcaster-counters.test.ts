// The live counters' description (src/repositories/farcaster-counters.ts) is
// what the rebuild, the sync's difference and the stale reads are built from:
// a column no counter describes would be written by none of them.
import { CHANGED_ROWS, FARCASTER_LIVE_COUNTERS, LIVE_COUNT_TABLES, type LiveCountTable } from '../../src/repositories/farcaster-counters';

const TABLES = Object.keys(LIVE_COUNT_TABLES) as LiveCountTable[];

describe('live counter description', () => {
  it('when the counter tables are listed, then every counter column has at least one counter', () => {
    const described = new Set(FARCASTER_LIVE_COUNTERS.map((c) => `${c.table}.${c.column}`));
    const columns = TABLES.flatMap((t) => LIVE_COUNT_TABLES[t].columns.map((c: string) => `${t}.${c}`));
    expect(columns.filter((c) => !described.has(c))).toEqual([]);
  });

  it('when a counter names its key, then it gives one expression per key column of its table', () => {
    const wrong = FARCASTER_LIVE_COUNTERS.filter((c) => c.key.length !== LIVE_COUNT_TABLES[c.table].key.length);
    expect(wrong.map((c) => `${c.table}.${c.column}`)).toEqual([]);
  });

  it('when the sync evaluates a counter over changed rows, then each changed alias is one of the counted rows and names a kind of changed key', () => {
    const bad = FARCASTER_LIVE_COUNTERS.filter((c) => !c.rows.changedBy.length
      || c.rows.changedBy.some((d) => !c.rows.from.includes(` ${d.alias}`) || !(d.rows in CHANGED_ROWS)));
    expect(bad.map((c) => `${c.table}.${c.column}`)).toEqual([]);
  });

  it('when the tables are grouped in one statement, then no two tables share a key column name', () => {
    const keys = TABLES.flatMap((t) => [...LIVE_COUNT_TABLES[t].key]);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
