-- Lens Chain (v3): the link from a Lens Chain account to the v2 profile it was migrated from,
-- and the generation time of an account score (the newest score wins).

-- CreateTable
CREATE TABLE "lens_profile_link" (
    "account_address" TEXT NOT NULL,
    "profile_id" TEXT NOT NULL,
    "linked_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "lens_profile_link_pkey" PRIMARY KEY ("account_address")
);

-- CreateIndex
CREATE INDEX "lens_profile_link_profile_id_idx" ON "lens_profile_link"("profile_id");

-- AlterTable
ALTER TABLE "lens_score" ADD COLUMN "generated_at" TIMESTAMPTZ(3);
