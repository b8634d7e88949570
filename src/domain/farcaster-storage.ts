// A fid's storage as Snapchain counts it, from its rents on chain and its
// lends. Every rule and number here is the node's own, on mainnet (the
// network the sync follows):
// - a rent's unit type and end come from its block's time
//   (src/storage/store/account/onchain_event_store.rs, StorageSlot::from_event);
// - rents that have ended do not count; the others add up per unit type
//   (StorageSlot::merge, is_active);
// - lent units are subtracted and borrowed units added per unit type, borrowed
//   units counting even when the fid rents nothing
//   (OnchainEventStore::get_storage_slot_for_fid, StorageLendStore);
// - a store's limit is the sum over unit types of that type's limit times its
//   units, and lends are limited by the units rented alone
//   (src/storage/store/stores.rs, Limits::of_type, StoreLimits::max_messages, get_storage_limits).
// The Pro tier adds no storage: the node reads it only to admit longer casts and more embeds.

/** The protocol's StorageUnitType numbers, by name. */
export const UNIT_TYPES = { legacy: 0, y2024: 1, y2025: 2 } as const;
export type UnitType = (typeof UNIT_TYPES)[keyof typeof UNIT_TYPES];

/** Units per unit type, indexed by the StorageUnitType number. */
export type UnitCounts = [legacy: number, y2024: number, y2025: number];

const YEAR_S = 365 * 24 * 60 * 60;
/** UNIT_TYPE_LEGACY_CUTOFF_TIMESTAMP: units rented before it are legacy units. */
const LEGACY_CUTOFF_S = 1_724_889_600;
/** UNIT_TYPE_2024_CUTOFF_TIMESTAMP (mainnet): rented before it, and not legacy, are 2024 units. */
const Y2024_CUTOFF_S = 1_752_685_200;
/**
 * UNIT_TYPE_2025_CUTOFF_TIMESTAMP (mainnet), which is also when engine version 18 and its
 * StorageExpiryExtension2026 start: from then on every unit rented before it counts a year longer.
 */
const Y2025_CUTOFF_S = 1_782_147_600;

/** The unit type of a rent and when its units stop counting, as the node reads them at `at`. */
export function rentUnits(rentedAt: Date, at: Date): { unitType: UnitType; endsAt: Date } {
  const t = Math.floor(rentedAt.getTime() / 1000);
  const extension = Math.floor(at.getTime() / 1000) >= Y2025_CUTOFF_S ? 1 : 0;
  const ends = (years: number) => new Date((t + years * YEAR_S) * 1000);
  if (t < LEGACY_CUTOFF_S) return { unitType: UNIT_TYPES.legacy, endsAt: ends(3 + extension) };
  if (t < Y2024_CUTOFF_S) return { unitType: UNIT_TYPES.y2024, endsAt: ends(2 + extension) };
  if (t < Y2025_CUTOFF_S) return { unitType: UNIT_TYPES.y2025, endsAt: ends(1 + extension) };
  return { unitType: UNIT_TYPES.y2025, endsAt: ends(1) };
}

/** The stores a fid's storage limits, in the node's StoreType order. */
export const STORES = ['casts', 'links', 'reactions', 'userData', 'verifications', 'usernameProofs', 'storageLends'] as const;
export type Store = (typeof STORES)[number];
export type StoreLimits = Record<Store, number>;

/** Messages one unit of each type allows per store (Limits::of_type). */
const LIMITS_PER_UNIT: Record<Store, UnitCounts> = {
  casts: [5000, 2000, 100],
  links: [2500, 1000, 200],
  reactions: [2500, 1000, 200],
  userData: [50, 50, 25],
  verifications: [25, 25, 5],
  usernameProofs: [5, 5, 2],
  storageLends: [1, 1, 1],
};

/** Units rented on chain, at the block's time. */
export interface Rent { rentedAt: Date; units: number }

/** What the node reads a fid's storage from: its rents, and its live lends summed per unit type. */
export interface StorageParts { rents: Rent[]; lent: UnitCounts; borrowed: UnitCounts }

export interface FarcasterStorage {
  /** Per unit type: units rented that still count, lent out, borrowed, and the net units the limits are made of. */
  rented: UnitCounts; lent: UnitCounts; borrowed: UnitCounts; units: UnitCounts;
  limits: StoreLimits;
}

export const noUnits = (): UnitCounts => [0, 0, 0];
/** A fid that rents nothing and lends and borrows nothing. */
export const noStorageParts = (): StorageParts => ({ rents: [], lent: noUnits(), borrowed: noUnits() });

const limitOf = (store: Store, units: UnitCounts) => units.reduce((sum, n, type) => sum + LIMITS_PER_UNIT[store][type] * n, 0);

/**
 * A fid's storage at `at`. A rent counts from its block's time while `at` is before its end. With no rent counting, the
 * node's slot is its borrowed units alone; otherwise rented minus lent plus borrowed, per unit type.
 * Where the node's unsigned arithmetic would wrap below zero (lent units whose rents have since
 * ended), the units here are 0.
 */
export function storageOf(parts: StorageParts, at: Date): FarcasterStorage {
  const rented = noUnits();
  let renting = false;
  for (const rent of parts.rents) {
    const { unitType, endsAt } = rentUnits(rent.rentedAt, at);
    if (rent.rentedAt > at || Math.floor(at.getTime() / 1000) >= Math.floor(endsAt.getTime() / 1000)) continue;
    rented[unitType] += rent.units;
    renting = true;
  }
  const units = rented.map((n, type) => (renting ? Math.max(0, n - parts.lent[type]) : 0) + parts.borrowed[type]) as UnitCounts;
  const limits = Object.fromEntries(STORES.map((store) => [store, limitOf(store, store === 'storageLends' ? rented : units)])) as StoreLimits;
  return { rented, lent: [...parts.lent], borrowed: [...parts.borrowed], units, limits };
}
