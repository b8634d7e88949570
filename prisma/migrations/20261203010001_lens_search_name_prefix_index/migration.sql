-- migrate: no-transaction
-- Lens names by prefix: as fc_search_name_prefix_idx, for Lens handles and names.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "lens_search_name_prefix_idx" ON "lens_search_name" ("name" text_pattern_ops);
