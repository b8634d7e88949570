-- The cross-protocol ranking: one row per matched (fid, Lens profile) pair,
-- written after every analytics refresh and keyed by both protocols' generations,
-- so an answer never mixes a Farcaster generation with a Lens one it was not
-- computed from. cross_protocol_generation says which generation pairs are
-- complete (a ranking of no pair is complete too).

-- CreateTable
CREATE TABLE "cross_protocol_rank" (
    "fc_generation" INTEGER NOT NULL,
    "lens_generation" INTEGER NOT NULL,
    "rank" INTEGER NOT NULL,
    "fid" INTEGER NOT NULL,
    "profile_id" TEXT NOT NULL,
    "farcaster_percentile" DOUBLE PRECISION NOT NULL,
    "lens_percentile" DOUBLE PRECISION NOT NULL,
    "combined" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "cross_protocol_rank_pkey" PRIMARY KEY ("fc_generation", "lens_generation", "rank")
);

-- CreateTable
CREATE TABLE "cross_protocol_generation" (
    "fc_generation" INTEGER NOT NULL,
    "lens_generation" INTEGER NOT NULL,
    "persons" INTEGER NOT NULL,
    "computed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cross_protocol_generation_pkey" PRIMARY KEY ("fc_generation", "lens_generation")
);

-- A user's or a profile's pairs, by either id.
CREATE INDEX "cross_protocol_rank_fid_idx" ON "cross_protocol_rank"("fc_generation", "lens_generation", "fid");
CREATE INDEX "cross_protocol_rank_profile_idx" ON "cross_protocol_rank"("fc_generation", "lens_generation", "profile_id");
