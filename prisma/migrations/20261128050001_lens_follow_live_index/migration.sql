-- migrate: no-transaction
-- Lens: does follower follow profile (live), and since when. Part of
-- 20261128050000_follow_live_covering_indexes (a database that applied that
-- migration whole has this index already).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "lens_follow_live_idx" ON "lens_follow" ("profile_id", "follower_profile_id") INCLUDE ("timestamp") WHERE "deleted_at" IS NULL;
