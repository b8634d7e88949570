-- migrate: no-transaction
-- Replaced by fc_cast_reply_live_idx (the same keys and condition, with the author).
DROP INDEX CONCURRENTLY IF EXISTS "fc_cast_parent_fid_live_idx";
