-- migrate: no-transaction
-- Live replies to a fid's casts, newest first: a fid's reply notifications read
-- from the index alone instead of every cast of the fid's threads.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "fc_cast_parent_fid_live_idx" ON "fc_cast" ("parent_fid", "timestamp" DESC) WHERE "deleted_at" IS NULL AND "parent_fid" IS NOT NULL;
