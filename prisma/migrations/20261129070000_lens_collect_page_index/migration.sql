-- A profile's collects in page order (newest first, then the act id by
-- length and text, descending), carrying what the sums and the filters read.
-- It replaces the index by creator alone, whose columns it holds. Before, a
-- page of the collect list sorted every collect of the profile, read from the
-- heap, and the sums read the heap for the amounts: at `large` the
-- most-collected profile (26,856 collects) took 364 ms for a page and over
-- 200 ms for its sums with cold pages. The page is now read in order from the
-- index (its keys only, the rows fetched for the page), the sums from the
-- index alone.
DROP INDEX "lens_act_collect_idx";
CREATE INDEX "lens_act_collect_idx" ON "lens_act" ("collected_profile_id", "timestamp" DESC, length("act_id") DESC, "act_id" DESC)
  INCLUDE ("acted_profile_id", "currency", "amount", "usd_amount")
  WHERE "is_collect";
