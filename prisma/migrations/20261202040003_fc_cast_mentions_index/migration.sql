-- migrate: no-transaction
-- Live casts by the fids they mention (`mentions @> ARRAY[fid]`): a fid's
-- mention notifications without reading every cast.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "fc_cast_mentions_live_idx" ON "fc_cast" USING gin ("mentions") WHERE "deleted_at" IS NULL;
