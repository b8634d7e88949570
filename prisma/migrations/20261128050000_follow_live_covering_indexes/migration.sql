-- migrate: no-transaction
-- Followers you know and mutual follows check one follow per candidate (does
-- this candidate follow the profile?), thousands of them for a viewer who
-- follows thousands. Through the primary keys each check read the follow's
-- own index leaf and heap page, scattered over the whole table: once the
-- follows are more than memory holds, most were disk reads. These live-only
-- indexes put every check of one profile into that profile's own run of
-- leaves and answer it from the index alone (no heap page), so a check reads
-- far fewer pages, cold or warm (docs/performance.md#indexes-and-warming).

-- Built concurrently, one index per migration (the live sync writes the follows
-- meanwhile): Lens's two are the next two migrations.

-- Farcaster: does fid follow target (live), and since when.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "fc_link_target_follower_live_idx" ON "fc_link" ("target_fid", "fid") INCLUDE ("timestamp") WHERE "deleted_at" IS NULL;
