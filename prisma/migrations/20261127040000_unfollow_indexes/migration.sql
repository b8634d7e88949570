-- migrate: no-transaction
-- Unfollows of a profile by unfollow time (newest first, then follower): the
-- unfollowers lists and their counts read a window of them from the index alone,
-- whatever the number of live followers. Unfollows are few beside live follows.
-- Built concurrently (the live sync writes fc_link meanwhile); Lens's index is
-- the next migration.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "fc_link_target_unfollow_idx" ON "fc_link" ("target_fid", "deleted_at" DESC, "fid" DESC)
  WHERE "deleted_at" IS NOT NULL;
