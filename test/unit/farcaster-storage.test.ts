// A fid's storage by Snapchain's rules, worked by hand: a rent's unit type and end by its block time
// (onchain_event_store.rs StorageSlot::from_event, with and without the expiry extension of engine
// version 18), what ended rents, lends and borrows do to the units, and the limits each unit type
// gives each store (stores.rs Limits::of_type, max_messages).
import { noUnits, rentUnits, storageOf, type StorageParts, type UnitCounts } from '../../src/domain/farcaster-storage';

const unix = (iso: string) => new Date(iso);
const YEAR_MS = 365 * 86_400_000;
/** Engine version 18 (StorageExpiryExtension2026) starts at the 2025 unit cutoff on mainnet. */
const V18 = unix('2026-06-22T17:00:00Z');
const BEFORE_V18 = unix('2026-01-01T00:00:00Z');
const AFTER_V18 = unix('2026-12-01T00:00:00Z');
const parts = (p: Partial<StorageParts>): StorageParts => ({ rents: [], lent: noUnits(), borrowed: noUnits(), ...p });

describe('rentUnits: a rent\'s unit type and end', () => {
  it('when a rent falls on either side of each cutoff, then its type changes exactly at the cutoff', () => {
    const cases: [string, number][] = [
      ['2024-08-28T23:59:59Z', 0], ['2024-08-29T00:00:00Z', 1],
      ['2025-07-16T16:59:59Z', 1], ['2025-07-16T17:00:00Z', 2],
      ['2026-06-22T16:59:59Z', 2], ['2026-06-22T17:00:00Z', 2],
    ];
    expect(cases.map(([at]) => [at, rentUnits(unix(at), AFTER_V18).unitType])).toEqual(cases);
  });

  it('when read before engine version 18, then legacy units last 3 years, 2024 units 2 and 2025 units 1', () => {
    const at = BEFORE_V18;
    expect(rentUnits(unix('2023-01-01T00:00:00Z'), at).endsAt).toEqual(new Date(unix('2023-01-01T00:00:00Z').getTime() + 3 * YEAR_MS));
    expect(rentUnits(unix('2025-01-01T00:00:00Z'), at).endsAt).toEqual(new Date(unix('2025-01-01T00:00:00Z').getTime() + 2 * YEAR_MS));
    expect(rentUnits(unix('2025-09-01T00:00:00Z'), at).endsAt).toEqual(new Date(unix('2025-09-01T00:00:00Z').getTime() + YEAR_MS));
  });

  it('when read from engine version 18 on, then units rented before its start last a year longer, later ones one year', () => {
    for (const at of [V18, AFTER_V18]) {
      expect(rentUnits(unix('2023-01-01T00:00:00Z'), at).endsAt).toEqual(new Date(unix('2023-01-01T00:00:00Z').getTime() + 4 * YEAR_MS));
      expect(rentUnits(unix('2025-01-01T00:00:00Z'), at).endsAt).toEqual(new Date(unix('2025-01-01T00:00:00Z').getTime() + 3 * YEAR_MS));
      expect(rentUnits(unix('2025-09-01T00:00:00Z'), at).endsAt).toEqual(new Date(unix('2025-09-01T00:00:00Z').getTime() + 2 * YEAR_MS));
      expect(rentUnits(V18, at).endsAt).toEqual(new Date(V18.getTime() + YEAR_MS));
    }
  });

  it('when a rent\'s block time has milliseconds, then its end counts from the whole second, as the chain\'s unix seconds do', () => {
    expect(rentUnits(unix('2026-07-01T00:00:00.900Z'), AFTER_V18).endsAt).toEqual(new Date(unix('2026-07-01T00:00:00Z').getTime() + YEAR_MS));
  });
});

describe('storageOf: units and limits', () => {
  const rentedAt = unix('2026-07-01T00:00:00Z');
  const endsAt = new Date(rentedAt.getTime() + YEAR_MS);

  it('when one unit of each type is rented, then each store\'s limit is the sum of the three types\' limits', () => {
    const s = storageOf(parts({ rents: [
      { rentedAt: unix('2024-01-01T00:00:00Z'), units: 1 }, { rentedAt: unix('2025-01-01T00:00:00Z'), units: 1 }, { rentedAt, units: 1 },
    ] }), AFTER_V18);
    expect(s.units).toEqual([1, 1, 1]);
    expect(s.limits).toEqual({
      casts: 5000 + 2000 + 100, links: 2500 + 1000 + 200, reactions: 2500 + 1000 + 200, userData: 50 + 50 + 25,
      verifications: 25 + 25 + 5, usernameProofs: 5 + 5 + 2, storageLends: 3,
    });
  });

  it('when a rent reaches its end, then it stops counting at that second, not before', () => {
    const rents = [{ rentedAt, units: 2 }];
    expect(storageOf(parts({ rents }), new Date(endsAt.getTime() - 1000)).units).toEqual([0, 0, 2]);
    expect(storageOf(parts({ rents }), new Date(endsAt.getTime() - 1)).units).toEqual([0, 0, 2]);
    expect(storageOf(parts({ rents }), endsAt).units).toEqual([0, 0, 0]);
    expect(storageOf(parts({ rents }), endsAt).limits.casts).toBe(0);
  });

  it('when read before a rent was made, then it does not count yet', () => {
    const rents = [{ rentedAt, units: 2 }];
    expect(storageOf(parts({ rents }), new Date(rentedAt.getTime() - 1)).units).toEqual([0, 0, 0]);
    expect(storageOf(parts({ rents }), rentedAt).units).toEqual([0, 0, 2]);
  });

  it('when a fid lends and borrows, then lent units leave its counted units, borrowed ones join them, and lends are limited by its rents alone', () => {
    const s = storageOf(parts({ rents: [{ rentedAt, units: 10 }], lent: [0, 0, 4], borrowed: [3, 0, 1] }), AFTER_V18);
    expect({ rented: s.rented, lent: s.lent, borrowed: s.borrowed, units: s.units }).toEqual({ rented: [0, 0, 10], lent: [0, 0, 4], borrowed: [3, 0, 1], units: [3, 0, 7] });
    expect(s.limits).toEqual({
      casts: 3 * 5000 + 7 * 100, links: 3 * 2500 + 7 * 200, reactions: 3 * 2500 + 7 * 200, userData: 3 * 50 + 7 * 25,
      verifications: 3 * 25 + 7 * 5, usernameProofs: 3 * 5 + 7 * 2, storageLends: 10,
    });
  });

  it('when no rent counts, then the units are the borrowed ones alone: lent units are not taken from nothing', () => {
    const expired: StorageParts = parts({ rents: [{ rentedAt: unix('2021-03-01T00:00:00Z'), units: 5 }], lent: [0, 0, 2], borrowed: [0, 1, 0] });
    expect(storageOf(expired, AFTER_V18).units).toEqual([0, 1, 0]);
    expect(storageOf(parts({ lent: [0, 0, 2] }), AFTER_V18).units).toEqual([0, 0, 0]);
  });

  it('when more is lent than the rents still give (they ended since), then the units are 0, not negative', () => {
    const s = storageOf(parts({ rents: [{ rentedAt, units: 1 }], lent: [0, 0, 3] as UnitCounts }), AFTER_V18);
    expect(s.units).toEqual([0, 0, 0]);
    expect(s.limits.casts).toBe(0);
  });
});
