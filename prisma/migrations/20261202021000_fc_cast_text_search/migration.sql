-- migrate: no-transaction
-- Post search's words and phrases over live casts: an expression index on the
-- text's 'simple' vector (no stemming, no stop words: casts are written in many
-- languages, and a phrase then matches as written). An expression index rather
-- than a stored tsvector column: adding a generated column rewrites fc_cast
-- under a lock the live sync would wait on, this builds beside the writes.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "fc_cast_text_search_idx" ON "fc_cast" USING gin (to_tsvector('simple'::regconfig, "text"))
  WHERE "deleted_at" IS NULL;
