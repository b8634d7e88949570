// Every advisory lock id the service takes, in one place: two roles sharing an
// id would keep each other from running (a syncer holds its lock for as long as
// it follows the node, so a job sharing it would never start). Ids are bigints
// in one space shared with any other application on the database; these are
// the service's own, beside the id Prisma's migrate takes.
export const ADVISORY_LOCKS = {
  /** The analytics refresh: one at a time across instances. */
  refresh: 7_340_411,
  /** The Farcaster syncer: one writer across instances, held while it runs. */
  sync: 7_340_412,
  /** The Lens Chain syncer: one writer across instances, held while it runs. */
  lensSync: 7_340_415,
  /** Import runs: a two-key lock (this space, the run's id) held by the process running it; PostgreSQL keeps two-key locks apart from one-key ones. */
  importRunSpace: 7_340_413,
  /** The classify pipeline: one run at a time across instances. */
  classify: 7_340_414,
  /** The warm at start: one instance reads the shared page cache's files at a time. */
  warm: 7_340_416,
  /** Suggestion dismissals: a two-key transaction lock (this space, a hash of key, protocol and viewer) orders one viewer's dismissals. */
  dismissalSpace: 7_340_417,
  /** The migrations, with the id `prisma migrate` itself takes, so the two tools never migrate at once. */
  migrate: 72_707_369,
} as const;
