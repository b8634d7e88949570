-- migrate: no-transaction
-- Collects per creator (top creators) summed from the index alone.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "lens_act_collect_idx" ON "lens_act" ("collected_profile_id") INCLUDE ("acted_profile_id", "usd_amount", "timestamp", "currency")
  WHERE "is_collect";
