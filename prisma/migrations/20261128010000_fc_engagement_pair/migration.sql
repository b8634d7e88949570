-- Per pair of Farcaster profiles and kind of interaction, how many live
-- interactions one (actor) made on the live casts of the other (author): kind 0
-- likes, 1 replies, 2 quotes; self-interactions never count, a pair with none
-- has no row. Kept like fc_cast_counts: the live sync applies each batch's
-- difference in its own transaction, and the refresh after an import rebuilds
-- it. An engagement list (a fid's inbound or outbound counterparts of one kind,
-- most interactions first) is then the first rows of one index, instead of
-- counting every reaction and reply to the fid's casts per request (tens of
-- thousands for a much-followed fid).

-- CreateTable
CREATE TABLE "fc_engagement_pair" (
    "author" INTEGER NOT NULL,
    "kind" INTEGER NOT NULL,
    "actor" INTEGER NOT NULL,
    "n" INTEGER NOT NULL,

    CONSTRAINT "fc_engagement_pair_pkey" PRIMARY KEY ("author","kind","actor")
);

-- CreateIndex
CREATE INDEX fc_engagement_pair_inbound_idx ON fc_engagement_pair USING btree (author, kind, n DESC, actor);

-- CreateIndex
CREATE INDEX fc_engagement_pair_outbound_idx ON fc_engagement_pair USING btree (actor, kind, n DESC, author);

-- A database that already holds Farcaster data has no rows here yet: mark the
-- live tables stale, so readers count from the base tables until the next
-- refresh rebuilds them all.
INSERT INTO "app_meta" ("key", "value")
SELECT 'farcaster_live_stale', 'migration' WHERE EXISTS (SELECT 1 FROM "fc_cast")
ON CONFLICT ("key") DO UPDATE SET "updated_at" = now();
