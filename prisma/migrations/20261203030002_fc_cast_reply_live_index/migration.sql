-- migrate: no-transaction
-- Live replies to a fid by time, with their author: notifications count a viewer's replies from the index
-- alone. Same keys and condition as fc_cast_parent_fid_live_idx, which it replaces.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "fc_cast_reply_live_idx" ON "fc_cast" ("parent_fid", "timestamp" DESC) INCLUDE ("fid") WHERE "deleted_at" IS NULL AND "parent_fid" IS NOT NULL;
