-- AlterTable
ALTER TABLE "protocol_state" ADD COLUMN     "generation" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "profile_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "score_average" DOUBLE PRECISION;

-- CreateTable
CREATE TABLE "fc_profile_stats" (
    "generation" INTEGER NOT NULL,
    "fid" INTEGER NOT NULL,
    "followers" INTEGER NOT NULL,
    "following" INTEGER NOT NULL,
    "posts" INTEGER NOT NULL,
    "likes_received" INTEGER NOT NULL,
    "recasts_received" INTEGER NOT NULL,
    "replies_received" INTEGER NOT NULL,
    "quotes_received" INTEGER NOT NULL,
    "engagement_received" INTEGER NOT NULL,
    "graph_score" DOUBLE PRECISION NOT NULL,
    "follower_rank" INTEGER NOT NULL,
    "engagement_rank" INTEGER NOT NULL,
    "score_rank" INTEGER NOT NULL,
    "likes_rank" INTEGER NOT NULL,
    "collect_rank" INTEGER NOT NULL,

    CONSTRAINT "fc_profile_stats_pkey" PRIMARY KEY ("generation", "fid")
);

-- CreateTable
CREATE TABLE "lens_profile_stats" (
    "generation" INTEGER NOT NULL,
    "profile_id" TEXT NOT NULL,
    "followers" INTEGER NOT NULL,
    "following" INTEGER NOT NULL,
    "posts" INTEGER NOT NULL,
    "likes_received" INTEGER NOT NULL,
    "comments_received" INTEGER NOT NULL,
    "quotes_received" INTEGER NOT NULL,
    "mirrors_received" INTEGER NOT NULL,
    "collects_received" INTEGER NOT NULL,
    "engagement_received" INTEGER NOT NULL,
    "classifier_score" DOUBLE PRECISION,
    "graph_score" DOUBLE PRECISION NOT NULL,
    "follower_rank" INTEGER NOT NULL,
    "engagement_rank" INTEGER NOT NULL,
    "score_rank" INTEGER NOT NULL,
    "likes_rank" INTEGER NOT NULL,
    "collect_rank" INTEGER NOT NULL,

    CONSTRAINT "lens_profile_stats_pkey" PRIMARY KEY ("generation", "profile_id")
);

-- CreateTable
CREATE TABLE "fc_graph_score" (
    "generation" INTEGER NOT NULL,
    "fid" INTEGER NOT NULL,
    "score" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "fc_graph_score_pkey" PRIMARY KEY ("generation", "fid")
);

-- CreateTable
CREATE TABLE "lens_graph_score" (
    "generation" INTEGER NOT NULL,
    "profile_id" TEXT NOT NULL,
    "score" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "lens_graph_score_pkey" PRIMARY KEY ("generation", "profile_id")
);

-- CreateTable
CREATE TABLE "fc_follower_summary" (
    "generation" INTEGER NOT NULL,
    "fid" INTEGER NOT NULL,
    "top_followers" INTEGER[],
    "histogram" INTEGER[],

    CONSTRAINT "fc_follower_summary_pkey" PRIMARY KEY ("generation", "fid")
);

-- CreateTable
CREATE TABLE "lens_follower_summary" (
    "generation" INTEGER NOT NULL,
    "profile_id" TEXT NOT NULL,
    "top_followers" TEXT[],
    "histogram" INTEGER[],

    CONSTRAINT "lens_follower_summary_pkey" PRIMARY KEY ("generation", "profile_id")
);

-- CreateTable
CREATE TABLE "fc_follower_gain" (
    "generation" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "fid" INTEGER NOT NULL,
    "gained" INTEGER NOT NULL,
    "followers_at_start" INTEGER NOT NULL,
    "gain_rank" INTEGER NOT NULL,
    "trend_score" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "fc_follower_gain_pkey" PRIMARY KEY ("generation", "period", "fid")
);

-- CreateIndex
CREATE INDEX "fc_follower_gain_generation_period_trend_score_idx" ON "fc_follower_gain"("generation", "period", "trend_score");

-- CreateTable
CREATE TABLE "lens_follower_gain" (
    "generation" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "profile_id" TEXT NOT NULL,
    "gained" INTEGER NOT NULL,
    "followers_at_start" INTEGER NOT NULL,
    "gain_rank" INTEGER NOT NULL,
    "trend_score" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "lens_follower_gain_pkey" PRIMARY KEY ("generation", "period", "profile_id")
);

-- CreateIndex
CREATE INDEX "lens_follower_gain_generation_period_trend_score_idx" ON "lens_follower_gain"("generation", "period", "trend_score");

-- CreateTable
CREATE TABLE "fc_follower_daily" (
    "generation" INTEGER NOT NULL,
    "fid" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "delta" INTEGER NOT NULL,

    CONSTRAINT "fc_follower_daily_pkey" PRIMARY KEY ("generation", "fid", "day")
);

-- CreateTable
CREATE TABLE "lens_follower_daily" (
    "generation" INTEGER NOT NULL,
    "profile_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "delta" INTEGER NOT NULL,

    CONSTRAINT "lens_follower_daily_pkey" PRIMARY KEY ("generation", "profile_id", "day")
);

