// What a fid's storage is read from (src/domain/farcaster-storage.ts says how):
// its rents on chain, and the live lends it gave and received, summed per unit
// type. One statement for a batch of fids.
import type { Database } from '../db/database';
import { noStorageParts, type StorageParts, type UnitCounts } from '../domain/farcaster-storage';

interface StoragePartRow { part: 'rent' | 'lent' | 'borrowed'; fid: number; unit_type: number | null; rented_at: Date | null; units: number }

/** The storage parts of each fid asked for (a fid with none has no rents and no lends). */
export async function storageParts(db: Database, fids: readonly number[]): Promise<Map<number, StorageParts>> {
  const rows = await db.read<StoragePartRow>(`
    SELECT 'rent' AS part, r.fid, NULL::int AS unit_type, r.rented_at, r.units FROM fc_storage_rent r WHERE r.fid = ANY($1::int[])
    UNION ALL
    SELECT 'lent', l.fid, l.unit_type, NULL, sum(l.num_units)::int FROM fc_storage_lend l
    WHERE l.fid = ANY($1::int[]) AND l.deleted_at IS NULL GROUP BY l.fid, l.unit_type
    UNION ALL
    SELECT 'borrowed', l.to_fid, l.unit_type, NULL, sum(l.num_units)::int FROM fc_storage_lend l
    WHERE l.to_fid = ANY($1::int[]) AND l.deleted_at IS NULL GROUP BY l.to_fid, l.unit_type`, [...fids]);
  const parts = new Map<number, StorageParts>();
  for (const r of rows) {
    let p = parts.get(r.fid);
    if (!p) parts.set(r.fid, (p = noStorageParts()));
    if (r.rented_at) p.rents.push({ rentedAt: r.rented_at, units: r.units });
    else if (r.unit_type !== null) addUnits(r.part === 'lent' ? p.lent : p.borrowed, r.unit_type, r.units);
  }
  return parts;
}

/** A unit type the node does not know (its validation refuses one) counts for nothing. */
function addUnits(counts: UnitCounts, unitType: number, units: number): void {
  if (unitType in counts) counts[unitType as 0 | 1 | 2] += units;
}
