-- Handle search (searchFarcasterFids): prefix matches of lowercased usernames
-- and fnames, read from the index alone. text_pattern_ops serves LIKE 'x%'
-- whatever the database's collation.
CREATE INDEX "fc_user_data_username_lower_idx" ON "fc_user_data" (lower("value") text_pattern_ops) INCLUDE ("fid", "value")
  WHERE "type" = 6 AND "deleted_at" IS NULL;

CREATE INDEX "fc_fname_lower_idx" ON "fc_fname" (lower("fname") text_pattern_ops) INCLUDE ("fid", "fname")
  WHERE "deleted_at" IS NULL;
