// Farcaster verified addresses and the Farcaster ↔ Lens match: a Lens profile
// matches a fid when its owner address is one of the fid's live verified
// Ethereum addresses. The importer and the sync store both sides lowercase
// (0x…). The matches are read from cross_match, which triggers keep in every
// writer's transaction (its migration says how, and how the refresh repairs it).
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

/** Lens profiles per fid, by numeric profile id: the matched pairs as kept (cross_match, see its migration). */
export function lensMatchesOfFids(db: Database, fids: readonly number[]): Promise<{ fid: number; profile_id: string }[]> {
  return db.read(`
    SELECT m.fid, m.profile_id FROM cross_match m
    WHERE m.fid = ANY($1::int[])
    ORDER BY m.fid, ${LENS_ID.order('m.profile_id')}`, [...fids]);
}

/** Fids per Lens profile (live Ethereum verification of its owner), ascending. */
export function fidsOfLensProfiles(db: Database, ids: readonly string[]): Promise<{ profile_id: string; fid: number }[]> {
  return db.read(`
    SELECT m.profile_id, m.fid FROM cross_match m
    WHERE m.profile_id = ANY($1::text[])
    ORDER BY m.profile_id, m.fid`, [...ids]);
}
