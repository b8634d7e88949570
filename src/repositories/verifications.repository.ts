// Farcaster verified addresses and the Farcaster ↔ Lens match: a Lens profile
// matches a fid when its owner address is one of the fid's live verified
// Ethereum addresses. The importer stores both sides lowercase (0x…); the
// comparison lowercases again so a row written by other means still matches.
import type { Database } from '../db/database';
import { LENS_ID } from '../domain/protocols';

export interface VerificationRow { fid: number; address: string; protocol: string; timestamp: Date }

/** Live verifications (deleted_at IS NULL), oldest first, then by address. */
export function liveVerifications(db: Database, fids: readonly number[]): Promise<VerificationRow[]> {
  return db.read<VerificationRow>(`
    SELECT v.fid, v.address, v.protocol, v.timestamp FROM fc_verification v
    WHERE v.fid = ANY($1::int[]) AND v.deleted_at IS NULL
    ORDER BY v.fid, v.timestamp, v.address`, [...fids]);
}

/** Lens profiles per fid, by numeric profile id (SELECT DISTINCT sorts only by what it selects: len). */
export function lensMatchesOfFids(db: Database, fids: readonly number[]): Promise<{ fid: number; profile_id: string }[]> {
  return db.read(`
    SELECT DISTINCT v.fid, p.profile_id, length(p.profile_id) AS len FROM fc_verification v
    JOIN lens_profile p ON p.owned_by = lower(v.address)
    WHERE v.fid = ANY($1::int[]) AND v.deleted_at IS NULL AND v.protocol = 'ethereum'
    ORDER BY v.fid, ${LENS_ID.order('p.profile_id')}`, [...fids]);
}

/** Fids per Lens profile (live Ethereum verification of its owner), ascending. */
export function fidsOfLensProfiles(db: Database, ids: readonly string[]): Promise<{ profile_id: string; fid: number }[]> {
  return db.read(`
    SELECT DISTINCT p.profile_id, v.fid FROM lens_profile p
    JOIN fc_verification v ON v.address = lower(p.owned_by) AND v.deleted_at IS NULL AND v.protocol = 'ethereum'
    WHERE p.profile_id = ANY($1::text[])
    ORDER BY p.profile_id, v.fid`, [...ids]);
}
