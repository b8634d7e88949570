-- migrate: no-transaction
-- Its column leads lens_publication_parent_type_time_idx: one index fewer to write per publication.
DROP INDEX CONCURRENTLY IF EXISTS "lens_publication_parent_publication_id_idx";
