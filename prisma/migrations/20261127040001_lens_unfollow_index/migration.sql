-- migrate: no-transaction
-- Unfollows of a Lens profile by unfollow time: the Lens half of
-- 20261127040000_unfollow_indexes (a database that applied that migration
-- whole has this index already).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "lens_follow_unfollow_idx" ON "lens_follow" ("profile_id", "deleted_at" DESC) INCLUDE ("follower_profile_id")
  WHERE "deleted_at" IS NOT NULL;
