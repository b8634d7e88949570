-- migrate: no-transaction
-- A publication's reactions by type and time: Lens notifications count its LIKE groups with a probe per UTC day.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "lens_reaction_publication_time_idx" ON "lens_reaction" ("publication_id", "type", "action_at");
