-- migrate: no-transaction
-- Post search's @mentions: a cast stores the fids it mentions (its text leaves
-- the names out), so `@name` is the name's fid in this array.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "fc_cast_mentions_idx" ON "fc_cast" USING gin ("mentions")
  WHERE "deleted_at" IS NULL;
