-- The trending `categories` filter reads who posted in each category per period, stored by
-- the analytics refresh beside the trending list. Empty until the next `refresh`.

-- CreateTable
CREATE TABLE "fc_trending_category" (
    "generation" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "category_id" INTEGER NOT NULL,
    "trend_position" INTEGER NOT NULL,

    CONSTRAINT "fc_trending_category_pkey" PRIMARY KEY ("generation", "period", "category_id", "trend_position")
);

-- CreateTable
CREATE TABLE "lens_trending_category" (
    "generation" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "category_id" INTEGER NOT NULL,
    "trend_position" INTEGER NOT NULL,

    CONSTRAINT "lens_trending_category_pkey" PRIMARY KEY ("generation", "period", "category_id", "trend_position")
);
