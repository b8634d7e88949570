-- migrate: no-transaction
-- Live quotes of a fid by time, with their author and parent: notifications count a viewer's quotes (those
-- that are not also replies to it) from the index alone. Same keys and condition as
-- fc_cast_quoted_fid_live_idx, which it replaces.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "fc_cast_quote_live_idx" ON "fc_cast" ("quoted_fid", "timestamp" DESC) INCLUDE ("fid", "parent_fid") WHERE "deleted_at" IS NULL AND "quoted_fid" IS NOT NULL;
