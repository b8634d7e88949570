// Reads what per-profile follow questions probe by key (the live follow
// indexes) and the profile tables every listed profile is read from into the
// operating system's page cache (pg_prewarm, `read` mode), so that the first
// requests after a database restart, or on a server whose memory other work
// has taken, do not pay a disk read per page. At the network's size a profile
// followed by hundreds of thousands has a run of about 1,500 pages in the
// followers index: read cold, its followers-you-know and mutual follows took
// 50–70 ms at p99; warmed, 14–18 (docs/performance.md, the fifth network build).
import type { SqlClient } from './sql-client';

/**
 * What each relation is read for. Every one exists in a migrated database (a test holds this list to it).
 * Only what a request reads in bulk: a large profile's whole run of followers, probed by key. A page of
 * followers reads a few index pages and is left out (at the network's size the followers-page indexes
 * and the follows' primary key are 13 GB more, and warming them too, 23 GB in all on a 23.5 GiB machine,
 * evicted the rest: the trust answers went from 13 to 108 ms p99).
 */
export const WARM_RELATIONS: readonly { relation: string; why: string }[] = [
  { relation: 'fc_link_target_follower_live_idx', why: 'Farcaster followers of a profile, probed by follower (followers you know, mutual follows)' },
  { relation: 'fc_profile_counts', why: 'Farcaster follower counts the lists sort by' },
  { relation: 'fc_profile_counts_pkey', why: 'their key' },
  { relation: 'lens_follow_live_idx', why: 'Lens followers of a profile, probed by follower' },
  { relation: 'lens_follow_follower_live_idx', why: 'Lens follows of a profile, which drive those probes' },
  // Every answer that lists profiles reads these by key, a page of a large list up to a hundred at once.
  { relation: 'fc_user_data', why: 'Farcaster names, pictures and bios' },
  { relation: 'fc_user_data_pkey', why: 'their key' },
  { relation: 'fc_fname_pkey', why: 'Farcaster names registered by fname only' },
  { relation: 'lens_profile', why: 'Lens profiles' },
  { relation: 'lens_profile_pkey', why: 'their key' },
  { relation: 'lens_handle', why: 'Lens handles' },
  { relation: 'lens_handle_pkey', why: 'their key' },
  { relation: 'lens_profile_metadata', why: 'Lens names, pictures and bios' },
  { relation: 'lens_profile_metadata_pkey', why: 'their key' },
  { relation: 'lens_score', why: 'Lens scores' },
  { relation: 'lens_score_pkey', why: 'their key' },
];

export interface WarmedRelation { relation: string; bytes: number; blocks: number; ms: number }

/** Fails with a reason a person can act on (the extension missing, or not allowed to create it). */
export class WarmUnavailableError extends Error {}

/**
 * Reads each relation through once, in the list's order, telling `progress`
 * after each. On the embedded database there is nothing to do: PGlite holds
 * no cache of its own beyond its shared buffers, and its files are the
 * operating system's to cache (an empty list is returned).
 */
export async function warmRelations(sql: SqlClient, progress: (r: WarmedRelation) => void = () => undefined): Promise<WarmedRelation[]> {
  if (sql.kind !== 'postgres') return [];
  try {
    await sql.exec('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
  } catch (err) {
    throw new WarmUnavailableError(`pg_prewarm is not available on this database (${(err as Error).message}); `
      + 'it ships with PostgreSQL (contrib); a superuser can run CREATE EXTENSION pg_prewarm once');
  }
  const warmed: WarmedRelation[] = [];
  for (const { relation } of WARM_RELATIONS) {
    const started = performance.now();
    const [row] = await sql.query<{ bytes: string; blocks: string }>(
      "SELECT pg_relation_size($1::regclass)::text AS bytes, pg_prewarm($1::regclass, 'read')::text AS blocks", [relation]);
    const r = { relation, bytes: Number(row.bytes), blocks: Number(row.blocks), ms: Math.round(performance.now() - started) };
    warmed.push(r);
    progress(r);
  }
  return warmed;
}
