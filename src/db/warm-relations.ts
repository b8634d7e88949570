// Reads what per-profile follow questions probe by key (the live follow
// indexes) and the profile tables every listed profile is read from into the
// operating system's page cache (pg_prewarm, `read` mode), so that the first
// requests after a database restart, or on a server whose memory other work
// has taken, do not pay a disk read per page. A profile followed by hundreds of
// thousands has a long run of pages in the followers index, and its
// followers-you-know and mutual follows read all of it: cold, that run is the
// slowest part of those answers (docs/performance.md#indexes-and-warming).
import type { SqlClient } from './sql-client';

/**
 * The relations read, each for what requests read in bulk. Every one exists in a migrated database (a
 * test holds this list to it). A page of followers reads a few index pages and is left out: the
 * followers-page indexes and the follows' primary key are larger than everything listed here, and
 * warming them too fills the page cache on a machine whose memory is near the database's size, evicting
 * what the other answers read (docs/performance.md#indexes-and-warming).
 */
export const WARM_RELATIONS: readonly string[] = [
  // A profile's followers, probed by follower (followers you know, mutual follows), and the
  // follower counts those lists sort by.
  'fc_link_target_follower_live_idx', 'fc_profile_counts', 'fc_profile_counts_pkey',
  // Lens followers of a profile, probed by follower, and the follows of a profile that drive the probes.
  'lens_follow_live_idx', 'lens_follow_follower_live_idx',
  // The profile records every answer that lists profiles reads by key, up to a hundred a page:
  // Farcaster names, pictures and bios (and names registered by fname only); Lens profiles,
  // handles, metadata and scores.
  'fc_user_data', 'fc_user_data_pkey', 'fc_fname_pkey',
  'lens_profile', 'lens_profile_pkey', 'lens_handle', 'lens_handle_pkey',
  'lens_profile_metadata', 'lens_profile_metadata_pkey', 'lens_score', 'lens_score_pkey',
];

export interface WarmedRelation { relation: string; bytes: number; blocks: number; ms: number }

/** Each relation as it was read, and their sums. */
export interface WarmReport { relations: WarmedRelation[]; bytes: number; ms: number }

/**
 * Reads each relation through once, in the list's order, telling `progress`
 * after each. On the embedded database there is nothing to do: PGlite holds
 * no cache of its own beyond its shared buffers, and its files are the
 * operating system's to cache (an empty report is returned). Without the
 * extension, or the right to create it, it fails saying so.
 */
export async function warmRelations(sql: SqlClient, progress: (r: WarmedRelation) => void = () => undefined): Promise<WarmReport> {
  const report: WarmReport = { relations: [], bytes: 0, ms: 0 };
  if (sql.kind !== 'postgres') return report;
  try {
    await sql.exec('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
  } catch (err) {
    throw new Error(`pg_prewarm is not available on this database (${(err as Error).message}); `
      + 'it ships with PostgreSQL (contrib); a superuser can run CREATE EXTENSION pg_prewarm once');
  }
  for (const relation of WARM_RELATIONS) {
    const started = performance.now();
    const [row] = await sql.query<{ bytes: string; blocks: string }>(
      "SELECT pg_relation_size($1::regclass)::text AS bytes, pg_prewarm($1::regclass, 'read')::text AS blocks", [relation]);
    const r = { relation, bytes: Number(row.bytes), blocks: Number(row.blocks), ms: Math.round(performance.now() - started) };
    report.relations.push(r);
    report.bytes += r.bytes;
    report.ms += r.ms;
    progress(r);
  }
  return report;
}
