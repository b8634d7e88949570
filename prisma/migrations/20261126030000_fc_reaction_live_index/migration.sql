-- migrate: no-transaction
-- Live likes / recasts of a cast counted from the index alone.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "fc_reaction_target_live_idx" ON "fc_reaction" ("target_hash", "reaction_type") INCLUDE ("fid")
  WHERE "deleted_at" IS NULL;
