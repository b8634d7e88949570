-- migrate: no-transaction
-- Post search's words and phrases over Lens publications' content, as for casts
-- (20261202021000_fc_cast_text_search): an expression index on the 'simple'
-- vector, built beside the writes rather than a stored column's rewrite.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "lens_publication_metadata_text_search_idx" ON "lens_publication_metadata"
  USING gin (to_tsvector('simple'::regconfig, coalesce("content", '')));
