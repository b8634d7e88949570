-- migrate: no-transaction
-- Its columns lead fc_reaction_target_key_time_idx: one index fewer to write per reaction.
DROP INDEX CONCURRENTLY IF EXISTS "fc_reaction_target_fid_reaction_type_idx";
