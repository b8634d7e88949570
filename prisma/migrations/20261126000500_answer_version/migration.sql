-- Every write that can change an answer (a sync transaction, an import, a
-- refresh, a classification) moves data_version on in its own transaction;
-- answers are cached under the versions a request reads.
ALTER TABLE "protocol_state" ADD COLUMN "data_version" BIGINT NOT NULL DEFAULT 0;
