-- migrate: no-transaction
-- Handle search (searchFarcasterFids): a short prefix's many candidates are
-- found by walking the profiles in the answer's order, live followers
-- descending, then fid.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "fc_profile_counts_followers_idx" ON "fc_profile_counts" ("followers" DESC, "fid");
