-- Trending pages become index lookups: the refresh stores each gainer's place.

-- DropIndex
DROP INDEX "fc_follower_gain_generation_period_trend_score_idx";

-- DropIndex
DROP INDEX "lens_follower_gain_generation_period_trend_score_idx";

-- AlterTable
ALTER TABLE "fc_follower_gain" ADD COLUMN     "trend_position" INTEGER;

-- AlterTable
ALTER TABLE "lens_follower_gain" ADD COLUMN     "trend_position" INTEGER;

-- CreateIndex
CREATE INDEX "fc_follower_gain_generation_period_trend_position_idx" ON "fc_follower_gain"("generation", "period", "trend_position");

-- CreateIndex
CREATE INDEX "lens_follower_gain_generation_period_trend_position_idx" ON "lens_follower_gain"("generation", "period", "trend_position");
