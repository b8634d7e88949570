-- Collects per creator (top creators) summed from the index alone.
CREATE INDEX "lens_act_collect_idx" ON "lens_act" ("collected_profile_id") INCLUDE ("acted_profile_id", "usd_amount", "timestamp", "currency")
  WHERE "is_collect";
