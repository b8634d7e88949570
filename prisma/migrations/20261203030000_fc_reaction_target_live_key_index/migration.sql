-- migrate: no-transaction
-- Live reactions to a fid's casts by cast and time, with their actor: notifications walk this index for their
-- LIKE and REPOST groups and read a page's reactions from it alone, with no row of the table read. It serves
-- every lookup by (target_fid, reaction_type) of a live reaction as the index it replaces did.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "fc_reaction_target_live_key_idx" ON "fc_reaction" ("target_fid", "reaction_type", "target_hash", "timestamp") INCLUDE ("fid") WHERE "deleted_at" IS NULL;
