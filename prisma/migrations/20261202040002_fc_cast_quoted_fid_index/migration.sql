-- migrate: no-transaction
-- Live quotes of a fid's casts, newest first: a fid's quote notifications.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "fc_cast_quoted_fid_live_idx" ON "fc_cast" ("quoted_fid", "timestamp" DESC) WHERE "deleted_at" IS NULL AND "quoted_fid" IS NOT NULL;
