-- Live followers of a Lens profile in page order (newest follow first, then
-- the follower's id by numeric value, descending: length, then text), as
-- fc_link_target_live_idx has them for Farcaster. Through (profile_id,
-- timestamp) a page of recent followers read a heap page per row to test
-- deleted_at and sorted the ties; for the most-followed profiles at `large`
-- (1 M profiles) those reads were the route's slowest requests, 94 ms at p99.
-- Here a page is the next index entries, read from the index alone.
CREATE INDEX "lens_follow_profile_live_idx" ON "lens_follow" ("profile_id", "timestamp" DESC, length("follower_profile_id") DESC, "follower_profile_id" DESC)
  WHERE "deleted_at" IS NULL;
