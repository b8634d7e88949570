-- migrate: no-transaction
-- Handle search (searchFarcasterFids): prefix matches of lowercased usernames
-- and fnames, read from the index alone. text_pattern_ops serves LIKE 'x%'
-- whatever the database's collation. Built concurrently, as the fnames' index
-- is in the next migration: the live sync writes both tables meanwhile.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "fc_user_data_username_lower_idx" ON "fc_user_data" (lower("value") text_pattern_ops) INCLUDE ("fid", "value")
  WHERE "type" = 6 AND "deleted_at" IS NULL;
