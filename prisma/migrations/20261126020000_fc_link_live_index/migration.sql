-- migrate: no-transaction
-- Live followers of a fid in page order (newest follow first, then follower
-- descending): follower pages read in order and follower counts from the index alone.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "fc_link_target_live_idx" ON "fc_link" ("target_fid", "timestamp" DESC, "fid" DESC)
  WHERE "deleted_at" IS NULL;
