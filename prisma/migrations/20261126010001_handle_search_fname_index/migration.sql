-- migrate: no-transaction
-- Handle search: the fnames' half of 20261126010000_handle_search_index (a
-- database that applied that migration whole has this index already).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "fc_fname_lower_idx" ON "fc_fname" (lower("fname") text_pattern_ops) INCLUDE ("fid", "fname")
  WHERE "deleted_at" IS NULL;
