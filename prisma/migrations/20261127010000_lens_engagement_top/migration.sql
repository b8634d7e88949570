-- Lens engagement lists computed by the analytics refresh (one row per profile and list),
-- so a request reads a row instead of counting tens of thousands of interactions.
-- The lists are empty until the next `refresh` writes the current generation's rows.

-- CreateTable
CREATE TABLE "lens_engagement_top" (
    "generation" INTEGER NOT NULL,
    "profile_id" TEXT NOT NULL,
    "list" INTEGER NOT NULL,
    "others" TEXT[],
    "interactions" INTEGER[],

    CONSTRAINT "lens_engagement_top_pkey" PRIMARY KEY ("generation", "profile_id", "list")
);
