-- migrate: no-transaction
-- Followers you know and mutual follows check one follow per candidate (does
-- this candidate follow the profile?), thousands of them for a viewer who
-- follows thousands. Through the primary keys each check read the follow's
-- own index leaf and heap page, scattered over the whole table: at the
-- network's size (171 M follows, more than memory holds) most were disk reads.
-- These live-only indexes put every check of one profile into that profile's
-- own run of leaves and answer it from the index alone (no heap page).
-- Measured on medium (a profile with 126,684 followers, a viewer with 2,030
-- follows): Farcaster buffer reads from outside shared buffers 3,210 → 483,
-- 135 → 32 ms cold, 20 → 12.5 ms warm; Lens (64,701 followers, 715 follows)
-- 36 → 16 ms cold, 8.5 → 5 ms warm.

-- Built concurrently, one index per migration (the live sync writes the follows
-- meanwhile): Lens's two are the next two migrations.

-- Farcaster: does fid follow target (live), and since when.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "fc_link_target_follower_live_idx" ON "fc_link" ("target_fid", "fid") INCLUDE ("timestamp") WHERE "deleted_at" IS NULL;
