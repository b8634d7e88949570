-- migrate: no-transaction
-- Replaced by fc_cast_quote_live_idx (the same keys and condition, with the author and parent).
DROP INDEX CONCURRENTLY IF EXISTS "fc_cast_quoted_fid_live_idx";
