-- Trust you can choose and explain (written by the analytics refresh):
-- per generation, each strategy's score, rank and top contributors per profile
-- (fc_trust / lens_trust) and the parameters it ran with (fc_trust_run /
-- lens_trust_run); and the five ranks of each profile at every refresh
-- (fc_rank_history / lens_rank_history), kept for RANK_HISTORY_DAYS rather than
-- one generation. Empty until the next `refresh`.

-- CreateTable
CREATE TABLE "fc_trust" (
    "generation" INTEGER NOT NULL,
    "strategy" TEXT NOT NULL,
    "fid" INTEGER NOT NULL,
    "score" DOUBLE PRECISION NOT NULL,
    "rank" INTEGER NOT NULL,
    "contributors" INTEGER[],
    "shares" DOUBLE PRECISION[],
    "other_share" DOUBLE PRECISION NOT NULL,
    "pretrust_share" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "fc_trust_pkey" PRIMARY KEY ("generation", "strategy", "fid")
);

-- CreateTable
CREATE TABLE "lens_trust" (
    "generation" INTEGER NOT NULL,
    "strategy" TEXT NOT NULL,
    "profile_id" TEXT NOT NULL,
    "score" DOUBLE PRECISION NOT NULL,
    "rank" INTEGER NOT NULL,
    "contributors" TEXT[],
    "shares" DOUBLE PRECISION[],
    "other_share" DOUBLE PRECISION NOT NULL,
    "pretrust_share" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "lens_trust_pkey" PRIMARY KEY ("generation", "strategy", "profile_id")
);

-- CreateTable
CREATE TABLE "fc_trust_run" (
    "generation" INTEGER NOT NULL,
    "strategy" TEXT NOT NULL,
    "profiles" INTEGER NOT NULL,
    "edges" BIGINT NOT NULL,
    "weights" JSONB NOT NULL,
    "alpha" DOUBLE PRECISION NOT NULL,
    "tolerance" DOUBLE PRECISION NOT NULL,
    "max_iterations" INTEGER NOT NULL,
    "iterations" INTEGER NOT NULL,
    "delta" DOUBLE PRECISION NOT NULL,
    "converged" BOOLEAN NOT NULL,
    "pretrust_profiles" INTEGER NOT NULL,

    CONSTRAINT "fc_trust_run_pkey" PRIMARY KEY ("generation", "strategy")
);

-- CreateTable
CREATE TABLE "lens_trust_run" (
    "generation" INTEGER NOT NULL,
    "strategy" TEXT NOT NULL,
    "profiles" INTEGER NOT NULL,
    "edges" BIGINT NOT NULL,
    "weights" JSONB NOT NULL,
    "alpha" DOUBLE PRECISION NOT NULL,
    "tolerance" DOUBLE PRECISION NOT NULL,
    "max_iterations" INTEGER NOT NULL,
    "iterations" INTEGER NOT NULL,
    "delta" DOUBLE PRECISION NOT NULL,
    "converged" BOOLEAN NOT NULL,
    "pretrust_profiles" INTEGER NOT NULL,

    CONSTRAINT "lens_trust_run_pkey" PRIMARY KEY ("generation", "strategy")
);

-- CreateTable
CREATE TABLE "fc_rank_history" (
    "fid" INTEGER NOT NULL,
    "generation" INTEGER NOT NULL,
    "as_of" TIMESTAMPTZ(3) NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL,
    "profiles" INTEGER NOT NULL,
    "follower_rank" INTEGER NOT NULL,
    "engagement_rank" INTEGER NOT NULL,
    "score_rank" INTEGER NOT NULL,
    "likes_rank" INTEGER NOT NULL,
    "collect_rank" INTEGER NOT NULL,

    CONSTRAINT "fc_rank_history_pkey" PRIMARY KEY ("fid", "generation")
);

-- CreateTable
CREATE TABLE "lens_rank_history" (
    "profile_id" TEXT NOT NULL,
    "generation" INTEGER NOT NULL,
    "as_of" TIMESTAMPTZ(3) NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL,
    "profiles" INTEGER NOT NULL,
    "follower_rank" INTEGER NOT NULL,
    "engagement_rank" INTEGER NOT NULL,
    "score_rank" INTEGER NOT NULL,
    "likes_rank" INTEGER NOT NULL,
    "collect_rank" INTEGER NOT NULL,

    CONSTRAINT "lens_rank_history_pkey" PRIMARY KEY ("profile_id", "generation")
);

-- CreateIndex
CREATE INDEX "fc_rank_history_recorded_at_idx" ON "fc_rank_history"("recorded_at");

-- CreateIndex
CREATE INDEX "lens_rank_history_recorded_at_idx" ON "lens_rank_history"("recorded_at");
