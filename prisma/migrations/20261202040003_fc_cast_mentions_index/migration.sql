-- migrate: no-transaction
-- Live casts by the fids they mention (`mentions @> ARRAY[fid]`): a fid's mention
-- notifications without reading every cast. The same index, by name and
-- definition, as post search's (20261202021001_fc_cast_mentions_index): whichever
-- migration runs second finds it built and does nothing.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "fc_cast_mentions_idx" ON "fc_cast" USING gin ("mentions")
  WHERE "deleted_at" IS NULL;
