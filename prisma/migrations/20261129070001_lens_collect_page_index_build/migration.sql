-- migrate: no-transaction
-- A profile's collects in page order, carrying what the sums and the filters
-- read: the index 20261129070000_lens_collect_page_index describes (a database
-- that applied that migration whole has it already).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "lens_act_collect_idx" ON "lens_act" ("collected_profile_id", "timestamp" DESC, length("act_id") DESC, "act_id" DESC)
  INCLUDE ("acted_profile_id", "currency", "amount", "usd_amount")
  WHERE "is_collect";
