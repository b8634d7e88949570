-- migrate: no-transaction
-- A publication's children by type and time, with their author and visibility: Lens notifications count
-- its mirror groups with a probe per UTC day, and post search counts its others' visible comments, quotes
-- and mirrors, both from the index alone. It serves every lookup by parent as the index it replaces did.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "lens_publication_parent_type_time_idx" ON "lens_publication" ("parent_publication_id", "publication_type", "timestamp") INCLUDE ("profile_id", "is_hidden");
