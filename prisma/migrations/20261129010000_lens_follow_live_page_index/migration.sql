-- migrate: no-transaction
-- Live followers of a Lens profile in page order (newest follow first, then
-- the follower's id by numeric value, descending: length, then text), as
-- fc_link_target_live_idx has them for Farcaster. Without it a page of recent
-- followers read every live follower of the profile (lens_follow_live_idx) and
-- sorted them for the page, so the most-followed profiles' pages were the
-- route's slowest requests. Through this index it reads the page's entries
-- only (docs/performance.md#indexes-and-warming).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "lens_follow_profile_live_idx" ON "lens_follow" ("profile_id", "timestamp" DESC, length("follower_profile_id") DESC, "follower_profile_id" DESC)
  WHERE "deleted_at" IS NULL;
