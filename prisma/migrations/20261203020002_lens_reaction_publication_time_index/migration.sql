-- migrate: no-transaction
-- A publication's reactions by type and time, with their actor: Lens notifications count its LIKE groups
-- with a probe per UTC day, and post search counts its others' upvotes, both from the index alone.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "lens_reaction_publication_time_idx" ON "lens_reaction" ("publication_id", "type", "action_at") INCLUDE ("actioned_by_profile_id");
