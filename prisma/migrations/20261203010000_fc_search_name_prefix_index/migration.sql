-- migrate: no-transaction
-- Farcaster names by prefix (LIKE 'abc%' in any collation): user search reads the exact and prefix bands
-- from this first, and needs the whole trigram match only when they do not fill the page.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "fc_search_name_prefix_idx" ON "fc_search_name" ("name" text_pattern_ops);
