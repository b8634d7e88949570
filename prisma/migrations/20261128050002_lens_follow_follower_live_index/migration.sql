-- migrate: no-transaction
-- Lens: a profile's live follows, index-only. Part of
-- 20261128050000_follow_live_covering_indexes (a database that applied that
-- migration whole has this index already).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "lens_follow_follower_live_idx" ON "lens_follow" ("follower_profile_id", "profile_id") WHERE "deleted_at" IS NULL;
