-- migrate: no-transaction
-- Every reader of it asks for live reactions only, which fc_reaction_target_live_key_idx holds.
DROP INDEX CONCURRENTLY IF EXISTS "fc_reaction_target_key_time_idx";
