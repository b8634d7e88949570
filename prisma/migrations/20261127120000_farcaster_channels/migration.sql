-- Farcaster channels (a cast's parent_url; a reply belongs to its thread root's channel),
-- stored by the analytics refresh one generation at a time like the other analytics tables:
-- every channel's totals, the trending channels and trending casts per window, and the
-- channel-scoped ranks of the casters of the largest channels. Empty until the next `refresh`.

-- CreateTable
CREATE TABLE "fc_channel" (
    "generation" INTEGER NOT NULL,
    "channel_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "casts" INTEGER NOT NULL,
    "casters" INTEGER NOT NULL,
    "first_cast_at" TIMESTAMPTZ(3) NOT NULL,
    "last_cast_at" TIMESTAMPTZ(3) NOT NULL,
    "ranked" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "fc_channel_pkey" PRIMARY KEY ("generation", "channel_id")
);

-- CreateTable
CREATE TABLE "fc_channel_trending" (
    "generation" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "channel_id" TEXT NOT NULL,
    "casts" INTEGER NOT NULL,
    "casters" INTEGER NOT NULL,
    "new_casters" INTEGER NOT NULL,
    "score" INTEGER NOT NULL,

    CONSTRAINT "fc_channel_trending_pkey" PRIMARY KEY ("generation", "period", "position")
);

-- CreateTable
CREATE TABLE "fc_channel_rank" (
    "generation" INTEGER NOT NULL,
    "channel_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "fid" INTEGER NOT NULL,
    "casts" INTEGER NOT NULL,
    "score" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "fc_channel_rank_pkey" PRIMARY KEY ("generation", "channel_id", "position")
);

-- CreateTable
CREATE TABLE "fc_trending_cast" (
    "generation" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "hash" TEXT NOT NULL,
    "fid" INTEGER NOT NULL,
    "channel_id" TEXT,
    "posted_at" TIMESTAMPTZ(3) NOT NULL,
    "likes" INTEGER NOT NULL,
    "recasts" INTEGER NOT NULL,
    "replies" INTEGER NOT NULL,
    "score" DOUBLE PRECISION NOT NULL,
    "author_score" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "fc_trending_cast_pkey" PRIMARY KEY ("generation", "period", "position")
);

-- CreateIndex
CREATE INDEX "fc_trending_cast_generation_period_channel_id_position_idx" ON "fc_trending_cast"("generation", "period", "channel_id", "position");

-- CreateIndex (a count or a page of casts by authors above a graph score reads only theirs)
CREATE INDEX "fc_trending_cast_generation_period_author_score_idx" ON "fc_trending_cast"("generation", "period", "author_score");
