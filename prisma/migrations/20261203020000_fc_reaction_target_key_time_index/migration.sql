-- migrate: no-transaction
-- Reactions to a fid's casts by cast and time: notifications count their groups by walking this index
-- (a probe per cast and UTC day), and it serves every lookup by (target_fid, reaction_type) as the index it
-- replaces did.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "fc_reaction_target_key_time_idx" ON "fc_reaction" ("target_fid", "reaction_type", "target_hash", "timestamp");
