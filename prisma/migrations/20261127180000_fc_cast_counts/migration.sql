-- Per live cast, what others gave it: live likes, recasts, replies and quotes
-- (self-interactions never count), kept like fc_profile_counts: the live sync
-- applies each batch's difference in its own transaction, and the refresh
-- after an import rebuilds it. A cast's page reads its counts by key instead
-- of counting the reactions of every cast (a cast of a fid with a million
-- followers draws tens of thousands).

-- CreateTable
CREATE TABLE "fc_cast_counts" (
    "hash" TEXT NOT NULL,
    "likes" INTEGER NOT NULL DEFAULT 0,
    "recasts" INTEGER NOT NULL DEFAULT 0,
    "replies" INTEGER NOT NULL DEFAULT 0,
    "quotes" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "fc_cast_counts_pkey" PRIMARY KEY ("hash")
);

-- A database that already holds Farcaster data has no rows here yet: mark the
-- live tables stale, so readers count from the base tables until the next
-- refresh rebuilds them all.
INSERT INTO "app_meta" ("key", "value")
SELECT 'farcaster_live_stale', 'migration' WHERE EXISTS (SELECT 1 FROM "fc_cast")
ON CONFLICT ("key") DO UPDATE SET "updated_at" = now();
